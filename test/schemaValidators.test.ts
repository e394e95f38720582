import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { ValidateFunction } from 'ajv';
import { schemaValidator } from '../src/suite/schemaValidators.js';
import type { SchemaPart } from '../src/suite/schemaAjv.js';
import { REPO_ROOT, tempDir } from './support/cli.js';

/**
 * dist/ checks suites with validators precompiled at bundle time (ajv's
 * standalone code, scripts/schemaValidators.mjs), the sources compile them at
 * first use (src/suite/schemaValidators.ts): both must give the same verdict
 * and the same errors, parentSchema included (the hints list its keys), on
 * every suite and data file of the repository and on mutations of them.
 */

const PARTS: SchemaPart[] = ['suite', 'memory', 'query', 'case', 'tool', 'history'];

interface ValidatorsScript {
  writeValidators(outdir: string, banner: string): Promise<void>;
  VALIDATORS_FILE: string;
}

async function precompiled(): Promise<(part: SchemaPart) => ValidateFunction> {
  const generator = (await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'schemaValidators.mjs')).href)) as ValidatorsScript;
  const dir = tempDir('recall-gate-validators-');
  try {
    await generator.writeValidators(dir, '');
    const module = (await import(pathToFileURL(join(dir, generator.VALIDATORS_FILE)).href)) as { schemaValidator(part: SchemaPart): ValidateFunction };
    return (part) => module.schemaValidator(part);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every YAML, JSON and JSONL document of the example suites and the test fixtures that parses. */
function documents(): unknown[] {
  const files = [join(REPO_ROOT, 'suites'), join(REPO_ROOT, 'test', 'fixtures', 'suites')].flatMap(filesUnder);
  const parsed: unknown[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    try {
      if (/\.jsonl$/.test(file)) parsed.push(text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown));
      else if (/\.(ya?ml|json)$/.test(file)) parsed.push(parse(text));
    } catch {
      // A fixture that is broken on purpose (bad YAML, bad JSON) has no data to check.
    }
  }
  return parsed;
}

/** The value itself and, for every object or list in it, copies with one change: a key added, removed, or given a value of another type. */
function* mutations(value: unknown): Generator<unknown> {
  yield value;
  if (value === null || typeof value !== 'object') return;
  const replacements: unknown[] = [-1, 'x', null, true, [], { kind: 'x' }];
  if (Array.isArray(value)) {
    // The first items stand for the rest: a list's items share one schema.
    for (let index = 0; index < Math.min(value.length, 3); index++) {
      for (const replacement of replacements) yield value.map((item, at) => (at === index ? replacement : item));
      for (const changed of mutations(value[index])) if (changed !== value[index]) yield value.map((item, at) => (at === index ? changed : item));
    }
    return;
  }
  const record = value as Record<string, unknown>;
  yield { ...record, unknown_key: 1 };
  for (const key of Object.keys(record)) {
    const rest = { ...record };
    delete rest[key];
    yield rest;
    for (const replacement of replacements) yield { ...record, [key]: replacement };
    for (const changed of mutations(record[key])) if (changed !== record[key]) yield { ...record, [key]: changed };
  }
}

/** Schema objects by their text, computed once per object: errors point into the schema, and comparing those subtrees deeply for every error would take minutes. */
const schemaTexts = new WeakMap<object, string>();
function schemaText(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  let text = schemaTexts.get(value);
  if (text === undefined) schemaTexts.set(value, (text = JSON.stringify(value)));
  return text;
}

function comparable(errors: ValidateFunction['errors']): unknown {
  return errors?.map((error) => ({ ...error, schema: schemaText(error.schema), parentSchema: schemaText(error.parentSchema) })) ?? null;
}

test('the precompiled schema validators give what run-time compilation gives, errors and all', async () => {
  const compiledAhead = await precompiled();
  let checked = 0;
  let failing = 0;
  for (const document of documents()) {
    // A data file's rows one by one; any other document whole.
    const candidates = Array.isArray(document) ? document : [document];
    for (const candidate of candidates) {
      for (const data of mutations(candidate)) {
        for (const part of PARTS) {
          const atRunTime = schemaValidator(part);
          const ahead = compiledAhead(part);
          const valid = atRunTime(data);
          assert.equal(ahead(data), valid, `${part}: verdict on ${JSON.stringify(data).slice(0, 200)}`);
          assert.deepEqual(comparable(ahead.errors), comparable(atRunTime.errors), `${part}: errors on ${JSON.stringify(data).slice(0, 200)}`);
          checked += 1;
          if (!valid) failing += 1;
        }
      }
    }
  }
  // The corpus must reach both verdicts, many times over.
  assert.ok(checked > 10_000 && failing > 5_000 && checked - failing > 500, `checked ${checked}, failing ${failing}`);
});

test('dist/ checks suites with the precompiled validators: no file of it compiles the schema at start-up', () => {
  // Run by `npm test` after `npm run bundle`: the bundle swaps src/suite/schemaValidators.ts for dist/schemaValidators.js.
  const dist = join(REPO_ROOT, 'dist');
  const files = readdirSync(dist).filter((name) => name.endsWith('.js'));
  assert.ok(files.includes('schemaValidators.js'), 'dist/schemaValidators.js is written');
  const importers = files.filter((name) => readFileSync(join(dist, name), 'utf8').includes('./schemaValidators.js'));
  assert.ok(importers.length > 0, 'the bundled code imports the precompiled validators');
  const compilers = files.filter((name) => readFileSync(join(dist, name), 'utf8').includes('suiteSchemaAjv'));
  assert.deepEqual(compilers, [], 'no bundled file holds the run-time compilation of the schema');
});
