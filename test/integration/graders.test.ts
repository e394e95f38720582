import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { gradeTrial } from '../../src/e2e/graders/grade.js';
import { OpenAIJudge } from '../../src/e2e/openaiJudge.js';
import type { TrialRecord } from '../../src/model/trial.js';
import type { CaseSpec } from '../../src/model/e2e.js';
import { answerFromMemories, startOpenAIServer, type ChatRequestBody } from '../support/openaiServer.js';

function caseWith(graders: CaseSpec['graders']): CaseSpec {
  return { name: 'c', ability: 'a', sessions: [], probe: { text: 'What stack do we use?' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 'f', line: 1, col: 1 }, graders };
}

const planted = [
  { kind: 'session' as const, user: 'u', date: '2026-03-02', message: 'We use Python and React.', reply: 'Noted.', latency_ms: 1, memory_ops: [] },
  { kind: 'probe' as const, user: 'u', message: 'What stack?', reply: 'Python and React.', latency_ms: 1 },
];

test('a judge grader scores 1-5 against its min; on memory it reads the snapshot and the planted conversation; a malformed verdict is an error', async () => {
  const replies = ['{"score": 4, "reason": "clear"}', '{"score": 2, "reason": "vague"}', '{"score": 5, "reason": "one fact each"}', '{"score": 0, "reason": "x"}', '{"pass": true}', 'Fine!'];
  const server = await startOpenAIServer({ apiKey: 'sk-test', chat: () => replies.shift()! });
  try {
    const judge = new OpenAIJudge('judge-model', { apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 });
    const spec = caseWith({
      answer_quality: { judge: { rubric: 'Names the stack.', scale: [1, 5], on: 'answer' }, min: 3.5 },
      second: { judge: { rubric: 'Names the stack.', scale: [1, 5], on: 'answer' }, min: 3.5 },
      memory_quality: { judge: { rubric: 'One fact per entry.', scale: [1, 5], on: 'memory' } },
    });
    const input = { question: 'What stack?', answer: 'Python and React.', snapshot: { entries: [{ text: 'Uses Python', label: 'project' }, { text: 'Uses React' }] }, invocations: planted, judge };
    const graded = await gradeTrial(spec, input);
    assert.deepEqual(graded.graders!.answer_quality, { status: 'pass', score: 4, scale: [1, 5], min: 3.5, reason: 'judge: clear' });
    assert.deepEqual(graded.graders!.second, { status: 'fail', score: 2, scale: [1, 5], min: 3.5, reason: 'judge: vague' });
    assert.deepEqual(graded.graders!.memory_quality, { status: 'pass', score: 5, scale: [1, 5], min: 4, reason: 'judge: one fact each' });
    assert.equal(graded.status, 'fail');
    assert.ok(graded.usage && graded.usage.input_tokens > 0, 'judge tokens are counted');
    const memoryRequest = server.requests[2]!.body as ChatRequestBody;
    assert.match(memoryRequest.messages[0]!.content, /what an assistant kept in its memory/);
    assert.equal(memoryRequest.messages[1]!.content, 'Rubric:\nOne fact per entry.\n\nConversation:\n[2026-03-02] User: We use Python and React.\nAssistant: Noted.\n\nMemory:\n- [project] Uses Python\n- Uses React');

    for (const expected of [/no whole "score" from 1 to 5: \{"score": 0/, /no whole "score" from 1 to 5: \{"pass": true\}/, /did not answer with JSON: Fine!/]) {
      const malformed = await gradeTrial(caseWith({ q: { judge: { rubric: 'r', scale: [1, 5], on: 'answer' } } }), input);
      assert.equal(malformed.status, 'error', 'a malformed verdict is never a pass');
      assert.equal(malformed.graders!.q!.status, 'error');
      assert.match(malformed.reason, expected);
    }
  } finally {
    await server.close();
  }
});

test('a script grader gets the answer, snapshot, memory ops, sessions and case; a throw or a bad value is a trial error naming file#export', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-script-'));
  const path = join(dir, 'graders.mjs');
  writeFileSync(
    path,
    [
      'export async function share(ctx) {',
      '  const ops = ctx.memory_ops.filter((entry) => entry.kind === "session").flatMap((entry) => entry.ops).length;',
      '  return { score: ctx.snapshot.entries.length / 4, reason: `${ctx.case.name}: ${ctx.answer} (${ops} ops)`, metadata: { sessions: ctx.sessions.length } };',
      '}',
      'export function boom() { throw new Error("no entries to grade"); }',
      'export function bad() { return { score: 7, reason: "too high" }; }',
      'export function decides() { return { score: 0.2, pass: true, reason: "the script decides" }; }',
    ].join('\n'),
  );
  const script = (name: string) => ({ script: { path, shown: `graders.mjs#${name}`, export: name } });
  const input = { question: 'q', answer: 'Python and React.', snapshot: { entries: [{ text: 'a' }, { text: 'b' }, { text: 'c' }] }, invocations: [{ ...planted[0]!, memory_ops: [{ op: 'insert' as const }] }, planted[1]!] };
  const graded = await gradeTrial(caseWith({ share: { ...script('share'), min: 0.7 }, decides: script('decides') }), input);
  assert.deepEqual(graded.graders!.share, { status: 'pass', score: 0.75, min: 0.7, reason: 'c: Python and React. (1 ops)', metadata: { sessions: 0 } });
  assert.equal(graded.graders!.decides!.status, 'pass');
  assert.equal(graded.status, 'pass');

  const thrown = await gradeTrial(caseWith({ mine: script('boom') }), input);
  assert.equal(thrown.status, 'error');
  assert.equal(thrown.reason, 'grader mine: grader script graders.mjs#boom threw: no entries to grade');
  const bad = await gradeTrial(caseWith({ mine: script('bad') }), input);
  assert.equal(bad.status, 'error');
  assert.equal(bad.reason, 'grader mine: grader script graders.mjs#bad returned a bad value: score must be a number from 0 to 1, got 7');
});

