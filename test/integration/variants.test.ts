import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.js';
import type { MetricComparison } from '../../src/gate/compare.js';
import type { PairedChanges } from '../../src/gate/paired.js';
import type { Verdict } from '../../src/model/gate.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { checkKindOf, type VariantsComparison } from '../../src/report/variants.js';
import { RecallGateError, formatLocation } from '../../src/errors.js';
import { loadSuite } from '../../src/suite/load.js';
import { applyVariant } from '../../src/suite/variants.js';
import { tempDir } from '../support/cli.js';
import { readResults as readFolder } from '../../src/results/folder.js';

/** The results as every reader gets them (per-query rows from queries/). */
const readResults = (dir: string): ResultsDocument => readFolder(dir, process.cwd());
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const CASES = `
- name: allergy
  ability: extraction
  sessions:
    - { date: 2026-03-02, user: "Quick note: I break out in hives if I eat shellfish." }
  probe: { date: 2026-05-10, text: "What can I not eat?" }
  check: { icontains: shellfish }
- name: dog-name
  ability: extraction
  sessions:
    - { date: 2026-03-02, user: "My dog is called Biscuit." }
  probe: { date: 2026-05-10, text: "What is my dog called?" }
  check: { icontains: biscuit }
- name: budget
  ability: knowledge-update
  sessions:
    - { date: 2026-04-01, user: "The offsite budget is 5,000 euros." }
    - { date: 2026-06-20, user: "Finance approved more: the offsite budget is now 8,000 euros." }
  probe: { date: 2026-07-01, text: "What is the offsite budget?" }
  check: { first_amount: 8000 }
- name: passport
  ability: abstention
  sessions:
    - { date: 2026-03-02, user: "I like green tea in the morning." }
  probe: { date: 2026-05-10, text: "What is my passport number?" }
  check: { abstains: true }
`;

const SUITE = `name: variants-demo
retrieval:
  k: [1, 3]
  providers:
    - { name: keyword, kind: keyword }
    - { name: ngram-vector, kind: vector, embedding: { kind: ngram, dimensions: 1024 } }
  memories:
    - { id: m1, text: "I break out in hives if I eat shellfish." }
    - { id: m2, text: "My dog is called Biscuit and he is three years old." }
    - { id: m3, text: "The offsite budget is now 8,000 euros." }
    - { id: m4, text: "I like green tea in the morning." }
    - { id: m5, text: "My sister lives in Lisbon." }
    - { id: m6, text: "The car needs new tyres before winter." }
  queries:
    - { id: q1, text: "foods that give me hives", relevant: [m1] }
    - { id: q2, text: "name of my dog", relevant: [m2] }
    - { id: q3, text: "how much money for the offsite", relevant: [m3] }
    - { id: q4, text: "what do I drink in the morning", relevant: [m4] }
    - { id: q5, text: "where does my sister live", relevant: [m5] }
    - { id: q6, text: "what does the car need", relevant: [m6] }
e2e:
  target:
    kind: builtin
    model: gpt-5-mini
    system_prompt: prompt.md
    memory: { provider: keyword, max_results: 5 }
  repeat: 2
  conditions: [recall]
  cases: cases.yaml
variants:
  - name: base
  - name: nomem
    target: { memory: { max_results: 0 }, system_prompt: prompt-nomem.md }
  - name: coarse
    providers: { ngram-vector: { embedding: { kind: ngram, dimensions: 8 } } }
gate:
  all:
    - { metric: e2e.pass_rate, max_drop: 0.1, baseline: "variant:base" }
`;

function suiteDir(suite = SUITE): string {
  const dir = tempDir('recall-gate-variants-');
  writeFileSync(join(dir, 'suite.yaml'), suite);
  writeFileSync(join(dir, 'cases.yaml'), CASES);
  writeFileSync(join(dir, 'prompt.md'), 'You are a helpful assistant with a memory.\n');
  writeFileSync(join(dir, 'prompt-nomem.md'), 'You are a helpful assistant.\n');
  return dir;
}

