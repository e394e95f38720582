/**
 * recall-gate at the public benchmarks' scale, run as users run it:
 * dist/cli.js as a child process on generated suites shaped like
 * LongMemEval_S (500 users x about 500 turns, 500 queries) and LongMemEval_M
 * (500 users x about 5,000 turns), through the keyword and n-gram vector
 * providers: wall, CPU (user + system), peak RSS and the results folder's
 * size. Also `validate` of a 60,000-memory suite and of one whose queries
 * name 3,000 unknown relevant ids (the "did you mean" hint's worst case), and
 * start-up: `--version` and `validate` of the example suite. Each figure is
 * printed beside its goal; nothing here passes or fails. Generated data lives
 * in a temp folder, removed after.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../src/stats/summary.js';
import { FILLERS, makeVocabulary, sentence, zipfSampler } from './generate.js';
import { intBetween, mulberry32 } from './prng.js';

export interface Workload {
  users: number;
  /** Mean turns (memories) per user; each user gets 80-120% of it. */
  turns: number;
  queries: number;
  /** Relevant ids per query that name no memory (validate's worst case), added to the one real one. */
  unknownPerQuery?: number;
  seed: number;
  /** Made-up words the memories draw from (Zipf); 4,000 when absent. */
  vocabulary?: number;
  /** Content words per memory, fewest and most (function words come on top); 8-24 when absent. */
  words?: readonly [number, number];
}

export interface Usage {
  /** When the process was started (Date.now()), to place what a server saw of it. */
  startedAtMs: number;
  wallSeconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  code: number | null;
  stderrTail: string;
}

/** This file compiles to build/bench/scale.js; the wrapper beside it. */
const WRAPPER = join(import.meta.dirname, 'cliUsage.js');

/** Writes text to a stream, waiting when its buffer is full, so millions of rows never sit in memory. */
async function writeRow(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
}

