/**
 * Runs dist/cli.js in this process and, as it exits, writes this process's
 * resource usage (CPU, peak RSS) to a file: what the scale and startup
 * sections read, with no dependence on /usr/bin/time.
 *   node build/bench/cliUsage.js USAGE.json dist/cli.js ARGS...
 */
// Built-ins as the bundle reaches them (process.getBuiltinModule): an ES import's facade of node:fs would load Node's
// stream code here, for every command measured, and so take it off what each of them is measured to load.
const { writeFileSync } = process.getBuiltinModule('node:fs');
const { resolve } = process.getBuiltinModule('node:path');
const { pathToFileURL } = process.getBuiltinModule('node:url');

const [usageFile, cli, ...args] = process.argv.slice(2);
if (!usageFile || !cli) {
  console.error('usage: node build/bench/cliUsage.js USAGE.json CLI.js [args...]');
  process.exit(2);
}
process.argv = [process.argv[0]!, resolve(cli), ...args];
process.on('exit', () => writeFileSync(usageFile, JSON.stringify(process.resourceUsage())));
await import(pathToFileURL(resolve(cli)).href);
