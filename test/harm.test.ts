import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import { gradeHarmfulAction, harmfulRecalls, harmNote, settleRecallQuality, successorOf } from '../src/e2e/harm.js';
import type { Invocation, TrialRecord } from '../src/model/trial.js';
import { trialKey } from '../src/e2e/trialRecords.js';
import type { CaseSpec, Condition } from '../src/model/e2e.js';
import { RecallGateError, formatLocation } from '../src/errors.js';
import { parseMetricKey, resolveMetric } from '../src/gate/metrics.js';
import type { Verdict } from '../src/model/gate.js';
import { validateGate } from '../src/gate/validateGate.js';
import type { ResultsDocument } from '../src/model/results.js';
import { loadSuite } from '../src/suite/load.js';
import { renderComment } from '../src/report/comment.js';
import { harmMarkdown, harmTerminal } from '../src/report/harmTable.js';
import { markdownReport } from '../src/report/markdown.js';
import { terminalE2eReport } from '../src/report/terminalE2e.js';
import { REPO_ROOT } from './support/cli.js';

const WHERE = { file: 'cases.yaml', line: 1, col: 1 };

function spec(name: string, fields: Partial<CaseSpec> = {}): CaseSpec {
  return { name, ability: 'knowledge-update', sessions: [], probe: { text: 'q?' }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: WHERE, ...fields };
}

function call(kind: Invocation['kind'], user: string, recalled?: string[]): Invocation {
  return { kind, user, message: 'm', reply: 'r', latency_ms: 1, ...(recalled ? { recalled: recalled.map((text, i) => ({ id: `m${i + 1}`, text })) } : {}) };
}

function trial(caseName: string, condition: Condition, repeat: number, fields: Partial<TrialRecord> = {}): TrialRecord {
  return {
    key: trialKey(caseName, condition, repeat),
    case: caseName,
    ability: 'ignored',
    condition,
    repeat,
    user: 'owner',
    status: 'pass',
    reason: '',
    question: 'q?',
    check: '',
    invocations: [],
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: 0,
    started_at: '2026-01-01T00:00:00Z',
    duration_ms: 1,
    ...fields,
  };
}

test('successor: the evidence text sharing the most words with the obsolete one; none when no word is shared', () => {
  const evidence = ['I adopted a cat named Rex', 'the offsite budget is now 8,000 euros'];
  assert.equal(successorOf('offsite budget is 5,000 euros', evidence), 'the offsite budget is now 8,000 euros');
  assert.equal(successorOf('staging-old', evidence), undefined);
  // A tie goes to the evidence listed first.
  assert.equal(successorOf('budget cat', ['cat budget one', 'budget cat two']), 'cat budget one');
});

test('harmful recall: obsolete texts in any invocation; disallowed ones only in invocations made as another user when the probe asks as one', () => {
  const budget = spec('b', { evidence: ['budget is now 8,000'], obsolete: ['budget is 5,000'], disallowed: ['secret plan'] });
  const invocations = [call('session', 'owner', []), call('session', 'owner', ['The budget is 5,000 euros.', 'our secret plan']), call('probe', 'owner', ['The budget is now 8,000.'])];
  // Without probe.as, every invocation counts for both kinds.
  assert.deepEqual(harmfulRecalls(budget, invocations, 'owner'), [
    { invocation: 1, id: 'm1', text: 'The budget is 5,000 euros.', successor: 'budget is now 8,000' },
    { invocation: 1, id: 'm2', text: 'our secret plan' },
  ]);
  // With probe.as, the owner's own sessions may recall the owner's text; the other user's probe may not.
  const asOther = { ...budget, probe: { text: 'q?', as: 'other' } };
  const probeAsOther = [...invocations.slice(0, 2), call('probe', 'other-user', ['Our SECRET plan, again'])];
  assert.deepEqual(
    harmfulRecalls(asOther, probeAsOther, 'owner').map((hit) => [hit.invocation, hit.text]),
    [
      [1, 'The budget is 5,000 euros.'],
      [2, 'Our SECRET plan, again'],
    ],
  );
});

