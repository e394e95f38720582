import { capText } from '../../e2e/storedText.js';
import type { Invocation, TrialRecord } from '../../model/trial.js';
import type { Condition } from '../../model/e2e.js';
import type { GroupRates } from '../../model/e2eResult.js';
import { formatInterval, formatMde, formatNumber, pairedText, splitLine, verdictLine } from '../gateFormat.js';
import { pairedChanges } from '../../gate/paired.js';
import type { GateRow, Verdict } from '../../model/gate.js';
import type { Trend } from '../../model/history.js';
import type { ProviderResult } from '../../model/results.js';
import { erroredTrials, formatCost, formatEstimate, formatMetric, formatRate, liftAndGapCells } from '../format.js';
import { headlineMetrics } from '../../retrieval/metrics.js';
import { missedQueries } from '../../retrieval/metrics.js';
import type { ResultsDocument } from '../../model/results.js';
import { embeddedBytes } from './scriptJson.js';
import { FAILURE_STAGES, STAGE_LABELS } from '../../e2e/stage.js';
import type { TrialStage } from '../../model/stage.js';
import { stageName } from '../stageLines.js';
import type { Block, Part } from './blocks.js';
import { e2eParts } from './e2eParts.js';
import { expectedFailure, failureGroups, orderedFailures, type FailureGroupData } from './failureGroups.js';
import { notices } from './notices.js';
import { retrievalParts, tagParts } from './retrievalParts.js';
import { e2eIntro, retrievalIntro } from '../intros.js';
import { TAG_TABLES_NOTE } from '../tagTables.js';
import { formatMs } from '../format.js';
import { figure, labelOf } from '../trendLines.js';
import { changesParts, type ChangeRowParts } from '../changes.js';
import { stalenessTable } from '../staleness.js';
import { haystackIntro } from '../haystack.js';
import { errorGroups } from '../errorGroups.js';
import { BEYOND_NOISE_LEGEND } from '../../stats/bootstrap.js';

/**
 * What report.html embeds: every figure the page shows, already formatted
 * where the other reports format it (gate rows, lift and gap), so the page
 * script only lays it out. Lists that grow with the suite are bounded here.
 */
export interface ReportData {
  run: { suite: string; variant?: string; commit?: string; ref?: string; run_id?: string; started_at: string; finished_at?: string; status: string; tool: string; cost?: string };
  /** stages: the failure stages (e2e/stage.ts) some shown failure has, in FAILURE_STAGES order, with how reports name them; absent when none has one. */
  filters: { abilities: string[]; conditions: string[]; providers: string[]; stages?: string[]; stageLabels?: Record<string, string> };
  /** What is said before any figure: an incomplete run, one split, a narrowed run, an empty memory. */
  notices: Block[];
  /** legend: what the `*` after an interval means, when a row has one. */
  verdict?: { status: 'pass' | 'fail'; line: string; split?: string; rows: VerdictRowData[]; legend?: string };
  /** What changed against the baseline (results.changes): the summary, then the regressions and the improvements, most important first. */
  changes?: { summary: string[]; regressions: Bounded<ChangeRowParts>; improvements: Bounded<ChangeRowParts> };
  /** The paired per-unit tests against the baseline, as compare prints them: flipped cases (exact McNemar), moved queries (Wilcoxon), each p-value with its counts. */
  paired?: string;
  abilities?: AbilitiesData;
  retrieval?: RetrievalData;
  /** The haystack curve (retrieval.haystack): a line per headline metric per provider. */
  haystack?: HaystackData;
  /** Every metric per provider, over all queries and per tag: one table each (provider in the part), under what they are. */
  tags: { note: string; parts: Part[] };
  /** Failing trials in groups (failureGroups.ts): each failure's `group` indexes `failureGroups`. */
  failures: Bounded<FailureData>;
  failureGroups: FailureGroupData[];
  /** Failing trials of the run: real, and expected (a case that needs memory failing under none). */
  failureCounts: { real: number; expected: number };
  missed: { k: number; providers: (Bounded<MissedRowData> & { provider: string })[] };
  /** The run's problems, then one entry per reason trials ended in an error, naming the trials ("15 trials (a, b, c, ...)"); how many of each there are. */
  errors: Bounded<{ trials?: string; reason: string }> & { problems: number; erroredTrials: number };
  trends?: TrendsData;
}

/** A list cut to what the page embeds; `more` of `total` were left out. */
export interface Bounded<T> {
  shown: T[];
  total: number;
  more: number;
}