function io(env: NodeJS.ProcessEnv, cwd: string): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { cwd, env, out, err, stdout: (text) => out.push(text), stderr: (text) => err.push(text) };
}

test('regrade re-runs memory and script graders on the stored snapshot with no model calls; judge graders keep their outcome', { timeout: 120_000 }, async () => {
  const server = await startOpenAIServer({
    apiKey: 'sk-test',
    chat: (request) => (request.response_format ? '{"score": 4, "reason": "names the stack"}' : answerFromMemories(request)),
  });
  try {
    const dir = mkdtempSync(join(tmpdir(), 'recall-gate-regrade-'));
    writeFileSync(join(dir, 'count.mjs'), 'export function entries(ctx) { const n = ctx.snapshot && ctx.snapshot.entries ? ctx.snapshot.entries.length : 0; return { score: Math.min(n, 2) / 2, reason: `${n} entries` }; }\n');
    writeFileSync(
      join(dir, 'suite.yaml'),
      `name: regrade-graders
retrieval:
  providers: [{ name: kw, kind: keyword }]
  memories: [{ id: m1, text: hello }]
  queries: [{ id: q1, text: hello, relevant: [m1] }]
e2e:
  target: { kind: builtin, model: m, memory: { provider: kw } }
  judge: { model: judge-model }
  repeat: 1
  conditions: [recall]
  cases:
    - name: stack
      ability: project-context
      sessions: [{ date: 2026-03-02, user: "Our stack is Python and React." }]
      probe: { date: 2026-03-09, text: "What is our stack?" }
      check: { icontains: react }
      graders:
        capture: { memory: { captures: [Python, React, Postgres] }, min: 0.6 }
        count: { script: "count.mjs#entries" }
        quality: { judge: { rubric: Names the stack., scale: [1, 5] } }
`,
    );
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url };
    const out = join(dir, 'out');
    const run = io(env, dir);
    await main(['run', 'suite.yaml', '--layer', 'e2e', '--out', out], run);
    const trialsPath = join(out, 'trials.jsonl');
    const readTrial = () => JSON.parse(readFileSync(trialsPath, 'utf8').trim()) as TrialRecord;
    const ran = readTrial();
    assert.deepEqual(ran.graders!.quality, { status: 'pass', score: 4, scale: [1, 5], min: 4, reason: 'judge: names the stack' });
    assert.match(ran.check, /^icontains "react"; graders capture: memory captures 3 \(min 0\.6\); count: script count\.mjs#entries; quality: judge "Names the stack\." \(1-5\)$/);

    const regradeWith = async (entries: string[]) => {
      writeFileSync(trialsPath, `${JSON.stringify({ ...readTrial(), snapshot: { entries: entries.map((text) => ({ text })) } })}\n`);
      const before = server.requests.length;
      const regrade = io(env, dir);
      const code = await main(['regrade', out], regrade);
      assert.equal(server.requests.length, before, 'regrade makes no model calls');
      return { code, trial: readTrial(), stdout: regrade.out.join('') };
    };
    const one = await regradeWith(['Uses Python']);
    assert.deepEqual([one.trial.graders!.capture!.score, one.trial.graders!.capture!.status, one.trial.graders!.count!.score], [1 / 3, 'fail', 0.5]);
    assert.equal(one.trial.status, 'fail');
    assert.deepEqual(one.trial.graders!.quality, ran.graders!.quality, 'the judge grader keeps its stored outcome');
    const two = await regradeWith(['Uses Python', 'Frontend in React']);
    assert.deepEqual([two.trial.graders!.capture!.score, two.trial.graders!.capture!.status, two.trial.graders!.count!.score], [2 / 3, 'pass', 1]);
    assert.equal(two.trial.status, 'pass');
    assert.match(two.stdout, /stack\|recall\|1: fail -> pass/);
    assert.match(two.stdout, /regraded 1 trial with no model calls: 1 changed/);
    // The same verdict with other scores is said too: a third fact captured moves capture from 2/3 to 1.
    const three = await regradeWith(['Uses Python', 'Frontend in React', 'Data in Postgres']);
    assert.deepEqual([three.trial.status, three.trial.graders!.capture!.score], ['pass', 1]);
    assert.match(three.stdout, /stack\|recall\|1: pass, grader scores changed: /);
    assert.match(three.stdout, /regraded 1 trial with no model calls: 0 changed, 1 with the same verdict but other grader scores, 0 kept as they were/);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { e2e: { by_condition: Record<string, { pass_rate: number }> } };
    assert.equal(results.e2e.by_condition.recall!.pass_rate, 1, 'results are recomputed from the regraded trials');
  } finally {
    await server.close();
  }
});