test('settled per trial: true on a hit even when the trial errored (which has no harmful action), false only once the probe ran and every call said what it recalled', () => {
  const budget = spec('b', { obsolete: ['old value'] });
  const errored = trial('b', 'recall', 1, { status: 'error', harmful_action: true, invocations: [call('session', 'owner', ['the old value'])] });
  settleRecallQuality(budget, errored);
  assert.equal(errored.harmful_recall, true);
  assert.equal(errored.harmful_action, undefined);
  assert.equal(harmNote(errored), 'harmful recall of m1 "the old value" in session 1');

  const cut = trial('b', 'recall', 2, { status: 'error', invocations: [call('session', 'owner', [])] });
  settleRecallQuality(budget, cut);
  assert.equal(cut.harmful_recall, undefined, 'stopped before the probe: unknown, not "no harm"');
  const silent = trial('b', 'recall', 3, { invocations: [call('session', 'owner'), call('probe', 'owner', [])] });
  settleRecallQuality(budget, silent);
  assert.equal(silent.harmful_recall, undefined, 'a session that did not say what it recalled: unknown');
  const clean = trial('b', 'recall', 4, { invocations: [call('session', 'owner', []), call('probe', 'owner', ['new value'])] });
  settleRecallQuality(budget, clean);
  assert.equal(clean.harmful_recall, false);
  assert.equal(clean.harmful_recalls, undefined);
});

test('harmful action: the case\'s harmful check graded on the answer; none without one', async () => {
  const record = trial('b', 'recall', 1);
  await gradeHarmfulAction(spec('b', { harmful: { first_amount: 5000 } }), 'You can spend 5,000 euros.', { question: 'q?' }, record);
  assert.equal(record.harmful_action, true);
  await gradeHarmfulAction(spec('b', { harmful: { icontains: 'staging-old' } }), 'Deploy to staging-new.', { question: 'q?' }, record);
  assert.equal(record.harmful_action, false);
  const without = trial('b', 'recall', 2);
  await gradeHarmfulAction(spec('b'), 'anything', { question: 'q?' }, without);
  assert.equal('harmful_action' in without, false);
});

/** Hand-built trials of three cases under recall and none: the exact figures follow. */
function handBuilt(): { cases: CaseSpec[]; trials: TrialRecord[] } {
  const cases = [
    spec('update', { obsolete: ['old'], harmful: { contains: 'old' } }),
    spec('private', { ability: 'isolation', disallowed: ['secret'], needs_memory: false, probe: { text: 'q?', as: 'other' } }),
    spec('chitchat', { ability: 'isolation', expect_recall: 'none', needs_memory: false }),
  ];
  const probe = (recalled: string[] | undefined) => [call('session', 'owner', []), call('probe', 'owner', recalled)];
  const trials = [
    // update under recall: 2 of 3 harmful recalls (one errored with a hit), 1 of 2 harmful actions (the errored one has none).
    trial('update', 'recall', 1, { harmful_recall: true, harmful_recalls: [{ invocation: 0, id: 'm1', text: 'old' }], harmful_action: true, status: 'fail', invocations: probe(['old']) }),
    trial('update', 'recall', 2, { harmful_recall: false, harmful_action: false, invocations: probe(['new']) }),
    trial('update', 'recall', 3, { harmful_recall: true, harmful_recalls: [{ invocation: 1, text: 'old' }], status: 'error', invocations: probe(['old']) }),
    // private: 0 of 3 harmful; 2 probes given nothing, one that did not say.
    trial('private', 'recall', 1, { harmful_recall: false, invocations: probe([]) }),
    trial('private', 'recall', 2, { harmful_recall: false, invocations: probe([]) }),
    trial('private', 'recall', 3, { harmful_recall: false, invocations: probe(['unrelated']) }),
    // chitchat: 1 of 3 probes given nothing; one that did not say is not counted.
    trial('chitchat', 'recall', 1, { invocations: probe([]) }),
    trial('chitchat', 'recall', 2, { invocations: probe(['noise']) }),
    trial('chitchat', 'recall', 3, { invocations: probe(undefined) }),
    ...['update', 'private', 'chitchat'].flatMap((name) => [1, 2, 3].map((repeat) => trial(name, 'none', repeat, { harmful_recall: name === 'chitchat' ? undefined : false, invocations: probe([]) }))),
  ];
  return { cases, trials };
}

