import type { ValidateFunction } from 'ajv';
import { SCHEMA_REFS, suiteSchemaAjv, type SchemaPart } from './schemaAjv.js';

let ajv: ReturnType<typeof suiteSchemaAjv> | undefined;
const compiled = new Map<SchemaPart, ValidateFunction>();

/**
 * A part's validator, compiled when first asked for: compiling costs more than a small suite takes to check.
 * The bundle (dist/) replaces this module with the same validators precompiled by ajv's standalone code
 * (scripts/bundle.mjs, plugin precompiled-schema-validators), so the CLI and the Action compile nothing at start-up.
 */
export function schemaValidator(part: SchemaPart): ValidateFunction {
  let validate = compiled.get(part);
  if (!validate) {
    ajv ??= suiteSchemaAjv();
    validate = ajv.getSchema(SCHEMA_REFS[part])!;
    compiled.set(part, validate);
  }
  return validate;
}
