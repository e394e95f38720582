import type { CaseSpec, Condition } from '../model/e2e.js';
import { harmRateUnmeasured } from '../e2e/harm.js';
import { stageRateUnmeasured } from '../e2e/stage.js';
import type { Suite } from '../model/suite.js';
import { didYouMean } from '../source/didYouMean.js';
import { isCondition, variantOfBaseline } from './evaluate.js';
import { AGGREGATIONS, aggregationApplies, isStalenessFamily, parseMetricKey, type MetricKey } from './metrics.js';
import { namesObsolete } from '../retrieval/metrics.js';
import type { Aggregation, GateCondition, GateDecide, GateNode, GateOp, GateSpec } from '../model/gate.js';
import type { SplitChoice } from '../model/split.js';

/** What `run --split` and `gate.split` choose from. */
export const SPLIT_CHOICES: readonly SplitChoice[] = ['all', 'dev', 'heldout'];

/** A problem with the gate; `path` is the data path into the suite file, e.g. ['gate', 'all', 2, 'metric']. */
export interface GateProblem {
  path: (string | number)[];
  message: string;
  hint?: string;
}

const OPS: readonly GateOp[] = ['gt', 'gte', 'lt', 'lte', 'eq'];
const DECIDE_RULES: readonly GateDecide[] = ['point', 'interval'];

/** The gate as the evaluator reads it, from the suite's `gate:` mapping: its top-level all/any is the root. */
export function toGateSpec(raw: unknown): GateSpec {
  const gate = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const root: GateNode = Array.isArray(gate.all) ? { all: gate.all as GateNode[] } : Array.isArray(gate.any) ? { any: gate.any as GateNode[] } : { all: [] };
  return { root, skipped_layers: gate.skipped_layers === 'fail' ? 'fail' : 'waive', ...(typeof gate.split === 'string' ? { split: gate.split as GateSpec['split'] } : {}) };
}

/**
 * Checks a gate against the suite it belongs to, without running anything:
 * every metric key must be able to name a number this suite produces
 * (provider, k, tag, ability, condition and layer section exist), and every
 * condition must have a threshold that makes sense.
 */
export function validateGate(gate: GateSpec, suite: Suite): GateProblem[] {
  const problems: GateProblem[] = [];
  if (gate.skipped_layers !== 'waive' && gate.skipped_layers !== 'fail') {
    problems.push({ path: ['gate', 'skipped_layers'], message: `skipped_layers must be waive or fail, not "${String(gate.skipped_layers)}"` });
  }
  checkSplit(gate, suite, problems);
  walk(gate.root, ['gate'], suite, problems, true);
  return problems;
}

/** gate.split must be a split, and one this suite has a case or query of: a gate on an empty split would decide nothing. */
function checkSplit(gate: GateSpec, suite: Suite, problems: GateProblem[]): void {
  const split = gate.split;
  if (split === undefined || split === 'all') return;
  if (!SPLIT_CHOICES.includes(split)) {
    problems.push({ path: ['gate', 'split'], message: `split must be one of ${SPLIT_CHOICES.join(', ')}, not "${String(split)}"`, ...hinted(didYouMean(String(split), SPLIT_CHOICES)) });
    return;
  }
  const units = [...(suite.e2e?.cases ?? []), ...(suite.retrieval?.queries ?? [])];
  if (!units.some((unit) => (unit.split ?? 'dev') === split)) {
    problems.push({ path: ['gate', 'split'], message: `the gate decides on the ${split} split, but no case or query of this suite is in it`, hint: `mark cases or queries split: ${split}, or remove gate.split` });
  }
}

function hinted(hint: string | undefined): { hint?: string } {
  return hint ? { hint } : {};
}

function walk(node: GateNode, dataPath: (string | number)[], suite: Suite, problems: GateProblem[], root = false): void {
  const raw = node as Record<string, unknown>;
  const kinds = (['all', 'any'] as const).filter((kind) => kind in raw);
  if (isCondition(node)) {
    if (kinds.length > 0) problems.push({ path: dataPath, message: `a gate entry is either a condition (metric:) or a group (${kinds[0]}:), not both` });
    checkCondition(node, dataPath, suite, problems);
    return;
  }
  if (kinds.length === 0) {
    problems.push({ path: dataPath, message: root ? 'the gate needs all: or any:' : 'a gate entry needs metric:, all: or any:' });
    return;
  }
  if (kinds.length > 1) problems.push({ path: dataPath, message: 'a gate entry has either all: or any:, not both', hint: 'nest one inside the other' });
  for (const kind of kinds) {
    const children = raw[kind];
    if (!Array.isArray(children) || children.length === 0) {
      problems.push({ path: [...dataPath, kind], message: `${kind}: needs at least one entry` });
      continue;
    }
    children.forEach((child: GateNode, index) => walk(child, [...dataPath, kind, index], suite, problems));
  }
}