export interface VerdictRowData {
  path: string;
  metric: string;
  threshold: string;
  /** The row's mde (max_drop/max_rise), "!" when its bound is below it; "-" without one. */
  mde: string;
  actual: string;
  baseline: string;
  delta: string;
  interval: string;
  status: GateRow['status'];
  blocking: boolean;
  note?: string;
}

export interface AbilitiesData {
  conditions: string[];
  headline: string;
  repeat: number;
  /** What ran and how the figures are read (e2eParts.ts). */
  intro: string;
  /** Stages, leaks, cost, harm, faults, graders: what report.md shows beside the rates. */
  parts: Part[];
  /** Column titles of the lift and gap cells (liftAndGapCells). */
  liftGapHeader: string[];
  rows: { ability: string; pass_rate: Record<string, number | null>; cells: Record<string, string>; passK: string; liftGap: string[]; errors: number; baseline?: string }[];
}

export interface RetrievalData {
  k: number[];
  metrics: string[];
  /** What ran, the definitions, what an interval's n counts (intros.ts). */
  intro: string;
  /** latency: p50 and p95 of a search, in ms. */
  providers: { name: string; kind: string; status: string; error?: string; values: Record<string, number | null>; cells: Record<string, string>; latency: [string, string]; curve: (number | null)[]; baseline?: Record<string, string> }[];
  /** By group, isolation. */
  parts: Part[];
  /** stale@k and stale_above_current per provider and tag, when some query names an obsolete memory. */
  staleness?: { legend: string; header: string[]; rows: { provider: string; cells: string[] }[] };
}

export interface HaystackData {
  intro: string;
  providers: {
    name: string;
    /** Per point: "0.1 (42)", the fraction and the memories seeded. */
    labels: string[];
    metrics: { metric: string; values: (number | null)[]; cells: string[]; per_doubling: string }[];
  }[];
}

export interface InvocationData {
  kind: Invocation['kind'];
  session?: number;
  turn?: number;
  date?: string;
  message: string;
  reply: string;
  recalled?: Bounded<{ id?: string; text: string; score?: number }>;
  recall_error?: string;
  tool_calls?: Bounded<{ name: string; arguments: string; error?: string; result?: string }>;
  artifacts?: Bounded<{ path: string; content: string; truncated: boolean }>;
}

export interface FailureData {
  key: string;
  case: string;
  ability: string;
  condition: string;
  repeat: number;
  question: string;
  answer: string;
  check: string;
  reason: string;
  harm?: string;
  /** Where the failure lives (a FailureStage), how reports name it, and why it is unknown; absent when it has none. */
  stage?: string;
  stage_label?: string;
  stage_reason?: string;
  /** A case that needs memory failing under none: what that condition is there to show. */
  expected?: true;
  /** Its case and condition's index in failureGroups. */
  group: number;
  invocations: Bounded<InvocationData>;
}

export interface MissedRowData {
  id: string;
  text: string;
  /** Each relevant memory with its rank, null when it was not returned. */
  ranks: { id: string; rank: number | null }[];
  /** The top k returned. */
  top: string[];
}

export interface TrendsData {
  labels: string[];
  currentIndex: number;
  /** rate: a share, drawn on 0-1 (errors and cost are not); caption: its name and its first figure to this run's. */
  metrics: { metric: string; ability?: string; provider?: string; rate: boolean; caption: string; values: (number | null)[] }[];
}

/**
 * How much the page embeds. A LoCoMo-sized run (thousands of queries, long
 * conversations) must still make a report of a few MB: counts first, then a
 * byte budget over the failures and the missed queries (JSON characters).
 */
export const HTML_LIMITS = {
  failures: 200,
  /** Regressions, and improvements, against the baseline (as report.md shows them). */
  changesPerList: 100,
  missedPerProvider: 500,
  errors: 500,
  /** Session turns shown per failing trial, besides its probe. */
  sessionTurns: 20,
  recalledPerInvocation: 10,
  toolCallsPerInvocation: 20,
  artifactsPerInvocation: 10,
  /** UTF-8 bytes kept of a message, reply, answer or reason. */
  text: 2 * 1024,
  /** Of a recalled memory, a tool call's arguments or result, a query. */
  shortText: 512,
  /** Of an artifact, as the other reports cut it. */
  artifact: 2000,
  /**
   * UTF-8 bytes of the embedded failures (60%), missed queries (30%, shared
   * by the providers) and errors (10%), measured as written into the page
   * (escapes included), so text full of `<` or emoji cannot stretch it.
   */
  bytes: 3_000_000,
} as const;

