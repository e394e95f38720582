import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeThrown } from '../src/adapter/errors.js';

/** An Error carrying the given V8 stack, as a handler would throw it. */
function thrown(stack: string): Error {
  const error = new Error(stack.split('\n')[0]!.replace(/^Error: /, ''));
  error.stack = stack;
  return error;
}

test("-32603 names the agent's own line: past library frames, through [as name], paths with parentheses and Windows paths, never eval'd code", () => {
  const cases: [string, string][] = [
    ['Error: boom\n    at Object.chat (file:///home/u/agent/adapter.mjs:46:13)', 'Error: boom (adapter.mjs:46:13, in chat)'],
    ['Error: a\n    at Object.myChat [as chat] (file:///app/adapter.mjs:2:55)', 'Error: a (adapter.mjs:2:55, in myChat)'],
    ['Error: 401\n    at APIError.generate (file:///a/node_modules/openai/error.mjs:44:20)\n    at async Object.chat (file:///a/adapter.mjs:12:5)', 'Error: 401 (adapter.mjs:12:5, in chat)'],
    ['Error: x\n    at f (file:///a/node_modules/x/i.js:1:2)', 'Error: x (i.js:1:2, in f)'],
    ['Error: e\n    at eval (eval at <anonymous> (file:///a/agent.mjs:17:7), <anonymous>:1:6)\n    at chat (file:///a/agent.mjs:17:7)', 'Error: e (agent.mjs:17:7, in chat)'],
    ['Error: p\n    at chat (C:\\Program Files (x86)\\me\\adapter.cjs:3:9)', 'Error: p (adapter.cjs:3:9, in chat)'],
    ['Error: c\n    at new Agent (file:///a/agent.mjs:5:11)', 'Error: c (agent.mjs:5:11, in Agent)'],
    ['Error: n\n    at node:internal/process/task_queues:95:5', 'Error: n'],
  ];
  for (const [stack, message] of cases) assert.equal(describeThrown(thrown(stack)).message, message, stack);
  class QuotaError extends Error {}
  const unnamed = new QuotaError('over');
  unnamed.stack = 'Error: over\n    at chat (file:///a/agent.mjs:1:1)';
  assert.equal(describeThrown(unnamed).message, 'QuotaError: over (agent.mjs:1:1, in chat)', 'a subclass that sets no name is named by its class');
});
