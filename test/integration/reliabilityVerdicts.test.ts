import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { runAction } from '../support/action.js';
import { runCli, tempDir } from '../support/cli.js';

/**
 * Verdicts that passed when they should not: an Action with no suite, a
 * baseline asked for that cannot be read, another suite's baseline, a
 * baseline of figures that are not numbers, a history with impossible
 * values; and a forged results folder that drove the terminal through compare.
 */

/** A keyword suite with a regression condition (max_drop on mrr): passing it needs a baseline, or it is waived. */
function tinySuite(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'suite.yaml');
  writeFileSync(
    path,
    [
      `name: ${name}`,
      'retrieval:',
      '  k: [1, 3]',
      '  providers: [{ name: keyword, kind: keyword }]',
      '  memories:',
      '    - { id: tea, text: "I drink green tea every morning" }',
      '    - { id: bike, text: "I ride my bike to the office" }',
      '    - { id: cat, text: "My cat is called Miso" }',
      '  queries:',
      '    - { id: q-tea, text: "green tea morning", relevant: [tea] }',
      '    - { id: q-bike, text: "bike office", relevant: [bike] }',
      '    - { id: q-cat, text: "cat called", relevant: [cat] }',
      'gate:',
      '  all:',
      '    - { metric: retrieval.keyword.mrr, max_drop: 0.05 }',
      '',
    ].join('\n'),
  );
  return path;
}

/** The parts of results.json a forger edits, typed loosely: a forged file holds what it likes. */
interface Forged {
  suite: { name: string; file: string };
  status: string;
  errors: string[];
  retrieval: { providers: Record<string, { metrics: Record<string, unknown> }> };
}

/** Edits a folder's results.json, then its text (so a value can be 1e999, which JSON.stringify cannot write). */
function editResults(dir: string, edit: (results: Forged) => void, raw: (text: string) => string = (text) => text): void {
  const path = join(dir, 'results.json');
  const results = JSON.parse(readFileSync(path, 'utf8')) as Forged;
  edit(results);
  writeFileSync(path, raw(JSON.stringify(results, null, 2)));
}

function copyOf(dir: string): string {
  const copy = tempDir('recall-gate-copy-');
  cpSync(dir, copy, { recursive: true });
  return copy;
}

const ESC = '\u001b';

