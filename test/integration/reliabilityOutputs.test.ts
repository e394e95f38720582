import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

/**
 * Outputs the user names (run --html/--junit, merge/regrade --junit, history
 * --out) and files an import writes: a pipe or a device is written into and
 * never replaced, a link is followed to a file (user outputs) or replaced
 * (an import's folder), and nothing that is not a regular file is read as a
 * history. No test here writes to /dev/null itself: as root, a device node the
 * test makes stands in for it, so the code before the fix (which replaced the
 * path) could never break the real one.
 */

const IS_ROOT = process.getuid?.() === 0;

/** A retrieval suite of one keyword provider, three memories and three queries: a run takes a second. */
function tinySuite(dir: string, name = 'tiny'): string {
  const path = join(dir, `${name}.yaml`);
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

/**
 * A character device the test may lose: as root a node made with mknod (the
 * null device's numbers, in a temp folder), otherwise /dev/null itself, which
 * a user who is not root cannot replace.
 */
function characterDevice(dir: string, name: string): string {
  if (!IS_ROOT) return '/dev/null';
  const path = join(dir, name);
  execFileSync('mknod', [path, 'c', '1', '3']);
  return path;
}

function fifo(dir: string, name: string): string {
  const path = join(dir, name);
  execFileSync('mkfifo', [path]);
  return path;
}

/** A reader of a named pipe (cat, its own process): what it read once the writer closed, or undefined when nobody wrote (it is then stopped). */
function pipeReader(path: string): { read: (waitMs: number) => Promise<string | undefined> } {
  const child = spawn('cat', [path], { stdio: ['ignore', 'pipe', 'ignore'] });
  let text = '';
  let closed = false;
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const done = new Promise<void>((resolve) => child.on('close', () => ((closed = true), resolve())));
  return {
    read: async (waitMs) => {
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, waitMs))]);
      if (closed) return text;
      child.kill();
      await done;
      return undefined;
    },
  };
}

