/**
 * The floor under the validate figure: the least any validate of a YAML suite
 * does, in a process of its own as the CLI is. js-yaml reads the suite file
 * and its YAML data files, JSON.parse each line of its .jsonl files, and the
 * suite schema's precompiled validators (dist/schemaValidators.js, the very
 * functions validate checks with) check the suite, then each row read from a
 * file against its part, as validate does (rows written in the suite file are
 * checked with it). No references, dates, gate metrics, check parameters,
 * positions or hints: what validate takes over this is recall-gate's own
 * checks and its CLI. It loads its code as the CLI does (after Node's compile
 * cache is on, where Node has one), prints the parts it checked and how many
 * failed as JSON, and exits 1 when any failed: a floor of a suite validate
 * would refuse measures other work.
 *   node build/bench/validateFloor.js DIST_DIR SUITE.yaml
 */
// Node's built-ins as the CLI's bundle reaches them (scripts/bundle.mjs): process.getBuiltinModule, not an ES import,
// whose facade of node:fs alone loads Node's stream code.
const { readFileSync } = process.getBuiltinModule('node:fs');
const { dirname, resolve } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');
const module = process.getBuiltinModule('node:module');

// The least includes what the CLI itself gets from Node 22.8 and later: V8's code of the modules kept between runs.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { load } = await import('js-yaml');

const [distDir, suiteFile] = process.argv.slice(2);
if (!distDir || !suiteFile) {
  console.error('usage: node build/bench/validateFloor.js DIST_DIR SUITE.yaml');
  process.exit(2);
}

type Validate = (data: unknown) => boolean;
const { schemaValidator } = (await import(pathToFileURL(resolve(distDir, 'schemaValidators.js')).href)) as { schemaValidator: (part: string) => Validate };

/** A data file's rows: a .jsonl file's lines, or a YAML file's list. */
function fileRows(file: string): unknown[] {
  const text = readFileSync(file, 'utf8');
  if (/\.jsonl$/i.test(file)) return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown);
  const data = load(text);
  return Array.isArray(data) ? data : [];
}

/** The rows a suite's data field reads from files, in each of its forms: a path, {file}, or a list holding {file} items. */
function rowsOfFiles(value: unknown, base: string): unknown[] {
  const isFile = (item: unknown): item is { file: string } => typeof item === 'object' && item !== null && typeof (item as { file?: unknown }).file === 'string';
  if (typeof value === 'string') return fileRows(resolve(base, value));
  if (isFile(value)) return fileRows(resolve(base, value.file));
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => (isFile(item) ? fileRows(resolve(base, item.file)) : []));
}

const base = dirname(suiteFile);
const suite = load(readFileSync(suiteFile, 'utf8')) as { retrieval?: { memories?: unknown; queries?: unknown }; e2e?: { cases?: unknown; histories?: unknown; target?: { tools?: unknown } } };
const fields: [part: string, value: unknown][] = [
  ['memory', suite.retrieval?.memories],
  ['query', suite.retrieval?.queries],
  ['history', suite.e2e?.histories],
  ['case', suite.e2e?.cases],
  ['tool', suite.e2e?.target?.tools],
];
const parts: [string, unknown][] = [['suite', suite], ...fields.flatMap(([part, value]) => rowsOfFiles(value, base).map((row): [string, unknown] => [part, row]))];
const failed = parts.filter(([part, data]) => !schemaValidator(part)(data)).length;
console.log(JSON.stringify({ checked: parts.length, failed }));
if (failed > 0) process.exitCode = 1;
