// Bundles the Action (dist/index.js), the CLI (dist/cli.js) and the adapter SDK (dist/adapter.js) into single files.
// With --check, bundles into a temporary folder and fails when dist/ differs:
// dist/ is committed, so it must always match the source it comes from.
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { precompiledSchemaValidators, writeValidators } from './schemaValidators.mjs';

const check = process.argv.includes('--check');
const outdir = check ? mkdtempSync(join(tmpdir(), 'recall-gate-dist-')) : 'dist';

// Bundled CommonJS dependencies call require() for Node built-ins; ESM has none, so give them one.
const requireShim = "const require = globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url);";

// report.html inlines Chart.js: src/report/html/chartSource.ts reads it from node_modules, which
// dist/ does not have, so the bundle carries the text itself in place of that read.
const chartJsInline = {
  name: 'inline-chart-js',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]src[\\/]report[\\/]html[\\/]chartSource\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const file = /export const CHART_JS_FILE = '([^']+)'/.exec(source)?.[1];
      if (!file || !/export function chartJsSource\(\)/.test(source)) {
        throw new Error(`${args.path} no longer exports chartJsSource() and CHART_JS_FILE: update the inline-chart-js plugin`);
      }
      const text = readFileSync(join(dirname(createRequire(import.meta.url).resolve('chart.js')), file), 'utf8');
      return { contents: `export const CHART_JS_FILE = ${JSON.stringify(file)};\nexport function chartJsSource() { return ${JSON.stringify(text)}; }\n`, loader: 'js' };
    });
  },
};

