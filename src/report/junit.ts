/**
 * junit.xml: a run as JUnit XML, the format CI tools read test results in
 * (dorny/test-reporter, GitLab's artifacts:reports:junit, Jenkins). One
 * <testsuite> per layer that was asked for. Retrieval: a testcase per provider
 * (an <error> when it could not complete) and a failing testcase per query
 * that misses a relevant memory in the suite's largest k (missedQueries'
 * definition, as the comment and the terminal list them). E2e: a testcase per
 * case and condition, failed when a repetition failed (the body gives every
 * failing repetition's reason), an <error> when none failed but one errored
 * or has no record. A layer that was skipped is one <skipped/> testcase, so
 * the report says why nothing ran. Pure: data in, text out.
 */
import type { TrialRecord } from '../model/trial.js';
import type { Condition } from '../model/e2e.js';
import type { ProviderResult } from '../model/results.js';
import { scrubSecrets } from '../secrets.js';
import { plainBlock, plainText } from './escape.js';
import { missedQueries } from '../retrieval/metrics.js';
import { STAGE_LABELS } from '../e2e/stage.js';
import { stageLabel } from './stageLines.js';
import type { ResultsDocument } from '../model/results.js';
import { counted } from '../text/counted.js';
import { selectionParts } from './selectionText.js';

type Outcome = { kind: 'failure' | 'error' | 'skipped'; message: string; text?: string };

interface TestCase {
  name: string;
  classname: string;
  seconds: number;
  outcome?: Outcome;
}

interface TestSuite {
  name: 'retrieval' | 'e2e';
  cases: TestCase[];
}

/** Lone surrogates and U+FFFE/U+FFFF: not characters XML 1.0 allows (controls are made visible by plainText/plainBlock first). */
const NOT_XML = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

/** Untrusted text as XML character data: secrets scrubbed before escaping changes their form, controls shown as symbols. */
function xmlText(text: string, oneLine: boolean): string {
  const plain = oneLine ? plainText(scrubSecrets(text)) : plainBlock(scrubSecrets(text));
  return plain
    .replace(NOT_XML, '\ufffd')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function attributes(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => ` ${name}="${typeof value === 'number' ? String(value) : xmlText(value, true)}"`)
    .join('');
}

function counts(cases: readonly TestCase[]): { tests: number; failures: number; errors: number; skipped: number; time: number } {
  const of = (kind: Outcome['kind']) => cases.filter((test) => test.outcome?.kind === kind).length;
  const time = cases.reduce((sum, test) => sum + test.seconds, 0);
  return { tests: cases.length, failures: of('failure'), errors: of('error'), skipped: of('skipped'), time: Math.round(time * 1000) / 1000 };
}

function renderCase(test: TestCase): string {
  const head = `    <testcase${attributes({ name: test.name, classname: test.classname, time: roundSeconds(test.seconds) })}`;
  const outcome = test.outcome;
  if (!outcome) return `${head}/>`;
  const body = outcome.text === undefined ? '/>' : `>${xmlText(outcome.text, false)}</${outcome.kind}>`;
  return `${head}>\n      <${outcome.kind}${attributes({ message: outcome.message })}${body}\n    </testcase>`;
}

/** A testcase's time, never an integer-looking count: 0.000 rather than 0. */
function roundSeconds(value: number): string {
  return value.toFixed(3);
}

function renderSuite(suite: TestSuite, timestamp: string, narrowed: string | undefined): string {
  const total = counts(suite.cases);
  const head = `  <testsuite${attributes({ name: suite.name, tests: total.tests, failures: total.failures, errors: total.errors, skipped: total.skipped, time: roundSeconds(total.time), timestamp })}>`;
  // A CI dashboard shows a narrowed run's few testcases as the suite's: the property says what was left out.
  const properties = narrowed === undefined ? [] : ['    <properties>', `      <property${attributes({ name: 'recall-gate.narrowed', value: narrowed })}/>`, '    </properties>'];
  return [head, ...properties, ...suite.cases.map(renderCase), '  </testsuite>'].join('\n');
}

