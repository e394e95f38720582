import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scoreCommand, trecEvalName } from '../src/cli/score.js';
import type { CliIO } from '../src/cli/io.js';
import { ExitCode, RecallGateError, formatProblem } from '../src/errors.js';
import { metricNames } from '../src/retrieval/metrics.js';
import type { MetricValues } from '../src/model/figures.js';
import { scoreTrec } from '../src/retrieval/score.js';
import { parseQrels, parseRun, trecEvalOrder } from '../src/retrieval/trec.js';

// Compiled to build/test/score.test.js; the fixtures stay in the source tree.
const FIXTURES = resolve(import.meta.dirname, '..', '..', 'test', 'fixtures', 'trec');
const CUTOFFS = [1, 3, 5, 10];
const EPS = 1e-9;

function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

function close(actual: number | undefined, expected: number, message?: string): void {
  assert.ok(actual !== undefined && Math.abs(actual - expected) < EPS, `${message ?? 'value'}: expected ${expected}, got ${actual}`);
}

/** Catches the RecallGateError a function throws, failing when it throws nothing or something else. */
function gateError(fn: () => unknown): RecallGateError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof RecallGateError, `expected a RecallGateError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected an error');
}

async function gateErrorAsync(promise: Promise<unknown>): Promise<RecallGateError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof RecallGateError, `expected a RecallGateError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected an error');
}

function fakeIO(cwd = FIXTURES): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { cwd, env: {}, out, err, stdout: (text) => out.push(text), stderr: (text) => err.push(text) };
}

// Discounts 1/log2(r + 1): D1 = 1, D2 = 0.6309297535714575, D3 = 0.5.
const D2 = 1 / Math.log2(3);

// Hand computation for the fixtures (qrels.txt, run.txt), trec_eval order:
//
// q1: judged a=0, b=1, c=1. Run: a 0.5 (rank col 1), b 0.5 (rank col 2), d 0.1, c 0.3.
//     Score desc, tie a/b broken by docid descending -> b a c d.  Gains: 1 0 1 0. Relevant: 2.
//     recall@1 = 1/2, @3 = @5 = @10 = 2/2 = 1
//     P@1 = 1, P@3 = 2/3, P@5 = 2/5 = 0.4, P@10 = 2/10 = 0.2
//     success@1..10 = 1; RR = 1
//     nDCG@1 = 1/1 = 1; nDCG@3,5,10 = (1 + 1*D3) / (1 + D2) = 1.5 / 1.630930 = 0.919721
// q2: judged doc10=2, doc9=1. Run: zz 2e0, doc10 1.5, doc9 1.5.
//     Tie doc10/doc9 broken by strcmp descending: "doc9" > "doc10" ('9' > '1') -> zz doc9 doc10.
//     Gains: 0 1 2. Relevant: 2.
//     recall@1 = 0, @3 = @5 = @10 = 1
//     P@1 = 0, P@3 = 2/3, P@5 = 0.4, P@10 = 0.2
//     success@1 = 0, @3..10 = 1; RR = 1/2
//     nDCG@1 = 0; nDCG@3,5,10 = (1*D2 + 2*D3) / (2 + 1*D2) = 1.630930 / 2.630930 = 0.619906
// q3: judged m=1, not in the run -> all 0 (counts, as trec_eval -c).
// q4: judged n=0, o=0 (no relevant document) -> all 0 (counts).
// q9: in the run only -> ignored.
//
// Means over 4 queries:
//   recall@1 = 0.5/4 = 0.1250; recall@3,5,10 = 2/4 = 0.5000
//   P@1 = 1/4 = 0.2500; P@3 = (2/3 + 2/3)/4 = 0.3333; P@5 = 0.8/4 = 0.2000; P@10 = 0.4/4 = 0.1000
//   success@1 = 1/4 = 0.2500; success@3,5,10 = 2/4 = 0.5000
//   nDCG@1 = 1/4 = 0.2500; nDCG@3,5,10 = (0.919721 + 0.619906)/4 = 1.539627/4 = 0.3849
//   RR = (1 + 0.5)/4 = 0.3750
const Q1_NDCG = 1.5 / (1 + D2);
const Q2_NDCG = (D2 + 1) / (2 + D2);
const EXPECTED_MEANS: MetricValues = {
  'recall@1': 0.125,
  'recall@3': 0.5,
  'recall@5': 0.5,
  'recall@10': 0.5,
  // recall_all (every relevant in the top k): q1 has 1 of 2 at k=1, both from k=3; q2 none at k=1, both from k=3 -> 0, then 2/4.
  'recall_all@1': 0,
  'recall_all@3': 0.5,
  'recall_all@5': 0.5,
  'recall_all@10': 0.5,
  'precision@1': 0.25,
  'precision@3': 1 / 3,
  'precision@5': 0.2,
  'precision@10': 0.1,
  'success@1': 0.25,
  'success@3': 0.5,
  'success@5': 0.5,
  'success@10': 0.5,
  'ndcg@1': 0.25,
  'ndcg@3': (Q1_NDCG + Q2_NDCG) / 4,
  'ndcg@5': (Q1_NDCG + Q2_NDCG) / 4,
  'ndcg@10': (Q1_NDCG + Q2_NDCG) / 4,
  mrr: 0.375,
};

