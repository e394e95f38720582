import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import { compareResults } from '../src/gate/compare.js';
import { memoryHolds } from '../src/e2e/harm.js';
import { settleStage, stageNeedsSnapshot, trialStage, UNKNOWN_STAGE } from '../src/e2e/stage.js';
import { trialKey } from '../src/e2e/trialRecords.js';
import { type Invocation, type TrialRecord } from '../src/model/trial.js';
import type { CaseSpec, Condition } from '../src/model/e2e.js';
import { RecallGateError, formatLocation } from '../src/errors.js';
import { trialRows } from '../src/export/postgres.js';
import { parseMetricKey, resolveMetric } from '../src/gate/metrics.js';
import { renderComment } from '../src/report/comment.js';
import { reportData } from '../src/report/html/data.js';
import { junitReport } from '../src/report/junit.js';
import { markdownReport } from '../src/report/markdown.js';
import { terminalE2eReport } from '../src/report/terminalE2e.js';
import type { ResultsDocument } from '../src/model/results.js';
import { emptyProviderError } from '../src/retrieval/emptyProvider.js';
import { loadSuite } from '../src/suite/load.js';
import { envHint, unpassedVariables } from '../src/protocol/envHint.js';

const WHERE = { file: 'cases.yaml', line: 1, col: 1 };

function spec(name: string, ability: string, fields: Partial<CaseSpec> = {}): CaseSpec {
  return { name, ability, sessions: [], probe: { text: 'q?' }, check: { contains: 'x' }, evidence: ['lemon cake'], obsolete: ['chocolate cake'], needs_memory: true, where: WHERE, ...fields };
}

function probe(recalled?: string[]): Invocation {
  return { kind: 'probe', user: 'u', message: 'q?', reply: 'r', latency_ms: 1, ...(recalled ? { recalled: recalled.map((text, i) => ({ id: `m${i}`, text })) } : {}) };
}

function trial(caseName: string, condition: Condition, repeat: number, fields: Partial<TrialRecord> = {}): TrialRecord {
  return {
    key: trialKey(caseName, condition, repeat),
    case: caseName,
    ability: 'ignored',
    condition,
    repeat,
    user: 'u',
    status: 'fail',
    reason: 'expected "x"',
    question: 'q?',
    check: 'contains x',
    invocations: [probe([])],
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: 0,
    started_at: '2026-01-01T00:00:00Z',
    duration_ms: 1,
    ...fields,
  };
}

const stored = (...texts: string[]) => ({ snapshot: { entries: texts.map((text) => ({ text })) } });

test('each stage from what the trial holds, in the order the rules give; texts match as evidence coverage does (folded, contained)', () => {
  const c = spec('c', 'a');
  const stage = (fields: Partial<TrialRecord>) => trialStage(c, trial('c', 'recall', 1, fields));
  // Evidence in no entry after the sessions.
  assert.deepEqual(stage({ ...stored('I like cake'), invocations: [probe([])] }), { stage: 'not_stored' });
  // Stored (case and spacing folded), not recalled.
  assert.deepEqual(stage({ ...stored('My favourite is  LEMON Cake.'), invocations: [probe(['something else'])] }), { stage: 'not_recalled' });
  // Recalled beside the obsolete value.
  assert.deepEqual(stage({ ...stored(), invocations: [probe(['Chocolate cake, years ago', 'now lemon cake'])] }), { stage: 'obsolete_recalled' });
  // Everything needed recalled, nothing obsolete: the answer misread it.
  assert.deepEqual(stage({ invocations: [probe(['now lemon cake', 'my sister likes cheese'])] }), { stage: 'misread' });
  // A recalled text counts as stored even when the snapshot lacks it; a missing one decides.
  const two = spec('two', 'a', { evidence: ['lemon cake', 'on Sundays'] });
  assert.deepEqual(trialStage(two, trial('two', 'recall', 1, { ...stored('baked on Sundays'), invocations: [probe(['lemon cake'])] })), { stage: 'not_recalled' });
  assert.deepEqual(trialStage(two, trial('two', 'recall', 1, { ...stored(), invocations: [probe(['lemon cake'])] })), { stage: 'not_stored' });
  // The matcher is evidence coverage's.
  assert.equal(memoryHolds('My favourite is  LEMON Cake.', 'lemon cake'), true);
});