/** What part of a layer a narrowed run ran (a selection, a sample, a shard), or undefined where it ran whole (retrieval runs whole in shard 1). */
function narrowedText(results: ResultsDocument, layer: TestSuite['name']): string | undefined {
  const shard = results.shard && layer === 'e2e' ? [`shard ${results.shard.index} of ${results.shard.count} (--shard ${results.shard.index}/${results.shard.count})`] : [];
  const parts = [...selectionParts(results, layer), ...shard];
  return parts.length > 0 ? `${parts.join('; ')}: the testcases are of that part of the suite alone` : undefined;
}

function providerCases(provider: ProviderResult, largest: number): TestCase[] {
  const classname = `retrieval.${provider.name}`;
  const timings = provider.timings_ms;
  const summary: TestCase = { name: `provider ${provider.name}`, classname, seconds: (timings.setup + timings.seed + timings.prepare + timings.search) / 1000 };
  if (provider.status !== 'ok') return [{ ...summary, outcome: { kind: 'error', message: `provider ${provider.name} could not complete: ${provider.error ?? 'no reason recorded'}` } }];
  const missed = missedQueries(provider, largest).map((query): TestCase => {
    const missing = Object.entries(query.ranks).filter(([, rank]) => rank === null || rank > largest);
    const got = query.results.slice(0, largest).map((hit) => hit.id);
    return {
      name: `${query.id}: ${query.text}`,
      classname,
      seconds: query.latency_ms / 1000,
      outcome: {
        kind: 'failure',
        message: `${missing.length} of ${Object.keys(query.ranks).length} relevant memories not in the top ${largest}`,
        text: [
          `query ${query.id} (user ${query.user}): ${query.text}`,
          `relevant (rank): ${Object.entries(query.ranks).map(([id, rank]) => `${id} (${rank ?? '-'})`).join(', ')}`,
          `top ${largest}: ${got.length > 0 ? got.join(', ') : '(nothing returned)'}`,
        ].join('\n'),
      },
    };
  });
  return [summary, ...missed];
}

function retrievalSuite(results: ResultsDocument): TestSuite {
  const retrieval = results.retrieval;
  if (!retrieval) return { name: 'retrieval', cases: [] };
  const largest = retrieval.k[retrieval.k.length - 1]!;
  return { name: 'retrieval', cases: Object.values(retrieval.providers).flatMap((provider) => providerCases(provider, largest)) };
}

function e2eSuite(results: ResultsDocument, trials: readonly TrialRecord[]): TestSuite {
  const e2e = results.e2e;
  if (!e2e) return { name: 'e2e', cases: [] };
  const byKey = new Map<string, TrialRecord[]>();
  for (const trial of trials) {
    const key = `${trial.case}\u0000${trial.condition}`;
    byKey.set(key, [...(byKey.get(key) ?? []), trial]);
  }
  const cases: TestCase[] = [];
  for (const [name, result] of Object.entries(e2e.cases)) {
    for (const [condition, rates] of Object.entries(result.conditions) as [Condition, { trials: number }][]) {
      const repetitions = (byKey.get(`${name}\u0000${condition}`) ?? []).sort((a, b) => a.repeat - b.repeat);
      // rates.trials counts planned trials, those with no record included (they are errors in the rates).
      cases.push(e2eCase(name, result.ability, condition, repetitions, rates.trials));
    }
  }
  // A run the spend cap stopped says so in a testcase of its own: CI shows why the other trials did not run.
  const budget = e2e.budget;
  if (budget?.reached) {
    cases.push({ name: 'e2e budget', classname: 'e2e', seconds: 0, outcome: { kind: 'error', message: budget.message ?? 'budget reached', text: `${budget.source} $${budget.cap_usd}: spent $${budget.spent_usd} in this run; the trials after it did not start` } });
  }
  return { name: 'e2e', cases };
}