const EXPECTED_STDOUT = [
  'num_q\tall\t4',
  'recall_1\tall\t0.1250',
  'recall_3\tall\t0.5000',
  'recall_5\tall\t0.5000',
  'recall_10\tall\t0.5000',
  'P_1\tall\t0.2500',
  'P_3\tall\t0.3333',
  'P_5\tall\t0.2000',
  'P_10\tall\t0.1000',
  'success_1\tall\t0.2500',
  'success_3\tall\t0.5000',
  'success_5\tall\t0.5000',
  'success_10\tall\t0.5000',
  'ndcg_cut_1\tall\t0.2500',
  'ndcg_cut_3\tall\t0.3849',
  'ndcg_cut_5\tall\t0.3849',
  'ndcg_cut_10\tall\t0.3849',
  'recip_rank\tall\t0.3750',
].join('\n');

describe('trecEvalOrder', () => {
  const order = (entries: { docid: string; score: number }[]) => trecEvalOrder(entries).map((entry) => entry.docid);

  test('score descending; ties broken by docid descending ("b" before "a")', () => {
    assert.deepEqual(order([{ docid: 'a', score: 1 }, { docid: 'b', score: 1 }]), ['b', 'a']);
    assert.deepEqual(order([{ docid: 'a', score: 2 }, { docid: 'b', score: 1 }]), ['a', 'b']);
    assert.deepEqual(
      order([{ docid: 'c', score: 0.3 }, { docid: 'a', score: 0.5 }, { docid: 'd', score: 0.1 }, { docid: 'b', score: 0.5 }]),
      ['b', 'a', 'c', 'd'],
    );
  });

  test('ties compare byte-wise like strcmp, not numerically or by locale', () => {
    // "doc9" > "doc10" because '9' (0x39) > '1' (0x31)
    assert.deepEqual(order([{ docid: 'doc10', score: 1 }, { docid: 'doc9', score: 1 }]), ['doc9', 'doc10']);
    // 'd' (0x64) > 'D' (0x44): "d1" before "D2" (a locale compare would put D2 first)
    assert.deepEqual(order([{ docid: 'D2', score: 1 }, { docid: 'd1', score: 1 }]), ['d1', 'D2']);
    // UTF-8 bytes: U+1F600 is F0 9F 98 80, U+FF21 is EF BC A1, so the emoji is greater
    // (UTF-16 code units would say the opposite: D83D < FF21)
    assert.deepEqual(order([{ docid: '\uFF21', score: 1 }, { docid: '\u{1F600}', score: 1 }]), ['\u{1F600}', '\uFF21']);
  });

  test('returns a new array and leaves the input alone', () => {
    const entries = [{ docid: 'a', score: 0 }, { docid: 'b', score: 1 }];
    const sorted = trecEvalOrder(entries);
    assert.notEqual(sorted, entries);
    assert.deepEqual(entries.map((entry) => entry.docid), ['a', 'b']);
  });
});

