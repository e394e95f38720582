import assert from 'node:assert/strict';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { runCli, tempDir } from '../support/cli.js';

const MEMORIES = '  memories:\n    - { id: a, text: "Maya has a peanut allergy" }\n    - { id: b, text: "Maya lives in Lisbon now" }\n    - { id: c, text: "Maya keeps a vegetarian diet" }\n';
const QUERIES: Record<string, string> = {
  peanut: '    - { id: peanut, text: "peanut allergy", relevant: [a] }\n',
  lisbon: '    - { id: lisbon, text: "Lisbon", relevant: [b] }\n',
  // No word in common with the memory: BM25 finds nothing, so this one is always missed.
  hard: '    - { id: hard, text: "what do I eat", relevant: [c] }\n',
};

/** A one-provider keyword suite asking `queries`: recall@1 is the share of them that are not "hard". */
function suite(dir: string, queries: string[]): string {
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, `name: tiny\nretrieval:\n  k: [1]\n  providers: [{ name: keyword, kind: keyword }]\n${MEMORIES}  queries:\n${queries.map((name) => QUERIES[name]).join('')}`);
  return path;
}

describe('history from results folders, and run --history, through dist/cli.js', () => {
  const root = tempDir('recall-gate-history-');
  // Three real runs, recall@1 0.500, 0.667 and 1.000: r1 on its own, r2 and r3 inside one folder (as run --variants or downloaded artifacts leave them).
  before(async () => {
    const plans: [string, string[]][] = [
      ['r1', ['peanut', 'hard']],
      [join('later', 'r2'), ['peanut', 'lisbon', 'hard']],
      [join('later', 'r3'), ['peanut', 'lisbon']],
    ];
    for (const [index, [out, queries]] of plans.entries()) {
      const dir = join(root, `suite-${index}`);
      mkdirSync(dir);
      const run = await runCli(['run', suite(dir, queries), '--out', join(root, out)], { env: { GITHUB_SHA: String(index + 1).repeat(40) } });
      assert.equal(run.code, 0, run.stderr);
    }
  });

  test('history DIR... prints each metric\'s trend oldest first and writes the file only with --out; a run given again counts once', async () => {
    const printed = await runCli(['history', 'later', 'r1'], { cwd: root });
    assert.equal(printed.code, 0, printed.stderr);
    assert.match(printed.stdout, /^tiny: 3 runs, \S+ to \S+\n/);
    assert.equal(
      printed.stdout.split('\n').slice(1).join('\n'),
      [
        'trend over the last 3 runs, this one last:',
        '  recall@1 (keyword)  ▁▃█  0.500 → 1.000 over 3 runs',
        '  ndcg@1 (keyword)    ▁▃█  0.500 → 1.000 over 3 runs',
        '  mrr (keyword)       ▁▃█  0.500 → 1.000 over 3 runs',
        '',
      ].join('\n'),
    );
    assert.equal(existsSync(join(root, 'history.jsonl')), false, 'no file without --out');

    const written = await runCli(['history', 'r1', 'later', '--out', 'history.jsonl'], { cwd: root });
    assert.equal(written.code, 0, written.stderr);
    assert.match(written.stdout, /history written to history\.jsonl \(3 runs\)/);
    const lines = readFileSync(join(root, 'history.jsonl'), 'utf8').trimEnd().split('\n').map((text) => JSON.parse(text) as { commit: string; metrics: Record<string, number> });
    assert.deepEqual(lines.map((one) => one.commit[0]), ['1', '2', '3'], 'sorted by date');
    assert.deepEqual(lines.map((one) => Math.round(one.metrics['retrieval.keyword.recall@1']! * 1000)), [500, 667, 1000]);

    const again = await runCli(['history', 'later/r3', '--out', 'history.jsonl'], { cwd: root });
    assert.match(again.stdout, /kept 3 of 4 runs: a run or commit given twice counts once/);
    assert.equal(readFileSync(join(root, 'history.jsonl'), 'utf8').trimEnd().split('\n').length, 3);

    const none = await runCli(['history', 'suite-0'], { cwd: root });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /suite-0 has no results\.json, nor has any folder in it/);
  });

  test('a narrowed run (some cases or queries, a sample, a shard) is left out of a trend, with a note: its figures are of another thing', async () => {
    const narrowed = join(root, 'narrowed');
    cpSync(join(root, 'r1'), narrowed, { recursive: true });
    const document = JSON.parse(readFileSync(join(narrowed, 'results.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(narrowed, 'results.json'), JSON.stringify({ ...document, run_id: 'narrowed-run', selection: { by: ['--query'], queries: ['peanut'], of: { cases: 0, queries: 2 } } }));
    const printed = await runCli(['history', 'narrowed', 'later'], { cwd: root });
    assert.equal(printed.code, 0, printed.stderr);
    assert.match(printed.stderr, /note: narrowed is left out: it is narrowed with --query, and a trend compares whole runs/);
    assert.match(printed.stdout, /^tiny: 2 runs/);
    const only = await runCli(['history', 'narrowed'], { cwd: root });
    assert.equal(only.code, 2);
    assert.match(only.stderr, /every results folder given is a narrowed run/);
  });

  test('a damaged results folder among good ones is named and left out, exit 2, and the good runs still make the history', async () => {
    const damaged = join(root, 'damaged');
    cpSync(join(root, 'r1'), damaged, { recursive: true });
    const document = JSON.parse(readFileSync(join(damaged, 'results.json'), 'utf8')) as { run_id: string; retrieval: { providers: Record<string, { metrics: Record<string, unknown> }> } };
    document.run_id = 'damaged-run';
    document.retrieval.providers.keyword!.metrics['recall@1'] = 'abc';
    writeFileSync(join(damaged, 'results.json'), JSON.stringify(document));
    const file = join(root, 'with-damaged.jsonl');
    const run = await runCli(['history', 'damaged', 'later', '--out', file], { cwd: root });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^recall-gate history: left out: damaged\/results\.json: retrieval\.keyword\.recall@1 is abc/m);
    assert.match(run.stderr, /1 results folder was left out as damaged \(above\); the others are in the history/);
    assert.match(run.stdout, /^tiny: 2 runs/m);
    assert.equal(readFileSync(file, 'utf8').trim().split('\n').length, 2, 'the two good runs are written');
    const alone = await runCli(['history', 'damaged'], { cwd: root });
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /no whole run to make a history of: 1 damaged folder \(above\)/);
    // A results.json edited past reading (its suite gone) is damaged too, not a crash.
    const gutted = join(root, 'gutted');
    cpSync(join(root, 'r1'), gutted, { recursive: true });
    const edited = JSON.parse(readFileSync(join(gutted, 'results.json'), 'utf8')) as Record<string, unknown>;
    delete edited.suite;
    writeFileSync(join(gutted, 'results.json'), JSON.stringify(edited));
    const withGutted = await runCli(['history', 'gutted', 'later'], { cwd: root });
    assert.equal(withGutted.code, 2, withGutted.stderr);
    assert.match(withGutted.stderr, /left out: gutted\/results\.json has no suite\.name as text: the results folder is damaged or was edited/);
    assert.match(withGutted.stdout, /^tiny: 2 runs/m);
    const notFolder = await runCli(['history', join('gutted', 'results.json')], { cwd: root });
    assert.equal(notFolder.code, 2);
    assert.match(notFolder.stderr, /gutted\/results\.json is a file, not a folder/);
  });

  test('run --history shows the trend with this run as current and leaves the file as it was', async () => {
    await runCli(['history', 'r1', 'later', '--out', 'history.jsonl'], { cwd: root });
    const before = readFileSync(join(root, 'history.jsonl'), 'utf8');
    const dir = tempDir();
    const run = await runCli(['run', suite(dir, ['peanut', 'lisbon', 'hard']), '--out', join(dir, 'out'), '--history', 'history.jsonl'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /trend over the last 4 runs, this one last:\n {2}recall@1 \(keyword\) {2}▁▃█▃ {2}0\.500 → 0\.667 over 4 runs\n/);
    assert.equal(readFileSync(join(root, 'history.jsonl'), 'utf8'), before, 'run does not append');
  });

  test('run --history: a missing file is no history yet, a torn line is skipped and counted, a file that is not a history stops the run (exit 2, file:line)', async () => {
    const dir = tempDir();
    const path = suite(dir, ['peanut']);
    const missing = await runCli(['run', path, '--out', join(dir, 'a'), '--history', 'none-yet.jsonl'], { cwd: root });
    assert.equal(missing.code, 0, missing.stderr);
    assert.match(missing.stderr, /note: no history yet: none-yet\.jsonl does not exist/);
    assert.match(missing.stdout, /trend: no earlier runs of this suite in the history yet/);

    cpSync(join(root, 'r1', 'results.json'), join(dir, 'not-history.json'));
    const notHistory = await runCli(['run', path, '--out', join(dir, 'b'), '--history', join(dir, 'not-history.json')], { cwd: root });
    assert.equal(notHistory.code, 2, notHistory.stderr);
    assert.match(notHistory.stderr, /not-history\.json:1:1: not JSON \(a torn or hand-edited line\?\); no line of the file is a history line/);
    assert.equal(existsSync(join(dir, 'b')), false, 'nothing ran');

    // A folder given for the file: said as what it is, not as "a part of the path is a file".
    const folder = await runCli(['run', path, '--out', join(dir, 'd'), '--history', 'later'], { cwd: root });
    assert.equal(folder.code, 2, folder.stderr);
    assert.match(folder.stderr, /cannot read the history later: it is a folder, not a file \(EISDIR\) \(give the path of a file\)/);
    assert.equal(existsSync(join(dir, 'd')), false, 'nothing ran');

    await runCli(['history', 'r1', '--out', join(dir, 'torn.jsonl')], { cwd: root });
    appendFileSync(join(dir, 'torn.jsonl'), '{"schema":1,"suite":"tiny","da');
    const torn = await runCli(['run', path, '--out', join(dir, 'c'), '--history', join(dir, 'torn.jsonl')], { cwd: root });
    assert.equal(torn.code, 0, torn.stderr);
    assert.match(torn.stderr, /torn\.jsonl: 1 line skipped, not history lines \(line 2: not JSON/);
    assert.match(torn.stdout, /recall@1 \(keyword\) {2}▁█ {2}0\.500 → 1\.000 over 2 runs/);
  });
});