test('a judge that never answers is given up at e2e.judge.timeout_ms: the grader is an error, counted, and the run ends', { timeout: 60_000 }, async () => {
  const judged = (body: unknown) => Boolean((body as { response_format?: unknown }).response_format);
  const server = await startOpenAIServer({ apiKey: 'sk-test', chat: answerFromMemories, faults: [{ kind: 'hang', when: judged }] });
  try {
    const dir = mkdtempSync(join(tmpdir(), 'recall-gate-judge-hang-'));
    writeFileSync(
      join(dir, 'suite.yaml'),
      `name: judge-hang
retrieval:
  providers: [{ name: kw, kind: keyword }]
  memories: [{ id: m1, text: hello }]
  queries: [{ id: q1, text: hello, relevant: [m1] }]
e2e:
  target: { kind: builtin, model: m, memory: { provider: kw } }
  judge: { model: judge-model, timeout_ms: 300, max_retries: 0 }
  repeat: 1
  cases:
    - name: stack
      ability: project-context
      sessions: [{ user: "Our stack is Python and React." }]
      probe: { text: "What is our stack?" }
      graders:
        quality: { judge: { rubric: Names the stack., scale: [1, 5] } }
`,
    );
    const out = join(dir, 'out');
    const run = io({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url }, dir);
    const code = await main(['run', 'suite.yaml', '--layer', 'e2e', '--out', out], run);
    assert.equal(code, 3, run.err.join(''));
    const trial = JSON.parse(readFileSync(join(out, 'trials.jsonl'), 'utf8').trim()) as TrialRecord;
    assert.equal(trial.status, 'error');
    assert.equal(trial.graders!.quality!.status, 'error');
    assert.match(trial.graders!.quality!.reason, /judge request/);
    assert.equal(server.requests.filter((request) => judged(request.body)).length, 1, 'max_retries: 0 makes one attempt');
  } finally {
    await server.close();
  }
});