describe('parseQrels and parseRun', () => {
  test('reads the fixtures; the rank and tag columns are not kept, file order is', () => {
    const qrels = parseQrels(fixture('qrels.txt'), 'qrels.txt');
    assert.deepEqual([...qrels.keys()], ['q1', 'q2', 'q3', 'q4']);
    assert.deepEqual([...qrels.get('q1')!], [['a', 0], ['b', 1], ['c', 1]]);
    assert.deepEqual([...qrels.get('q4')!], [['n', 0], ['o', 0]]);
    const run = parseRun(fixture('run.txt'), 'run.txt');
    assert.deepEqual([...run.keys()], ['q1', 'q2', 'q4', 'q9']);
    assert.deepEqual(run.get('q1'), [
      { docid: 'a', score: 0.5, line: 1 },
      { docid: 'b', score: 0.5, line: 2 },
      { docid: 'd', score: 0.1, line: 3 },
      { docid: 'c', score: 0.3, line: 4 },
    ]);
    // line 5 is blank; tabs and runs of spaces separate fields; "2e0" is a number
    assert.deepEqual(run.get('q2'), [
      { docid: 'zz', score: 2, line: 6 },
      { docid: 'doc10', score: 1.5, line: 7 },
      { docid: 'doc9', score: 1.5, line: 8 },
    ]);
  });

  test('CRLF line endings are accepted', () => {
    const run = parseRun('q1 Q0 a 1 0.5 tag\r\nq1 Q0 b 2 0.4 tag\r\n', 'crlf.txt');
    assert.deepEqual(run.get('q1')!.map((entry) => entry.docid), ['a', 'b']);
    const qrels = parseQrels('q1 0 a 1\r\n', 'crlf.txt');
    assert.equal(qrels.get('q1')!.get('a'), 1);
  });

  test('a duplicate docid within one query is an error naming the file, line and column', () => {
    // run-duplicate.txt line 3 is "q1  Q0   a 2 0.4 tag": "a" starts at column 10.
    // Line 2 has "a" too, but for q2, which is fine.
    const error = gateError(() => parseRun(fixture('run-duplicate.txt'), 'fixtures/run-duplicate.txt'));
    assert.equal(error.code, 'invalid-input');
    assert.equal(error.exitCode, ExitCode.invalidInput);
    assert.equal(error.problems.length, 1);
    const [problem] = error.problems;
    assert.deepEqual(problem!.where, { file: 'fixtures/run-duplicate.txt', line: 3, col: 10 });
    assert.match(problem!.message, /"a" appears twice for query "q1"/);
    assert.match(formatProblem(problem!), /^fixtures\/run-duplicate\.txt:3:10: /);
  });

  test('malformed run lines: each one reported with its position', () => {
    // line 2: "q1 Q0 b 2 0.4" has 5 fields -> column 1
    // line 3: "q1 Q0 c 3 high tag": score "high" starts at column 11
    const error = gateError(() => parseRun(fixture('run-malformed.txt'), 'run-malformed.txt'));
    assert.equal(error.code, 'invalid-input');
    assert.match(error.message, /2 problems in run-malformed\.txt/);
    assert.deepEqual(
      error.problems.map((problem) => problem.where),
      [
        { file: 'run-malformed.txt', line: 2, col: 1 },
        { file: 'run-malformed.txt', line: 3, col: 11 },
      ],
    );
    assert.match(error.problems[0]!.message, /6 fields.*found 5/);
    assert.match(error.problems[1]!.message, /score must be a number, got "high"/);
  });

  test('a run score that is not finite is rejected', () => {
    for (const score of ['NaN', 'Infinity', '1e999', '0.5x']) {
      const error = gateError(() => parseRun(`q1 Q0 a 1 ${score} tag\n`, 'r.txt'));
      assert.deepEqual(error.problems[0]!.where, { file: 'r.txt', line: 1, col: 11 }, score);
    }
  });

  test('malformed qrels lines: field count, non-integer relevance, duplicate judgment', () => {
    // line 2: "q1 0 b" has 3 fields -> column 1
    // line 3: "q1 0 c 1.5": relevance starts at column 8
    // line 4: "q1 0 a 2": "a" already judged on line 1; docid at column 6
    const error = gateError(() => parseQrels(fixture('qrels-malformed.txt'), 'qrels-malformed.txt'));
    assert.equal(error.code, 'invalid-input');
    assert.deepEqual(
      error.problems.map((problem) => [problem.where.line, problem.where.col]),
      [
        [2, 1],
        [3, 8],
        [4, 6],
      ],
    );
    assert.match(error.problems[0]!.message, /4 fields.*found 3/);
    assert.match(error.problems[1]!.message, /integer, got "1\.5"/);
    assert.match(error.problems[2]!.message, /"a" is judged twice for query "q1"/);
    for (const problem of error.problems) assert.equal(problem.where.file, 'qrels-malformed.txt');
  });
});