test('unknown with its reason: no evidence, no recalled memories reported, no snapshot to tell stored from not recalled', () => {
  const c = spec('c', 'a');
  assert.deepEqual(trialStage(spec('n', 'a', { evidence: [] }), trial('n', 'recall', 1)), { stage: 'unknown', stage_reason: UNKNOWN_STAGE.noEvidence });
  assert.deepEqual(trialStage(c, trial('c', 'recall', 1, { invocations: [probe()] })), { stage: 'unknown', stage_reason: UNKNOWN_STAGE.noRecalled });
  assert.deepEqual(trialStage(c, trial('c', 'recall', 1, { snapshot: { error: 'method not found' } })), { stage: 'unknown', stage_reason: UNKNOWN_STAGE.noSnapshot });
  assert.deepEqual(trialStage(c, trial('c', 'recall', 1)), { stage: 'unknown', stage_reason: UNKNOWN_STAGE.notTaken });
  // With everything recalled no snapshot is needed.
  assert.deepEqual(trialStage(c, trial('c', 'recall', 1, { snapshot: { error: 'method not found' }, invocations: [probe(['lemon cake'])] })), { stage: 'misread' });
});

test('only failures under recall and oracle have a stage: oracle is misread; passes, errors, none and faults have none', () => {
  const c = spec('c', 'a');
  assert.deepEqual(trialStage(c, trial('c', 'oracle', 1)), { stage: 'misread' });
  for (const fields of [{ status: 'pass' as const }, { status: 'error' as const }]) assert.equal(trialStage(c, trial('c', 'recall', 1, fields)), undefined);
  for (const condition of ['none', 'fault:empty', 'fault:timeout', 'fault:down'] as const) assert.equal(trialStage(c, trial('c', condition, 1)), undefined, condition);
  // settleStage writes it on the record, and clears one a regrade made wrong.
  const record = trial('c', 'recall', 1, stored());
  settleStage(c, record);
  assert.equal(record.stage, 'not_stored');
  record.status = 'pass';
  settleStage(c, record);
  assert.equal('stage' in record || 'stage_reason' in record, false);
  // A snapshot is taken for stages under recall, for cases with evidence.
  assert.equal(stageNeedsSnapshot(c, 'recall'), true);
  assert.equal(stageNeedsSnapshot(c, 'none'), false);
  assert.equal(stageNeedsSnapshot(spec('n', 'a', { evidence: [] }), 'recall'), false);
});

/** Five failing trials of ability memory (2 not stored, 2 not recalled, 1 misread), a pass, an error and a missing record under recall; one oracle failure. */
function fixture(): { cases: CaseSpec[]; trials: TrialRecord[]; doc: ResultsDocument } {
  const cases = [spec('a', 'memory'), spec('b', 'memory'), spec('c', 'memory'), spec('d', 'other.ability')];
  const trials = [
    trial('a', 'recall', 1, stored()),
    trial('a', 'recall', 2, stored()),
    trial('b', 'recall', 1, { ...stored('lemon cake'), invocations: [probe(['other'])] }),
    trial('b', 'recall', 2, { ...stored('lemon cake'), invocations: [probe(['other'])] }),
    trial('c', 'recall', 1, { invocations: [probe(['lemon cake'])] }),
    trial('c', 'recall', 2, { status: 'pass' }),
    trial('d', 'recall', 1, { status: 'error', reason: 'adapter died' }),
    // d|recall|2 has no record: an error in the rates, a trial in the stage denominator.
    trial('a', 'oracle', 1),
    trial('a', 'oracle', 2, { status: 'pass' }),
  ];
  for (const one of trials) settleStage(cases.find((c) => c.name === one.case)!, one);
  const e2e = aggregateE2e(trials, cases, ['recall', 'oracle'], 2);
  const doc: ResultsDocument = {
    schema_version: 1,
    tool: { name: 'recall-gate', version: 'test' },
    versions: {},
    suite: { name: 's', file: 's.yaml', files: [], sha256: '' },
    run_id: 'run-1',
    started_at: '2026-01-01T00:00:00Z',
    status: 'complete',
    layers: { retrieval: 'absent', e2e: 'ran' },
    errors: [],
    e2e: { ...e2e, target: { kind: 'command' } },
  };
  return { cases, trials, doc };
}