function checkCondition(condition: GateCondition, at: (string | number)[], suite: Suite, problems: GateProblem[]): void {
  const problem = (field: string | undefined, message: string, hint?: string) =>
    problems.push({ path: field === undefined ? at : [...at, field], message, ...(hint ? { hint } : {}) });

  const { op, value, max_drop: maxDrop, max_rise: maxRise, aggregation } = condition;
  if (op !== undefined && !OPS.includes(op)) problem('op', `op must be one of ${OPS.join(', ')}, not "${String(op)}"`, didYouMean(String(op), OPS));
  if (op !== undefined && value === undefined) problem('value', `op ${op} needs a value`);
  if (value !== undefined && op === undefined) problem('op', 'value needs an op (gt, gte, lt, lte or eq)');
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) problem('value', 'value must be a number');
  for (const [field, bound] of [
    ['max_drop', maxDrop],
    ['max_rise', maxRise],
  ] as const) {
    if (bound !== undefined && (typeof bound !== 'number' || !Number.isFinite(bound) || bound < 0)) problem(field, `${field} must be a number of at least 0`);
  }
  if (op === undefined && value === undefined && maxDrop === undefined && maxRise === undefined) {
    problem(undefined, `the condition on ${condition.metric} has no threshold`, 'add op and value, or max_drop or max_rise');
  }
  const { decide } = condition;
  if (decide !== undefined && !DECIDE_RULES.includes(decide)) {
    problem('decide', `decide must be point or interval, not "${String(decide)}"`, didYouMean(String(decide), DECIDE_RULES));
  } else if (decide !== undefined && maxDrop === undefined && maxRise === undefined) {
    problem('decide', 'decide applies to max_drop and max_rise: this condition has neither', 'add max_drop or max_rise, or remove decide');
  }
  checkBaseline(condition, suite, problem);
  if (aggregation !== undefined && !AGGREGATIONS.includes(aggregation)) {
    problem('aggregation', `aggregation must be one of ${AGGREGATIONS.join(', ')}, not "${String(aggregation)}"`, didYouMean(String(aggregation), AGGREGATIONS));
  }

  const parsed = parseMetricKey(condition.metric, {
    providers: suite.retrieval?.providers.map((provider) => provider.name),
    abilities: suite.e2e?.cases.map((spec) => spec.ability),
    ...(suite.e2e ? { graders: suiteGraders(suite.e2e.cases) } : {}),
  });
  if (!parsed.ok) {
    problem('metric', `metric "${condition.metric}" names nothing: ${parsed.reason}`, parsed.hint);
    return;
  }
  const issue = checkKey(parsed.key, suite);
  if (issue) problem('metric', `metric "${condition.metric}": ${issue.message}`, issue.hint);
  // Lower is better: a drop in staleness is an improvement, so max_drop would fail the gate on one.
  if (parsed.key.layer === 'retrieval' && isStalenessFamily(parsed.key.family) && maxDrop !== undefined) {
    problem('max_drop', `${condition.metric} is lower-is-better (a share of queries meeting a superseded memory): max_drop would fail on an improvement`, 'use max_rise for the largest rise allowed against the baseline, or op: lte with a value');
  }
  if (aggregation !== undefined && AGGREGATIONS.includes(aggregation as Aggregation) && !aggregationApplies(parsed.key)) {
    problem('aggregation', `aggregation does not apply to ${condition.metric}: it is one number per run`, 'remove aggregation');
  }
}

/** `baseline: variant:NAME` must name one of the suite's variants and have a change to compare. */
function checkBaseline(condition: GateCondition, suite: Suite, problem: (field: string | undefined, message: string, hint?: string) => void): void {
  if (condition.baseline === undefined) return;
  const name = variantOfBaseline(condition.baseline);
  const names = suite.variants?.map((variant) => variant.name) ?? [];
  if (name === undefined) problem('baseline', `baseline must be variant:NAME, not "${String(condition.baseline)}"`);
  else if (!names.includes(name)) problem('baseline', `baseline names no variant "${name}"`, didYouMean(name, names) ?? (names.length ? `variants: ${listed(names)}` : 'define variants: in the suite'));
  if (condition.max_drop === undefined && condition.max_rise === undefined) {
    problem('baseline', 'baseline applies to max_drop and max_rise: this condition has neither', 'add max_drop or max_rise, or remove baseline');
  }
}

function listed(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}

/** The grader names the cases give (CaseSpec.graders; only the names are read here), sorted, each once. */
function suiteGraders(cases: readonly CaseSpec[], ability?: string): string[] {
  return [...new Set(cases.filter((spec) => ability === undefined || spec.ability === ability).flatMap((spec) => Object.keys(spec.graders ?? {})))].sort();
}