describe('scoreTrec', () => {
  const qrels = parseQrels(fixture('qrels.txt'), 'qrels.txt');
  const run = parseRun(fixture('run.txt'), 'run.txt');
  const score = scoreTrec(qrels, run, CUTOFFS);

  test('every judged query counts; missing and ignored queries are listed', () => {
    assert.equal(score.queryCount, 4);
    assert.deepEqual(Object.keys(score.perQuery), ['q1', 'q2', 'q3', 'q4']);
    assert.deepEqual(score.missingFromRun, ['q3']);
    assert.deepEqual(score.ignoredRunQueries, ['q9']);
  });

  test('per-query values follow trec_eval order (rank column ignored, ties by docid descending)', () => {
    const q1 = score.perQuery.q1!;
    close(q1['recall@1'], 0.5, 'q1 recall@1');
    close(q1['precision@1'], 1, 'q1 P@1 (b ranks before a)');
    close(q1['precision@3'], 2 / 3, 'q1 P@3');
    close(q1['precision@10'], 0.2, 'q1 P@10');
    close(q1.mrr, 1, 'q1 RR');
    close(q1['ndcg@3'], 0.9197207891481876, 'q1 nDCG@3');
    const q2 = score.perQuery.q2!;
    close(q2['success@1'], 0, 'q2 success@1');
    close(q2.mrr, 0.5, 'q2 RR');
    close(q2['ndcg@3'], 0.6199062332840657, 'q2 nDCG@3 (doc9 before doc10)');
  });

  test('a judged query missing from the run and a query with no relevant judgments score 0', () => {
    for (const qid of ['q3', 'q4']) {
      for (const name of metricNames(CUTOFFS)) assert.equal(score.perQuery[qid]![name], 0, `${qid} ${name}`);
    }
  });

  test('means by hand', () => {
    for (const name of metricNames(CUTOFFS)) close(score.means[name], EXPECTED_MEANS[name]!, name);
    assert.equal(score.means['ndcg@3']!.toFixed(4), '0.3849');
  });

  test('the same lines in another file order, with other rank columns, score the same', () => {
    const shuffled = [
      'q9 Q0 a 9 1.0 tag',
      'q2 Q0 doc9 1 1.5 other',
      'q1 Q0 c 1 0.3 tag',
      'q4 Q0 n 7 0.7 tag',
      'q1 Q0 a 2 0.5 tag',
      'q2 Q0 zz 3 2 tag',
      'q1 Q0 d 3 0.1 tag',
      'q2 Q0 doc10 2 1.5 tag',
      'q1 Q0 b 4 0.5 tag',
    ].join('\n');
    const again = scoreTrec(qrels, parseRun(shuffled, 'shuffled.txt'), CUTOFFS);
    assert.deepEqual(again, score);
  });

  test('no judged queries: zero queries, zero means, run queries ignored', () => {
    const empty = scoreTrec(new Map(), run, [1]);
    assert.equal(empty.queryCount, 0);
    assert.deepEqual(empty.ignoredRunQueries, ['q1', 'q2', 'q4', 'q9']);
    for (const name of metricNames([1])) assert.equal(empty.means[name], 0, name);
  });
});