test('results.json: stage counts per condition, ability and case, errored and missing trials in the denominator; the failure list carries each stage', () => {
  const { doc } = fixture();
  const stages = doc.e2e!.stages!;
  assert.deepEqual(stages.by_condition.recall, { trials: 8, not_stored: 2, not_recalled: 2, obsolete_recalled: 0, misread: 1, unknown: 0 });
  assert.deepEqual(stages.by_condition.oracle, { trials: 8, not_stored: 0, not_recalled: 0, obsolete_recalled: 0, misread: 1, unknown: 0 });
  assert.deepEqual(stages.abilities.memory!.recall, { trials: 6, not_stored: 2, not_recalled: 2, obsolete_recalled: 0, misread: 1, unknown: 0 });
  assert.deepEqual(stages.abilities['other.ability']!.recall, { trials: 2, not_stored: 0, not_recalled: 0, obsolete_recalled: 0, misread: 0, unknown: 0 });
  assert.deepEqual(stages.cases.a, { trials: 2, not_stored: 2, not_recalled: 0, obsolete_recalled: 0, misread: 0, unknown: 0 });
  assert.deepEqual(stages.snapshots, { taken: 4, empty: 2, unavailable: 0, evidence: { with_memories: 2, verbatim: 2 } });
  assert.deepEqual(doc.e2e!.failures.map((failure) => [failure.key, failure.stage]), [
    ['a|recall|1', 'not_stored'],
    ['a|recall|2', 'not_stored'],
    ['b|recall|1', 'not_recalled'],
    ['b|recall|2', 'not_recalled'],
    ['c|recall|1', 'misread'],
  ]);
});

test('a trial recorded before stages (no stage field) is read, and its stage derived from what it stored', () => {
  const cases = [spec('a', 'memory')];
  const old = trial('a', 'recall', 1, stored());
  assert.equal('stage' in old, false);
  const e2e = aggregateE2e([old], cases, ['recall'], 1);
  assert.equal(e2e.stages!.by_condition.recall!.not_stored, 1);
  assert.equal(e2e.failures[0]!.stage, 'not_stored');
});

test('gate keys e2e.stage.<stage>.rate and e2e.ability.<ability>.stage.<stage>.rate: share of the trials under recall, per-case samples; typos and unknown abilities refused', () => {
  const { doc } = fixture();
  const value = (key: string) => {
    const resolved = resolveMetric(key, doc);
    assert.equal(resolved.status, 'value', `${key}: ${JSON.stringify(resolved)}`);
    return resolved.status === 'value' ? resolved : undefined!;
  };
  assert.equal(value('e2e.stage.not_stored.rate').value, 2 / 8);
  assert.equal(value('e2e.stage.misread.rate').value, 1 / 8);
  assert.equal(value('e2e.stage.obsolete_recalled.rate').value, 0);
  assert.equal(value('e2e.ability.memory.stage.not_recalled.rate').value, 2 / 6);
  // An ability whose name has dots.
  assert.equal(value('e2e.ability.other.ability.stage.not_stored.rate').value, 0);
  const samples = value('e2e.stage.not_stored.rate').samples!;
  assert.deepEqual(samples.ids, ['a', 'b', 'c', 'd']);
  assert.deepEqual(samples.units, [[2, 2], [0, 2], [0, 2], [0, 2]]);
  assert.equal(samples.statistic(samples.units), 2 / 8);
  assert.deepEqual(parseMetricKey('e2e.stage.misread.rate'), { ok: true, key: { layer: 'e2e', kind: 'stage', stage: 'misread' } });
  const typo = parseMetricKey('e2e.stage.not_stord.rate');
  assert.equal(typo.ok, false);
  assert.match(typo.ok ? '' : (typo.hint ?? ''), /not_stored/);
  assert.equal(parseMetricKey('e2e.stage.misread').ok, false);
  assert.equal(resolveMetric('e2e.ability.nope.stage.misread.rate', doc).status, 'missing');
  // An older results.json: missing, saying why.
  const older = structuredClone(doc);
  delete older.e2e!.stages;
  const missing = resolveMetric('e2e.stage.misread.rate', older);
  assert.equal(missing.status, 'missing');
  assert.match(missing.status === 'missing' ? missing.reason : '', /no stage counts/);
});