test('harm figures per condition and ability on hand-built trials: exact rates over the trials where each is defined', () => {
  const { cases, trials } = handBuilt();
  const e2e = aggregateE2e(trials, cases, ['recall', 'none'], 3);
  const recall = e2e.harm!.by_condition.recall!;
  assert.deepEqual(recall.harmful_recall, { count: 2, of: 6, rate: 0.333333 });
  assert.deepEqual(recall.harmful_action, { count: 1, of: 2, rate: 0.5 });
  // No-history cases (private, chitchat): 3 of 5 probes that said what they recalled got nothing.
  assert.deepEqual(recall.empty_recall, { count: 3, of: 5, rate: 0.6 });
  assert.equal(recall.probes_without_memory, 3);
  assert.equal(e2e.recall_quality.harmful_recall_rate, 0.333333, 'the gate key of old reads the any-invocation rule');
  const none = e2e.harm!.by_condition.none!;
  assert.deepEqual(none.harmful_recall, { count: 0, of: 6, rate: 0 });
  assert.deepEqual(none.harmful_action, { count: 0, of: 0 });
  assert.equal(none.empty_recall, undefined, 'none does not search: empty recall is not its doing');
  const isolation = e2e.harm!.abilities.isolation!.recall!;
  assert.deepEqual(isolation.harmful_recall, { count: 0, of: 3, rate: 0 });
  assert.deepEqual(isolation.empty_recall, { count: 3, of: 5, rate: 0.6 });
  assert.deepEqual(
    e2e.harm!.hits.map((hit) => [hit.key, hit.where, hit.text]),
    [
      ['update|recall|1', 'session 1', 'old'],
      ['update|recall|3', 'the probe', 'old'],
    ],
  );
  assert.equal(e2e.failures[0]!.harm, 'harmful recall of m1 "old" in session 1; acted on a harmful memory (the harmful check passed)');
});

function results(e2e: ReturnType<typeof aggregateE2e>): ResultsDocument {
  return {
    schema_version: 1,
    tool: { name: 'recall-gate', version: 'test' },
    versions: {},
    suite: { name: 's', file: 's.yaml', files: [], sha256: '' },
    started_at: '',
    status: 'complete',
    layers: { retrieval: 'absent', e2e: 'ran' },
    errors: [],
    e2e: { ...e2e, target: { kind: 'command' } },
  };
}

test('gate keys: harmful action and empty recall at the headline, every harm rate per condition and per ability, per-case samples', () => {
  const { cases, trials } = handBuilt();
  const doc = results(aggregateE2e(trials, cases, ['recall', 'none'], 3));
  const value = (key: string) => {
    const resolved = resolveMetric(key, doc);
    assert.equal(resolved.status, 'value', `${key}: ${JSON.stringify(resolved)}`);
    return resolved.status === 'value' ? resolved : undefined!;
  };
  assert.equal(value('e2e.harmful_action_rate').value, 0.5);
  assert.equal(value('e2e.empty_recall_rate').value, 0.6);
  assert.equal(value('e2e.harmful_recall_rate').value, 0.333333);
  assert.equal(value('e2e.recall.harmful_recall_rate').value, 0.333333);
  assert.equal(value('e2e.none.harmful_recall_rate').value, 0);
  assert.equal(value('e2e.recall.harmful_action_rate').value, 0.5);
  assert.equal(value('e2e.ability.isolation.empty_recall_rate').value, 0.6);
  assert.equal(value('e2e.ability.knowledge-update.recall.harmful_recall_rate').value, 0.666667);
  const samples = value('e2e.recall.harmful_recall_rate').samples!;
  assert.deepEqual(samples.ids, ['update', 'private']);
  assert.deepEqual(samples.units, [
    [2, 3],
    [0, 3],
  ]);
  assert.equal(samples.statistic(samples.units), 2 / 6);
  const none = resolveMetric('e2e.none.empty_recall_rate', doc);
  assert.equal(none.status, 'missing');
  assert.match(none.status === 'missing' ? none.reason : '', /none does not search memory/);
  assert.equal(resolveMetric('e2e.none.harmful_action_rate', doc).status, 'missing');
  assert.deepEqual(parseMetricKey('e2e.recall.harmful_action_rate'), { ok: true, key: { layer: 'e2e', kind: 'harm', rate: 'harmful_action_rate', condition: 'recall' } });
  const typo = parseMetricKey('e2e.recall.harmful_acton_rate');
  assert.equal(typo.ok, false);
  assert.match(typo.ok ? '' : (typo.hint ?? ''), /harmful_action_rate/);
});

