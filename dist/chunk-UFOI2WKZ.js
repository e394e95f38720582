
// package.json
var package_default = {
  name: "recall-gate",
  version: "0.1.0",
  description: "Gate merges on an AI agent's long-term memory: retrieval metrics on every push, end-to-end memory cases when the memory path changes.",
  license: "MIT",
  type: "module",
  bin: {
    "recall-gate": "dist/cli.js"
  },
  exports: {
    "./adapter": {
      types: "./dist/adapter.d.ts",
      default: "./dist/adapter.js"
    },
    "./package.json": "./package.json"
  },
  files: [
    "dist/*.js",
    "dist/*.cjs",
    "!dist/index.js",
    "dist/adapter.d.ts",
    "python/*.py",
    "schema",
    "templates",
    "suites/examples",
    "examples/adapter",
    "examples/adapters/*.mjs",
    "examples/adapters/*/*.{mjs,json,md,yaml}",
    "examples/python-agent/*.{py,yaml,jsonl,md}",
    "docs"
  ],
  engines: {
    node: ">=20.19"
  },
  scripts: {
    build: "tsc -p tsconfig.json --noEmit",
    bundle: "node scripts/bundle.mjs",
    "check-dist": "node scripts/bundle.mjs --check",
    test: "tsc -p tsconfig.test.json && node --test --test-concurrency=2 build/test/*.test.js build/test/*/*.test.js",
    bench: "tsc -p tsconfig.test.json && node --expose-gc build/bench/index.js",
    lint: "eslint . && depcruise src --config .dependency-cruiser.mjs"
  },
  dependencies: {},
  devDependencies: {
    "@actions/cache": "6.3.0",
    "@actions/core": "3.0.1",
    "@actions/github": "9.1.1",
    "@eslint/js": "9.39.5",
    "@modelcontextprotocol/sdk": "1.32.2",
    "@types/markdown-it": "14.2.0",
    "@types/node": "20.19.43",
    "@types/pg": "8.23.1",
    "@types/picomatch": "4.0.3",
    "@types/xml2js": "0.4.14",
    ajv: "8.20.0",
    "chart.js": "4.6.1",
    chromadb: "3.5.0",
    "dependency-cruiser": "17.4.3",
    esbuild: "0.28.2",
    eslint: "9.39.5",
    "gpt-tokenizer": "4.0.0",
    "js-yaml": "5.5.0",
    "jsonc-parser": "3.3.1",
    "markdown-it": "14.3.3",
    openai: "6.49.0",
    pg: "8.23.1",
    picomatch: "4.0.7",
    "playwright-core": "1.65.1",
    typescript: "5.9.3",
    "typescript-eslint": "8.74.0",
    xml2js: "0.6.2",
    yaml: "2.9.1"
  }
};

// src/version.ts
var TOOL_NAME = "recall-gate";
var TOOL_VERSION = package_default.version;

export {
  TOOL_NAME,
  TOOL_VERSION
};
