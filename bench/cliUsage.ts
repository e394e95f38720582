/**
 * Runs dist/cli.js in this process and, as it exits, writes this process's
 * resource usage (CPU, peak RSS) to a file: what the scale and startup
 * sections read, with no dependence on /usr/bin/time.
 *   node build/bench/cliUsage.js USAGE.json dist/cli.js ARGS...
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [usageFile, cli, ...args] = process.argv.slice(2);
if (!usageFile || !cli) {
  console.error('usage: node build/bench/cliUsage.js USAGE.json CLI.js [args...]');
  process.exit(2);
}
process.argv = [process.argv[0]!, resolve(cli), ...args];
process.on('exit', () => writeFileSync(usageFile, JSON.stringify(process.resourceUsage())));
await import(pathToFileURL(resolve(cli)).href);
