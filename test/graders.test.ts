import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import suiteSchema from '../schema/suite.schema.json' with { type: 'json' };
import { CHECK_KIND_NAMES } from '../src/e2e/checks/table.js';
import { gradeTrial } from '../src/e2e/graders/grade.js';
import { gradeCaptures, gradeRedundancy } from '../src/e2e/graders/memory.js';
import { MEMORY_TOOLS } from '../src/e2e/graders/ops.js';
import { GRADER_KINDS } from '../src/e2e/graders/table.js';
import type { Invocation } from '../src/model/trial.js';
import type { CaseSpec, MemoryEntry, MemoryOp } from '../src/model/e2e.js';
import { RecallGateError } from '../src/errors.js';
import { loadSuite } from '../src/suite/load.js';

const entries = (...texts: string[]): MemoryEntry[] => texts.map((text) => ({ text }));

test('captures: the share of listed facts found, an any-group counting as one, after normalisation and ignoring case', () => {
  const snapshot = [
    { text: 'Project uses PYTHON and React‑Native', label: 'project_context' },
    { text: 'Launch in 3 months', label: 'project_context' },
    { text: 'The team is seven people', label: 'human' },
  ];
  const spec = { captures: ['python', 'react-native', '3 months', { any: ['7 people', 'seven', 'team of 7'] }] };
  const all = gradeCaptures(spec, snapshot, 1);
  assert.deepEqual([all.score, all.status], [1, 'pass']);
  // Only the project block: the team size is in another block.
  const scoped = gradeCaptures({ ...spec, label: 'project_context' }, snapshot, 0.8);
  assert.deepEqual([scoped.score, scoped.status, scoped.min], [0.75, 'fail', 0.8]);
  assert.match(scoped.reason, /3 of 4 facts captured \(missing "7 people \| seven \| team of 7"\) in block "project_context" of 2 entries/);
  assert.equal(gradeCaptures({ ...spec, label: 'project_context' }, snapshot, 0.75).status, 'pass');
});

test('not_captures: each listed fact must be absent; with captures, the share of all listed facts that hold', () => {
  const snapshot = entries('Prefers tea now', 'Used to prefer coffee');
  const absent = gradeCaptures({ not_captures: ['coffee', 'juice'] }, snapshot, 1);
  assert.deepEqual([absent.score, absent.status], [0.5, 'fail']);
  assert.deepEqual(absent.metadata?.present, ['coffee']);
  const both = gradeCaptures({ captures: ['tea', 'milk'], not_captures: ['coffee', 'juice'] }, snapshot, 1);
  assert.equal(both.score, 0.5);
  assert.match(both.reason, /1 of 2 facts captured \(missing "milk"\); 1 of 2 absent \(present "coffee"\)/);
});

test('redundancy: an entry repeating an earlier one (same normalised text, or word-set Jaccard >= 0.8) counts; the first of a pair does not', () => {
  const snapshot = entries(
    'The team is 5 engineers and 2 designers',
    'the team is 5 engineers and 2 designers now', // 7 of 8 distinct words shared: 0.875, a near-duplicate
    'Launch planned in 3 months',
    'We use Python and React',
    'We use Python, React and Postgres', // 5 of 6 = 0.83: a near-duplicate of the one before
    'Launch in 3 months planned for Q3', // 4 of 7 = 0.57: not one
  );
  const graded = gradeRedundancy({ redundancy: { max: 0.1 } }, snapshot);
  assert.equal(graded.score, 2 / 6);
  assert.equal(graded.status, 'fail');
  assert.deepEqual(graded.metadata, { entries: 6, duplicates: 2, max: 0.1 });
  assert.equal(gradeRedundancy({ redundancy: { max: 0.34 } }, snapshot).status, 'pass');
  assert.equal(gradeRedundancy({ redundancy: { max: 0 } }, entries('A b c', 'a  B c')).score, 0.5, 'case and spacing do not make a new entry');
  assert.deepEqual([gradeRedundancy({ redundancy: { max: 0 } }, []).score, gradeRedundancy({ redundancy: { max: 0 } }, []).status], [0, 'pass']);
});