/** The first `count` items, mapped, while their bytes in the page fit what `budget` has left. */
function bounded<T, U>(items: readonly T[], count: number, map: (item: T) => U, budget?: { left: number }): Bounded<U> {
  const shown: U[] = [];
  for (const item of items.slice(0, count)) {
    const mapped = map(item);
    if (budget) {
      const size = embeddedBytes(mapped);
      if (size > budget.left) break;
      budget.left -= size;
    }
    shown.push(mapped);
  }
  return { shown, total: items.length, more: items.length - shown.length };
}

const text = (value: string | undefined, limit: number = HTML_LIMITS.text) => capText(value ?? '', limit);

function jsonText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function verdictData(verdict: Verdict): ReportData['verdict'] {
  const split = splitLine(verdict);
  return {
    status: verdict.status,
    line: verdictLine(verdict),
    ...(split ? { split } : {}),
    ...(verdict.rows.some((row) => row.significant) ? { legend: BEYOND_NOISE_LEGEND } : {}),
    rows: verdict.rows.map((row) => ({
      path: row.path,
      metric: row.aggregation && row.aggregation !== 'mean' ? `${row.metric} (${row.aggregation})` : row.metric,
      threshold: row.threshold,
      mde: formatMde(row),
      actual: formatNumber(row.actual),
      baseline: formatNumber(row.baseline),
      delta: formatNumber(row.delta, true),
      interval: formatInterval(row),
      status: row.status,
      blocking: row.blocking,
      ...(row.note ? { note: text(row.note, HTML_LIMITS.shortText) } : {}),
    })),
  };
}

function abilitiesData(results: ResultsDocument, baseline: ResultsDocument | undefined): AbilitiesData | undefined {
  const e2e = results.e2e;
  if (!e2e) return undefined;
  const headline = e2e.headline_condition;
  const row = (ability: string, byCondition: Partial<Record<Condition, GroupRates>>, intervals: Record<string, { ci: [number, number]; n: number }> | undefined, base: { pass_rate: number } | undefined) => ({
    ability,
    pass_rate: Object.fromEntries(e2e.conditions.map((condition) => [condition, byCondition[condition]?.pass_rate ?? null])),
    cells: Object.fromEntries(e2e.conditions.map((condition) => [condition, formatRate(byCondition[condition], 'pass_rate', intervals?.[`${condition}.pass_rate`])])),
    passK: formatRate(byCondition[headline], 'pass^k', intervals?.[`${headline}.pass^k`]),
    liftGap: liftAndGapCells(e2e.conditions, byCondition, intervals).cells,
    errors: erroredTrials(e2e.conditions, byCondition),
    ...(baseline?.e2e ? { baseline: formatMetric(base?.pass_rate) } : {}),
  });
  return {
    conditions: [...e2e.conditions],
    headline,
    repeat: e2e.repeat,
    intro: e2eIntro(e2e, (name) => name),
    parts: e2eParts(e2e),
    liftGapHeader: liftAndGapCells(e2e.conditions, {}, undefined).header,
    rows: [
      ...Object.entries(e2e.abilities).map(([ability, result]) => row(ability, result.conditions, result.intervals, baseline?.e2e?.abilities[ability]?.conditions[headline])),
      row('all', e2e.by_condition, e2e.intervals, baseline?.e2e?.by_condition[headline]),
    ],
  };
}

function okProviders(results: ResultsDocument): ProviderResult[] {
  return Object.values(results.retrieval?.providers ?? {});
}

function retrievalData(results: ResultsDocument, baseline: ResultsDocument | undefined): RetrievalData | undefined {
  const retrieval = results.retrieval;
  if (!retrieval) return undefined;
  const metrics = headlineMetrics(retrieval.k);
  const staleness = stalenessTable(retrieval, (value) => text(value));
  return {
    k: [...retrieval.k],
    metrics,
    intro: retrievalIntro(retrieval),
    parts: retrievalParts(retrieval),
    ...(staleness ? { staleness: { legend: staleness.legend, header: staleness.header, rows: staleness.rows.map((cells, index) => ({ provider: staleness.providers[index]!, cells })) } } : {}),
    providers: okProviders(results).map((provider) => {
      const base = baseline?.retrieval?.providers[provider.name]?.metrics;
      return {
        name: provider.name,
        kind: provider.kind,
        status: provider.status,
        ...(provider.error ? { error: text(provider.error) } : {}),
        values: Object.fromEntries(metrics.map((metric) => [metric, provider.metrics?.[metric] ?? null])),
        cells: Object.fromEntries(metrics.map((metric) => [metric, formatEstimate(provider.metrics?.[metric], provider.intervals?.[metric])])),
        latency: [formatMs(provider.latency_ms?.median), formatMs(provider.latency_ms?.p95)],
        curve: retrieval.k.map((cut) => provider.metrics?.[`recall@${cut}`] ?? null),
        ...(base ? { baseline: Object.fromEntries(metrics.map((metric) => [metric, formatMetric(base[metric])])) } : {}),
      };
    }),
  };
}

