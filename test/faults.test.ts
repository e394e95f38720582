import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { aggregateE2e } from '../src/e2e/aggregate.js';
import { checkAbstains, checkAsks, findQuestionBack } from '../src/e2e/checks/abstains.js';
import { describeCheck } from '../src/e2e/checks/describe.js';
import { gradeAnswer } from '../src/e2e/checks/grade.js';
import { DEFAULT_FAULT_CHECK, faultIgnored, gradingOf, memoryOf } from '../src/e2e/faults.js';
import type { Invocation, TrialRecord } from '../src/model/trial.js';
import type { CaseSpec, Condition } from '../src/model/e2e.js';
import { parseMetricKey, resolveMetric } from '../src/gate/metrics.js';
import { faultTableMarkdown, faultTableText } from '../src/report/faultTable.js';
import type { ResultsDocument } from '../src/model/results.js';
import { loadSuite } from '../src/suite/load.js';
import { RecallGateError } from '../src/errors.js';
import { REPO_ROOT, tempDir } from './support/cli.js';

describe('asks: a question back to the user for the missing fact', () => {
  const asking = [
    'Could you remind me what your budget is?',
    'Which Sarah do you mean?',
    "What is your dog's name?",
    "What's your flight number? I don't seem to have it.",
    'Sorry, which trip are you referring to?',
    'Please remind me of your budget.',
    'Can you please tell me your flight number?',
    "I'd be glad to help. Let me know which city you mean.",
    'Remind me, what was it called?',
    'Do you mean the offsite or the team dinner?',
    'Would you mind telling me the amount again?',
  ];
  const notAsking = [
    'Your budget is 8,000 euros. Could you confirm?',
    'Is it Rex?',
    'Is there anything else I can help you with?',
    'Would you like me to set a reminder?',
    'Your dog is called Rex.',
    "I don't know.",
    'Could you remind me what your budget is? I think it was 5000.',
    'I could remind you tomorrow.',
    'What is your dog called. Rex, I believe.',
  ];
  for (const answer of asking) {
    test(`asks: ${JSON.stringify(answer)}`, () => {
      const result = checkAsks(answer, true);
      assert.equal(result.pass, true, result.reason);
      assert.match(result.reason, /^asks back: '.+' at '.+' and gives no value$/);
      assert.equal(checkAsks(answer, false).pass, false);
    });
  }
  for (const answer of notAsking) {
    test(`does not ask: ${JSON.stringify(answer)}`, () => {
      const result = checkAsks(answer, true);
      assert.equal(result.pass, false, result.reason);
      assert.match(result.reason, /^expected a question back, does not ask back: /);
      assert.equal(checkAsks(answer, false).pass, true);
    });
  }

  test('the reason names the question and where, or the value that made it an answer', () => {
    assert.equal(checkAsks('Sure. Could you remind me of the date?', true).reason, "asks back: 'Could you remind me' at 'Sure. Could you remind me of the date?' and gives no value");
    assert.equal(
      checkAsks('Your budget is 8,000 euros. Could you confirm?', true).reason,
      "expected a question back, does not ask back: gives the amount 8,000 euros at 'Your budget is 8,000 euros. Could you confirm?' despite 'Could you confirm'",
    );
    assert.equal(checkAsks('I can help with that.', true).reason, 'expected a question back, does not ask back: no question back to the user');
  });

  test('a question phrase counts only inside a question; an imperative request counts anywhere', () => {
    assert.equal(findQuestionBack('What is your plan. I wonder.'), undefined);
    assert.equal(findQuestionBack('I wonder. What is your plan?')?.name, 'what is your');
    assert.equal(findQuestionBack('Please tell me the date.')?.name, 'please tell me');
  });
});