async function closeStream(stream: WriteStream): Promise<void> {
  await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * A suite folder: memories streamed user by user (dated, one turn each) into
 * memories-<n>.jsonl files of at most about MEMORY_FILE_BYTES (recall-gate
 * reads a data file whole, up to 256 MiB, so a large suite lists several, as a
 * user would split one), and queries.jsonl whose queries take 3-5 content words of one random
 * memory of their user plus 1-2 noise words, that memory their relevant one.
 */
/** Where a generated memories file ends (at a user's boundary): well under the 256 MiB recall-gate reads from one file. */
const MEMORY_FILE_BYTES = 128 * 1024 * 1024;

export async function writeWorkload(dir: string, workload: Workload): Promise<{ memories: number; queries: number; bytes: number }> {
  mkdirSync(dir, { recursive: true });
  const random = mulberry32(workload.seed);
  const vocabulary = makeVocabulary(workload.vocabulary ?? 4_000, random);
  const nextWord = zipfSampler(vocabulary.length, 1.0, random);
  const perUser = Array.from({ length: workload.users }, () => intBetween(random, Math.round(workload.turns * 0.8), Math.round(workload.turns * 1.2)));
  // Which memory each query is about, chosen up front so the memories' content words are kept only for those.
  const targets = new Map<string, number>();
  for (let q = 0; q < workload.queries; q++) {
    const user = q % workload.users;
    targets.set(`q${q}`, user);
  }
  const wanted = new Map<string, { user: number; turn: number }>();
  for (const [query, user] of targets) wanted.set(query, { user, turn: Math.floor(random() * perUser[user]!) });
  const byMemory = new Map<string, string>();
  for (const [query, { user, turn }] of wanted) byMemory.set(`u${user}-t${turn}`, query);

  const memoryFiles = ['memories-1.jsonl'];
  let memories = createWriteStream(join(dir, memoryFiles[0]!));
  let fileBytes = 0;
  const contentOf = new Map<string, string[]>();
  let count = 0;
  const start = Date.UTC(2023, 0, 1);
  for (let user = 0; user < workload.users; user++) {
    if (fileBytes > MEMORY_FILE_BYTES) {
      await closeStream(memories);
      memoryFiles.push(`memories-${memoryFiles.length + 1}.jsonl`);
      memories = createWriteStream(join(dir, memoryFiles.at(-1)!));
      fileBytes = 0;
    }
    for (let turn = 0; turn < perUser[user]!; turn++) {
      const words: string[] = [];
      const content: string[] = [];
      for (let w = intBetween(random, ...(workload.words ?? [8, 24])); w > 0; w--) {
        if (random() < 0.2) words.push(FILLERS[Math.floor(random() * FILLERS.length)]!);
        const word = vocabulary[nextWord()]!;
        words.push(word);
        content.push(word);
      }
      const id = `u${user}-t${turn}`;
      if (byMemory.has(id)) contentOf.set(id, [...new Set(content)]);
      const date = new Date(start + Math.floor((turn / perUser[user]!) * 400) * 86_400_000).toISOString().slice(0, 10);
      const row = `${JSON.stringify({ id, user: `user-${user}`, date, text: sentence(words) })}\n`;
      fileBytes += row.length;
      await writeRow(memories, row);
      count++;
    }
  }
  await closeStream(memories);

  const queries = createWriteStream(join(dir, 'queries.jsonl'));
  for (const [query, { user, turn }] of wanted) {
    const target = `u${user}-t${turn}`;
    const pool = [...contentOf.get(target)!];
    const words: string[] = [];
    for (let i = Math.min(pool.length, intBetween(random, 3, 5)); i > 0; i--) words.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
    for (let i = intBetween(random, 1, 2); i > 0; i--) words.splice(Math.floor(random() * (words.length + 1)), 0, vocabulary[nextWord()]!);
    const unknown = Array.from({ length: workload.unknownPerQuery ?? 0 }, (_, i) => `gone-${query}-${i}`);
    await writeRow(queries, `${JSON.stringify({ id: query, user: `user-${user}`, text: `${words.join(' ')}?`, relevant: [target, ...unknown], tags: [`u${user % 5}`] })}\n`);
  }
  await closeStream(queries);

  writeFileSync(
    join(dir, 'suite.yaml'),
    [
      'name: bench-scale',
      'retrieval:',
      '  k: [1, 5, 10]',
      '  depth: 10',
      '  providers:',
      '    - { name: keyword, kind: keyword }',
      '    - { name: ngram-vector, kind: vector, embedding: { kind: ngram, dimensions: 1024 } }',
      `  memories: [${memoryFiles.map((file) => `{ file: ${file} }`).join(', ')}]`,
      '  queries: queries.jsonl',
      '',
    ].join('\n'),
  );
  return { memories: count, queries: wanted.size, bytes: folderBytes(dir) };
}

function folderBytes(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + folderBytes(join(path, name)), 0);
}

/** One CLI process through the wrapper: wall by the clock, CPU and peak RSS as the child saw them. */
export async function runMeasured(cli: string, args: readonly string[], options: { cwd: string; timeoutMs: number; env?: Record<string, string>; nodeFlags?: readonly string[] }): Promise<Usage> {
  const usageFile = join(mkdtempSync(join(tmpdir(), 'recall-gate-usage-')), 'usage.json');
  const startedAtMs = Date.now();
  const started = performance.now();
  const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeFlags ?? []), WRAPPER, usageFile, cli, ...args], { cwd: options.cwd, stdio: ['ignore', 'ignore', 'pipe'], timeout: options.timeoutMs, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env } });
    let tail = '';
    child.stderr.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-2_000)));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ code: exitCode, stderr: tail }));
  });
  const wallSeconds = (performance.now() - started) / 1000;
  let usage: NodeJS.ResourceUsage | undefined;
  try {
    usage = JSON.parse(readFileSync(usageFile, 'utf8')) as NodeJS.ResourceUsage;
  } catch {
    // Killed (a timeout, the OOM killer): no usage was written.
  }
  rmSync(join(usageFile, '..'), { recursive: true, force: true });
  return {
    startedAtMs,
    wallSeconds,
    cpuSeconds: usage ? (usage.userCPUTime + usage.systemCPUTime) / 1e6 : NaN,
    peakRssMb: usage ? usage.maxRSS / 1024 : NaN,
    code,
    stderrTail: stderr.trim().split('\n').slice(-3).join(' | '),
  };
}