describe('baselines and compare through dist/cli.js', { timeout: 180_000 }, () => {
  const root = tempDir('recall-gate-verdicts-');
  const suite = tinySuite(join(root, 'tiny'), 'tiny');
  const other = tinySuite(join(root, 'other'), 'other-suite');
  const tinyRun = join(root, 'tiny-run');
  const otherRun = join(root, 'other-run');
  before(async () => {
    for (const [path, out] of [[suite, tinyRun], [other, otherRun]] as const) {
      const run = await runCli(['run', path, '--out', out]);
      assert.equal(run.code, 0, run.stderr);
    }
  });

  test('run --baseline DIR that does not exist is exit 2 before anything runs', async () => {
    const never = join(root, 'never-missing');
    const run = await runCli(['run', suite, '--out', never, '--baseline', join(root, 'no-such-folder')]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /no-such-folder has no results\.json/);
    assert.equal(existsSync(never), false);
  });

  test('a baseline whose results.json is a named pipe cannot be read: exit 2 at once, for compare and run --baseline (it used to wait forever)', async () => {
    const piped = tempDir('recall-gate-piped-');
    execFileSync('mkfifo', [join(piped, 'results.json')]);
    const compared = await runCli(['compare', piped, tinyRun, '--suite', suite], { killAfterMs: 20_000 });
    assert.equal(compared.code, 2, `killed or failed: ${compared.stderr}`);
    assert.match(compared.stderr, /cannot read .*results\.json: is a named pipe \(FIFO\), not a regular file/);
    const run = await runCli(['run', suite, '--out', join(root, 'never-piped'), '--baseline', piped], { killAfterMs: 20_000 });
    assert.equal(run.code, 2, `killed or failed: ${run.stderr}`);
    assert.equal(existsSync(join(root, 'never-piped')), false);
  });

  test('compare of another suite\'s results is exit 2 naming both suites; --allow-other-suite compares and says so in the terminal and --json', async () => {
    const refused = await runCli(['compare', otherRun, tinyRun, '--suite', suite]);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /the baseline .*other-run is a run of suite "other-suite", not of "tiny" \(give a results folder of "tiny", or add --allow-other-suite/);
    assert.equal(refused.stdout, '');

    const allowed = await runCli(['compare', otherRun, tinyRun, '--suite', suite, '--allow-other-suite']);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stdout, /^WARNING: the baseline is a run of another suite \("other-suite", this run is "tiny"\)/m);
    assert.match(allowed.stdout, /gate PASSED .*; WARNING: the baseline is a run of another suite/);
    assert.match(allowed.stderr, /WARNING: the baseline is a run of another suite/);
    const json = await runCli(['compare', otherRun, tinyRun, '--suite', suite, '--allow-other-suite', '--json']);
    assert.equal(json.code, 0, json.stderr);
    const document = JSON.parse(json.stdout) as { baseline_suite_mismatch: unknown; gate: { baselineSuiteMismatch: unknown } };
    assert.deepEqual(document.baseline_suite_mismatch, { baseline: 'other-suite', current: 'tiny' });
    assert.deepEqual(document.gate.baselineSuiteMismatch, { baseline: 'other-suite', current: 'tiny' });
  });

  test('run --baseline of another suite is exit 2 before anything runs; with --allow-other-suite the terminal, --json, report.md and report.html say so', async () => {
    const never = join(root, 'never-other');
    const refused = await runCli(['run', suite, '--out', never, '--baseline', otherRun]);
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /is a run of suite "other-suite", not of "tiny"/);
    assert.equal(existsSync(never), false);

    const out = join(root, 'allowed-other');
    const allowed = await runCli(['run', suite, '--out', out, '--baseline', otherRun, '--allow-other-suite']);
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stdout, /gate PASSED .*; WARNING: the baseline is a run of another suite \("other-suite", this run is "tiny"\)/);
    assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /^⚠️ \*\*The baseline is a run of another suite\*\* \(other-suite; this run is tiny\)/m);
    assert.match(readFileSync(join(out, 'report.html'), 'utf8'), /WARNING: the baseline is a run of another suite/);
    const json = await runCli(['run', suite, '--out', join(root, 'allowed-json'), '--baseline', otherRun, '--allow-other-suite', '--json']);
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual((JSON.parse(json.stdout) as { gate: { baselineSuiteMismatch: unknown } }).gate.baselineSuiteMismatch, { baseline: 'other-suite', current: 'tiny' });
  });

  test('a baseline whose figures are not finite numbers (1e999, a string, null) is refused with exit 2 naming the file and the figures', async () => {
    const forged = copyOf(tinyRun);
    editResults(
      forged,
      (results) => {
        const metrics = results.retrieval.providers.keyword!.metrics;
        metrics.mrr = '__INFINITY__';
        metrics['recall@1'] = 'high';
        metrics['ndcg@3'] = null;
      },
      (text) => text.replace('"__INFINITY__"', '1e999'),
    );
    const compared = await runCli(['compare', forged, tinyRun, '--suite', suite]);
    assert.equal(compared.code, 2, compared.stdout + compared.stderr);
    assert.match(compared.stderr, /the baseline .* holds figures that are not finite numbers/);
    assert.ok(compared.stderr.includes(`${join(forged, 'results.json')}: retrieval.providers.keyword.metrics.recall@1 is "high"`), compared.stderr);
    assert.match(compared.stderr, /retrieval\.providers\.keyword\.metrics\.ndcg@3 is null/);
    assert.match(compared.stderr, /retrieval\.providers\.keyword\.metrics\.mrr is Infinity/);
    assert.doesNotMatch(compared.stdout, /-Infinity/);

    const never = join(root, 'never-forged');
    const run = await runCli(['run', suite, '--out', never, '--baseline', forged]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /metrics\.mrr is Infinity/);
    assert.equal(existsSync(never), false);
  });

  test('compare prints a forged folder\'s suite name, status errors and suite path as plain text: no escape sequence reaches the terminal', async () => {
    const forge = (dir: string) =>
      editResults(dir, (results) => {
        results.suite.name = `${ESC}[2J${ESC}[31mFAKE gate PASSED${ESC}[0m`;
        results.suite.file = `gone${ESC}]0;title${String.fromCharCode(7)}.yaml`;
        results.status = 'incomplete';
        results.errors = [`${ESC}[1A${ESC}[Kall good`];
      });
    const [baseline, current] = [copyOf(tinyRun), copyOf(tinyRun)];
    forge(baseline);
    forge(current);
    const compared = await runCli(['compare', baseline, current]);
    assert.equal(compared.code, 0, compared.stderr);
    assert.ok(!compared.stdout.includes(ESC) && !compared.stderr.includes(ESC), JSON.stringify(compared.stdout + compared.stderr));
    assert.match(compared.stdout, /^FAKE gate PASSED: /m, 'the name is shown, as text');
    assert.match(compared.stderr, /all good/);

    // Two forged names that differ: the refusal names both, as plain text too.
    editResults(baseline, (results) => (results.suite.name = `other${ESC}[31m`));
    const refused = await runCli(['compare', baseline, current]);
    assert.equal(refused.code, 2);
    assert.ok(!refused.stderr.includes(ESC), JSON.stringify(refused.stderr));
  });
});

