import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Chart.js build the page inlines: UMD, so it defines the global `Chart`
 * with no loader. The package's exports do not list it, so it is found beside
 * the file `chart.js` resolves to (dist/chart.cjs).
 */
export const CHART_JS_FILE = 'chart.umd.min.js';

let cached: string | undefined;

/**
 * Chart.js's UMD text. Compiled by tsc (tests), it is read from node_modules;
 * in dist/ the esbuild plugin of scripts/bundle.mjs replaces this module with
 * one that returns the text itself, so the bundled CLI and Action need no
 * node_modules. Keep the exported names in step with that plugin.
 */
export function chartJsSource(): string {
  cached ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve('chart.js')), CHART_JS_FILE), 'utf8');
  return cached;
}