describe('outputs the user names are written into, never replaced', { timeout: 120_000 }, () => {
  const root = tempDir('recall-gate-outputs-');
  const suite = tinySuite(root);

  test('run --junit into a named pipe: its reader gets the XML and the pipe stays a pipe; --html into a character device leaves a device', async () => {
    const pipe = fifo(root, 'junit.pipe');
    const reader = pipeReader(pipe);
    const device = characterDevice(root, 'html-device');
    const run = await runCli(['run', suite, '--out', join(root, 'run-pipe'), '--junit', pipe, '--html', device]);
    assert.equal(run.code, 0, run.stderr);
    const xml = await reader.read(10_000);
    assert.ok(xml?.startsWith('<?xml'), `the reader got: ${xml?.slice(0, 80)}`);
    assert.match(xml!, /<testsuites /);
    assert.ok(lstatSync(pipe).isFIFO(), 'the pipe is still a pipe');
    assert.ok(lstatSync(device).isCharacterDevice(), `${device} is still a character device`);
    assert.ok(statSync('/dev/null').isCharacterDevice(), '/dev/null is untouched');
    assert.match(run.stdout, /JUnit XML copied to /);
  });

  test('a symbolic link as --html or --junit is followed: the file it names is replaced, the link kept; a link to a device writes into the device', async () => {
    const dir = join(root, 'links');
    mkdirSync(dir);
    const real = join(dir, 'real-report.html');
    writeFileSync(real, 'old report');
    const htmlLink = join(dir, 'report.html');
    symlinkSync(real, htmlLink);
    const device = characterDevice(dir, 'junit-device');
    const junitLink = join(dir, 'junit.xml');
    symlinkSync(device, junitLink);
    const run = await runCli(['run', suite, '--out', join(root, 'run-links'), '--html', htmlLink, '--junit', junitLink]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(lstatSync(htmlLink).isSymbolicLink(), 'the --html link is kept');
    assert.equal(readlinkSync(htmlLink), real);
    assert.match(readFileSync(real, 'utf8'), /<html/, 'the file the link names holds the report');
    assert.ok(lstatSync(junitLink).isSymbolicLink(), 'the --junit link is kept');
    assert.ok(lstatSync(device).isCharacterDevice(), 'the device it names is still a device');
    assert.ok(statSync('/dev/null').isCharacterDevice());
  });

  test('merge --junit into a named pipe and into a character device: written into, neither replaced', async () => {
    const shard = join(root, 'shard');
    const first = await runCli(['run', suite, '--out', shard]);
    assert.equal(first.code, 0, first.stderr);
    const pipe = fifo(root, 'merge.pipe');
    const reader = pipeReader(pipe);
    const merged = await runCli(['merge', '--out', join(root, 'merged'), shard, '--suite', suite, '--junit', pipe]);
    assert.equal(merged.code, 0, merged.stderr);
    assert.match((await reader.read(10_000)) ?? '', /<testsuites /);
    assert.ok(lstatSync(pipe).isFIFO());
    const device = characterDevice(root, 'merge-device');
    const again = await runCli(['merge', '--out', join(root, 'merged-2'), shard, '--suite', suite, '--junit', device]);
    assert.equal(again.code, 0, again.stderr);
    assert.ok(lstatSync(device).isCharacterDevice());
  });

  test('an output that is a folder, a link to nothing or a block device is refused with exit 2 before anything runs', async () => {
    const dir = join(root, 'refused');
    mkdirSync(dir);
    const dangling = join(dir, 'dangling.xml');
    symlinkSync(join(dir, 'no-such-folder', 'x.xml'), dangling);
    const cases: [string[], RegExp][] = [
      [['--junit', dir], /--junit .*refused is a folder, not a file/],
      [['--html', dangling], /--html .*dangling\.xml is a symbolic link to nothing/],
    ];
    if (IS_ROOT) {
      const block = join(dir, 'block-device');
      execFileSync('mknod', [block, 'b', '7', '200']);
      cases.push([['--junit', block], /--junit .*block-device is a block device/]);
    }
    for (const [index, [flags, message]] of cases.entries()) {
      const out = join(root, `never-${index}`);
      const run = await runCli(['run', suite, '--out', out, ...flags]);
      assert.equal(run.code, 2, `${flags.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, message);
      assert.equal(existsSync(out), false, `${flags.join(' ')}: nothing ran`);
    }
    if (IS_ROOT) assert.ok(lstatSync(join(dir, 'block-device')).isBlockDevice(), 'the block device is untouched');
  });

  test('regrade --junit at a folder is refused before the results folder is touched', async () => {
    const out = join(root, 'regrade');
    assert.equal((await runCli(['run', suite, '--out', out])).code, 0);
    writeFileSync(join(out, 'trials.jsonl'), '');
    const before = readFileSync(join(out, 'results.json'), 'utf8');
    const run = await runCli(['regrade', out, '--suite', suite, '--junit', root]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /--junit .* is a folder, not a file/);
    assert.equal(readFileSync(join(out, 'results.json'), 'utf8'), before);
  });
});

describe('history files are regular files, checked before they are opened', { timeout: 120_000 }, () => {
  const root = tempDir('recall-gate-history-reads-');
  const suite = tinySuite(root);
  const out = join(root, 'run');
  before(async () => {
    const run = await runCli(['run', suite, '--out', out]);
    assert.equal(run.code, 0, run.stderr);
  });

  test('history --out a named pipe with no writer: exit 2 naming the file, at once (it used to wait forever)', async () => {
    const pipe = fifo(root, 'history.pipe');
    const run = await runCli(['history', out, '--out', pipe], { killAfterMs: 20_000 });
    assert.equal(run.code, 2, `killed or failed: ${run.stderr}`);
    assert.match(run.stderr, /cannot read the history .*history\.pipe: is a named pipe \(FIFO\), not a regular file/);
    assert.ok(lstatSync(pipe).isFIFO());
  });

  test('history --out /dev/zero and run --history /dev/zero: exit 2 naming the file, nothing read (it used to read until memory ran out)', async () => {
    const history = await runCli(['history', out, '--out', '/dev/zero'], { killAfterMs: 20_000 });
    assert.equal(history.code, 2, history.stderr);
    assert.match(history.stderr, /cannot read the history \/dev\/zero: is a character device, not a regular file/);
    const never = join(root, 'never');
    const run = await runCli(['run', suite, '--out', never, '--history', '/dev/zero'], { killAfterMs: 20_000 });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /cannot read the history \/dev\/zero: is a character device/);
    assert.equal(existsSync(never), false, 'refused before the run');
  });

  test('run --history a named pipe: exit 2 before anything runs', async () => {
    const pipe = fifo(root, 'run-history.pipe');
    const never = join(root, 'never-pipe');
    const run = await runCli(['run', suite, '--out', never, '--history', pipe], { killAfterMs: 20_000 });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /run-history\.pipe: is a named pipe \(FIFO\)/);
    assert.equal(existsSync(never), false);
  });

  test('history --out through a link to a regular file: read and written through it, the link kept', async () => {
    const real = join(root, 'real-history.jsonl');
    writeFileSync(real, '');
    const link = join(root, 'linked-history.jsonl');
    symlinkSync(real, link);
    const run = await runCli(['history', out, '--out', link]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(readFileSync(real, 'utf8').trim().split('\n').length, 1, 'the run is in the file the link names');
  });
});

describe('import --force replaces links in --out, never writes through them', { timeout: 60_000 }, () => {
  test('suite.yaml, cases.yaml, import-report.json and a leftover .tmp that are links to files outside --out: those files stay as they were', async () => {
    const root = tempDir('recall-gate-import-links-');
    const out = join(root, 'suite');
    mkdirSync(out);
    const outside = join(root, 'outside');
    mkdirSync(outside);
    const names = ['suite.yaml', 'cases.yaml', 'import-report.json', 'cases.yaml.tmp'];
    for (const name of names) {
      writeFileSync(join(outside, name), `precious ${name}\n`);
      symlinkSync(join(outside, name), join(out, name));
    }
    const run = await runCli(['import', 'letta', join(REPO_ROOT, 'test/fixtures/import/letta-rows.jsonl'), '--out', out, '--force']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    for (const name of names) assert.equal(readFileSync(join(outside, name), 'utf8'), `precious ${name}\n`, `${name} outside --out is untouched`);
    for (const name of ['suite.yaml', 'cases.yaml', 'import-report.json']) {
      assert.ok(lstatSync(join(out, name)).isFile(), `${name} is now a regular file in --out`);
    }
    assert.match(readFileSync(join(out, 'suite.yaml'), 'utf8'), /^name: suite$/m);
    assert.equal(existsSync(join(out, 'cases.yaml.tmp')), false, 'the temp file is gone');
  });
});