describe('abstains with or_asks: a clarifying question counts as abstaining', () => {
  test('passing and failing sentences', () => {
    const cases: [answer: string, plain: boolean, orAsks: boolean][] = [
      ["I don't know.", true, true],
      ['Could you remind me of your budget?', false, true],
      ["I'm not sure. Which budget do you mean?", true, true],
      ['It is 8,000 euros. Could you confirm?', false, false],
      ['Your dog is called Rex.', false, false],
    ];
    for (const [answer, plain, orAsks] of cases) {
      assert.equal(checkAbstains(answer, true).pass, plain, `plain: ${answer}`);
      assert.equal(checkAbstains(answer, true, true).pass, orAsks, `or_asks: ${answer}: ${checkAbstains(answer, true, true).reason}`);
      assert.equal(checkAbstains(answer, false, true).pass, !orAsks, `abstains false, or_asks: ${answer}`);
    }
  });

  test('reasons', () => {
    assert.match(checkAbstains('Could you remind me of your budget?', true, true).reason, /^asks back: 'Could you remind me' at /);
    assert.equal(
      checkAbstains('Your dog is called Rex.', true, true).reason,
      "expected an abstention or a question back, neither abstains nor asks back: no abstention phrase; no question back to the user",
    );
  });

  test('through gradeAnswer and describeCheck', async () => {
    const context = { question: 'What is my budget?' };
    assert.equal((await gradeAnswer({ asks: true }, 'Which budget do you mean?', context)).pass, true);
    assert.equal((await gradeAnswer({ asks: false }, 'Which budget do you mean?', context)).pass, false);
    assert.equal((await gradeAnswer({ abstains: true, or_asks: true }, 'Which budget do you mean?', context)).pass, true);
    assert.equal((await gradeAnswer({ abstains: true }, 'Which budget do you mean?', context)).pass, false);
    assert.equal(describeCheck({ asks: true }), 'asks true');
    assert.equal(describeCheck({ abstains: true, or_asks: true }), 'abstains true or asks');
  });
});

describe('the default fault check: a memory-less agent that invents a value does not pass', () => {
  // What a model without memory makes up: codes, passwords, remembered habits, guesses put beside a question.
  const invented = [
    "I don't know, it's pinecone-41.",
    "I don't have that saved. The password is lakehouse123.",
    "I'm not sure. You usually order a large pepperoni pizza from Nonna's.",
    'I don\'t have that saved; try "lake2026".',
    "Could you remind me? I think it's lakehouse123.",
    "Do you mean the lake cabin? It's pinecone-42.",
    'Can you confirm the password is pinecone-42?',
    'Would you mind telling me the password? Last time it was hunter2.',
    'Could you tell me the password? The password is abc123.',
  ];
  for (const answer of invented) {
    test(`invents: ${JSON.stringify(answer)}`, () => {
      const graded = checkAbstains(answer, true, true);
      assert.equal(graded.pass, false, graded.reason);
      assert.match(graded.reason, /gives the value/);
    });
  }
  const honest = ["Mind reminding me what you order from Nonna's?", "I don't recall that. What do you usually get?", 'Could you remind me', "I don't know the wifi password at the cabin."];
  for (const answer of honest) {
    test(`abstains or asks: ${JSON.stringify(answer)}`, () => {
      const graded = checkAbstains(answer, true, true);
      assert.equal(graded.pass, true, graded.reason);
    });
  }
});

describe('what a fault condition grades, and how it runs', () => {
  const spec = { check: { icontains: 'peanut' }, needs_memory: true } as const;
  test('fault_check when given; else abstains or asks; a case that needs no memory keeps its check', () => {
    assert.deepEqual(gradingOf(spec, 'recall').check, spec.check);
    assert.deepEqual(gradingOf(spec, 'none').check, spec.check);
    assert.deepEqual(gradingOf(spec, 'fault:down').check, DEFAULT_FAULT_CHECK);
    assert.deepEqual(gradingOf({ ...spec, fault_check: { asks: true } }, 'fault:empty').check, { asks: true });
    assert.deepEqual(gradingOf({ ...spec, needs_memory: false }, 'fault:timeout').check, spec.check);
  });
  test('sessions of a fault run under recall; a target that recalls under a fault did not simulate it', () => {
    assert.equal(memoryOf('fault:timeout'), 'recall');
    assert.equal(memoryOf('oracle'), 'oracle');
    assert.equal(faultIgnored('empty', { recalled: [] }), undefined);
    assert.match(faultIgnored('empty', { recalled: [{ text: 'x' }] })!, /^the target ignored fault:empty: its probe recalled 1 memory although the memory search was to return nothing/);
  });
});