function e2eCase(name: string, ability: string, condition: Condition, repetitions: readonly TrialRecord[], planned: number): TestCase {
  const test: TestCase = { name: `${name} [${condition}]`, classname: `e2e.${ability}`, seconds: repetitions.reduce((sum, trial) => sum + trial.duration_ms, 0) / 1000 };
  const failed = repetitions.filter((trial) => trial.status === 'fail');
  const errored = repetitions.filter((trial) => trial.status === 'error');
  const missing = Math.max(0, planned - repetitions.length);
  const lines = [
    ...failed.map((trial) => `repetition ${trial.repeat} failed${stageSuffix(trial)}: ${trial.reason}${trial.answer === undefined ? '' : `\n  answer: ${trial.answer}`}`),
    ...errored.map((trial) => `repetition ${trial.repeat} errored: ${trial.reason}`),
    ...(missing > 0 ? [`${missing} planned repetition${missing === 1 ? ' has' : 's have'} no record in trials.jsonl (the run was cut short; run again with --resume)`] : []),
  ];
  const ofAll = `of ${counted(planned, 'repetition', 'repetitions')}`;
  if (failed.length > 0) return { ...test, outcome: { kind: 'failure', message: `${failed.length} ${ofAll} failed${stagesOf(failed)}${errored.length + missing > 0 ? `, ${errored.length + missing} errored` : ''}: ${failed[0]!.reason}`, text: lines.join('\n') } };
  if (errored.length + missing > 0) return { ...test, outcome: { kind: 'error', message: `${errored.length + missing} ${ofAll} could not run: ${errored[0]?.reason ?? 'no record'}`, text: lines.join('\n') } };
  return test;
}

/** " (stage: not stored)": where a failed repetition's failure lives, when it has a stage. */
function stageSuffix(trial: TrialRecord): string {
  const label = stageLabel(trial);
  return label ? ` (stage: ${label})` : '';
}

/** " (not stored: 2, misread: 1)": the failed repetitions' stages, in the order they first come. */
function stagesOf(failed: readonly TrialRecord[]): string {
  const counts = new Map<string, number>();
  for (const trial of failed) if (trial.stage) counts.set(STAGE_LABELS[trial.stage], (counts.get(STAGE_LABELS[trial.stage]) ?? 0) + 1);
  return counts.size === 0 ? '' : ` (${[...counts].map(([label, count]) => `${label}: ${count}`).join(', ')})`;
}

/** Why a layer has no testcases: it was skipped (the Action's memory paths unchanged, or --layer). */
function skippedLayer(name: 'retrieval' | 'e2e'): TestSuite {
  return { name, cases: [{ name: `${name} layer`, classname: name, seconds: 0, outcome: { kind: 'skipped', message: `the ${name} layer did not run in this run` } }] };
}

/** The run as JUnit XML (see the module comment). */
export function junitReport(results: ResultsDocument, trials: readonly TrialRecord[]): string {
  const suites: TestSuite[] = [];
  if (results.layers.retrieval === 'ran') suites.push(retrievalSuite(results));
  else if (results.layers.retrieval === 'skipped') suites.push(skippedLayer('retrieval'));
  if (results.layers.e2e === 'ran') suites.push(e2eSuite(results, trials));
  else if (results.layers.e2e === 'skipped') suites.push(skippedLayer('e2e'));
  const total = counts(suites.flatMap((suite) => suite.cases));
  const timestamp = results.started_at;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: `recall-gate: ${results.suite.name}`, tests: total.tests, failures: total.failures, errors: total.errors, skipped: total.skipped, time: roundSeconds(total.time) })}>`,
    ...suites.map((suite) => renderSuite(suite, timestamp, narrowedText(results, suite.name))),
    '</testsuites>',
    '',
  ].join('\n');
}