describe('scoreCommand', () => {
  test('trecEvalName maps metric keys to trec_eval names', () => {
    assert.equal(trecEvalName('recall@5'), 'recall_5');
    assert.equal(trecEvalName('precision@5'), 'P_5');
    assert.equal(trecEvalName('success@1'), 'success_1');
    assert.equal(trecEvalName('ndcg@10'), 'ndcg_cut_10');
    assert.equal(trecEvalName('mrr'), 'recip_rank');
    assert.equal(trecEvalName('recall_all@5'), undefined, 'LongMemEval\'s recall_all has no trec_eval name, so score prints no line for it');
  });

  test('prints trec_eval-style lines, with notes on stderr', async () => {
    const io = fakeIO();
    const code = await scoreCommand(['--qrels', 'qrels.txt', '--run', 'run.txt'], io);
    assert.equal(code, ExitCode.ok);
    const stdout = io.out.join('');
    assert.equal(stdout, `${EXPECTED_STDOUT}\n`);
    const lines = stdout.split('\n');
    for (const line of ['recall_5\tall\t0.5000', 'P_5\tall\t0.2000', 'success_1\tall\t0.2500', 'ndcg_cut_5\tall\t0.3849', 'recip_rank\tall\t0.3750']) {
      assert.ok(lines.includes(line), line);
    }
    const stderr = io.err.join('');
    assert.match(stderr, /1 judged queries have no results in the run and score 0/);
    assert.match(stderr, /1 run queries have no judgments and are ignored/);
  });

  test('--k chooses the cutoffs (sorted, deduplicated)', async () => {
    const io = fakeIO();
    await scoreCommand(['--qrels', 'qrels.txt', '--run', 'run.txt', '--k', '5,1,5'], io);
    assert.deepEqual(io.out.join('').trimEnd().split('\n'), [
      'num_q\tall\t4',
      'recall_1\tall\t0.1250',
      'recall_5\tall\t0.5000',
      'P_1\tall\t0.2500',
      'P_5\tall\t0.2000',
      'success_1\tall\t0.2500',
      'success_5\tall\t0.5000',
      'ndcg_cut_1\tall\t0.2500',
      'ndcg_cut_5\tall\t0.3849',
      'recip_rank\tall\t0.3750',
    ]);
  });

  test('paths are resolved against io.cwd', async () => {
    const io = fakeIO(resolve(FIXTURES, '..'));
    await scoreCommand(['--qrels', 'trec/qrels.txt', '--run', join(FIXTURES, 'run.txt')], io);
    assert.equal(io.out.join(''), `${EXPECTED_STDOUT}\n`);
  });

  test('--json prints the whole score', async () => {
    const io = fakeIO();
    const code = await scoreCommand(['--qrels', 'qrels.txt', '--run', 'run.txt', '--json'], io);
    assert.equal(code, ExitCode.ok);
    assert.deepEqual(io.err, []);
    const parsed = JSON.parse(io.out.join('')) as {
      queryCount: number;
      ignoredRunQueries: string[];
      missingFromRun: string[];
      means: MetricValues;
      perQuery: Record<string, MetricValues>;
    };
    assert.equal(parsed.queryCount, 4);
    assert.deepEqual(parsed.ignoredRunQueries, ['q9']);
    assert.deepEqual(parsed.missingFromRun, ['q3']);
    assert.deepEqual(Object.keys(parsed.perQuery), ['q1', 'q2', 'q3', 'q4']);
    for (const name of metricNames(CUTOFFS)) close(parsed.means[name], EXPECTED_MEANS[name]!, name);
    close(parsed.perQuery.q2!.mrr, 0.5);
  });

  test('a duplicate docid in the run is invalid input pointing at the file as given', async () => {
    const error = await gateErrorAsync(scoreCommand(['--qrels', 'qrels.txt', '--run', 'run-duplicate.txt'], fakeIO()));
    assert.equal(error.exitCode, ExitCode.invalidInput);
    assert.deepEqual(error.problems[0]!.where, { file: 'run-duplicate.txt', line: 3, col: 10 });
  });

  test('missing flags, a bad --k, an unknown flag and an unreadable file are invalid input', async () => {
    const missing = await gateErrorAsync(scoreCommand(['--qrels', 'qrels.txt'], fakeIO()));
    assert.equal(missing.exitCode, ExitCode.invalidInput);
    assert.match(missing.hint ?? '', /usage: recall-gate score/);
    const badK = await gateErrorAsync(scoreCommand(['--qrels', 'qrels.txt', '--run', 'run.txt', '--k', '0,5'], fakeIO()));
    assert.match(badK.message, /--k must be positive whole numbers/);
    const unknown = await gateErrorAsync(scoreCommand(['--qrels', 'qrels.txt', '--run', 'run.txt', '--depth', '3'], fakeIO()));
    assert.equal(unknown.exitCode, ExitCode.invalidInput);
    const unreadable = await gateErrorAsync(scoreCommand(['--qrels', 'no-such-file.txt', '--run', 'run.txt'], fakeIO()));
    assert.match(unreadable.message, /cannot read --qrels file no-such-file\.txt: file not found/);
  });
});