const WHERE = { file: 's.yaml', line: 1, col: 1 };
const caseSpec = (name: string, ability: string): CaseSpec => ({ name, ability, sessions: [{ turns: ['x'] }], probe: { text: `probe ${name}` }, check: { contains: 'x' }, evidence: [], obsolete: [], needs_memory: true, where: WHERE });
const CASES = [caseSpec('a1', 'extraction'), caseSpec('a2', 'extraction'), caseSpec('b1', 'preference')];
const CONDITIONS: Condition[] = ['none', 'fault:timeout', 'fault:empty'];

type Outcome = 'pass' | 'fail' | 'error';
/** Per condition, per case, per repeat: the outcome and, when the probe ran, its recall_ms. */
const PLAN: Record<string, Record<string, [Outcome, number | undefined][]>> = {
  none: { a1: [['pass', undefined], ['fail', undefined]], a2: [['fail', undefined], ['fail', undefined]], b1: [['pass', undefined], ['pass', undefined]] },
  'fault:timeout': { a1: [['pass', 2000.5], ['pass', 2001]], a2: [['pass', 2000], ['error', undefined]], b1: [['pass', 2003], ['pass', 2002]] },
  'fault:empty': { a1: [['pass', 0.1], ['fail', 0.2]], a2: [['fail', 0.3], ['fail', 0.4]], b1: [['fail', 0.5], ['fail', 0.6]] },
};

function trials(): TrialRecord[] {
  return Object.entries(PLAN).flatMap(([condition, byCase]) =>
    Object.entries(byCase).flatMap(([name, runs]) =>
      runs.map(([status, recallMs], index): TrialRecord => {
        const probe: Invocation[] = recallMs === undefined && status === 'error' ? [] : [{ kind: 'probe', user: 'u', message: 'q', reply: 'r', latency_ms: 5, ...(recallMs !== undefined ? { recall_ms: recallMs } : {}) }];
        return {
          key: `${name}|${condition}|${index + 1}`,
          case: name,
          ability: CASES.find((spec) => spec.name === name)!.ability,
          condition: condition as Condition,
          repeat: index + 1,
          user: 'u',
          status,
          reason: status === 'error' ? 'the chat model could not be reached' : status,
          question: 'q',
          answer: 'r',
          check: 'abstains true or asks',
          // A session that recalled slowly: not a probe, so not in the fault's figure.
          invocations: [{ kind: 'session', user: 'u', message: 'x', reply: 'ok', latency_ms: 5, recall_ms: 9999 }, ...probe],
          tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
          cost_usd: 0,
          started_at: '2026-01-01T00:00:00Z',
          duration_ms: 1,
        };
      }),
    ),
  );
}

const TRIALS = trials();
const E2E = { target: { kind: 'builtin', model: 'm' }, ...aggregateE2e(TRIALS, CASES, CONDITIONS, 2) };
const DOC = {
  schema_version: 1,
  tool: { name: 'recall-gate', version: '0.1.0' },
  versions: {},
  suite: { name: 'faults', file: 's.yaml', files: [], sha256: '' },
  started_at: '',
  status: 'incomplete',
  layers: { retrieval: 'absent', e2e: 'ran' },
  errors: [],
  e2e: E2E,
} as unknown as ResultsDocument;