export function describe(usage: Usage): string {
  const failed = usage.code === 0 || usage.code === 1 ? '' : `; exit ${usage.code ?? 'killed'}: ${usage.stderrTail}`;
  return `wall ${usage.wallSeconds.toFixed(2)} s, cpu ${usage.cpuSeconds.toFixed(2)} s, peak RSS ${usage.peakRssMb.toFixed(0)} MB${failed}`;
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export interface ScaleSectionOptions {
  repoRoot: string;
  print: (line?: string) => void;
}

/**
 * `--version` and `validate` of the example suite, and node's own start-up for reference: the median of several
 * rounds, each round running every command once, so a slow moment of the machine weighs on all of them alike.
 */
export async function startupSection({ repoRoot, print }: ScaleSectionOptions): Promise<void> {
  const cli = join(repoRoot, 'dist', 'cli.js');
  const rounds = 11;
  const emptyDir = mkdtempSync(join(tmpdir(), 'recall-gate-bench-empty-'));
  const empty = join(emptyDir, 'empty.mjs');
  writeFileSync(empty, '');
  const example = 'suites/examples/assistant-memory/suite.yaml';
  const commands = {
    node: { script: empty, args: [] as string[], nodeFlags: [] as string[] },
    version: { script: cli, args: ['--version'], nodeFlags: [] },
    validate: { script: cli, args: ['validate', example], nodeFlags: [] },
    // The floor under validate: the YAML read and the schema checked, nothing of recall-gate's own checks or CLI.
    floor: { script: join(repoRoot, 'build', 'bench', 'validateFloor.js'), args: [join(repoRoot, 'dist'), example], nodeFlags: [] },
    // Not how users run it: the difference is the CPU V8's optimizing compiler spends, on background threads, on code hot for a moment.
    unoptimized: { script: cli, args: ['validate', example], nodeFlags: ['--no-opt'] },
  };
  const runs = Object.fromEntries(Object.keys(commands).map((name) => [name, [] as Usage[]])) as Record<keyof typeof commands, Usage[]>;
  for (let round = 0; round < rounds; round++) {
    for (const [name, { script, args, nodeFlags }] of Object.entries(commands)) {
      runs[name as keyof typeof commands].push(await runMeasured(script, args, { cwd: repoRoot, timeoutMs: 60_000, nodeFlags }));
    }
  }
  rmSync(emptyDir, { recursive: true, force: true });
  const figures = (name: keyof typeof commands) => ({
    wall: median(runs[name].map((run) => run.wallSeconds)),
    cpu: median(runs[name].map((run) => run.cpuSeconds)),
    rss: median(runs[name].map((run) => run.peakRssMb)),
  });
  print(`start-up (dist/cli.js as built, through bench/cliUsage.js; median of ${rounds} rounds, the commands taking turns)`);
  const line = (label: string, name: keyof typeof commands, goal = '') => {
    const { wall, cpu, rss } = figures(name);
    const ofNode = name === 'node' ? '' : ` (${(cpu / figures('node').cpu).toFixed(2)}x node's CPU${goal})`;
    // A run that failed measured something else: say so beside the figure.
    const failed = runs[name].filter((run) => run.code !== 0);
    const failures = failed.length === 0 ? '' : `; ${failed.length} of ${runs[name].length} runs failed (exit ${failed[0]!.code ?? 'killed'}: ${failed[0]!.stderrTail})`;
    print(`  ${label}: wall ${(wall * 1000).toFixed(0)} ms, cpu ${(cpu * 1000).toFixed(0)} ms, peak RSS ${rss.toFixed(0)} MB${ofNode}${failures}`);
  };
  line('node and the wrapper alone (an empty module, for reference)', 'node');
  line('recall-gate --version', 'version');
  line(`recall-gate validate ${example}`, 'validate', '; goal: <= 3x');
  line('the same with node --no-opt (for reference: what optimizing costs)', 'unoptimized');
  line('the least a validate does (bench/validateFloor.ts: js-yaml, JSON.parse, the precompiled schema validators; no checks of its own, no CLI)', 'floor');
  print();
}

/** The workloads; M only when named (`npm run bench -- scale-m`): it writes about 250 MB and runs for many minutes. */
export const SHAPES: Record<'s' | 's-long' | 'm', { label: string; workload: Workload; goal: string; timeoutMs: number }> = {
  s: { label: 'LongMemEval_S-shaped', workload: { users: 500, turns: 500, queries: 500, seed: 0x5ca1e }, goal: 'goal: under 60 s and under 1 GB peak RSS', timeoutMs: 30 * 60_000 },
  // LongMemEval's turns run longer than the shape above: 12-40 content words of a 6,000-word vocabulary.
  's-long': {
    label: 'LongMemEval_S-shaped, longer texts (12-40 words of 6,000)',
    workload: { users: 500, turns: 500, queries: 500, seed: 0x5ca1e, vocabulary: 6_000, words: [12, 40] },
    goal: 'goal: under 60 s and under 1 GB peak RSS',
    timeoutMs: 30 * 60_000,
  },
  m: { label: 'LongMemEval_M-shaped', workload: { users: 500, turns: 5_000, queries: 500, seed: 0x5ca1f }, goal: 'goal: under 300 s and under 2 GB peak RSS', timeoutMs: 120 * 60_000 },
};

/** One shape through `validate` and `run --no-cache`, figures printed with the goal. */
export async function runShape({ repoRoot, print }: ScaleSectionOptions, shape: keyof typeof SHAPES): Promise<void> {
  const { label, workload, goal, timeoutMs } = SHAPES[shape];
  const cli = join(repoRoot, 'dist', 'cli.js');
  const dir = mkdtempSync(join(tmpdir(), `recall-gate-bench-${shape}-`));
  try {
    const generatedAt = performance.now();
    const written = await writeWorkload(join(dir, 'suite'), workload);
    print(`${label}: ${workload.users} users, ${written.memories} memories, ${written.queries} queries, suite files ${mib(written.bytes)} (generated in ${((performance.now() - generatedAt) / 1000).toFixed(1)} s); keyword + ngram-vector (1024 dims), k 1/5/10`);
    const validate = await runMeasured(cli, ['validate', join(dir, 'suite', 'suite.yaml')], { cwd: repoRoot, timeoutMs });
    print(`  validate: ${describe(validate)}`);
    const out = join(dir, 'out');
    const run = await runMeasured(cli, ['run', join(dir, 'suite', 'suite.yaml'), '--out', out, '--no-cache'], { cwd: repoRoot, timeoutMs });
    print(`  run: ${describe(run)} (${goal})`);
    let size = 'none';
    try {
      size = mib(folderBytes(out));
    } catch {
      // No folder: the run failed before writing one.
    }
    print(`  results folder: ${size}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  print();
}

/** validate of a 60,000-memory suite, and of one whose queries name 3,000 relevant ids no memory has. */
export async function validateSection({ repoRoot, print }: ScaleSectionOptions): Promise<void> {
  const cli = join(repoRoot, 'dist', 'cli.js');
  const cases = [
    { label: '60,000 memories (120 users x ~500 turns, 500 queries)', workload: { users: 120, turns: 500, queries: 500, seed: 0x60000 }, goal: ' (goal: under 2 s)' },
    { label: '3,000 unknown relevant ids (6,000 memories, 500 queries naming 6 unknown ids each)', workload: { users: 12, turns: 500, queries: 500, unknownPerQuery: 6, seed: 0x3000 }, goal: '' },
  ];
  print('validate at scale (dist/cli.js as a process)');
  for (const { label, workload, goal } of cases) {
    const dir = mkdtempSync(join(tmpdir(), 'recall-gate-bench-validate-'));
    try {
      const written = await writeWorkload(dir, workload);
      const usage = await runMeasured(cli, ['validate', join(dir, 'suite.yaml')], { cwd: repoRoot, timeoutMs: 30 * 60_000 });
      // Exit 2 is expected with unknown ids: validate reports them (the time is what is measured).
      print(`  ${label}: ${written.memories} memories; wall ${usage.wallSeconds.toFixed(2)} s, cpu ${usage.cpuSeconds.toFixed(2)} s, peak RSS ${usage.peakRssMb.toFixed(0)} MB, exit ${usage.code ?? 'killed'}${goal}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  print();
}
