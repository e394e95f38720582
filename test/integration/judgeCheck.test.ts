import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { tempDir } from '../support/cli.js';
import { answerFromMemories, startOpenAIServer, type ChatRequestBody, type OpenAIServer } from '../support/openaiServer.js';

const RUBRIC = 'Names the shellfish allergy.';
/** [label, answer]: the scripted judge passes an answer that says "shellfish", so it disagrees with the person on lines 2 and 7. */
const PASS_FAIL: [string, string][] = [
  ['pass', 'Avoid shellfish: it gives you hives.'],
  ['pass', 'Stay away from prawns and crab.'],
  ['pass', 'Skip shellfish.'],
  ['pass', 'No shellfish for you.'],
  ['fail', 'Nothing to avoid.'],
  ['fail', 'Avoid peanuts.'],
  ['fail', 'You can eat shellfish freely.'],
  ['fail', "I don't know."],
];
/** [label, judge's score] by answer: the judge scores line 4 a 5 where the person gave 4. */
const SCORES: [number, number, string][] = [
  [1, 1, 'Eat whatever you like.'],
  [2, 2, 'Maybe avoid seafood?'],
  [3, 3, 'Be careful with some seafood.'],
  [4, 5, 'Avoid shellfish.'],
  [5, 5, 'Avoid shellfish: it gives you hives.'],
];

const isJudge = (request: ChatRequestBody) => request.messages[0]?.content.startsWith('You grade') ?? false;
const answerOf = (request: ChatRequestBody) => /\nAnswer:\n([\s\S]*)$/.exec(request.messages.at(-1)!.content)![1]!;

/** The scripted chat: judge requests get a JSON verdict (or score), everything else is the agent answering from memories. */
function chat(request: ChatRequestBody): string {
  if (!isJudge(request)) return answerFromMemories(request);
  const answer = answerOf(request);
  if (request.messages[0]!.content.includes('"score"')) {
    const scored = SCORES.find(([, , text]) => text === answer);
    return JSON.stringify({ score: scored ? scored[1] : 1, reason: 'scored by the script' });
  }
  const pass = /shellfish/i.test(answer);
  return JSON.stringify({ pass, reason: pass ? 'mentions shellfish' : 'does not mention shellfish' });
}

