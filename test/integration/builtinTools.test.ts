import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SearchHit } from '../../src/model/memory.js';
import { KeywordStore } from '../../src/memory/keyword.js';
import type { ToolSpec } from '../../src/model/suite.js';
import { BuiltinTarget } from '../../src/targets/builtin.js';
import type { ChatReply } from '../../src/model/chat.js';
import { builtinSpec } from '../support/builtinTarget.js';
import { startOpenAIServer, type ChatRequestBody, type OpenAIServer, type ScriptedToolCalls } from '../support/openaiServer.js';

/*
 * The builtin target's tool loop over real HTTP: the local OpenAI-compatible
 * server is scripted to call tools (validly, with bad arguments, unknown
 * names, without end), and records every request, so the tests read the
 * tool messages the target sent back and the tool_choice of the last request.
 */

const KEY = 'sk-tools';
const WHERE = { file: 'tools-test.yaml', line: 1, col: 1 };
const TOOLS: ToolSpec[] = [
  {
    name: 'connect_db',
    description: 'Connect to a database host',
    parameters: { type: 'object', properties: { host: { type: 'string' }, port: { type: 'integer' } }, required: ['host'], additionalProperties: false },
    returns: { ok: true, host: '{host}', port: '{port}', banner: 'connected to {host}:{port}' },
    where: WHERE,
  },
  {
    name: 'write_file',
    parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
    returns: 'wrote {path}',
    artifact: { path: '{path}', content: '{content}' },
    where: WHERE,
  },
];

/** Each request's answer: the next of `script` (a reply, or calls), the last repeated. */
type Step = string | ScriptedToolCalls | ((request: ChatRequestBody) => string | ScriptedToolCalls);
const calls = (...list: [string, string][]): ScriptedToolCalls => ({ tool_calls: list.map(([name, args]) => ({ name, arguments: args })) });