function checkKey(key: MetricKey, suite: Suite): { message: string; hint?: string } | undefined {
  if (key.layer === 'retrieval') {
    const retrieval = suite.retrieval;
    if (!retrieval) return { message: 'the suite has no retrieval section', hint: 'add retrieval: or gate on e2e metrics' };
    const providers = retrieval.providers.map((provider) => provider.name);
    if (!providers.includes(key.provider)) {
      return { message: `no provider "${key.provider}" in retrieval.providers`, hint: didYouMean(key.provider, providers) ?? `providers: ${listed(providers)}` };
    }
    if (key.k !== undefined && !retrieval.k.includes(key.k)) {
      const nearest = [...retrieval.k].sort((a, b) => Math.abs(a - key.k!) - Math.abs(b - key.k!))[0];
      return {
        message: `${key.metric} is not computed: retrieval.k is ${listed(retrieval.k.map(String))}`,
        hint: nearest === undefined ? `add ${key.k} to retrieval.k` : `did you mean "${key.metric.replace(/@\d+$/, `@${nearest}`)}"? or add ${key.k} to retrieval.k`,
      };
    }
    if (key.group && !retrieval.group_metrics) {
      return { message: `${key.metric} is computed only with retrieval.group_metrics: true`, hint: 'set retrieval.group_metrics: true (memories need group:), or gate on the memory-level metric' };
    }
    if (key.haystack !== undefined) {
      const fractions = retrieval.haystack?.fractions;
      if (!fractions) return { message: `${key.metric} at a haystack fraction is measured only with retrieval.haystack`, hint: 'add retrieval.haystack: [0.1, 0.5, 1], or gate on the plain metric' };
      if (key.haystack !== 'per_doubling' && !fractions.includes(key.haystack)) {
        return { message: `haystack@${key.haystack} is not measured: retrieval.haystack is ${listed(fractions.map(String))}`, hint: `add ${key.haystack} to retrieval.haystack, or use one of its fractions` };
      }
    }
    if (key.tag !== undefined) {
      const tags = [...new Set(retrieval.queries.flatMap((query) => query.tags))].sort();
      if (!tags.includes(key.tag)) return { message: `no query is tagged "${key.tag}"`, hint: didYouMean(key.tag, tags) ?? `tags: ${listed(tags)}` };
    }
    if (isStalenessFamily(key.family)) {
      const scope = key.tag === undefined ? retrieval.queries : retrieval.queries.filter((query) => query.tags.includes(key.tag!));
      if (!scope.some(namesObsolete)) {
        return { message: `no query${key.tag === undefined ? '' : ` tagged "${key.tag}"`} names an obsolete memory, so there is no ${key.metric} to measure`, hint: 'give queries obsolete: [ids] (memories of the same user that were true once and are superseded)' };
      }
    }
    return undefined;
  }

  const e2e = suite.e2e;
  if (!e2e) return { message: 'the suite has no e2e section', hint: 'add e2e: or gate on retrieval metrics' };
  const needConditions = (conditions: Condition[], what: string) => {
    const lacking = conditions.filter((condition) => !e2e.conditions.includes(condition));
    return lacking.length === 0
      ? undefined
      : { message: `${what} needs the ${lacking.join(' and ')} condition${lacking.length > 1 ? 's' : ''}, not in e2e.conditions (${listed(e2e.conditions)})`, hint: `add ${lacking.join(', ')} to e2e.conditions` };
  };
  const abilities = [...new Set(e2e.cases.map((spec) => spec.ability))].sort();
  const ability = 'ability' in key ? key.ability : undefined;
  if (ability !== undefined && !abilities.includes(ability)) {
    return { message: `no e2e case has ability "${ability}"`, hint: didYouMean(ability, abilities) ?? `abilities: ${listed(abilities)}` };
  }
  switch (key.kind) {
    case 'rate':
      return key.condition ? needConditions([key.condition], `e2e.${key.condition}`) : undefined;
    case 'diff':
      return needConditions(key.diff === 'lift' ? ['recall', 'none'] : ['oracle', 'recall'], key.diff);
    case 'latency':
      return undefined;
    case 'fault':
      return needConditions([`fault:${key.fault}`, ...(key.metric === 'vs_none' ? (['none'] as const) : [])], `e2e.fault.${key.fault}.${key.metric}`);
    case 'grader': {
      const own = key.ability === undefined ? undefined : suiteGraders(e2e.cases, key.ability);
      if (own && !own.includes(key.grader)) {
        return { message: `no case of ability "${key.ability}" has the grader "${key.grader}"`, hint: own.length ? `its graders: ${listed(own)}` : 'the ability has no graders' };
      }
      return key.condition ? needConditions([key.condition], `e2e.grader.${key.grader}.${key.condition}`) : undefined;
    }
    case 'harm':
      return (key.condition ? needConditions([key.condition], `e2e.${key.condition}`) : undefined) ?? harmRateUnmeasured(key.rate, e2e.cases, key.condition);
    case 'cost':
      return needConditions([key.condition], `e2e.${key.condition}.${key.name}`);
    case 'stage':
      return needConditions(['recall'], `e2e.stage.${key.stage}.rate`) ?? stageRateUnmeasured(key.stage, key.ability === undefined ? e2e.cases : e2e.cases.filter((spec) => spec.ability === key.ability));
    case 'scalar':
      if (key.name === 'leaks') return needConditions(['none'], 'e2e.leaks');
      if (key.name === 'harmful_recall_rate') return harmRateUnmeasured(key.name, e2e.cases);
      if ((key.name === 'evidence_coverage' || key.name === 'recall_precision') && !e2e.cases.some((spec) => spec.evidence.length > 0)) {
        return { message: `no e2e case lists evidence, so there is no ${key.name} to measure`, hint: 'add evidence: to the cases' };
      }
      return undefined;
  }
}