function haystackData(results: ResultsDocument): HaystackData | undefined {
  const retrieval = results.retrieval;
  const intro = retrieval && haystackIntro(retrieval);
  if (!retrieval || !intro) return undefined;
  const metrics = headlineMetrics(retrieval.k);
  return {
    intro,
    providers: okProviders(results).flatMap((provider) => {
      const haystack = provider.status === 'ok' ? provider.haystack : undefined;
      if (!haystack) return [];
      return [
        {
          name: provider.name,
          labels: haystack.points.map((point) => `${point.fraction} (${point.memories})`),
          metrics: metrics.map((metric) => ({
            metric,
            values: haystack.points.map((point) => point.metrics[metric] ?? null),
            cells: haystack.points.map((point) => formatMetric(point.metrics[metric])),
            per_doubling: formatNumber(haystack.per_doubling?.[metric], true),
          })),
        },
      ];
    }),
  };
}

function invocationData(invocation: Invocation): InvocationData {
  return {
    kind: invocation.kind,
    ...(invocation.session !== undefined ? { session: invocation.session } : {}),
    ...(invocation.turn !== undefined ? { turn: invocation.turn } : {}),
    ...(invocation.date ? { date: invocation.date } : {}),
    message: text(invocation.message),
    reply: text(invocation.reply),
    ...(invocation.recalled
      ? { recalled: bounded(invocation.recalled, HTML_LIMITS.recalledPerInvocation, (memory) => ({ ...(memory.id !== undefined ? { id: text(memory.id, HTML_LIMITS.shortText) } : {}), text: text(memory.text, HTML_LIMITS.shortText), ...(memory.score !== undefined ? { score: memory.score } : {}) })) }
      : {}),
    ...(invocation.recall_error ? { recall_error: text(invocation.recall_error) } : {}),
    ...(invocation.tool_calls
      ? {
          tool_calls: bounded(invocation.tool_calls, HTML_LIMITS.toolCallsPerInvocation, (call) => ({
            name: text(call.name, HTML_LIMITS.shortText),
            arguments: text(call.raw ?? jsonText(call.arguments), HTML_LIMITS.shortText),
            ...(call.error ? { error: text(call.error, HTML_LIMITS.shortText) } : {}),
            ...(call.result !== undefined ? { result: text(jsonText(call.result), HTML_LIMITS.shortText) } : {}),
          })),
        }
      : {}),
    ...(invocation.artifacts
      ? { artifacts: bounded(invocation.artifacts, HTML_LIMITS.artifactsPerInvocation, (artifact) => ({ path: text(artifact.path, HTML_LIMITS.shortText), content: text(artifact.content, HTML_LIMITS.artifact), truncated: artifact.truncated === true })) }
      : {}),
  };
}

/** The session turns up to the limit, then the probe, which is where the answer was given. */
function shownInvocations(invocations: readonly Invocation[]): Bounded<InvocationData> {
  const probe = invocations.filter((invocation) => invocation.kind === 'probe');
  const sessions = invocations.filter((invocation) => invocation.kind !== 'probe');
  const kept = [...sessions.slice(0, HTML_LIMITS.sessionTurns), ...probe];
  return { shown: kept.map(invocationData), total: invocations.length, more: invocations.length - kept.length };
}

/**
 * Failing trials, grouped by case and condition (failureGroups.ts): the real
 * ones first, the headline condition's first (they are what the gate reads),
 * the expected ones under none last (the budget cuts them first), each with
 * its conversation.
 */
