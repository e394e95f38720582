import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RecallGateError } from '../../src/errors.js';
import { McpClient } from '../../src/memory/mcp.js';
import { MAX_MCP_MESSAGE_BYTES, MAX_MCP_MESSAGE_DEPTH } from '../../src/memory/mcpLimits.js';
import type { McpToolsSpec } from '../../src/model/suite.js';
import { REPO_ROOT } from '../support/cli.js';
import { DEEP_LEVELS, HUGE_TEXT_BYTES, MemoryService, startMcpHttpServer, type RunningMcpHttpServer } from '../support/mcpServer.js';

/*
 * An MCP server's response over what recall-gate reads of one message: the
 * SDK's stdio transport closed the connection and the call said only
 * "Connection closed"; over HTTP nothing bounded the read. Now the call says
 * which limit the response to which request broke, over both transports,
 * against the real SDK server of test/support/mcpServer.ts.
 */

const SERVER = join(REPO_ROOT, 'build/test/support/mcpServer.js');
const TOOLS: McpToolsSpec = { search: { name: 'memory_search', arguments: { query: '{query}', limit: '{limit}', user: '{user}' }, results: 'data.results', id: 'memory_id', text: 'content' } };

assert.ok(HUGE_TEXT_BYTES > MAX_MCP_MESSAGE_BYTES && DEEP_LEVELS > MAX_MCP_MESSAGE_DEPTH, 'the test server must answer over the limits');

const TOO_BIG = new RegExp(`the server's response to tool "memory_search" was over ${MAX_MCP_MESSAGE_BYTES} bytes`);
const TOO_DEEP = new RegExp(`the server's response to tool "memory_search" was nested deeper than ${MAX_MCP_MESSAGE_DEPTH} levels`);

async function searchError(client: McpClient): Promise<RecallGateError> {
  try {
    await client.search('ana', 'tea', 5);
  } catch (error) {
    assert.ok(error instanceof RecallGateError, String(error));
    return error;
  } finally {
    await client.close();
  }
  assert.fail('the search should have failed');
}

describe('an MCP response over a limit says which limit, not "Connection closed"', { timeout: 120_000 }, () => {
  let huge: RunningMcpHttpServer;
  let deep: RunningMcpHttpServer;
  before(async () => {
    huge = await startMcpHttpServer(new MemoryService({ oversize: 'huge' }));
    deep = await startMcpHttpServer(new MemoryService({ oversize: 'deep' }));
  });
  after(async () => {
    await huge?.close();
    await deep?.close();
  });

  test('stdio: a response over the size limit', async () => {
    const error = await searchError(new McpClient({ command: [process.execPath, SERVER, '--stdio', '--huge'] }, TOOLS, 30_000));
    assert.match(error.message, TOO_BIG);
    assert.doesNotMatch(error.message, /Connection closed|got no response/);
  });

  test('stdio: a response nested too deep', async () => {
    const error = await searchError(new McpClient({ command: [process.execPath, SERVER, '--stdio', '--deep'] }, TOOLS, 30_000));
    assert.match(error.message, TOO_DEEP);
  });

  test('streamable HTTP: a response over the size limit', async () => {
    const error = await searchError(new McpClient({ url: huge.url }, TOOLS, 30_000));
    assert.match(error.message, TOO_BIG);
    assert.doesNotMatch(error.message, /got no response/);
  });

  test('streamable HTTP: a response nested too deep', async () => {
    const error = await searchError(new McpClient({ url: deep.url }, TOOLS, 30_000));
    assert.match(error.message, TOO_DEEP);
  });

  test('a later call on the closed connection says why it was closed', async () => {
    const client = new McpClient({ command: [process.execPath, SERVER, '--stdio', '--deep'] }, TOOLS, 30_000);
    try {
      await assert.rejects(client.search('ana', 'tea', 5), TOO_DEEP);
      await assert.rejects(client.search('ana', 'coffee', 5), /tool "memory_search" failed: the connection was closed earlier because the server's response to tool "memory_search" was nested deeper/);
    } finally {
      await client.close();
    }
  });
});