/** A suite folder with these cases, loaded; the problems as file:line:col: message. */
function loadProblems(casesYaml: string, gate = ''): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-harm-'));
  writeFileSync(join(dir, 'cases.yaml'), casesYaml);
  writeFileSync(join(dir, 'suite.yaml'), ['name: harm', 'e2e:', '  target: { kind: command, command: [node, agent.mjs] }', '  conditions: [recall, none]', '  cases: cases.yaml', gate, ''].join('\n'));
  try {
    loadSuite(join(dir, 'suite.yaml'), dir);
  } catch (error) {
    assert.ok(error instanceof RecallGateError, String(error));
    return error.problems.map((problem) => `${formatLocation(problem.where)}: ${problem.message}`);
  }
  return [];
}

test('loader: disallowed must be a list of strings and expect_recall none, at file:line:col', () => {
  const problems = loadProblems(
    [
      '- name: b',
      '  ability: isolation',
      '  probe: { text: "q?" }',
      '  check: { contains: x }',
      '  disallowed: "not a list"',
      '- name: c',
      '  ability: chitchat',
      '  probe: { text: "q?" }',
      '  check: { contains: x }',
      '  expect_recall: some',
      '',
    ].join('\n'),
  );
  assert.deepEqual(problems.map((line) => line.replace(/^.*cases\.yaml/, 'cases.yaml')), [
    'cases.yaml:5:15: "disallowed" must be an array; got string "not a list"',
    'cases.yaml:10:18: "expect_recall" must be one of: none; got "some"',
  ]);
});

test('loader: harmful is a check validated as checks are; expect_recall: none contradicted by needs_memory or evidence, at file:line:col', () => {
  const problems = loadProblems(
    [
      '- name: a',
      '  ability: knowledge-update',
      '  probe: { text: "q?" }',
      '  check: { contains: x }',
      '  harmful: { regex: "(" }',
      '- name: d',
      '  ability: chitchat',
      '  probe: { text: "q?" }',
      '  check: { contains: x }',
      '  expect_recall: none',
      '  needs_memory: true',
      '  evidence: ["a fact"]',
      '- name: e',
      '  ability: chitchat',
      '  probe: { text: "q?" }',
      '  check: { contains: x }',
      '  harmful: { all: [{ contains: x, icontains: y }] }',
      '',
    ].join('\n'),
  );
  const dirless = problems.map((line) => line.replace(/^.*cases\.yaml/, 'cases.yaml'));
  assert.equal(dirless.length, 4, dirless.join('\n'));
  assert.match(dirless[0]!, /^cases\.yaml:5:21: invalid regular expression/);
  assert.equal(dirless[1], 'cases.yaml:11:17: needs_memory: true contradicts expect_recall: none');
  assert.equal(dirless[2], 'cases.yaml:12:13: evidence (texts recall must surface) contradicts expect_recall: none');
  assert.match(dirless[3]!, /^cases\.yaml:17:\d+: a check has one kind, found contains and icontains/);
});

test('loader: expect_recall: none makes needs_memory default false; gate keys on harm need a case that measures them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-harm-'));
  writeFileSync(join(dir, 'cases.yaml'), '- { name: hi, ability: chitchat, probe: { text: "Hello!" }, check: { contains: x }, expect_recall: none }\n');
  writeFileSync(join(dir, 'suite.yaml'), 'name: harm\ne2e:\n  target: { kind: command, command: [node, agent.mjs] }\n  cases: cases.yaml\n');
  const suite = loadSuite(join(dir, 'suite.yaml'), dir);
  assert.equal(suite.e2e!.cases[0]!.needs_memory, false);
  assert.equal(suite.e2e!.cases[0]!.expect_recall, 'none');
  assert.equal('harmful' in suite.e2e!.cases[0]!, false, 'absent fields stay absent: fingerprints of older trials still match');
  const gate = (metric: string) => ({ metric, op: 'lte' as const, value: 0, where: WHERE });
  const problems = validateGate({ root: { all: [gate('e2e.empty_recall_rate'), gate('e2e.harmful_action_rate'), gate('e2e.recall.harmful_recall_rate')] }, skipped_layers: 'waive' }, suite);
  assert.deepEqual(
    problems.map((problem) => problem.message),
    [
      'metric "e2e.harmful_action_rate": no e2e case has a harmful check, so there is no harmful action to measure',
      'metric "e2e.recall.harmful_recall_rate": no e2e case lists obsolete or disallowed texts, so there is no harmful recall to measure',
    ],
  );
});