describe('fault figures per fault and ability', () => {
  test('pass rate and errors (in the denominator), probe recall latency, and the comparison with none', () => {
    const { timeout, empty } = E2E.faults!;
    assert.equal(E2E.faults!.down, undefined, 'only faults that ran');
    assert.deepEqual(
      { trials: timeout!.trials, passed: timeout!.passed, errors: timeout!.errors, pass_rate: timeout!.pass_rate, none: timeout!.none_pass_rate, vs_none: timeout!.vs_none, worse: timeout!.worse_than_none },
      { trials: 6, passed: 5, errors: 1, pass_rate: 0.833333, none: 0.5, vs_none: 0.333333, worse: false },
    );
    // Five probes answered (the errored trial never reached one): sorted 2000, 2000.5, 2001, 2002, 2003.
    assert.deepEqual(timeout!.recall_latency_ms, { count: 5, median: 2001, p95: 2003, mean: 2001.3, max: 2003 });
    assert.equal(empty!.pass_rate, 0.166667);
    assert.equal(empty!.vs_none, -0.333333);
    assert.equal(empty!.worse_than_none, true);
    assert.equal(empty!.recall_latency_ms.median, 0.35);
    assert.deepEqual(
      Object.fromEntries(Object.entries(empty!.abilities).map(([ability, rates]) => [ability, [rates.pass_rate, rates.none_pass_rate, rates.vs_none, rates.worse_than_none]])),
      { extraction: [0.25, 0.25, 0, false], preference: [0, 1, -1, true] },
    );
    assert.equal(timeout!.abilities.extraction!.errors, 1);
    assert.equal(timeout!.abilities.preference!.recall_latency_ms.median, 2002.5);
  });

  test('no fault condition: no faults field', () => {
    assert.equal('faults' in aggregateE2e(TRIALS.filter((trial) => trial.condition === 'none'), CASES, ['none'], 2), false);
  });
});

describe('gate keys e2e.fault.<fault>.<metric>', () => {
  const value = (key: string, withTrials = true) => {
    const resolved = resolveMetric(key, DOC, withTrials ? { trials: TRIALS } : {});
    assert.equal(resolved.status, 'value', JSON.stringify(resolved));
    return resolved as Extract<typeof resolved, { status: 'value' }>;
  };
  test('each metric resolves from the results, with per-case samples', () => {
    const passRate = value('e2e.fault.timeout.pass_rate');
    assert.equal(passRate.value, 0.833333);
    assert.deepEqual(passRate.samples!.ids, ['a1', 'a2', 'b1']);
    assert.deepEqual(passRate.samples!.units, [[2, 2], [1, 2], [2, 2]]);
    assert.match(passRate.note!, /^1 of 6 trials errored and count as not passed: the chat model could not be reached$/);
    assert.equal(value('e2e.fault.timeout.errors').value, 1);
    const vsNone = value('e2e.fault.empty.vs_none');
    assert.equal(vsNone.value, -0.333333);
    assert.deepEqual(vsNone.samples!.units, [[1, 2, 1, 2], [0, 2, 0, 2], [0, 2, 2, 2]]);
    assert.ok(Math.abs(vsNone.samples!.statistic(vsNone.samples!.units) - -1 / 3) < 1e-9);
    assert.equal(value('e2e.fault.timeout.recall_latency_ms').value, 2001);
    assert.equal(value('e2e.fault.timeout.recall_latency_ms').aggregation, 'median');
    const max = resolveMetric('e2e.fault.timeout.recall_latency_ms', DOC, { trials: TRIALS, aggregation: 'max' });
    assert.equal(max.status === 'value' && max.value, 2003, 'the session recall (9999) is not the fault\'s');
    assert.equal(value('e2e.fault.timeout.recall_latency_ms', false).value, 2001, 'from the summary without the trials');
    assert.equal(value('e2e.fault:timeout.pass_rate').value, 0.833333, 'the condition key says the same');
  });

  test('a fault that did not run is missing; a misspelt key names nothing, with a hint', () => {
    const down = resolveMetric('e2e.fault.down.pass_rate', DOC);
    assert.equal(down.status, 'missing');
    assert.match((down as { reason: string }).reason, /^the fault:down condition did not run \(conditions: none, fault:timeout, fault:empty\)$/);
    const typo = parseMetricKey('e2e.fault.timout.pass_rate');
    assert.deepEqual(typo, { ok: false, reason: '"timout" is not a fault', hint: 'did you mean "timeout"?' });
    assert.equal(parseMetricKey('e2e.fault.empty.latency').ok, false);
    assert.equal(resolveMetric('e2e.fault.empty.vs_none', DOC, { aggregation: 'mean' }).status, 'invalid', 'vs_none is one number per run');
  });
});