describe('the builtin target offers the suite\'s tools', { timeout: 60_000 }, () => {
  let server: OpenAIServer;
  let script: Step[] = [];
  before(async () => {
    server = await startOpenAIServer({
      apiKey: KEY,
      chat: (request) => {
        const step = script.length > 1 ? script.shift()! : script[0]!;
        return typeof step === 'function' ? step(request) : step;
      },
    });
  });
  after(async () => server.close());

  /** One probe invocation under `steps`, with the chat requests it made and the answers the server gave. */
  async function invoke(steps: Step[], spec: Partial<Parameters<typeof builtinSpec>[0]> = { tools: TOOLS }, store = new KeywordStore()) {
    script = steps;
    const start = server.requests.length;
    const target = new BuiltinTarget({ spec: builtinSpec(spec), store, apiKey: KEY, baseURL: server.url });
    try {
      const reply: ChatReply = await target.chat({ user: 'u1', message: 'Connect to the staging database.', memory: 'recall' });
      const exchanged = server.requests.slice(start).filter((request) => request.path === '/v1/chat/completions');
      return { reply, requests: exchanged.map((request) => request.body as ChatRequestBody), responses: exchanged.map((request) => request.response as { usage: { prompt_tokens: number; completion_tokens: number } }) };
    } finally {
      await target.close();
    }
  }

  test('a valid call is answered with the rendered returns, then the model replies in words; usage is summed over both requests', async () => {
    const { reply, requests, responses } = await invoke([calls(['connect_db', '{"host": "db-staging-2", "port": 5432}']), 'Connected to db-staging-2.']);
    assert.equal(reply.reply, 'Connected to db-staging-2.');
    const result = { ok: true, host: 'db-staging-2', port: 5432, banner: 'connected to db-staging-2:5432' };
    assert.deepEqual(reply.tool_calls, [{ name: 'connect_db', arguments: { host: 'db-staging-2', port: 5432 }, result }]);
    assert.deepEqual(reply.artifacts, []);
    assert.equal(reply.tool_rounds_exhausted, undefined);
    assert.equal(requests.length, 2);
    // The tools as the API takes them, on every request; no tool_choice until the limit.
    assert.deepEqual(requests[0]!.tools, [
      { type: 'function', function: { name: 'connect_db', description: 'Connect to a database host', parameters: TOOLS[0]!.parameters } },
      { type: 'function', function: { name: 'write_file', parameters: TOOLS[1]!.parameters } },
    ]);
    assert.deepEqual(requests[1]!.tools, requests[0]!.tools);
    assert.equal('tool_choice' in requests[0]!, false);
    assert.equal('tool_choice' in requests[1]!, false);
    // The second request replays the assistant's call and answers it by id.
    const [assistant, answer] = requests[1]!.messages.slice(-2);
    assert.equal(assistant!.role, 'assistant');
    assert.equal(assistant!.content, null);
    assert.deepEqual(assistant!.tool_calls!.map((call) => call.function), [{ name: 'connect_db', arguments: '{"host": "db-staging-2", "port": 5432}' }]);
    assert.deepEqual(answer, { role: 'tool', tool_call_id: assistant!.tool_calls![0]!.id, content: JSON.stringify(result) });
    assert.deepEqual(reply.usage, {
      input_tokens: responses.reduce((sum, response) => sum + response.usage.prompt_tokens, 0),
      output_tokens: responses.reduce((sum, response) => sum + response.usage.completion_tokens, 0),
    });
    assert.ok(responses.every((response) => response.usage.prompt_tokens > 0));
  });

  test('a missing argument renders empty; a string returns is sent as it is; a write_file-like tool records an artifact', async () => {
    const { reply, requests } = await invoke([calls(['connect_db', '{"host": "db-1"}'], ['write_file', '{"path": "exports/a.csv", "content": "date,amount\\n2026-03-01,12.50\\n"}']), 'Done.']);
    assert.deepEqual(reply.tool_calls!.map((call) => call.result), [{ ok: true, host: 'db-1', port: '', banner: 'connected to db-1:' }, 'wrote exports/a.csv']);
    assert.deepEqual(reply.artifacts, [{ path: 'exports/a.csv', content: 'date,amount\n2026-03-01,12.50\n' }]);
    assert.deepEqual(requests[1]!.messages.filter((message) => message.role === 'tool').map((message) => message.content), [JSON.stringify(reply.tool_calls![0]!.result), 'wrote exports/a.csv']);
  });

  test('arguments that break the schema, are not JSON, or are not an object are recorded with the error and answered with it; nothing else happens', async () => {
    const { reply, requests } = await invoke([calls(['connect_db', '{"host": 5, "region": "eu"}'], ['connect_db', 'host=db-staging-2'], ['write_file', '["a.csv", "x"]']), 'I could not connect.']);
    assert.equal(reply.reply, 'I could not connect.');
    const [schema, text, list] = reply.tool_calls!;
    assert.deepEqual(schema!.arguments, { host: 5, region: 'eu' });
    assert.equal(schema!.raw, undefined);
    assert.equal(schema!.error, 'arguments do not match the parameters of "connect_db": arguments must NOT have additional properties, arguments/host must be string');
    assert.deepEqual({ ...text, error: undefined }, { name: 'connect_db', arguments: {}, raw: 'host=db-staging-2', error: undefined });
    assert.match(text!.error!, /^arguments are not JSON: /);
    assert.deepEqual(list, { name: 'write_file', arguments: {}, raw: '["a.csv", "x"]', error: 'arguments must be a JSON object; got a list' });
    assert.ok(reply.tool_calls!.every((call) => call.result === undefined));
    // A refused write makes no file.
    assert.deepEqual(reply.artifacts, []);
    const answers = requests[1]!.messages.filter((message) => message.role === 'tool').map((message) => JSON.parse(message.content) as unknown);
    assert.deepEqual(answers, reply.tool_calls!.map((call) => ({ error: call.error })));
  });

  test('an unknown tool name is recorded and answered with an error naming the tools', async () => {
    const { reply, requests } = await invoke([calls(['delete_user', '{"id": 7}']), 'Sorry.']);
    assert.deepEqual(reply.tool_calls, [{ name: 'delete_user', arguments: { id: 7 }, error: 'unknown tool "delete_user"; the tools are: connect_db, write_file' }]);
    assert.deepEqual(JSON.parse(requests[1]!.messages.at(-1)!.content), { error: 'unknown tool "delete_user"; the tools are: connect_db, write_file' });
  });

  test('a model that calls tools without end is stopped after max_tool_rounds: one last request with tool_choice none, and the reply says the limit was reached', async () => {
    const endless = (request: ChatRequestBody) => (request.tool_choice === 'none' ? 'Giving up on the database.' : calls(['connect_db', '{"host": "db-staging-2"}']));
    const { reply, requests } = await invoke([endless], { tools: TOOLS, max_tool_rounds: 3 });
    assert.equal(reply.reply, 'Giving up on the database.');
    assert.equal(reply.tool_rounds_exhausted, true);
    assert.deepEqual(requests.map((request) => request.tool_choice ?? 'auto'), ['auto', 'auto', 'auto', 'none']);
    // tool_choice needs the tools beside it.
    assert.deepEqual(requests[3]!.tools, requests[0]!.tools);
    assert.equal(reply.tool_calls!.length, 3);
    assert.equal(requests[3]!.messages.filter((message) => message.role === 'tool').length, 3);
  });

  test('max_tool_rounds defaults to 5', async () => {
    const endless = (request: ChatRequestBody) => (request.tool_choice === 'none' ? 'Stopped.' : calls(['connect_db', '{"host": "db"}']));
    const { reply, requests } = await invoke([endless]);
    assert.equal(requests.length, 6);
    assert.equal(reply.tool_calls!.length, 5);
    assert.equal(requests[5]!.tool_choice, 'none');
  });

  test('a model that calls tools even under tool_choice none, with no words, ends the invocation with an empty reply and those calls kept, not with another round', async () => {
    const { reply, requests } = await invoke([calls(['connect_db', '{"host": "db"}'])], { tools: TOOLS, max_tool_rounds: 1 });
    assert.equal(reply.reply, '');
    assert.deepEqual(requests.map((request) => request.tool_choice ?? 'auto'), ['auto', 'none']);
    assert.deepEqual(reply.tool_calls!.map((call) => call.error), [undefined, 'called after max_tool_rounds (1) under tool_choice "none"; not answered']);
  });

  test('a model that returns neither words nor calls is still an error', async () => {
    script = [];
    const { reply } = await invoke([{ tool_calls: [], content: undefined } as unknown as ScriptedToolCalls]).then(
      () => assert.fail('should have failed'),
      (error: Error) => ({ reply: error }),
    );
    assert.match(reply.message, /the chat model returned no message content/);
  });

  test('calls a model makes beside its words under tool_choice none are recorded, refused and unanswered', async () => {
    const stubborn = (request: ChatRequestBody) => (request.tool_choice === 'none' ? { ...calls(['connect_db', '{"host": "db"}']), content: 'Stopped here.' } : calls(['connect_db', '{"host": "db"}']));
    const { reply, requests } = await invoke([stubborn], { tools: TOOLS, max_tool_rounds: 1 });
    assert.equal(reply.reply, 'Stopped here.');
    assert.equal(requests.length, 2);
    assert.deepEqual(reply.tool_calls!.map((call) => call.error), [undefined, 'called after max_tool_rounds (1) under tool_choice "none"; not answered']);
    assert.deepEqual(reply.tool_calls![1], { name: 'connect_db', arguments: { host: 'db' }, error: 'called after max_tool_rounds (1) under tool_choice "none"; not answered' });
  });

  test('memory is searched once per invocation, before the first round: every round sees the same system prompt', async () => {
    class CountingStore extends KeywordStore {
      searches = 0;
      override async search(user: string, query: string, k: number): Promise<SearchHit[]> {
        this.searches += 1;
        return super.search(user, query, k);
      }
    }
    const store = new CountingStore();
    await store.add([{ id: 'm1', text: 'The staging database host is db-staging-2.', user: 'u1' }]);
    const { requests } = await invoke([calls(['connect_db', '{"host": "db-staging-2"}']), calls(['connect_db', '{"host": "db-staging-2"}']), 'Done.'], { tools: TOOLS }, store);
    assert.equal(requests.length, 3);
    assert.equal(store.searches, 1);
    const systems = requests.map((request) => request.messages[0]!.content);
    assert.match(systems[0]!, /- The staging database host is db-staging-2\./);
    assert.deepEqual(new Set(systems).size, 1);
  });

  test('without tools the request is what it always was: no tools, no tool_choice, one request, no tool_calls on the reply', async () => {
    const { reply, requests } = await invoke(['Hello.'], {});
    assert.equal(requests.length, 1);
    assert.deepEqual(Object.keys(requests[0]!).sort(), ['messages', 'model']);
    assert.equal(reply.tool_calls, undefined);
    assert.equal(reply.artifacts, undefined);
  });
});