const session = (memory_ops?: MemoryOp[]): Invocation => ({ kind: 'session', user: 'u', message: 'm', reply: 'r', latency_ms: 1, ...(memory_ops ? { memory_ops } : {}) });
const probe: Invocation = { kind: 'probe', user: 'u', message: 'q', reply: 'a', latency_ms: 1, memory_ops: [{ op: 'insert' }] };

function caseWith(graders: CaseSpec['graders'], check?: CaseSpec['check']): CaseSpec {
  return { name: 'c', ability: 'a', sessions: [], probe: { text: 'q' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 'f', line: 1, col: 1 }, ...(check ? { check } : {}), graders };
}

test('memory_ops: turns with a listed op / turns, or min(calls, expect) / expect; the probe does not count', async () => {
  const invocations = [session([{ op: 'insert' }]), session([]), session([{ op: 'delete' }, { op: 'replace' }]), probe];
  const input = { question: 'q', answer: 'a', snapshot: undefined, invocations };
  const graded = await gradeTrial(
    caseWith({
      timing: { memory_ops: { per_turn: true, tools: ['memory_insert', 'memory_replace'] }, min: 0.66 },
      all_tools: { memory_ops: { per_turn: true } },
      count: { memory_ops: { expect: 4 } },
      inserts: { memory_ops: { expect: 1, tools: ['memory_insert'] } },
    }),
    input,
  );
  const { timing, all_tools, count, inserts } = graded.graders!;
  assert.deepEqual([timing!.score, timing!.status, timing!.min], [2 / 3, 'pass', 0.66]);
  assert.deepEqual([all_tools!.score, all_tools!.status], [2 / 3, 'fail']);
  assert.deepEqual([count!.score, count!.status], [0.75, 'fail']);
  assert.match(count!.reason, /^3 memory_insert\/memory_replace\/memory_delete\/memory_rethink calls of 4 expected$/);
  assert.deepEqual([inserts!.score, inserts!.status], [1, 'pass']);
  assert.equal(graded.status, 'fail');
  // A target that reported no memory_ops at all cannot be scored on them: an error, not 0.
  const silent = await gradeTrial(caseWith({ timing: { memory_ops: { per_turn: true } } }), { ...input, invocations: [session(), session(), probe] });
  assert.equal(silent.status, 'error');
  assert.match(silent.reason, /^grader timing: the target reported no memory_ops for any turn/);
});

test('trial status: the check and every grader that ran must pass; a memory grader with no snapshot is an error; skipped graders do not count', async () => {
  const graders: CaseSpec['graders'] = {
    capture: { memory: { captures: ['React'] } },
    quality: { judge: { rubric: 'r', scale: [1, 5], on: 'memory' }, min: 3.5 },
  };
  const input = { question: 'q', answer: 'We use React.', invocations: [session([]), probe] };
  const passed = await gradeTrial(caseWith(graders, { icontains: 'react' }), { ...input, snapshot: { entries: entries('uses React') } });
  assert.equal(passed.status, 'pass');
  // Skipped, it still says the scale and threshold the suite gave it (results show the grader as set).
  assert.deepEqual(passed.graders!.quality, { status: 'skipped', scale: [1, 5], min: 3.5, reason: 'no judge configured (e2e.judge)' });
  const failedCheck = await gradeTrial(caseWith(graders, { icontains: 'vue' }), { ...input, snapshot: { entries: entries('uses React') } });
  assert.equal(failedCheck.status, 'fail');
  assert.match(failedCheck.reason, /^does not contain "vue"/);
  const noSnapshot = await gradeTrial(caseWith(graders, { icontains: 'react' }), { ...input, snapshot: undefined });
  assert.equal(noSnapshot.status, 'error');
  assert.equal(noSnapshot.reason, 'grader capture: no snapshot of memory was taken when this trial ran (no grader of the case read memory then): run the trial again');
  const failedList = await gradeTrial(caseWith(graders), { ...input, snapshot: { error: 'list timed out' } });
  assert.equal(failedList.graders!.capture!.reason, 'the memory snapshot failed: list timed out');
  const nothing = await gradeTrial(caseWith({ quality: graders.quality! }), { ...input, snapshot: { entries: [] } });
  assert.equal(nothing.status, 'error');
  assert.match(nothing.reason, /^nothing graded this trial: every grader was skipped/);
  // A check grader scores 1 or 0.
  const checked = await gradeTrial(caseWith({ answer: { check: { icontains: 'react' } } }), { ...input, snapshot: undefined });
  assert.deepEqual([checked.status, checked.graders!.answer!.score], ['pass', 1]);
});

