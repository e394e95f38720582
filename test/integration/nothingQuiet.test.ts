import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TrialRecord } from '../../src/model/trial.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { renderComment } from '../../src/report/comment.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

/** A suite folder holding these files; returns the suite's path. */
function suiteDir(files: Record<string, string>): string {
  const dir = tempDir('recall-gate-suite-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return join(dir, 'suite.yaml');
}

function readOut(out: string): { results: ResultsDocument; trials: TrialRecord[] } {
  return {
    results: JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument,
    trials: existsSync(join(out, 'trials.jsonl')) ? readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TrialRecord) : [],
  };
}

/** A JSON-RPC loop over stdin/stdout answering with `handlers` (an object literal in JS); a missing method is -32601. */
function stdioAdapter(handlers: string): string {
  return `import { createInterface } from 'node:readline';
const handlers = ${handlers};
createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line);
  const handler = handlers[request.method];
  let answer;
  try {
    answer = handler ? { result: handler(request.params ?? {}) } : { error: { code: -32601, message: 'Method not found: ' + request.method } };
  } catch (error) {
    answer = { error: { code: -32000, message: error.message } };
  }
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...answer }) + '\\n');
});
`;
}

const CASES = `
- name: city
  ability: memory
  sessions: [{ date: 2026-01-02, user: "I live in Lisbon." }]
  probe: { date: 2026-05-01, text: "Where do I live?" }
  check: { icontains: lisbon }
  evidence: ["I live in Lisbon"]
`;

test('a retrieval provider whose every search came back empty after seeding: exit 3 naming it, what it was given and what its list holds; its gate conditions do not pass; the other provider is scored', { timeout: 120_000 }, async () => {
  // Stores what it is given (list shows it) and finds nothing.
  const adapter = stdioAdapter(`{
    memories: new Map(),
    reset({ user }) { this.memories.delete(user); return {}; },
    add({ user, memories }) { this.memories.set(user, [...(this.memories.get(user) ?? []), ...memories]); return {}; },
    search() { return { results: [] }; },
    list({ user }) { return { memories: this.memories.get(user) ?? [] }; },
  }`.replace(/this\.memories/g, 'handlers.memories'));
  const suite = suiteDir({
    'finds-nothing.mjs': adapter,
    'suite.yaml': [
      'name: empty-provider',
      'retrieval:',
      '  k: [1]',
      '  providers:',
      `    - { name: finds-nothing, kind: adapter, command: [${JSON.stringify(process.execPath)}, finds-nothing.mjs] }`,
      '    - { name: kw, kind: keyword }',
      '  memories:',
      '    - { id: m1, user: ana, text: "Ana lives in Lisbon." }',
      '    - { id: m2, user: ana, text: "Ana drinks green tea." }',
      '    - { id: m3, user: ben, text: "Ben cycles to work." }',
      '  queries:',
      '    - { id: q1, user: ana, text: "Where does Ana live?", relevant: [m1] }',
      '    - { id: q2, user: ben, text: "How does Ben get to work?", relevant: [m3] }',
      // Five searches: fewer finding nothing could be the queries' doing (MIN_SEARCHES_FOR_EMPTY_ERROR).
      '    - { id: q3, user: ana, text: "What does Ana drink?", relevant: [m2] }',
      '    - { id: q4, user: ben, text: "Does Ben cycle?", relevant: [m3] }',
      '    - { id: q5, user: ana, text: "Which city is Ana in, Lisbon?", relevant: [m1] }',
      'gate:',
      '  all:',
      '    - { metric: retrieval.finds-nothing.cross_user_hits, op: eq, value: 0 }',
      '    - { metric: retrieval.finds-nothing.mrr, op: gte, value: 0 }',
      '    - { metric: retrieval.kw.mrr, op: gte, value: 0.5 }',
      '',
    ].join('\n'),
  });
  const out = tempDir();
  const run = await runCli(['run', suite, '--out', out]);
  assert.equal(run.code, 3, run.stdout + run.stderr);
  const reason = 'provider finds-nothing was given 3 memories, yet every one of its 5 searches came back empty (its list holds 3 memories for the suite\'s users)';
  assert.match(run.stderr, new RegExp(`incomplete: provider finds-nothing: searching: ${reason.replace(/[()]/g, '\\$&')}`));
  const { results } = readOut(out);
  assert.equal(results.status, 'incomplete');
  assert.equal(results.retrieval!.providers['finds-nothing']!.status, 'error');
  assert.equal(results.retrieval!.providers.kw!.status, 'ok');
  // No condition on the empty provider passes, not even its vacuous isolation canary.
  assert.match(run.stdout, /^all\[0\]\s+retrieval\.finds-nothing\.cross_user_hits\s.*\bFAIL$/m);
  assert.match(run.stdout, /^all\[1\]\s+retrieval\.finds-nothing\.mrr\s.*\bFAIL$/m);
  assert.match(run.stdout, /^all\[2\]\s+retrieval\.kw\.mrr\s.*\bpass$/m);
  assert.match(run.stdout, /all\[0\]: missing: provider finds-nothing failed and returned no result, so it measured no isolation/);
  assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /\*\*finds-nothing\*\* could not complete: searching: provider finds-nothing was given 3 memories/);
});