describe('history refuses values outside a metric\'s range', { timeout: 120_000 }, () => {
  const root = tempDir('recall-gate-ranges-');
  const suite = tinySuite(join(root, 'tiny'), 'tiny');
  const out = join(root, 'run');
  before(async () => {
    const run = await runCli(['run', suite, '--out', out]);
    assert.equal(run.code, 0, run.stderr);
  });

  function historyLine(index: number, metrics: Record<string, number>): string {
    return JSON.stringify({ schema: 1, suite: 'tiny', date: `2026-01-0${index}T00:00:00.000Z`, run_id: `r${index}`, status: 'complete', metrics });
  }

  test('a pass rate of -5 or a recall of 1.5 in a history file: exit 2 with the file:line of each row, for history --out and run --history', async () => {
    const file = join(root, 'history.jsonl');
    writeFileSync(file, [historyLine(1, { 'e2e.pass_rate': 0.5 }), historyLine(2, { 'e2e.pass_rate': -5 }), historyLine(3, { 'retrieval.keyword.recall@1': 1.5, 'e2e.errors': -1 })].join('\n') + '\n');
    const history = await runCli(['history', out, '--out', file]);
    assert.equal(history.code, 2, history.stdout + history.stderr);
    assert.ok(history.stderr.includes(`${file}:2:1: e2e.pass_rate is -5, outside [0, 1], the range of a rate`), history.stderr);
    assert.ok(history.stderr.includes(`${file}:3:1: retrieval.keyword.recall@1 is 1.5, outside [0, 1], the range of a retrieval metric`), history.stderr);
    assert.ok(history.stderr.includes(`${file}:3:1: e2e.errors is -1, outside at least 0, the range of a count`), history.stderr);
    assert.doesNotMatch(history.stdout, /trend/);

    const run = await runCli(['run', suite, '--out', join(root, 'never'), '--history', file]);
    assert.equal(run.code, 2, run.stderr);
    assert.ok(run.stderr.includes(`${file}:2:1: e2e.pass_rate is -5`), run.stderr);
    assert.equal(existsSync(join(root, 'never')), false);
  });

  test('a results folder whose headline figure is out of range is refused by history, naming its results.json', async () => {
    const forged = copyOf(out);
    editResults(forged, (results) => (results.retrieval.providers.keyword!.metrics.mrr = 7));
    const history = await runCli(['history', forged]);
    assert.equal(history.code, 2, history.stdout + history.stderr);
    assert.ok(history.stderr.includes(`${join(forged, 'results.json')}: retrieval.keyword.mrr is 7, outside [0, 1]`), history.stderr);
  });
});

describe('the Action: verdicts that must not pass', { timeout: 180_000 }, () => {
  test('a suite input of separators only (an empty matrix variable) fails the job: the suite input names no file', async () => {
    const cwd = tempDir('recall-gate-action-empty-');
    const run = await runAction(cwd, { suite: ' , ,\n ,' });
    assert.notEqual(run.code, 0, run.log);
    assert.match(run.log, /::error::recall-gate: the suite input names no file/);
    assert.equal(run.outputs.verdict, undefined, 'no verdict, least of all pass');
  });

  test('an explicit baseline folder that does not exist, or is another suite\'s, fails the job before anything runs; the same suite\'s is used', async () => {
    const cwd = tempDir('recall-gate-action-baseline-');
    tinySuite(cwd, 'tiny');
    const missing = await runAction(cwd, { suite: 'suite.yaml', baseline: 'no-such-folder' });
    assert.notEqual(missing.code, 0, missing.log);
    assert.match(missing.log, /::error::recall-gate: input baseline: the folder no-such-folder does not exist/);
    assert.notEqual(missing.outputs.verdict, 'pass');
    assert.equal(existsSync(join(cwd, 'recall-gate-results')), false, 'nothing ran');

    const empty = join(cwd, 'empty-baseline');
    mkdirSync(empty);
    const noResults = await runAction(cwd, { suite: 'suite.yaml', baseline: 'empty-baseline' });
    assert.notEqual(noResults.code, 0);
    assert.match(noResults.log, /input baseline: empty-baseline has no results\.json/);

    const otherDir = tempDir('recall-gate-action-other-');
    const otherRun = join(otherDir, 'run');
    assert.equal((await runCli(['run', tinySuite(otherDir, 'other-suite'), '--out', otherRun])).code, 0);
    const other = await runAction(cwd, { suite: 'suite.yaml', baseline: otherRun });
    assert.notEqual(other.code, 0, other.log);
    assert.match(other.log, /::error::recall-gate: the baseline .* is a run of suite "other-suite", not of "tiny"/);

    const sameRun = join(otherDir, 'same');
    assert.equal((await runCli(['run', join(cwd, 'suite.yaml'), '--out', sameRun])).code, 0);
    const same = await runAction(cwd, { suite: 'suite.yaml', baseline: sameRun });
    assert.equal(same.code, 0, same.log);
    assert.equal(same.outputs.verdict, 'pass');
    assert.match(same.summary, /Baseline: results in /);
  });
});