function failures(results: ResultsDocument, trials: readonly TrialRecord[], budget: { left: number }): Pick<ReportData, 'failures' | 'failureGroups' | 'failureCounts'> {
  const ordered = orderedFailures(results.e2e, trials);
  const harm = new Map((results.e2e?.failures ?? []).filter((failure) => failure.harm).map((failure) => [failure.key, failure.harm!]));
  // A trial recorded before stages has its stage in the results' failure list (derived there from what it stored).
  const staged = new Map((results.e2e?.failures ?? []).filter((failure) => failure.stage).map((failure) => [failure.key, failure]));
  const shown = bounded(
    ordered,
    HTML_LIMITS.failures,
    (trial): Omit<FailureData, 'group'> => ({
      key: trial.key,
      case: trial.case,
      // The suite's ability, as the rates count it: relabelling a case needs no re-run.
      ability: (results.e2e && Object.hasOwn(results.e2e.cases, trial.case) ? results.e2e.cases[trial.case]!.ability : undefined) ?? trial.ability,
      condition: trial.condition,
      repeat: trial.repeat,
      question: text(trial.question),
      answer: text(trial.answer),
      check: text(trial.check),
      reason: text(trial.reason),
      ...(harm.has(trial.key) ? { harm: text(harm.get(trial.key)) } : {}),
      ...stageData(trial.stage ? trial : staged.get(trial.key)),
      ...(expectedFailure(results.e2e, trial) ? { expected: true as const } : {}),
      invocations: shownInvocations(trial.invocations),
    }),
    budget,
  );
  const { groups, index } = failureGroups(results.e2e, shown.shown);
  const expected = ordered.filter((trial) => expectedFailure(results.e2e, trial)).length;
  return {
    // The group index goes before the conversation, as the page reads it: the bytes it adds are a few per failure, outside the budget.
    failures: { ...shown, shown: shown.shown.map(({ invocations, ...failure }, at) => ({ ...failure, group: index[at]!, invocations })) },
    failureGroups: groups,
    failureCounts: { real: ordered.length - expected, expected },
  };
}

function stageData(stage: Partial<TrialStage> | undefined): Pick<FailureData, 'stage' | 'stage_label' | 'stage_reason'> {
  if (!stage?.stage) return {};
  return { stage: stage.stage, stage_label: stageName(stage), ...(stage.stage_reason !== undefined ? { stage_reason: text(stage.stage_reason, HTML_LIMITS.shortText) } : {}) };
}

/** Each provider's missed queries, within an equal share of `bytes`. */
function missed(results: ResultsDocument, bytes: number): ReportData['missed'] {
  const retrieval = results.retrieval;
  const k = retrieval ? retrieval.k[retrieval.k.length - 1]! : 0;
  const providers = okProviders(results).filter((provider) => provider.status === 'ok');
  return {
    k,
    providers: providers.map((provider) => ({
        provider: provider.name,
        ...bounded(
          missedQueries(provider, k),
          HTML_LIMITS.missedPerProvider,
          (query): MissedRowData => ({
            id: text(query.id, HTML_LIMITS.shortText),
            text: text(query.text, HTML_LIMITS.shortText),
            ranks: Object.entries(query.ranks).map(([id, rank]) => ({ id: text(id, HTML_LIMITS.shortText), rank })),
            top: query.results.slice(0, k).map((hit) => text(hit.id, HTML_LIMITS.shortText)),
          }),
          { left: bytes / providers.length },
        ),
      })),
  };
}

/** The run's problems, then its errored trials once per reason (errorGroups), as the terminal and report.md list them. */
function errors(results: ResultsDocument, budget: { left: number }): ReportData['errors'] {
  const { groups } = errorGroups(results.e2e?.errors ?? [], Infinity, (key) => text(key, HTML_LIMITS.shortText));
  const all: { trials?: string; reason: string }[] = [...results.errors.map((reason) => ({ reason })), ...groups];
  const listed = bounded(all, HTML_LIMITS.errors, (error) => ({ ...(error.trials !== undefined ? { trials: error.trials } : {}), reason: text(error.reason) }), budget);
  return { ...listed, problems: results.errors.length, erroredTrials: results.e2e?.errors.length ?? 0 };
}

const RETRIEVAL_METRIC = /^retrieval\.(.+)\.[^.]+$/;
/** The history's headline metrics that are not shares of 0 to 1 (history/headline.ts): a count and a cost. */
const NOT_RATES = new Set(['e2e.errors', 'e2e.cost_usd']);

/** "pass rate (all): 0.500 → 0.923 over 4 runs", as the other reports' trend lines say it. */
function trendCaption(metric: string, values: readonly (number | null)[]): string {
  const present = values.filter((value): value is number => value !== null);
  const label = labelOf(metric, (name) => name);
  if (present.length === 0) return `${label}: not measured`;
  const now = values.at(-1);
  const last = now === null || now === undefined ? 'not measured in this run' : figure(metric, now);
  return present.length === 1 ? `${label}: ${last}` : `${label}: ${figure(metric, present[0]!)} → ${last} over ${present.length} runs`;
}
const ABILITY_METRIC = /^e2e\.ability\.(.+)\.[^.]+$/;