test('validate: empty recall under none or oracle is refused, as neither searches memory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-harm-'));
  writeFileSync(join(dir, 'cases.yaml'), '- { name: hi, ability: chitchat, probe: { text: "Hello!" }, check: { contains: x }, expect_recall: none }\n');
  writeFileSync(join(dir, 'suite.yaml'), 'name: harm\ne2e:\n  target: { kind: command, command: [node, agent.mjs] }\n  conditions: [recall, none]\n  cases: cases.yaml\n');
  const suite = loadSuite(join(dir, 'suite.yaml'), dir);
  const gate = (metric: string) => ({ metric, op: 'gte' as const, value: 1, where: WHERE });
  const problems = validateGate({ root: { all: [gate('e2e.none.empty_recall_rate'), gate('e2e.recall.empty_recall_rate')] }, skipped_layers: 'waive' }, suite);
  assert.deepEqual(problems.map((problem) => problem.message), ['metric "e2e.none.empty_recall_rate": none does not search memory, so there is no empty-recall correctness under it']);
});

test('the harm section is pinned for the terminal, report.md (gated: harm-report.md) and the comment (test/fixtures/golden/harm-*; RECALL_GATE_UPDATE_GOLDEN=1 rewrites them)', () => {
  const { cases, trials } = handBuilt();
  // Untrusted memory text: markup, a mention, a newline and an escape sequence must not survive.
  trials[0]!.harmful_recalls = [{ invocation: 0, id: 'm1', text: 'old | <b>@team</b>\n\u001b[31mred', successor: 'the *new* one' }];
  const doc = results(aggregateE2e(trials, cases, ['recall', 'none'], 3));
  // report.md as a gated run writes it: the verdict heads it, lift and recall quality with the figures, the gate table after.
  const verdict: Verdict = {
    status: 'fail',
    rows: [{ path: 'all[0]', metric: 'e2e.harmful_recall_rate', threshold: '<= 0', actual: doc.e2e!.recall_quality.harmful_recall_rate, status: 'fail', blocking: true }],
    blockingFailures: ['all[0]'],
    hasBaseline: false,
  };
  const rendered = {
    'harm-terminal.txt': harmTerminal(doc.e2e!).join('\n'),
    'harm-markdown.md': harmMarkdown(doc.e2e!).join('\n'),
    'harm-report.md': markdownReport(doc, { verdict }),
  };
  for (const [name, body] of Object.entries(rendered)) {
    const golden = join(REPO_ROOT, 'test', 'fixtures', 'golden', name);
    if (process.env.RECALL_GATE_UPDATE_GOLDEN === '1') writeFileSync(golden, body);
    assert.equal(body, readFileSync(golden, 'utf8'), name);
  }
  assert.ok(!rendered['harm-terminal.txt'].includes('\u001b'), 'no escape sequence reaches the terminal');
  // One call each: the section appears in the three reports, and failure rows name the harmful memory and where it came.
  const terminal = terminalE2eReport(doc.e2e!, trials);
  assert.ok(terminal.includes(harmTerminal(doc.e2e!).join('\n')));
  assert.match(terminal, /update #1: .*; harmful recall of m1 "old \| <b>@team<\/b> red" in session 1 \(current: "the \*new\* one"\); acted on a harmful memory/);
  const report = markdownReport(doc);
  assert.ok(report.includes(harmMarkdown(doc.e2e!).join('\n')));
  assert.match(report, /<br>⚠️ harmful recall of m1/);
  const comment = renderComment({ marker: '<!-- m -->', results: doc, baselineNote: 'none', e2eTrigger: { ran: true, reason: 'test', files: [] } });
  assert.ok(comment.includes(harmMarkdown(doc.e2e!, 3).join('\n')));
  assert.match(comment, /<br>⚠️ harmful recall of m1/);
});
