// The import rules of src/ (ARCHITECTURE.md says why): `npm run lint` runs dependency-cruiser with
// these, so an import that turns an arrow back fails CI. Type-only imports count like any other.

/**
 * The layers, lowest first: a file may import its own layer and the layers before it, never one after.
 * Loose files at src/ are layers of their own.
 */
export const LAYERS = [
  ['model', '^src/model/'],
  ['text', '^src/text/'],
  ['basics', '^src/(redact|apiKey|version|interrupt|phaseProgress)\\.ts$'],
  ['secrets', '^src/(secretForms|secrets)\\.ts$'],
  ['errors', '^src/errors\\.ts$'],
  // Above errors: a library file that cannot be loaded is said as a broken install (RecallGateError).
  ['libraries', '^src/libraries\\.ts$'],
  ['stats', '^src/stats/'],
  ['source', '^src/source/'],
  ['output files', '^src/outputFile\\.ts$'],
  ['cache files', '^src/cacheFile\\.ts$'],
  ['shard', '^src/shard\\.ts$'],
  ['net', '^src/net/'],
  ['process', '^src/process/'],
  ['protocol', '^src/protocol/'],
  ['embeddings', '^src/embeddings/'],
  ['memory', '^src/memory/'],
  ['targets', '^src/targets/'],
  ['e2e', '^src/e2e/'],
  ['retrieval', '^src/retrieval/'],
  ['gate', '^src/gate/'],
  ['suite', '^src/suite/'],
  ['import', '^src/import/'],
  ['results', '^src/results/'],
  ['history', '^src/history/'],
  ['export', '^src/export/'],
  ['runSuite', '^src/runSuite\\.ts$'],
  ['report', '^src/report/'],
  ['cli', '^src/cli/'],
  ['action', '^src/action/'],
  ['entry points', '^src/(index|cli)\\.ts$'],
];

const layerOrder = LAYERS.slice(0, -1).map(([name, path], index) => ({
  name: `layer-order: ${name}`,
  comment: `${name} may import only itself and the layers below it (the list in .dependency-cruiser.mjs, ARCHITECTURE.md)`,
  severity: 'error',
  from: { path },
  to: { path: LAYERS.slice(index + 1).map(([, above]) => `(${above})`).join('|') },
}));

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no file imports itself through others: one direction, file by file',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'model-imports-only-model',
      comment: 'model/ is plain data types: it imports nothing outside itself (no package either)',
      severity: 'error',
      from: { path: '^src/model/' },
      to: { pathNot: '^src/model/' },
    },
    {
      name: 'stats-imports-only-model',
      comment: 'stats/ is pure functions over numbers and units: model/ at most',
      severity: 'error',
      from: { path: '^src/stats/' },
      to: { pathNot: '^src/(stats|model)/' },
    },
    {
      name: 'report-only-from-entry-points',
      comment: 'report/ renders model types for people; only cli/ and action/ (and report/ itself) import it',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(report|cli|action)/' },
      to: { path: '^src/report/' },
    },
    {
      name: 'protocol-only-from-memory-and-targets',
      comment: 'protocol/ is the adapter protocol client; memory/ and targets/ use it, the rest of src/ goes through them',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(protocol|memory|targets)/' },
      to: { path: '^src/protocol/' },
    },
    {
      name: 'adapter-sdk-stands-alone',
      comment: 'adapter/ is the SDK users import (recall-gate/adapter): it imports nothing of the rest of src/, and nothing imports it',
      severity: 'error',
      from: { path: '^src/adapter/' },
      to: { path: '^src/', pathNot: '^src/adapter/' },
    },
    {
      name: 'nothing-imports-the-adapter-sdk',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/adapter/' },
      to: { path: '^src/adapter/' },
    },
    {
      name: 'lazy-libraries-through-libraries-ts',
      comment: 'yaml, ajv, picomatch and jsonc-parser load at first use through src/libraries.ts (dist/ carries each in a file of its own); a module import would load them at start-up again. Types may be imported; schemaAjv.ts runs only at build time and in tests (the bundle replaces its user)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(libraries|suite/schemaAjv)\\.ts$' },
      to: { path: '^node_modules/(yaml|ajv|picomatch|jsonc-parser)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'page-script-imports-types-only',
      comment: "report.html's page script is reportPage's own source, put in the page (render.ts): a value it imports is not there in the browser, and the page stops before it is drawn",
      severity: 'error',
      from: { path: '^src/report/html/page\\.ts$' },
      to: { dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves: an unresolved one would slip past every rule above',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'every-file-in-a-layer',
      comment: 'a file of src/ outside every layer (a new loose file, a new folder) escapes the layer order: give it a place in LAYERS',
      severity: 'error',
      from: { path: '^src/', pathNot: [...LAYERS.map(([, path]) => path), '^src/adapter/'] },
      to: {},
    },
    ...layerOrder,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a cycle of types is still a cycle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Package subpaths (gpt-tokenizer/encoding/..., @modelcontextprotocol/sdk/client/...) through their exports maps, as Node resolves them.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
