import { Ajv, type CodeOptions } from 'ajv';
import suiteSchema from '../../schema/suite.schema.json' with { type: 'json' };
import { AJV_FORMATS } from './formats.js';

/** The parts of the suite schema a suite or a data file's row is checked against. */
export type SchemaPart = 'suite' | 'memory' | 'query' | 'case' | 'tool' | 'history';

/** The suite schema's reference of each part a suite or data file is checked against. */
export const SCHEMA_REFS: Record<SchemaPart, string> = {
  suite: suiteSchema.$id,
  memory: `${suiteSchema.$id}#/definitions/memory`,
  query: `${suiteSchema.$id}#/definitions/query`,
  case: `${suiteSchema.$id}#/definitions/case`,
  tool: `${suiteSchema.$id}#/definitions/tool`,
  history: `${suiteSchema.$id}#/definitions/history`,
};

/**
 * The one ajv set up to check suites: what run time compiles from
 * (schemaValidators.ts), and what the bundle's precompiled validators are
 * generated from (scripts/bundle.mjs passes `code` for ajv's standalone output),
 * so the two cannot check differently.
 */
export function suiteSchemaAjv(code?: CodeOptions): Ajv {
  // verbose gives each error its parentSchema, which lists the allowed keys for hints.
  const ajv = new Ajv({ allErrors: true, verbose: true, inlineRefs: false, strict: true, strictRequired: false, allowUnionTypes: true, ...(code ? { code } : {}) });
  for (const [name, format] of Object.entries(AJV_FORMATS)) ajv.addFormat(name, format);
  ajv.addSchema(suiteSchema);
  return ajv;
}