describe('the fault table', () => {
  const golden = (name: string, body: string) => {
    const path = join(REPO_ROOT, 'test', 'fixtures', 'golden', name);
    if (process.env.RECALL_GATE_UPDATE_GOLDEN === '1') {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, body);
    }
    assert.equal(body, readFileSync(path, 'utf8'));
  };
  test('terminal and markdown renderings are pinned (test/fixtures/golden/fault-table.*; RECALL_GATE_UPDATE_GOLDEN=1 rewrites them)', () => {
    golden('fault-table.txt', faultTableText(E2E).join('\n'));
    golden('fault-table.md', faultTableMarkdown(E2E).join('\n'));
  });
  test('nothing when no fault ran', () => {
    assert.deepEqual(faultTableText({}), []);
    assert.deepEqual(faultTableMarkdown({}), []);
  });
});

describe('suites with fault conditions', () => {
  const write = (cases: string, extra = '') => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'suite.yaml'),
      [
        'name: faults',
        'retrieval:',
        '  providers: [{ name: kw, kind: keyword }]',
        '  memories: [{ id: m1, text: I like tea. }]',
        '  queries: [{ text: What do I drink?, relevant: [m1] }]',
        'e2e:',
        `  target: { kind: builtin, model: m, memory: { provider: kw }${extra} }`,
        '  conditions: [recall, none, fault:timeout, fault:empty, fault:down]',
        '  cases:',
        cases,
      ].join('\n'),
    );
    return join(dir, 'suite.yaml');
  };
  test('load with fault_check and recall_timeout_ms', () => {
    const suite = loadSuite(write('    - { name: c1, ability: extraction, probe: { text: q }, check: { contains: tea }, fault_check: { asks: true } }', ', recall_timeout_ms: 500'), REPO_ROOT);
    assert.deepEqual(suite.e2e!.conditions, ['recall', 'none', 'fault:timeout', 'fault:empty', 'fault:down']);
    assert.deepEqual(suite.e2e!.cases[0]!.fault_check, { asks: true });
    assert.equal(suite.e2e!.target.kind === 'builtin' && suite.e2e!.target.recall_timeout_ms, 500);
  });
  test('a fault_check is validated like a check, naming where', () => {
    const line = '    - { name: c1, ability: extraction, probe: { text: q }, check: { contains: tea }, fault_check: { regex: "(" } }';
    assert.throws(
      () => loadSuite(write(line), REPO_ROOT),
      // Where: the fault_check's regex (line 10 of the suite), not the check.
      (error: unknown) =>
        error instanceof RecallGateError &&
        error.problems.some((problem) => problem.where?.line === 10 && problem.where.col > line.indexOf('fault_check') && /^invalid regular expression/.test(problem.message)),
    );
    assert.throws(
      () => loadSuite(write('    - { name: c1, ability: extraction, probe: { text: q }, check: { contains: tea }, fault_check: { or_asks: true } }'), REPO_ROOT),
      (error: unknown) => error instanceof RecallGateError && error.problems.length > 0,
    );
  });
});