test('the tables and the schema name the same kinds', () => {
  const defs = suiteSchema.definitions as unknown as Record<string, { properties: Record<string, { properties?: Record<string, { items?: { enum?: string[] } }> }> }>;
  assert.deepEqual(Object.keys(defs.check!.properties).filter((key) => key !== 'flags' && key !== 'or_asks' && key !== 'min' && key !== 'on').sort(), [...CHECK_KIND_NAMES].sort());
  assert.deepEqual(Object.keys(defs.grader!.properties).filter((key) => key !== 'min' && key !== 'env').sort(), Object.keys(GRADER_KINDS).sort());
  assert.deepEqual(defs.grader!.properties.memory_ops!.properties!.tools!.items!.enum, Object.keys(MEMORY_TOOLS));
});

function suiteWith(cases: string, extra: Record<string, string> = {}, judge = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'recall-gate-graders-'));
  writeFileSync(
    join(dir, 'suite.yaml'),
    `name: graders\nretrieval:\n  providers: [{ name: kw, kind: keyword }]\n  memories: [{ id: m1, text: hello }]\n  queries: [{ id: q1, text: hello, relevant: [m1] }]\ne2e:\n  target: { kind: builtin, model: m, memory: { provider: kw } }\n${judge ? '  judge: { model: j }\n' : ''}  cases:\n${cases}`,
  );
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return join(dir, 'suite.yaml');
}

function problemsOf(path: string): string[] {
  try {
    loadSuite(path);
  } catch (error) {
    assert.ok(error instanceof RecallGateError, String(error));
    return error.problems.map((problem) => `${problem.where.line}:${problem.where.col} ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`);
  }
  return [];
}

test('graders load: files read and resolved, a script checked in its own process', () => {
  const path = suiteWith(
    `    - name: c1
      ability: a
      probe: { text: q }
      graders:
        capture: { memory: { captures: [Python, { any: [seven, "7"] }], label: project }, min: 0.8 }
        quality: { judge: { rubric: rubric.md, scale: [1, 5], on: memory }, min: 3.5 }
        mine: { script: "graders.mjs#check" }
`,
    { 'rubric.md': 'Each entry holds one fact.\n', 'graders.mjs': 'export function check() { return { score: 1, reason: "ok" }; }\n' },
    true,
  );
  const suite = loadSuite(path);
  const graders = suite.e2e!.cases[0]!.graders!;
  assert.deepEqual(graders.quality, { judge: { rubric: 'Each entry holds one fact.\n', rubric_file: 'rubric.md', scale: [1, 5], on: 'memory' }, min: 3.5 });
  assert.deepEqual(graders.mine, { script: { path: join(path, '..', 'graders.mjs'), shown: 'graders.mjs#check', export: 'check' } });
  assert.ok(suite.files.includes(join(path, '..', 'rubric.md')));
});

test('graders are validated by the schema at file:line:col: an unknown kind with did-you-mean, a tool name, a label that is no string', () => {
  const problems = problemsOf(
    suiteWith(`    - name: c1
      ability: a
      probe: { text: q }
      graders:
        typo: { memroy: { captures: [x] } }
        ops: { memory_ops: { tools: [memory_insrt] } }
        label: { memory: { captures: [x], label: 3 } }
`),
  );
  assert.deepEqual(problems, [
    '13:17 unknown key "memroy" (did you mean "memory"?)',
    '14:38 item 1 must be one of: memory_insert, memory_replace, memory_delete, memory_rethink; got "memory_insrt" (did you mean "memory_insert"?)',
    '15:50 "label" must be a string; got number 3',
  ]);
});