function trends(trend: Trend | undefined): TrendsData | undefined {
  if (!trend) return undefined;
  const lines = [...trend.past, trend.current];
  const names = [...new Set([...Object.keys(trend.current.metrics), ...trend.past.flatMap((line) => Object.keys(line.metrics))])].sort();
  return {
    labels: [...trend.past.map((line) => (line.commit ? line.commit.slice(0, 7) : line.date.slice(0, 10))), 'this run'],
    currentIndex: trend.past.length,
    metrics: names.map((metric) => {
      const provider = RETRIEVAL_METRIC.exec(metric)?.[1];
      const ability = ABILITY_METRIC.exec(metric)?.[1];
      const values = lines.map((line) => (Object.hasOwn(line.metrics, metric) && Number.isFinite(line.metrics[metric]) ? line.metrics[metric]! : null));
      return {
        metric,
        ...(provider !== undefined ? { provider } : {}),
        ...(ability !== undefined ? { ability } : {}),
        rate: !NOT_RATES.has(metric),
        caption: trendCaption(metric, values),
        values,
      };
    }),
  };
}

function pairedData(results: ResultsDocument, baseline: ResultsDocument | undefined): Pick<ReportData, 'paired'> {
  const text = baseline ? pairedText(pairedChanges(baseline, results)).trimEnd() : '';
  return text ? { paired: text } : {};
}

function changesData(changes: NonNullable<ResultsDocument['changes']>): ReportData['changes'] {
  const parts = changesParts(changes);
  const keep = (row: ChangeRowParts) => row;
  return { summary: parts.summary, regressions: bounded(parts.regressions, HTML_LIMITS.changesPerList, keep), improvements: bounded(parts.improvements, HTML_LIMITS.changesPerList, keep) };
}

/** Everything the page shows, bounded (HTML_LIMITS; `limitBytes` overrides the byte budget). Pure. */
export function reportData(input: { results: ResultsDocument; trials: readonly TrialRecord[]; verdict?: Verdict; baseline?: ResultsDocument; trend?: Trend; limitBytes?: number }): ReportData {
  const { results, baseline } = input;
  // The failures take the larger share: a reviewer opens the report for them.
  const bytes = input.limitBytes ?? HTML_LIMITS.bytes;
  const failing = failures(results, input.trials, { left: bytes * 0.6 });
  const stages = FAILURE_STAGES.filter((stage) => failing.failures.shown.some((failure) => failure.stage === stage));
  return {
    run: {
      suite: results.suite.name,
      ...(results.variant ? { variant: results.variant } : {}),
      ...(results.commit ? { commit: results.commit.sha, ...(results.commit.ref ? { ref: results.commit.ref } : {}) } : {}),
      ...(results.run_id ? { run_id: results.run_id } : {}),
      started_at: results.started_at,
      ...(results.finished_at ? { finished_at: results.finished_at } : {}),
      status: results.status,
      tool: `${results.tool.name} ${results.tool.version}`,
      ...(results.e2e ? { cost: formatCost(results.e2e) } : {}),
    },
    filters: {
      abilities: Object.keys(results.e2e?.abilities ?? {}),
      conditions: [...(results.e2e?.conditions ?? [])],
      providers: Object.keys(results.retrieval?.providers ?? {}),
      ...(stages.length > 0 ? { stages, stageLabels: Object.fromEntries(stages.map((stage) => [stage, STAGE_LABELS[stage]])) } : {}),
    },
    notices: notices(results),
    ...(input.verdict ? { verdict: verdictData(input.verdict) } : {}),
    ...(results.changes ? { changes: changesData(results.changes) } : {}),
    ...pairedData(results, baseline),
    ...(results.e2e ? { abilities: abilitiesData(results, baseline) } : {}),
    ...(results.retrieval ? { retrieval: retrievalData(results, baseline) } : {}),
    ...(results.retrieval?.haystack ? { haystack: haystackData(results) } : {}),
    tags: { note: TAG_TABLES_NOTE, parts: tagParts(results.retrieval) },
    ...failing,
    missed: missed(results, bytes * 0.3),
    errors: errors(results, { left: bytes * 0.1 }),
    ...(input.trend ? { trends: trends(input.trend) } : {}),
  };
}