function writeLabels(dir: string, name: string, rows: object[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${rows.map((row) => JSON.stringify(row)).join('\n')}\n`);
  return path;
}

async function cli(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { cwd, env, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

describe('judge-check and e2e.judge.calibration against a local OpenAI-compatible server', { timeout: 120_000 }, () => {
  let server: OpenAIServer;
  let dir: string;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test', chat });
    dir = tempDir('recall-gate-judge-check-');
    writeLabels(dir, 'labels.jsonl', PASS_FAIL.map(([label, answer]) => ({ question: 'Is there anything I should avoid eating?', answer, rubric: RUBRIC, label })));
    writeLabels(dir, 'scores.jsonl', SCORES.map(([label, , answer]) => ({ question: 'Is there anything I should avoid eating?', answer, rubric: RUBRIC, label })));
  });
  after(async () => server.close());
  const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, RECALL_GATE_CACHE_DIR: tempDir('recall-gate-cache-') });

  test('pass/fail labels: agreement, Cohen\'s kappa, the confusion matrix and the disagreements by line', async () => {
    const result = await cli(['judge-check', 'labels.jsonl', '--model', 'judge-model'], env(), dir);
    assert.equal(result.code, 0, result.stderr);
    // matrix [[3, 1], [1, 3]]: p_o = 6/8, p_e = 0.5, kappa = (0.75 - 0.5) / 0.5
    assert.match(result.stdout, /^labels\.jsonl: 8 pass\/fail labels$/m);
    assert.match(result.stdout, /^agreement 0\.750 \(6 of 8\)$/m);
    assert.match(result.stdout, /^Cohen's kappa 0\.500$/m);
    assert.match(result.stdout, /^\s+pass\s+fail$/m);
    assert.match(result.stdout, /^\s+pass\s+3\s+1$/m);
    assert.match(result.stdout, /^\s+fail\s+1\s+3$/m);
    assert.match(result.stdout, /^ {2}labels\.jsonl:2: label pass, judge fail: does not mention shellfish$/m);
    assert.match(result.stdout, /^ {2}labels\.jsonl:7: label fail, judge pass: mentions shellfish$/m);
    assert.equal((result.stdout.match(/^ {2}labels\.jsonl:\d+:/gm) ?? []).length, 2);
  });

  test('--json gives the same figures for machines', async () => {
    const result = await cli(['judge-check', 'labels.jsonl', '--model', 'judge-model', '--json'], env(), dir);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { n: number; agreement: number; kappa: number; matrix: number[][]; disagreements: { line: number }[]; weights: string };
    assert.deepEqual([report.n, report.agreement, report.kappa, report.weights], [8, 0.75, 0.5, 'none']);
    assert.deepEqual(report.matrix, [[3, 1], [1, 3]]);
    assert.deepEqual(report.disagreements.map((d) => d.line), [2, 7]);
  });

  test('1-5 scores: the judge is asked for a score, and the kappa is weighted (quadratic)', async () => {
    const start = server.requests.length;
    const result = await cli(['judge-check', 'scores.jsonl', '--model', 'judge-model'], env(), dir);
    assert.equal(result.code, 0, result.stderr);
    // one near miss (4 judged 5): 1 - (1/16) / (23/16) = 22/23
    assert.match(result.stdout, /^agreement 0\.800 \(4 of 5\)$/m);
    assert.match(result.stdout, /^weighted kappa \(quadratic weights\) 0\.957$/m);
    assert.match(result.stdout, /^ {2}scores\.jsonl:4: label 4, judge 5: scored by the script$/m);
    const asked = server.requests.slice(start).map((request) => request.body as ChatRequestBody);
    assert.equal(asked.length, 5);
    for (const body of asked) assert.match(body.messages[0]!.content, /"score": an integer from 1/);
  });

  test('a bad labels file is an input error at file:line:col, before any judge call', async () => {
    writeLabels(dir, 'bad.jsonl', [{ question: 'q', answer: 'a', rubric: 'r', label: 'pass' }, { question: 'q', answer: 'a', rubric: 'r', label: 7 }, { question: 'q', answer: 'a', rubric: 'r', label: 3 }]);
    const start = server.requests.length;
    const result = await cli(['judge-check', 'bad.jsonl', '--model', 'judge-model'], env(), dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^bad\.jsonl:2:\d+: "label" must be "pass", "fail" or a whole score from 1 to 5, got 7$/m);
    assert.match(result.stderr, /^bad\.jsonl:3:\d+: a score label in a file of pass\/fail labels \(line 1\)/m);
    assert.doesNotMatch(result.stderr, /^\s+at /m);
    assert.equal(server.requests.length, start);
  });

  function writeSuite(minAgreement: number): string {
    const path = join(dir, `suite-${minAgreement}.yaml`);
    writeFileSync(
      path,
      [
        `name: judge-calibration-${String(minAgreement).replace('.', '-')}`,
        'retrieval:',
        '  providers: [{ name: kw, kind: keyword }]',
        '  memories: [{ id: m1, text: "placeholder" }]',
        '  queries: [{ text: "placeholder", relevant: [m1] }]',
        'e2e:',
        '  target: { kind: builtin, model: agent-model, memory: { provider: kw } }',
        `  judge: { model: judge-model, calibration: labels.jsonl, min_agreement: ${minAgreement} }`,
        '  repeat: 1',
        '  conditions: [recall, none]',
        '  cases:',
        '    - name: avoid-food',
        '      ability: extraction',
        '      sessions: [{ user: "I break out in hives if I eat shellfish." }]',
        '      probe: { text: "What should I not eat?" }',
        `      check: { judge: { rubric: "${RUBRIC}" } }`,
        '',
      ].join('\n'),
    );
    return path;
  }

  test('a suite whose min_agreement is above the measured agreement stops before any trial, exit 3, with the figures', async () => {
    const out = join(tempDir(), 'out');
    const start = server.requests.length;
    const result = await cli(['run', writeSuite(0.9), '--layer', 'e2e', '--out', out], env(), dir);
    assert.equal(result.code, 3, result.stdout + result.stderr);
    const message = /judge calibration failed: agreement 0\.75 is below min_agreement 0\.9 \(kappa 0\.50, 6 of 8 rows agree\) on \S*labels\.jsonl/;
    assert.match(result.stdout + result.stderr, message);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;
    assert.equal(results.status, 'incomplete');
    assert.ok(results.errors.some((error) => message.test(error)), results.errors.join('; '));
    const bodies = server.requests.slice(start).map((request) => request.body as ChatRequestBody);
    assert.equal(bodies.length, 8, 'only the 8 calibration calls');
    assert.ok(bodies.every(isJudge), 'no call to the agent: no trial ran');
    assert.ok(!existsSync(join(out, 'trials.jsonl')) || readFileSync(join(out, 'trials.jsonl'), 'utf8') === '');
  });

  test('a met min_agreement runs; results.json and the report show the agreement; the judge never sees the condition', async () => {
    const out = join(tempDir(), 'out');
    const start = server.requests.length;
    const result = await cli(['run', writeSuite(0.7), '--layer', 'e2e', '--out', out], env(), dir);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as ResultsDocument;
    const calibration = results.e2e!.judge_calibration!;
    assert.deepEqual([calibration.n, calibration.agreement, calibration.kappa, calibration.min_agreement], [8, 0.75, 0.5, 0.7]);
    assert.match(result.stdout, /^judge agreement 0\.75 \(kappa 0\.50, n=8\) on \S*labels\.jsonl$/m);
    assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /judge agreement 0\.75 \\?\(kappa 0\.50, n=8\\?\)/);
    assert.equal(results.e2e!.by_condition.recall!.pass_rate, 1, 'the recalled answer names shellfish');
    assert.equal(results.e2e!.by_condition.none!.pass_rate, 0);

    // The judge requests of the two trials (recall, none): rubric, question and answer, nothing of the trial.
    const trials = readFileSync(join(out, 'trials.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { condition: string; answer: string });
    assert.deepEqual(trials.map((trial) => trial.condition).sort(), ['none', 'recall']);
    const judged = server.requests.slice(start).map((request) => request.body as ChatRequestBody).filter(isJudge).slice(8);
    assert.equal(judged.length, 2);
    for (const body of judged) {
      assert.deepEqual(Object.keys(body).sort(), ['messages', 'model', 'response_format']);
      assert.equal(body.messages[0]!.content, judged[0]!.messages[0]!.content, 'the same instructions for every condition');
      const answer = answerOf(body);
      assert.ok(trials.some((trial) => trial.answer === answer), `a trial's answer: ${answer}`);
      assert.equal(body.messages[1]!.content, `Rubric:\n${RUBRIC}\n\nQuestion:\nWhat should I not eat?\n\nAnswer:\n${answer}`);
      const text = JSON.stringify(body);
      for (const word of ['recall', 'oracle', 'condition', 'variant', 'avoid-food', 'extraction']) assert.ok(!text.includes(word), `the judge request names "${word}"`);
      assert.doesNotMatch(text, /\bnone\b/);
    }
  });
});