async function cli(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { cwd, env: { ...env, RECALL_GATE_CACHE_DIR: tempDir('recall-gate-cache-') }, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe('run --variants: two variants of the agent on the same cases, side by side', { timeout: 300_000 }, () => {
  let server: OpenAIServer;
  const dir = suiteDir();
  const out = join(tempDir(), 'out');
  let run: Awaited<ReturnType<typeof cli>>;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    server = await startOpenAIServer({ apiKey: 'sk-test' });
    env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url };
    run = await cli(['run', 'suite.yaml', '--layer', 'all', '--variants', 'base,nomem', '--out', out], env, dir);
  });
  after(async () => server.close());

  test('each variant is a complete results folder that records its variant', () => {
    // The nomem gate fails against base: exit 1.
    assert.equal(run.code, 1, run.stdout + run.stderr);
    for (const name of ['base', 'nomem']) {
      const results = readResults(join(out, name));
      assert.equal(results.status, 'complete');
      assert.equal(results.variant, name);
      for (const file of ['report.md', 'trials.jsonl', 'qrels.trec']) assert.ok(existsSync(join(out, name, file)), `${name}/${file}`);
    }
    const base = readResults(join(out, 'base'));
    const nomem = readResults(join(out, 'nomem'));
    // The model answers only from memories shown: without memories only the abstention passes.
    assert.equal(base.e2e!.by_condition.recall!.pass_rate, 1);
    assert.equal(nomem.e2e!.by_condition.recall!.pass_rate, 0.25);
    assert.equal(nomem.e2e!.abilities.abstention!.conditions.recall!.pass_rate, 1);
    // The variant's own prompt is one of the files it hashed.
    assert.ok(nomem.suite.files.some((file) => file.endsWith('prompt-nomem.md')));
    assert.ok(!base.suite.files.some((file) => file.endsWith('prompt-nomem.md')));
    assert.notEqual(base.suite.sha256, nomem.suite.sha256);
  });

  test('the terminal and variants.md show per-ability differences with intervals and McNemar counts', () => {
    assert.match(run.stdout, /^variants side by side, each against base:/m);
    assert.match(run.stdout, /^extraction pass_rate\s+1\.000\s+0\.000\s+-1\.000 \[-1\.000, -1\.000\] \(paired, 2 shared\) \*\s+b=2 c=0 p=0\.500$/m);
    assert.match(run.stdout, /^knowledge-update pass_rate\s+1\.000\s+0\.000\s+-1\.000 \[-1\.000, -1\.000\] \(paired, 1 shared\)\s+b=1 c=0 p=1\.000$/m);
    assert.match(run.stdout, /^abstention pass_rate\s+1\.000\s+1\.000\s+\+0\.000 \[\+0\.000, \+0\.000\] \(paired, 1 shared\)\s+b=0 c=0 p=1\.000$/m);
    assert.match(run.stdout, /^all pass_rate\s+1\.000\s+0\.250\s+-0\.750 \[-1\.000, -0\.250\] \(paired, 4 shared\) \*\s+b=3 c=0 p=0\.250$/m);
    // Per grader: the check kinds of the cases (two icontains cases, one first_amount, one abstains).
    assert.match(run.stdout, /^e2e, condition recall, per check kind \(what grades a case's answer\):$/m);
    assert.match(run.stdout, /^icontains pass_rate\s+1\.000\s+0\.000\s+-1\.000 \[-1\.000, -1\.000\] \(paired, 2 shared\) \*\s+b=2 c=0 p=0\.500$/m);
    assert.match(run.stdout, /^first_amount pass_rate\s+1\.000\s+0\.000\s+-1\.000 \[-1\.000, -1\.000\] \(paired, 1 shared\)\s+b=1 c=0 p=1\.000$/m);
    assert.match(run.stdout, /^abstains pass_rate\s+1\.000\s+1\.000\s+\+0\.000 \[\+0\.000, \+0\.000\] \(paired, 1 shared\)\s+b=0 c=0 p=1\.000$/m);
    // Retrieval is the same for both: intervals of exactly zero, Wilcoxon on no change.
    assert.match(run.stdout, /^keyword mrr\s+\d\.\d{3}\s+\d\.\d{3}\s+\+0\.000 \[\+0\.000, \+0\.000\] \(paired, 6 shared\)$/m);
    assert.match(run.stdout, /nomem - base, ngram-vector: 0 worse, 0 better, 6 same; Wilcoxon signed-rank \(exact\)/);
    const markdown = readFileSync(join(out, 'variants.md'), 'utf8');
    assert.match(markdown, /^# Variants side by side: variants-demo$/m);
    // Each variant's verdict, before the tables.
    assert.match(markdown, /^- \*\*base\*\*: gate PASSED \\\(0 passed/m);
    assert.match(markdown, /^- \*\*nomem\*\*: gate FAILED \\\(0 passed, 1 failed/m);
    const row = markdown.split('\n').find((line) => line.startsWith('| extraction pass\\_rate |'));
    assert.ok(row?.includes('| b=2 c=0 p=0.500 |') && row.includes('\\[-1.000, -1.000\\] \\(paired, 2 shared\\) \\*'), row);
  });

  test('compare on the two folders agrees with the side-by-side figures, and its gate uses the base folder as variant:base', async () => {
    const json = await cli(['run', 'suite.yaml', '--layer', 'all', '--variants', 'base,nomem', '--out', join(tempDir(), 'again'), '--json'], env, dir);
    const side = (JSON.parse(json.stdout) as { side_by_side: VariantsComparison }).side_by_side;
    const compared = await cli(['compare', join(out, 'base'), join(out, 'nomem'), '--json'], env, dir);
    assert.equal(compared.code, 1, compared.stderr);
    const { metrics, paired, gate } = JSON.parse(compared.stdout) as { metrics: MetricComparison[]; paired: PairedChanges; gate: Verdict };
    const mine = side.against[0]!;
    assert.equal(mine.name, 'nomem');
    assert.deepEqual(
      mine.metrics.filter((row) => !row.metric.startsWith('e2e.check.')).map(({ metric, baseline, current, delta, change }) => ({ metric, baseline, current, delta, interval: change?.interval })),
      metrics.map(({ metric, baseline, current, delta, change }) => ({ metric, baseline, current, delta, interval: change?.interval })),
    );
    assert.deepEqual(mine.paired.cases!.abilities, paired.cases!.abilities);
    assert.deepEqual(gate.rows.map((row) => [row.status, row.baseline, row.actual]), [['fail', 1, 0.25]]);
    // Each change says whether it is beyond noise: two shared cases that flipped are, one is not (no spread).
    const significant = (metric: string) => (metrics.find((row) => row.metric === metric) as (MetricComparison & { significant?: boolean }) | undefined)?.significant;
    assert.equal(significant('e2e.ability.extraction.pass_rate'), true);
    assert.equal(significant('e2e.ability.knowledge-update.pass_rate'), false);
    // The side-by-side rows say the same, the per-check-kind rows too; a row without an interval has no flag.
    const sideSignificant = (metric: string) => (mine.metrics.find((row) => row.metric === metric) as (MetricComparison & { significant?: boolean }) | undefined)?.significant;
    assert.equal(sideSignificant('e2e.ability.extraction.pass_rate'), true);
    assert.equal(sideSignificant('e2e.ability.knowledge-update.pass_rate'), false);
    assert.equal(sideSignificant('e2e.check.icontains.pass_rate'), true);
    assert.ok(mine.metrics.every((row) => ('significant' in row) === (row.change !== undefined)));
  });

  test('the gate: baseline: variant:base fails for nomem and is not evaluated for base itself', async () => {
    const json = await cli(['run', 'suite.yaml', '--layer', 'e2e', '--variants', 'base,nomem', '--out', join(tempDir(), 'gate'), '--json'], env, dir);
    assert.equal(json.code, 1, json.stderr);
    const variants = (JSON.parse(json.stdout) as { variants: Record<string, ResultsDocument & { gate: Verdict }> }).variants;
    const [nomemRow] = variants.nomem!.gate.rows;
    assert.equal(nomemRow!.status, 'fail');
    assert.equal(nomemRow!.threshold, 'drop <= 0.1 vs variant:base');
    assert.deepEqual([nomemRow!.baseline, nomemRow!.actual, nomemRow!.delta], [1, 0.25, -0.75]);
    assert.equal(variants.nomem!.gate.hasBaseline, true);
    const [baseRow] = variants.base!.gate.rows;
    assert.equal(baseRow!.status, 'not-evaluated');
    assert.match(baseRow!.note!, /this run is variant base itself/);
    assert.equal(variants.base!.gate.status, 'pass');
    // One variant alone has no base run to compare with: not evaluated, said so.
    const oneOut = join(tempDir(), 'one');
    const one = await cli(['run', 'suite.yaml', '--layer', 'e2e', '--variant', 'nomem', '--out', oneOut], env, dir);
    assert.equal(one.code, 0, one.stderr);
    assert.match(one.stdout, /no run of variant base to compare against \(run --variants base,\.\.\.\)/);
    assert.equal(readResults(oneOut).variant, 'nomem');
  });

  test("--rerun-failed of a variant's folder reruns its failures as that variant, and refuses another named one", async () => {
    const rerun = join(tempDir(), 'rerun');
    const again = await cli(['run', 'suite.yaml', '--rerun-failed', join(out, 'nomem'), '--out', rerun], env, dir);
    assert.ok(again.code === 0 || again.code === 1, again.stdout + again.stderr);
    const results = readResults(rerun);
    assert.equal(results.variant, 'nomem', 'the failures of nomem are rerun without memory, not passed by the default');
    assert.ok(results.e2e!.by_condition.recall!.pass_rate < 1);
    const other = await cli(['run', 'suite.yaml', '--rerun-failed', join(out, 'nomem'), '--variant', 'base', '--out', join(tempDir(), 'x')], env, dir);
    assert.equal(other.code, 2, other.stdout + other.stderr);
    assert.match(other.stderr, /--rerun-failed .*nomem holds failures of variant "nomem": they are rerun as that variant/);
  });

  test('merge refuses shards of different variants, which may hash alike', async () => {
    const root = tempDir();
    for (const [variant, shard] of [['base', '1/2'], ['coarse', '2/2']] as const) {
      const shardRun = await cli(['run', 'suite.yaml', '--layer', 'e2e', '--variant', variant, '--shard', shard, '--out', join(root, variant)], env, dir);
      assert.equal(shardRun.code, 0, shardRun.stderr);
    }
    assert.equal(readResults(join(root, 'base')).suite.sha256, readResults(join(root, 'coarse')).suite.sha256);
    const merged = await cli(['merge', join(root, 'base'), join(root, 'coarse'), '--out', join(root, 'merged')], env, dir);
    assert.equal(merged.code, 2);
    assert.match(merged.stderr, /the shards ran different variants \(base, coarse\)/);
  });

  test('a provider embedding override changes retrieval figures, in the variant and in the agent that searches that provider', async () => {
    const json = await cli(['run', 'suite.yaml', '--layer', 'retrieval', '--variants', 'base,coarse', '--out', join(tempDir(), 'coarse'), '--json'], env, dir);
    assert.equal(json.code, 0, json.stderr);
    const side = (JSON.parse(json.stdout) as { side_by_side: VariantsComparison }).side_by_side;
    const rows = side.against[0]!.metrics;
    const vector = rows.find((row) => row.metric === 'retrieval.ngram-vector.mrr')!;
    assert.ok(vector.delta < 0, `8 dimensions rank worse: ${vector.delta}`);
    assert.ok(side.against[0]!.paired.queries.find((provider) => provider.provider === 'ngram-vector')!.worse.length > 0);
    assert.deepEqual(rows.find((row) => row.metric === 'retrieval.keyword.mrr')!.change!.interval, [0, 0], 'the keyword provider is untouched');
    const suite = applyVariant(loadSuite(join(dir, 'suite.yaml')), 'coarse');
    assert.deepEqual(suite.retrieval!.providers[1]!.embedding, { kind: "ngram", dimensions: 8 });
  });
});

describe('applyVariant: the suite as a variant sees it', () => {
  test('builtin keys replaced, memory merged key by key; a command target gets its command and env merged', () => {
    const dir = suiteDir(SUITE.replace('  - name: base\n', '  - name: base\n  - name: hot\n    target: { model: gpt-other, temperature: 1.5, memory: { auto_store: false } }\n'));
    const target = applyVariant(loadSuite(join(dir, 'suite.yaml')), 'hot').e2e!.target;
    assert.equal(target.kind, 'builtin');
    if (target.kind !== 'builtin') return;
    assert.deepEqual([target.model, target.temperature, target.memory.auto_store, target.memory.max_results, target.memory.provider.name], ['gpt-other', 1.5, false, 5, 'keyword']);
    const command = suiteDir(
      SUITE.replace(/ {2}target:\n[\s\S]*? {2}repeat/, '  target: { kind: command, command: [node, agent.js], env: { A: "1", B: "2" } }\n  repeat').replace(/variants:[\s\S]*$/, 'variants:\n  - name: v\n    target: { command: [node, other.js], env: { B: "3" } }\n'),
    );
    const varied = applyVariant(loadSuite(join(command, 'suite.yaml')), 'v').e2e!.target;
    assert.deepEqual(varied.kind === 'command' && [varied.command, varied.env], [['node', 'other.js'], { A: '1', B: '3' }]);
  });
});

test('checkKindOf: a composite check is graded by its leaves', () => {
  assert.equal(checkKindOf({ all: [{ not: { regex: 'beef' } }, { icontains: 'tofu' }, { any: [{ judge: { rubric: 'kind' } }, { regex: 'x' }] }] }), 'icontains+judge+regex');
  assert.equal(checkKindOf({ abstains: true }), 'abstains');
});

describe('variants: bad input, at file:line:col', () => {
  function problems(variants: string, gate = ''): string[] {
    const dir = suiteDir(SUITE.replace(/variants:[\s\S]*$/, `${variants}${gate}`));
    try {
      loadSuite(join(dir, 'suite.yaml'), dir);
    } catch (error) {
      assert.ok(error instanceof RecallGateError && error.code === 'invalid-input', String(error));
      return error.problems.map((problem) => `${formatLocation(problem.where)} ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`);
    }
    assert.fail('the suite loaded');
  }

  test('unknown keys, a key the target kind lacks, an unknown provider, a duplicate name', () => {
    assert.deepEqual(problems('variants:\n  - name: a\n    targt: { model: x }\n'), ['suite.yaml:32:5 unknown key "targt" (did you mean "target"?)']);
    assert.deepEqual(
      problems(
        'variants:\n  - name: a\n    target: { url: "http://localhost:1/" }\n  - name: b\n    providers: { ngram-vectr: { embedding: { kind: ngram } }, keyword: { embedding: { kind: ngram } } }\n  - name: a\n',
      ),
      [
        'suite.yaml:32:15 a builtin target has no "url" a variant can override (a variant of a builtin target may set: system_prompt, model, temperature, max_tokens, memory)',
        'suite.yaml:34:18 variant "b" names no retrieval provider "ngram-vectr" (did you mean "ngram-vector"?)',
        'suite.yaml:34:63 provider "keyword" is keyword: it has no embedding to replace (only vector and chroma providers embed)',
        'suite.yaml:35:11 duplicate variant name "a" (first defined at suite.yaml:31:5)',
      ],
    );
  });

  test('a variant prompt that cannot be read, a gate baseline naming no variant, an unknown name on the command line', async () => {
    const found = problems('variants:\n  - name: a\n    target: { system_prompt: missing.md }\n');
    assert.equal(found.length, 1);
    assert.match(found[0]!, /^suite\.yaml:32:30 cannot read .*missing\.md/);
    assert.deepEqual(problems('variants:\n  - name: base\n', 'gate:\n  all:\n    - { metric: e2e.pass_rate, max_drop: 0.1, baseline: "variant:bsae" }\n'), [
      'suite.yaml:34:57 baseline names no variant "bsae" (did you mean "base"?)',
    ]);
    assert.deepEqual(problems('variants:\n  - name: variants.md\n'), [
      'suite.yaml:31:11 a variant cannot be named "variants.md": run --variants writes its side-by-side report under that name (choose another name)',
    ]);
    const dir = suiteDir();
    mkdirSync(join(dir, 'o'));
    const both = await cli(['run', 'suite.yaml', '--variant', 'base', '--variants', 'base,nomem'], {}, dir);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /--variant and --variants cannot be used together/);
    const run = await cli(['run', 'suite.yaml', '--variants', 'base,nomme', '--out', join(dir, 'o', 'x')], {}, dir);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /suite\.yaml has no variant "nomme"/);
    assert.match(run.stderr, /did you mean "nomem"\?/);
  });
});