test('the suite loader validates stage keys like other keys, at file:line:col: the stage, the recall condition, evidence, obsolete', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-stage-'));
  writeFileSync(join(dir, 'cases.yaml'), '- { name: a, ability: memory, probe: { text: "q?" }, check: { contains: x }, evidence: ["lemon"] }\n');
  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: stages',
      'e2e:',
      '  target: { kind: command, command: [node, agent.mjs] }',
      '  conditions: [none]',
      '  cases: cases.yaml',
      'gate:',
      '  all:',
      '    - { metric: e2e.stage.misreed.rate, op: lte, value: 0.1 }',
      '    - { metric: e2e.stage.misread.rate, op: lte, value: 0.1 }',
      '    - { metric: e2e.ability.memory.stage.not_stored.rate, op: lte, value: 0.1 }',
      '',
    ].join('\n'),
  );
  let problems: string[] = [];
  try {
    loadSuite(join(dir, 'suite.yaml'), dir);
  } catch (error) {
    assert.ok(error instanceof RecallGateError, String(error));
    problems = error.problems.map((problem) => `${formatLocation(problem.where).replace(/^.*suite\.yaml/, 'suite.yaml')}: ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`);
  }
  assert.equal(problems.length, 3, problems.join('\n'));
  assert.match(problems[0]!, /^suite\.yaml:8:\d+: metric "e2e\.stage\.misreed\.rate" names nothing: "misreed" is not a stage \(did you mean "misread"\?\)/);
  assert.match(problems[1]!, /^suite\.yaml:9:\d+: metric "e2e\.stage\.misread\.rate": e2e\.stage\.misread\.rate needs the recall condition/);
  assert.match(problems[2]!, /^suite\.yaml:10:\d+: .*needs the recall condition/);

  // With recall: obsolete_recalled needs a case listing obsolete texts, the others evidence.
  writeFileSync(join(dir, 'suite.yaml'), ['name: stages', 'e2e:', '  target: { kind: command, command: [node, agent.mjs] }', '  cases: cases.yaml', 'gate:', '  all:', '    - { metric: e2e.stage.obsolete_recalled.rate, op: lte, value: 0.1 }', '    - { metric: e2e.stage.not_recalled.rate, op: lte, value: 0.1 }', ''].join('\n'));
  try {
    loadSuite(join(dir, 'suite.yaml'), dir);
    assert.fail('the obsolete_recalled key is refused');
  } catch (error) {
    assert.ok(error instanceof RecallGateError, String(error));
    assert.deepEqual(
      error.problems.map((problem) => problem.message),
      ['metric "e2e.stage.obsolete_recalled.rate": no e2e case lists both evidence and obsolete texts, so no failure can be obsolete_recalled'],
    );
  }
});

