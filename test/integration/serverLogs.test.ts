/**
 * What a process recall-gate starts for a run writes to stderr goes where a
 * command adapter's does (adapter.log in a run; recall-gate's stderr
 * otherwise): a started HTTP adapter server (its stderr, and its stdout after
 * the URL line) and a stdio MCP server, not only command adapters.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { McpClient } from '../../src/memory/mcp.js';
import type { McpToolsSpec } from '../../src/model/suite.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

const MARK = 'started-server-log-line';

test('a started HTTP adapter server: its stderr and its stdout after the URL go to adapter.log, not the terminal', { timeout: 120_000 }, async () => {
  const dir = tempDir();
  const pidFile = join(dir, 'pid');
  // The example adapter over HTTP, saying something on stderr first and on stdout right after its URL line (its first
  // write to stdout: a timer here raced the URL on a loaded machine and came first).
  writeFileSync(
    join(dir, 'server.mjs'),
    [
      `console.error(${JSON.stringify(`${MARK} on stderr`)});`,
      'const write = process.stdout.write.bind(process.stdout);',
      'let first = true;',
      'process.stdout.write = (...args) => {',
      '  const written = write(...args);',
      `  if (first) { first = false; write(${JSON.stringify(`${MARK} on stdout
`)}); }`,
      '  return written;',
      '};',
      `await import(${JSON.stringify(join(REPO_ROOT, 'test/fixtures/adapters/pidFileHttp.mjs'))});`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: started-server-logs',
      'e2e:',
      `  target: { kind: http, start: [${JSON.stringify(process.execPath)}, server.mjs, --http, --port, "0"], env: { PID_FILE: ${JSON.stringify(pidFile)} } }`,
      '  repeat: 1',
      '  conditions: [recall]',
      '  cases:',
      '    - { name: tea, ability: extraction, sessions: [{ user: "My favourite tea is oolong." }], probe: { text: "Which tea do I like?" }, check: { icontains: oolong } }',
      '',
    ].join('\n'),
  );
  const out = join(dir, 'out');
  const run = await runCli(['run', join(dir, 'suite.yaml'), '--out', out], { cwd: dir });
  assert.ok(run.code === 0 || run.code === 1, run.stdout + run.stderr);
  const log = readFileSync(join(out, 'adapter.log'), 'utf8');
  assert.match(log, new RegExp(`${MARK} on stderr`));
  assert.match(log, new RegExp(`${MARK} on stdout`));
  assert.doesNotMatch(run.stdout + run.stderr, new RegExp(MARK));
});

test('a stdio MCP server: its stderr goes to the run\'s handler', { timeout: 60_000 }, async () => {
  const server = join(REPO_ROOT, 'build/test/support/mcpServer.js');
  const tools: McpToolsSpec = { search: { name: 'memory_search', arguments: { query: '{query}', limit: '{limit}', user: '{user}' }, results: 'data.results', id: 'memory_id', text: 'content' } };
  const lines: string[] = [];
  // The test server, after a line on stderr (as a server's start-up log would be).
  const command = ['sh', '-c', `echo ${MARK} >&2; exec "$0" "$1" --stdio`, process.execPath, server];
  const client = new McpClient({ command, onStderr: (line) => lines.push(line) }, tools, 30_000);
  try {
    await client.search('ana', 'tea', 5);
  } finally {
    await client.close();
  }
  assert.ok(lines.includes(MARK), `the handler got: ${JSON.stringify(lines)}`);
});
