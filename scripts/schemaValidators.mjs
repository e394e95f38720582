// The suite schema's validators precompiled for the bundle: ajv's standalone code, generated from the very
// ajv set-up src/suite/schemaAjv.ts makes at run time, replaces src/suite/schemaValidators.ts (which compiles
// at first use) in dist/. Compiling the schema costs several times node's own start-up; loading the
// generated functions costs a small part of it (measured by `npm run bench -- startup`).
// Used by scripts/bundle.mjs (the plugin and dist/schemaValidators.js) and by test/schemaValidators.test.ts (the same code, checked
// against run-time compilation).
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'src', 'suite', 'schemaValidators.ts');
const SCHEMA = join(ROOT, 'schema', 'suite.schema.json');

/** Bundles schemaAjv.ts with ajv's standalone generator (one copy of ajv for both) and runs it: the validators' code, and the parts it validates. */
async function standaloneCode() {
  const entry = `
    import { _ } from 'ajv';
    import standalone from 'ajv/dist/standalone/index.js';
    import { SCHEMA_REFS, suiteSchemaAjv } from './src/suite/schemaAjv.ts';
    export function generate() {
      const ajv = suiteSchemaAjv({ source: true, esm: true, formats: _\`AJV_FORMATS\` });
      return { parts: Object.keys(SCHEMA_REFS), code: standalone(ajv, Object.fromEntries(Object.entries(SCHEMA_REFS).map(([part, ref]) => ['validate_' + part, ref]))) };
    }`;
  const bundled = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'js', sourcefile: 'generate-schema-validators.js' },
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-schema-'));
  try {
    const file = join(dir, 'generate.mjs');
    writeFileSync(file, bundled.outputFiles[0].text);
    const { generate } = await import(pathToFileURL(file).href);
    return generate();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ajv writes schema constants with this (its safeStringify); the same text finds them. */
const stringify = (value) => JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Every object of the schema by its JSON text, as an expression reaching it from `suiteSchema`. */
function schemaNodes(schema) {
  const nodes = new Map();
  const walk = (value, expression) => {
    if (value === null || typeof value !== 'object') return;
    const text = stringify(value);
    if (!nodes.has(text)) nodes.set(text, expression);
    for (const [key, child] of Object.entries(value)) walk(child, `${expression}[${JSON.stringify(Array.isArray(value) ? Number(key) : key)}]`);
  };
  walk(schema, 'suiteSchema');
  return nodes;
}

/** Where the JSON literal starting at `start` ends (ajv's constants are JSON). */
function literalEnd(code, start) {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const char = code[i];
    if (char === '"') {
      for (i++; code[i] !== '"'; i++) if (code[i] === '\\') i++;
    } else if (char === '{' || char === '[') {
      depth++;
    } else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  throw new Error('schema constant without its end');
}

/**
 * ajv's standalone code writes the schema (for verbose errors' parentSchema) as one literal per
 * compiled part, the whole schema several times over: each becomes a reference into the schema
 * file's own object, so the module holds the schema once, as run time does.
 */
function shareSchema(code, schema) {
  const nodes = schemaNodes(schema);
  let out = '';
  let at = 0;
  for (const match of code.matchAll(/const (schema\d+) = (?=[{[])/g)) {
    const start = match.index + match[0].length;
    if (start < at) continue;
    const end = literalEnd(code, start);
    const expression = nodes.get(code.slice(start, end));
    out += code.slice(at, start) + (expression ?? code.slice(start, end));
    at = end;
  }
  return out + code.slice(at);
}

/** The module that stands in for src/suite/schemaValidators.ts in the bundle. */
export async function precompiledValidatorsModule() {
  const source = readFileSync(SOURCE, 'utf8');
  if (!/export function schemaValidator\(part: SchemaPart\): ValidateFunction/.test(source)) {
    throw new Error(`${SOURCE} no longer exports schemaValidator(part): update scripts/schemaValidators.mjs`);
  }
  const schema = JSON.parse(readFileSync(SCHEMA, 'utf8'));
  const generated = await standaloneCode();
  const code = shareSchema(generated.code.replace(/^"use strict";/, ''), schema);
  return [
    '// Generated at bundle time by scripts/schemaValidators.mjs from src/suite/schemaAjv.ts: ajv standalone code.',
    "import suiteSchema from '../../schema/suite.schema.json' with { type: 'json' };",
    "import { AJV_FORMATS } from './formats.ts';",
    code,
    // Every part SCHEMA_REFS names (a part added there needs nothing here).
    `const VALIDATORS = { ${generated.parts.map((part) => `${part}: validate_${part}`).join(', ')} };`,
    'export function schemaValidator(part) { return VALIDATORS[part]; }',
    '',
  ].join('\n');
}

/** Where the bundle's code finds the precompiled validators: a file of dist/ beside the chunks that import it. */
export const VALIDATORS_FILE = 'schemaValidators.js';

/**
 * The esbuild plugin of the main build: src/suite/schemaValidators.ts is not bundled but imported from
 * VALIDATORS_FILE, which writeValidators makes. Apart because the generated code is large and esbuild's
 * printer would triple it (one statement a line, indented): written with whitespace minified, it parses in a third the time.
 */
export const precompiledSchemaValidators = {
  name: 'precompiled-schema-validators',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/schemaValidators\.js$/ }, (args) =>
      /[\\/]src[\\/]suite$/.test(args.resolveDir) ? { path: `./${VALIDATORS_FILE}`, external: true } : undefined,
    );
  },
};

/** Writes VALIDATORS_FILE into `outdir`: the precompiled module, bundled (ajv's small runtime helpers, the formats, the schema). */
export async function writeValidators(outdir, banner) {
  await build({
    stdin: { contents: await precompiledValidatorsModule(), resolveDir: join(ROOT, 'src', 'suite'), loader: 'js', sourcefile: 'src/suite/schemaValidators.ts (precompiled)' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'none',
    minifyWhitespace: true,
    logLevel: 'warning',
    banner: { js: banner },
    outfile: join(outdir, VALIDATORS_FILE),
  });
}