test('under recall, a target whose memory is empty after the sessions of every trial: a loud warning on the terminal, in report.md and the comment, counted in results.json', { timeout: 120_000 }, async () => {
  // Answers, remembers nothing, lists nothing.
  const adapter = stdioAdapter(`{ reset() { return {}; }, chat() { return { reply: "I don't know.", recalled: [] }; }, list() { return { memories: [] }; } }`);
  const suite = suiteDir({
    'forgetful.mjs': adapter,
    'cases.yaml': CASES,
    'suite.yaml': ['name: forgetful', 'e2e:', `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, forgetful.mjs] }`, '  repeat: 2', '  conditions: [recall]', '  cases: cases.yaml', ''].join('\n'),
  });
  const out = tempDir();
  const run = await runCli(['run', suite, '--layer', 'e2e', '--out', out]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const warning = /under recall the target's memory was empty after the sessions of every trial \(2 of 2 snapshots\): it stored nothing, or its list does not show what it stores/;
  assert.match(run.stdout, new RegExp(`^WARNING: ${warning.source}`, 'm'));
  const { results } = readOut(out);
  assert.deepEqual(results.e2e!.stages!.snapshots, { taken: 2, empty: 2, unavailable: 0, evidence: { with_memories: 0, verbatim: 0 } });
  assert.equal(results.e2e!.stages!.by_condition.recall!.not_stored, 2);
  assert.match(readFileSync(join(out, 'report.md'), 'utf8'), new RegExp(`^⚠️ \\*\\*Warning:\\*\\* ${warning.source}`, 'm'));
  assert.match(renderComment({ marker: '<!-- m -->', results, baselineNote: 'none', e2eTrigger: { ran: true, reason: 'test', files: [] } }), warning);
});

test('an adapter that fails for a variable recall-gate has and its env: map does not pass: the error names it and the env: line, never its value; its stderr goes to adapter.log, the last lines still in the error', { timeout: 120_000 }, async () => {
  // A library's stack trace, then the reason it cannot start.
  const adapter = [
    "for (let i = 1; i <= 30; i++) console.error(`    at frame ${String(i).padStart(2, '0')} (agent_lib.js:${i}:1)`);",
    "if (!process.env.MY_AGENT_KEY) { console.error('Error: MY_AGENT_KEY is not set'); process.exit(1); }",
    '',
  ].join('\n');
  const suite = suiteDir({
    'needs-key.mjs': adapter,
    'cases.yaml': CASES,
    'suite.yaml': ['name: needs-key', 'e2e:', `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, needs-key.mjs], env: { OTHER_SETTING: plain } }`, '  repeat: 1', '  conditions: [recall]', '  cases: cases.yaml', ''].join('\n'),
  });
  const out = tempDir();
  const secret = 'agent-key-value-5521';
  const run = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: { MY_AGENT_KEY: secret } });
  assert.equal(run.code, 3, run.stdout + run.stderr);
  const { trials } = readOut(out);
  const reason = trials[0]!.reason;
  assert.match(reason, /^agent adapter `.*needs-key\.mjs` exited with code 1 while "reset" was waiting for its response/);
  assert.match(reason, /recall-gate's environment has MY_AGENT_KEY, which the adapter does not get .*add to its target or provider: env: \{ MY_AGENT_KEY: "\$\{MY_AGENT_KEY\}" \}/);
  // The last lines of its stderr stay in the error, less the stack frames; the whole of it is in adapter.log, not on the terminal.
  assert.match(reason, /; the last lines of its stderr:\n {2}Error: MY_AGENT_KEY is not set/);
  assert.doesNotMatch(reason, /at frame/);
  const log = readFileSync(join(out, 'adapter.log'), 'utf8');
  for (let frame = 1; frame <= 30; frame++) assert.ok(log.includes(`at frame ${String(frame).padStart(2, '0')} `), `frame ${frame} in adapter.log`);
  assert.match(log, /Error: MY_AGENT_KEY is not set/);
  const terminal = run.stdout + run.stderr;
  assert.doesNotMatch(terminal, /at frame 01/);
  assert.match(terminal, new RegExp(`the adapter writes to stderr: its lines go to ${join(out, 'adapter.log').replace(/[.]/g, '\\.')}`));
  for (const file of ['trials.jsonl', 'results.json', 'report.md', 'adapter.log']) assert.ok(!readFileSync(join(out, file), 'utf8').includes(secret), `${file} never holds the value`);
  assert.ok(!terminal.includes(secret));
});

