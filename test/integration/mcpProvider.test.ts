import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RecallGateError, formatProblem } from '../../src/errors.js';
import { fillArguments } from '../../src/memory/mcpTools.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { runSuite } from '../../src/runSuite.js';
import { loadSuite } from '../../src/suite/load.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';
import { startMcpHttpServer, type RunningMcpHttpServer } from '../support/mcpServer.js';

const EXAMPLE = join(REPO_ROOT, 'suites/examples/assistant-memory');
const SERVER = join(REPO_ROOT, 'build/test/support/mcpServer.js');

/** The test server's tools as a suite maps them: its own ids in memory_id, ours in metadata.recall_gate_id. */
function toolsYaml(search = 'memory_search'): string[] {
  return [
    '      tools:',
    '        search:',
    `          name: ${search}`,
    '          arguments: { query: "{query}", limit: "{limit}", user: "{user}" }',
    '          results: data.results',
    '          id: metadata.recall_gate_id',
    '          text: content',
    '          score: relevance',
    '        add:',
    '          name: memory_add',
    '          arguments: { content: "{text}", user: "{user}", metadata: { recall_gate_id: "{id}", date: "{date}" } }',
    '        list:',
    '          name: memory_list',
    '          arguments: { user: "{user}" }',
    '          results: memories',
    '          id: metadata.recall_gate_id',
    '          text: content',
  ];
}

function writeSuite(dir: string, providers: string[][]): string {
  const path = join(dir, 'suite.yaml');
  writeFileSync(
    path,
    [
      'name: mcp-check',
      'retrieval:',
      '  k: [1, 3, 5]',
      '  providers:',
      '    - { name: keyword, kind: keyword }',
      ...providers.flat(),
      `  memories: ${JSON.stringify(join(EXAMPLE, 'memories.jsonl'))}`,
      `  queries: ${JSON.stringify(join(EXAMPLE, 'queries.yaml'))}`,
      '',
    ].join('\n'),
  );
  return path;
}

function stdioProvider(name: string, args: string[] = [], tools = toolsYaml(), extra: string[] = []): string[] {
  return [`    - name: ${name}`, '      kind: mcp', `      command: ${JSON.stringify([process.execPath, SERVER, '--stdio', ...args])}`, ...extra, ...tools];
}

function httpProvider(name: string, url: string): string[] {
  return [`    - name: ${name}`, '      kind: mcp', `      url: ${JSON.stringify(url)}`, ...toolsYaml()];
}

async function run(path: string, dir: string): Promise<ResultsDocument> {
  return (await runSuite(loadSuite(path), { outDir: join(dir, 'out'), layer: 'retrieval', env: { PATH: process.env.PATH }, cacheRoot: join(dir, 'cache'), cacheEmbeddings: false, log: () => undefined })).results;
}

describe('the mcp provider against a real MCP server (the official SDK on both ends)', { timeout: 120_000 }, () => {
  let http: RunningMcpHttpServer;
  before(async () => (http = await startMcpHttpServer()));
  after(async () => http?.close());

  test('scores the server over stdio and streamable HTTP with the figures the same memories give the keyword provider', async () => {
    const dir = tempDir();
    const results = await run(writeSuite(dir, [stdioProvider('mcp-stdio'), httpProvider('mcp-http', http.url)]), dir);
    const providers = results.retrieval!.providers;
    assert.equal(providers['mcp-stdio']!.status, 'ok', providers['mcp-stdio']!.error);
    assert.equal(providers['mcp-http']!.status, 'ok', providers['mcp-http']!.error);
    // The server's index is BM25 over the same texts: the same ranking, so the same figures, query by query.
    assert.equal(Number(providers.keyword!.metrics!['recall@5']!.toFixed(3)), 0.639);
    for (const name of ['mcp-stdio', 'mcp-http']) {
      assert.deepEqual(providers[name]!.metrics, providers.keyword!.metrics, name);
      assert.deepEqual(
        providers[name]!.queries.map((query) => query.results.map((hit) => hit.id)),
        providers.keyword!.queries.map((query) => query.results.map((hit) => hit.id)),
        name,
      );
    }
    // Every memory went through the add tool, and the searches through the search tool (the HTTP server is in this process).
    const memories = loadSuite(join(dir, 'suite.yaml')).retrieval!.memories.length;
    assert.equal(http.service.calls.memory_add, memories);
    assert.equal(http.service.calls.memory_search, providers.keyword!.queries.length);
  });

  test('a tool the server lacks stops the run before anything runs, at the suite line, listing the tools it has', async () => {
    const dir = tempDir();
    const path = writeSuite(dir, [stdioProvider('mcp-stdio', [], toolsYaml('context_search'))]);
    const error = await run(path, dir).then(
      () => assert.fail('the run should have been refused'),
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof RecallGateError);
    assert.equal(error.exitCode, 2);
    assert.equal(error.problems.length, 1);
    const shown = formatProblem(error.problems[0]!);
    // The line of `name: context_search` in the written suite.
    const line = readFileSync(path, 'utf8').split('\n').findIndex((text) => text.includes('name: context_search')) + 1;
    assert.match(shown, new RegExp(`suite\\.yaml:${line}:\\d+: provider`));
    assert.match(shown, /provider "mcp-stdio": the MCP server `.*mcpServer\.js --stdio` has no tool "context_search" \(tools\.search\)/);
    assert.match(shown, /it has: memory_search, memory_add, memory_list/);
  });

  test('a server whose search hangs is bounded by timeout_ms: the provider errors naming the timeout, the others are scored', async () => {
    const dir = tempDir();
    const results = await run(writeSuite(dir, [stdioProvider('stuck', ['--hang'], toolsYaml(), ['      timeout_ms: 5000'])]), dir);
    const stuck = results.retrieval!.providers.stuck!;
    assert.equal(stuck.status, 'error');
    assert.match(stuck.error!, /^searching: MCP server `.*--hang`: tool "memory_search" got no response within 5000 ms/);
    assert.equal(results.retrieval!.providers.keyword!.status, 'ok');
    assert.equal(results.status, 'incomplete');
  });

  test('an argument template that is one placeholder keeps its type; one with nothing to fill is left out', () => {
    assert.deepEqual(fillArguments({ q: '{query}', n: '{limit}', who: 'user {user}', meta: { date: '{date}' }, tags: ['{date}', 'x'] }, { query: 'tea', limit: 5, user: 'ana', date: undefined }), {
      q: 'tea',
      n: 5,
      who: 'user ana',
      meta: {},
      tags: ['x'],
    });
  });

  test('a placeholder a tool role does not fill is a suite problem at load', () => {
    const dir = tempDir();
    const tools = toolsYaml().map((line) => line.replace('user: "{user}" }', 'user: "{who}" }'));
    assert.throws(
      () => loadSuite(writeSuite(dir, [stdioProvider('mcp-stdio', [], tools)])),
      (error: unknown) => error instanceof RecallGateError && error.problems.some((problem) => /tools\.search\.arguments uses \{who\}, which a search call does not fill/.test(problem.message)),
    );
  });
});