test('graders are validated at file:line:col: min, scale, script file and export, one memory measure, and a case needs a check or graders', () => {
  const problems = problemsOf(
    suiteWith(
      `    - name: c1
      ability: a
      probe: { text: q }
      graders:
        high: { memory: { captures: [x] }, min: 1.5 }
        scale: { judge: { rubric: text, scale: [0, 10] } }
        judged: { judge: { rubric: text }, min: 6 }
        gone: { script: "missing.mjs#check" }
        noexport: { script: "graders.mjs#nope" }
        notfn: { script: "graders.mjs#version" }
        both: { memory: { captures: [x], redundancy: { max: 0.1 } } }
        redmin: { memory: { redundancy: { max: 0.1 } }, min: 0.5 }
        ops: { memory_ops: { per_turn: true, expect: 2 } }
        rubric: { judge: { rubric: nowhere.md } }
    - name: c2
      ability: a
      probe: { text: q }
`,
      { 'graders.mjs': 'export function check() {}\nexport const version = 2;\n' },
      true,
    ),
  );
  const expected = [
    /^14:49 min must be from 0 to 1 for this grader; got 1\.5$/,
    /^15:48 a judge grader's scale is \[1, 5\]; got \[0,10\]$/,
    /^16:49 min must be from 1 to 5 for this grader; got 6$/,
    /^17:25 grader script .*missing\.mjs does not exist/,
    /^18:29 graders\.mjs has no export "nope" \(its functions: check\)$/,
    /^19:26 graders\.mjs's export "version" is a number, not a function/,
    /^20:54 redundancy is graded alone/,
    /^21:62 redundancy passes when its share is at most redundancy.max: it takes no min/,
    /^22:28 memory_ops needs one of per_turn: true or expect: <count>/,
    /^23:36 cannot read .*nowhere\.md/,
    /^24:7 case "c2" needs a check, graders, or both/,
  ];
  for (const pattern of expected) assert.ok(problems.some((problem) => pattern.test(problem)), `${pattern} in\n${problems.join('\n')}`);
  assert.equal(problems.length, expected.length, problems.join('\n'));
});

test('a grader script that does not import is a load problem naming the error', () => {
  const problems = problemsOf(
    suiteWith(
      `    - name: c1
      ability: a
      probe: { text: q }
      graders: { mine: { script: "broken.mjs#check" } }
`,
      { 'broken.mjs': 'export function check( {\n' },
    ),
  );
  assert.equal(problems.length, 1, problems.join('\n'));
  assert.match(problems[0]!, /^12:34 grader script broken\.mjs: cannot import it: SyntaxError/);
});

test('a memory fact that normalises to nothing is a load problem: it would be found in every memory', () => {
  const problems = problemsOf(
    suiteWith(`    - name: c1
      ability: a
      probe: { text: q }
      graders: { capture: { memory: { captures: [" ", { any: ["Python", "\u200b"] }] } } }
`),
  );
  assert.deepEqual(problems, [
    '12:50 an empty fact: " " is nothing once normalised, and would be found in every memory (write the fact memory must hold)',
    '12:73 an empty fact: "\u200b" is nothing once normalised, and would be found in every memory (write the fact memory must hold)',
  ]);
});

test('a judge grader without e2e.judge is a load problem, as a judge check is: no run could grade it', () => {
  const problems = problemsOf(
    suiteWith(`    - name: c1
      ability: a
      probe: { text: q }
      graders: { quality: { judge: { rubric: "Each entry holds one fact." } } }
`),
  );
  assert.deepEqual(problems, ['12:36 a judge grader needs e2e.judge with the judge model (add e2e: { judge: { model: ... } })']);
});