test('an adapter that answers an error naming a key it lacks: the error names the variable recall-gate has and does not pass', { timeout: 120_000 }, async () => {
  const adapter = stdioAdapter(`{ reset() { return {}; }, chat() { throw new Error('the OpenAI client found no API key'); } }`);
  const suite = suiteDir({
    'no-key.mjs': adapter,
    'cases.yaml': CASES,
    'suite.yaml': ['name: no-key', 'e2e:', `  target: { kind: command, command: [${JSON.stringify(process.execPath)}, no-key.mjs] }`, '  repeat: 1', '  conditions: [recall]', '  cases: cases.yaml', ''].join('\n'),
  });
  const out = tempDir();
  const run = await runCli(['run', suite, '--layer', 'e2e', '--out', out], { env: { OPENAI_API_KEY: 'sk-never-shown-8812' } });
  assert.equal(run.code, 3, run.stdout + run.stderr);
  const reason = readOut(out).trials[0]!.reason;
  assert.match(reason, /"chat" failed with JSON-RPC error -32000: the OpenAI client found no API key \(recall-gate's environment has OPENAI_API_KEY, which the adapter does not get/);
  assert.ok(!reason.includes('sk-never-shown-8812'));
});

/** The Python interpreter itself (a version manager's shim takes seconds to start on a busy machine); undefined without one. */
function python(): string | undefined {
  try {
    return execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
const PYTHON = python();

test('a stdio adapter whose stdout is buffered: the timeout says so and how to fix it (python -u), and the fix works', { timeout: 120_000, skip: PYTHON ? false : 'no python3 here' }, async () => {
  // print() to a pipe is block-buffered: the responses stay in Python's buffer.
  const adapter = [
    'import json, sys',
    'for line in sys.stdin:',
    '    request = json.loads(line)',
    "    method = request['method']",
    "    result = {'reply': 'You live in Lisbon.'} if method == 'chat' else {}",
    "    print(json.dumps({'jsonrpc': '2.0', 'id': request['id'], 'result': result}))",
    '',
  ].join('\n');
  const suiteOf = (command: string[]) =>
    suiteDir({
      'agent.py': adapter,
      'cases.yaml': CASES,
      'suite.yaml': ['name: buffered', 'e2e:', `  target: { kind: command, command: ${JSON.stringify(command)}, timeout_ms: 3000 }`, '  repeat: 1', '  conditions: [recall]', '  cases: cases.yaml', ''].join('\n'),
    });
  const out = tempDir();
  const run = await runCli(['run', suiteOf([PYTHON!, 'agent.py']), '--layer', 'e2e', '--out', out]);
  assert.equal(run.code, 3, run.stdout + run.stderr);
  assert.match(readOut(out).trials[0]!.reason, /"reset" got no response within 3000 ms \(it has written no line on stdout at all, so its stdout may be buffered: each response line must be flushed as it is written \(Python: print\(\.\.\., flush=True\), or run it with python -u\); if it is only slow, its start included, raise the target's timeout_ms/);
  const fixed = tempDir();
  const again = await runCli(['run', suiteOf([PYTHON!, '-u', 'agent.py']), '--layer', 'e2e', '--out', fixed]);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.equal(readOut(fixed).trials[0]!.status, 'pass');
});

test('a Python SDK adapter whose slow chat is a plain def, with trials running together: the timeout says the calls queued and how to fix it (async def), and the fix works', { timeout: 120_000, skip: PYTHON ? false : 'no python3 here' }, async () => {
  // Four trials at once, each chat half a second: a plain def answers them one after another, past a 1.2 s timeout.
  const adapter = (chat: string) =>
    ['import asyncio, time', 'from recall_gate_adapter import serve_adapter', 'def reset(params):', '    return None', chat, "    return {'reply': 'You live in Lisbon.'}", 'serve_adapter(reset=reset, chat=chat)', ''].join('\n');
  const suiteOf = (chat: string) =>
    suiteDir({
      'adapter.py': adapter(chat),
      'recall_gate_adapter.py': readFileSync(join(REPO_ROOT, 'python', 'recall_gate_adapter.py'), 'utf8'),
      'cases.yaml': CASES,
      'suite.yaml': ['name: queued', 'e2e:', `  target: { kind: command, command: ${JSON.stringify([PYTHON!, 'adapter.py', '--stdio'])}, timeout_ms: 1200 }`, '  repeat: 4', '  concurrency: 4', '  conditions: [recall]', '  cases: cases.yaml', ''].join('\n'),
    });
  const out = tempDir();
  const run = await runCli(['run', suiteOf('def chat(params):\n    time.sleep(0.5)'), '--layer', 'e2e', '--out', out]);
  assert.equal(run.code, 3, run.stdout + run.stderr);
  const reasons = readOut(out).trials.filter((trial) => trial.status === 'error').map((trial) => trial.reason);
  assert.ok(reasons.length > 0, 'some trials waited past the timeout');
  for (const reason of reasons) assert.match(reason, /"chat" got no response within 1200 ms \(\d calls were waiting on it at once \(the trials running together, e2e\.concurrency\): if it answers one call at a time \(plain def handlers in the Python SDK\), each waits for those before it; make the slow handlers async def awaiting what they wait on/);
  const fixed = tempDir();
  const again = await runCli(['run', suiteOf('async def chat(params):\n    await asyncio.sleep(0.5)'), '--layer', 'e2e', '--out', fixed]);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.deepEqual(readOut(fixed).trials.map((trial) => trial.status), ['pass', 'pass', 'pass', 'pass']);
});
