import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The Chart.js build the page inlines: UMD, so it defines the global `Chart` with no loader. */
export const CHART_JS_FILE = 'chart.js/dist/chart.umd.min.js';

let cached: string | undefined;

/**
 * Chart.js's UMD text. Compiled by tsc (tests), it is read from node_modules;
 * in dist/ the esbuild plugin of scripts/bundle.mjs replaces this module with
 * one that returns the text itself, so the bundled CLI and Action need no
 * node_modules. Keep the exported names in step with that plugin.
 */
export function chartJsSource(): string {
  cached ??= readFileSync(createRequire(import.meta.url).resolve(CHART_JS_FILE), 'utf8');
  return cached;
}