// gpt-tokenizer's rank tables are array literals of 100k-200k strings, which esbuild prints one element a line
// (o200k_base: 3.3 MB). An e2e run loads one before its first trial, so the bundle carries each as the JSON text of
// the same array, given to JSON.parse: a third less to read, and JSON parses faster than a literal of that size
// (measured by `npm run bench -- e2e-cli`; test/tokens.test.ts holds the counts equal).
const bpeRanksAsJson = {
  name: 'bpe-ranks-as-json',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]gpt-tokenizer[\\/]esm[\\/]bpeRanks[\\/][^\\/]+\.js$/ }, async (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!/^export \{ bpe as default \};$/m.test(source) || /^export (?!\{ bpe as default \};$)/m.test(source)) {
        throw new Error(`${args.path} no longer exports its ranks as its one default export: update the bpe-ranks-as-json plugin`);
      }
      const { default: ranks } = await import(pathToFileURL(args.path).href);
      return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(ranks))});\n`, loader: 'js' };
    });
  },
};

// `yaml`, ajv's compiler, picomatch and jsonc-parser load when first used (src/libraries.ts, its LIBRARY_PATHS by key): each
// is built into a CommonJS file of its own in dist/, which the chunks require by its path, so start-up reads none of them
// (`npm run bench -- startup`).
const LAZY_LIBRARIES = { yaml: 'yaml', ajv: 'ajv', picomatch: 'picomatch', jsonc: 'jsonc-parser' };
const lazyFile = (name) => `${name}.cjs`;
const lazyLibraries = {
  name: 'lazy-libraries',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]src[\\/]libraries\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const paths = (file) => `const LIBRARY_PATHS = { ${Object.entries(LAZY_LIBRARIES).map(([key, name]) => `${key}: '${file(name)}'`).join(', ')} };`;
      if (!source.includes(paths((name) => name))) throw new Error(`${args.path} no longer says ${paths((name) => name)}: update the lazy-libraries plugin`);
      return { contents: source.replace(paths((name) => name), paths((name) => `./${lazyFile(name)}`)), loader: 'ts' };
    });
  },
};

/**
 * esbuild gives every file of a split build the same banner, but few chunks call require(): in the others the shim
 * only costs start-up (node:module's createRequire, once per file loaded), so it is taken out of them. A file that
 * names `require` anywhere, even in a string, keeps it.
 */
function dropUnusedRequireShims(dir) {
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.js'))) {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf(`${requireShim}\n`);
    if (at < 0) continue;
    const rest = text.slice(0, at) + text.slice(at + requireShim.length + 1);
    if (!/\brequire\b/.test(rest)) writeFileSync(file, rest);
  }
}

/**
 * `import { readFileSync } from "node:fs"` (or from "fs", as bundled packages write it) makes Node build an ES module facade of the built-in, which reads every
 * export, and so loads what the built-in itself loads only when asked (node:util's TextDecoder loads its diff
 * and colour code): on Node 24 the facades of the built-ins validate imports cost a fifth of node's own start-up.
 * process.getBuiltinModule (Node 20.16) hands the module itself, so each import of a built-in becomes a const
 * of the names it imported. A const is not hoisted as an import is: safe because no chunk imports itself back
 * through others (checked here), so no chunk's functions run before its first statements.
 */
function builtinsWithoutFacades(dir) {
  const files = readdirSync(dir).filter((file) => file.endsWith('.js'));
  const imports = new Map();
  for (const name of files) {
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    // Top-level statements only: a string holding import lines (a starter file `init` writes) is left as it is.
    const source = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.JS);
    const statements = source.statements;
    let rewritten = '';
    let at = 0;
    for (const statement of statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) continue;
      const from = statement.moduleSpecifier.text;
      if (!from.startsWith('node:') && !builtinModules.includes(from)) continue;
      const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
      if (!clause && ts.isExportDeclaration(statement)) throw new Error(`${file}: re-exports the Node built-in ${from}, which builtinsWithoutFacades does not rewrite`);
      // globalThis: a chunk may name its own import `process` (`import process from "node:process"`).
      const module = `globalThis.process.getBuiltinModule(${JSON.stringify(from)})`;
      const bindings = clause?.namedBindings;
      const consts = [];
      if (clause?.name) consts.push(`const ${clause.name.text} = ${module};`);
      if (bindings && ts.isNamespaceImport(bindings)) consts.push(`const ${bindings.name.text} = ${clause.name ? clause.name.text : module};`);
      if (bindings && ts.isNamedImports(bindings)) {
        // `{ default as x }` is the module itself, as a default import is.
        const [defaults, named] = [bindings.elements.filter((element) => element.propertyName?.text === 'default'), bindings.elements.filter((element) => element.propertyName?.text !== 'default')];
        for (const element of defaults) consts.push(`const ${element.name.text} = ${module};`);
        const names = named.map((element) => (element.propertyName ? `${element.propertyName.text}: ${element.name.text}` : element.name.text));
        if (names.length > 0) consts.push(`const { ${names.join(', ')} } = ${clause.name ? clause.name.text : module};`);
      }
      rewritten += text.slice(at, statement.getStart(source)) + (consts.length > 0 ? consts.join(' ') : `${module};`);
      at = statement.end;
    }
    rewritten += text.slice(at);
    if (rewritten !== text) writeFileSync(file, rewritten);
    imports.set(name, statements.filter((statement) => (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier?.text.startsWith('./')).map((statement) => statement.moduleSpecifier.text.slice(2)));
  }
  const done = new Set();
  const visit = (name, path) => {
    if (path.includes(name)) throw new Error(`dist chunks import each other in a cycle (${[...path.slice(path.indexOf(name)), name].join(' -> ')}): builtinsWithoutFacades needs none`);
    if (done.has(name)) return;
    for (const next of imports.get(name) ?? []) visit(next, [...path, name]);
    done.add(name);
  };
  for (const name of files) visit(name, []);
}

const common = {
  plugins: [chartJsInline, precompiledSchemaValidators, bpeRanksAsJson, lazyLibraries],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  // Prefer a package's ES module build: some (jsonc-parser) ship UMD as main, which cannot be bundled.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  outdir,
};

if (!check) rmSync('dist', { recursive: true, force: true });
// The Action and the CLI in one build, split: what they load with import() (chromadb, openai, pg,
// gpt-tokenizer's 5.8 MB of ranks, @actions/cache...) lands in chunk files read only when used, so start-up
// parses a small entry file rather than all of it (measured by `npm run bench -- startup`).
// The hashbang comes from src/cli.ts itself (esbuild keeps an entry's), so every file can take the same banner.
// tokenWorker is the token-counting thread src/e2e/tokens.ts starts (new URL('./tokenWorker.js', import.meta.url)): an entry of
// its own at the top of dist/, beside the chunk that starts it, as it sits beside tokens.js in build/.
await build({ ...common, entryPoints: { index: 'src/index.ts', cli: 'src/cli.ts', tokenWorker: 'src/e2e/tokenWorker.ts' }, splitting: true, chunkNames: 'chunk-[hash]', banner: { js: requireShim } });
dropUnusedRequireShims(outdir);
for (const name of Object.values(LAZY_LIBRARIES)) {
  await build({ ...common, outdir: undefined, plugins: [], stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: process.cwd(), loader: 'js' }, format: 'cjs', outfile: join(outdir, lazyFile(name)) });
}
// The suite schema's validators, precompiled (ajv standalone code) into a file of their own that those chunks import.
await writeValidators(outdir, requireShim);
// The adapter SDK (`recall-gate/adapter`): its code, and its types as dist/adapter.d.ts, emitted from
// src/adapter/types.ts, which holds the whole type surface and imports nothing (index.ts checks the code against it).
await build({ ...common, entryPoints: { adapter: 'src/adapter/index.ts' } });
builtinsWithoutFacades(outdir);
const adapterTypes = ts.createProgram(['src/adapter/types.ts'], { declaration: true, emitDeclarationOnly: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, types: [] });
const emitted = adapterTypes.emit(undefined, (_, text) => writeFileSync(join(outdir, 'adapter.d.ts'), text));
const typeErrors = [...ts.getPreEmitDiagnostics(adapterTypes), ...emitted.diagnostics];
if (typeErrors.length > 0) throw new Error(`src/adapter/types.ts: ${ts.formatDiagnostics(typeErrors, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' })}`);

chmodSync(join(outdir, 'cli.js'), 0o755);

if (check) {
  const names = new Set([...readdirSync(outdir), ...(existsSync('dist') ? readdirSync('dist') : [])]);
  const stale = [...names].filter((name) => {
    const fresh = join(outdir, name);
    const committed = join('dist', name);
    return !existsSync(fresh) || !existsSync(committed) || !readFileSync(fresh).equals(readFileSync(committed));
  });
  rmSync(outdir, { recursive: true, force: true });
  if (stale.length > 0) {
    console.error(`dist/ is stale (${stale.join(', ')}): run npm run bundle and commit dist/ with the source`);
    process.exit(1);
  }
  console.log('dist/ matches the source');
}