test('every report names the stages: terminal, report.md and the comment one line per ability, JUnit and report.html per failure, PostgreSQL a column', () => {
  const { doc, trials } = fixture();
  const e2e = doc.e2e!;
  const terminal = terminalE2eReport(e2e, trials);
  assert.match(terminal, /^ {2}memory: 5 failing: 2 not stored, 2 not recalled, 1 misread$/m);
  assert.match(terminal, /^ {2}all: 5 failing: 2 not stored, 2 not recalled, 1 misread$/m);
  assert.match(terminal, /^ {2}oracle: 1 failing, all misread/m);
  assert.match(terminal, /^ {2}a #1: expected "x" \[stage: not stored\]$/m);
  const markdown = markdownReport(doc);
  assert.match(markdown, /^- memory: 5 failing: 2 not stored, 2 not recalled, 1 misread$/m);
  assert.match(markdown, /^\| a\\\|recall\\\|1 \| q\? \| +\| expected "x" \| not stored \|$/m);
  const comment = renderComment({ marker: '<!-- m -->', results: doc, baselineNote: 'none', e2eTrigger: { ran: true, reason: 'test', files: [] } });
  assert.match(comment, /^- memory: 5 failing: 2 not stored, 2 not recalled, 1 misread$/m);
  // An ability with no failure has no line.
  assert.doesNotMatch(comment, /^- other\.ability:/m);
  const junit = junitReport(doc, trials);
  assert.match(junit, /message="2 of 2 repetitions failed \(not stored: 2\): expected &quot;x&quot;"/);
  assert.match(junit, /failed \(stage: not recalled\): expected/);
  const html = reportData({ results: doc, trials });
  assert.deepEqual(html.filters.stages, ['not_stored', 'not_recalled', 'misread']);
  assert.deepEqual(html.failures.shown.map((failure) => [failure.key, failure.stage, failure.stage_label]), [
    ['a|recall|1', 'not_stored', 'not stored'],
    ['a|recall|2', 'not_stored', 'not stored'],
    ['b|recall|1', 'not_recalled', 'not recalled'],
    ['b|recall|2', 'not_recalled', 'not recalled'],
    ['c|recall|1', 'misread', 'misread'],
    ['a|oracle|1', 'misread', 'misread'],
  ]);
  const rows = trialRows(doc, trials);
  assert.deepEqual(rows.map((row) => [row.case_name, row.condition, row.repetition, row.stage]).filter(([, , , stage]) => stage !== null), [
    ['a', 'recall', 1, 'not_stored'],
    ['a', 'recall', 2, 'not_stored'],
    ['b', 'recall', 1, 'not_recalled'],
    ['b', 'recall', 2, 'not_recalled'],
    ['c', 'recall', 1, 'misread'],
    ['a', 'oracle', 1, 'misread'],
  ]);
  assert.equal(rows.find((row) => row.case_name === 'd')!.stage, null, 'an errored trial has no stage');
});

test('a memory empty after every recall trial\'s sessions: a loud warning in the terminal, report.md and the comment, counted in results.json', () => {
  const cases = [spec('a', 'memory'), spec('b', 'memory')];
  const trials = [trial('a', 'recall', 1, stored()), trial('b', 'recall', 1, { ...stored(), status: 'pass' })];
  for (const one of trials) settleStage(cases[0]!, one);
  const { doc } = fixture();
  doc.e2e = { ...aggregateE2e(trials, cases, ['recall'], 1), target: { kind: 'command' } };
  assert.deepEqual(doc.e2e.stages!.snapshots, { taken: 2, empty: 2, unavailable: 0, evidence: { with_memories: 0, verbatim: 0 } });
  const warning = /under recall the target's memory was empty after the sessions of every trial \(2 of 2 snapshots\)/;
  assert.match(terminalE2eReport(doc.e2e, trials), new RegExp(`^WARNING: ${warning.source}`, 'm'));
  assert.match(markdownReport(doc), new RegExp(`^⚠️ \\*\\*Warning:\\*\\* ${warning.source}`, 'm'));
  // The comment keeps it when it must shrink to fit.
  const comment = renderComment({ marker: '<!-- m -->', results: doc, baselineNote: 'none', e2eTrigger: { ran: true, reason: 'test', files: [] } }, 1200);
  assert.match(comment, warning);
  // One stored entry anywhere: no warning.
  trials[1]!.snapshot = { entries: [{ text: 'lemon cake' }] };
  doc.e2e = { ...aggregateE2e(trials, cases, ['recall'], 1), target: { kind: 'command' } };
  assert.doesNotMatch(markdownReport(doc), warning);
});

test('compare lists where failures live beside the rates: a stage that moved, never a rate at 0 in both runs', () => {
  const { cases, trials, doc: current } = fixture();
  // The baseline: the same trials with b passing, so nothing was not recalled then.
  const passing = trials.map((one) => (one.case === 'b' ? { ...one, status: 'pass' as const } : { ...one }));
  for (const one of passing) settleStage(cases.find((c) => c.name === one.case)!, one);
  const baseline: ResultsDocument = { ...current, e2e: { ...aggregateE2e(passing, cases, ['recall', 'oracle'], 2), target: { kind: 'command' } } };
  const rows = new Map(compareResults(baseline, current).map((row) => [row.metric, row]));
  const moved = rows.get('e2e.stage.not_recalled.rate')!;
  assert.deepEqual([moved.baseline, moved.current], [0, 2 / 8], 'b|recall|1 and b|recall|2 of the 8 planned recall trials');
  assert.ok(moved.change, 'with its paired interval');
  assert.ok(!rows.has('e2e.stage.obsolete_recalled.rate'), 'at 0 in both runs: left out');
});

test('a store that rewords what it keeps (no memory holds evidence word for word, passing trials included): a warning that stages match texts', () => {
  const cases = [spec('a', 'memory'), spec('b', 'memory')];
  // mem0-style: the fact kept in other words, recalled, and the answer still wrong; another case passes on the same store.
  const reworded = { ...stored('Dessert preference: cake with lemon'), invocations: [probe(['Dessert preference: cake with lemon'])] };
  const trials = [trial('a', 'recall', 1, reworded), trial('b', 'recall', 1, { ...reworded, status: 'pass' })];
  for (const one of trials) settleStage(cases[0]!, one);
  assert.equal(trials[0]!.stage, 'not_stored', 'by the text rule');
  const { doc } = fixture();
  doc.e2e = { ...aggregateE2e(trials, cases, ['recall'], 1), target: { kind: 'command' } };
  assert.deepEqual(doc.e2e.stages!.snapshots, { taken: 2, empty: 0, unavailable: 0, evidence: { with_memories: 2, verbatim: 0 } });
  const warning = /no memory the target listed after the sessions holds a case's evidence word for word \(2 snapshots of cases with evidence, passing trials included\): it rewords what it stores/;
  assert.match(terminalE2eReport(doc.e2e, trials), new RegExp(`^WARNING: ${warning.source}`, 'm'));
  assert.match(markdownReport(doc), warning);
  // One memory holding an evidence text as written: stages can be trusted, no warning.
  trials[1]!.snapshot = { entries: [{ text: 'I love lemon cake' }] };
  doc.e2e = { ...aggregateE2e(trials, cases, ['recall'], 1), target: { kind: 'command' } };
  assert.doesNotMatch(terminalE2eReport(doc.e2e, trials), warning);
  // Memories of a case with no evidence (an isolation probe) say nothing about rewording: a store empty where evidence was is not warned as rewording.
  const iso = spec('iso', 'isolation', { evidence: [] });
  const only = [trial('a', 'recall', 1, stored()), trial('iso', 'recall', 1, { ...stored('Dessert preference: cake with lemon'), status: 'pass' })];
  for (const one of only) settleStage(one.case === 'iso' ? iso : cases[0]!, one);
  doc.e2e = { ...aggregateE2e(only, [cases[0]!, iso], ['recall'], 1), target: { kind: 'command' } };
  assert.equal(only[0]!.stage, 'not_stored');
  assert.doesNotMatch(terminalE2eReport(doc.e2e, only), /it rewords what it stores/);
});

test('the env hint names variables recall-gate has and the adapter is not given, mentioned ones first, never a value; the empty-provider error says what it was given and holds', () => {
  const parent = { PATH: '/bin', HOME: '/h', OPENAI_API_KEY: 'sk-very-secret', MEM0_BASE_URL: 'http://x', GITHUB_TOKEN: 'ghp-secret', FOO_SETTING: 'v', EMPTY_KEY: '' };
  const child = { PATH: '/bin', HOME: '/h', MEM0_BASE_URL: 'http://x' };
  assert.deepEqual(unpassedVariables(parent, child, 'KeyError: FOO_SETTING'), ['FOO_SETTING', 'OPENAI_API_KEY']);
  assert.deepEqual(unpassedVariables(parent, child, 'no key'), ['OPENAI_API_KEY']);
  const hint = envHint(['OPENAI_API_KEY'])!;
  assert.match(hint, /recall-gate's environment has OPENAI_API_KEY, which the adapter does not get .* env: \{ OPENAI_API_KEY: "\$\{OPENAI_API_KEY\}" \}/);
  assert.doesNotMatch(hint, /sk-very-secret/);
  assert.equal(envHint([]), undefined);
  const empty = emptyProviderError('mine', 24, 18, 0);
  assert.equal(empty.message, "provider mine was given 24 memories, yet every one of its 18 searches came back empty (its list holds 0 memories for the suite's users)");
  assert.match(emptyProviderError('mine', 1, 2, undefined).message, /given 1 memory, .*it has no list to say what it holds/);
});
