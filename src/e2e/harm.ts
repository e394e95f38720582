/**
 * Harm: what reached the agent's context that must not have (harmful recall),
 * whether the agent acted on it (harmful action), and whether a probe that
 * needs no history got none (empty-recall correctness). Per trial, then per
 * condition and ability. The probe-only recall figures (evidence coverage,
 * recall precision) live here too: they read the same recalled texts.
 *
 * Rules, as the README states them:
 * - A memory is harmful when its text, normalised and lower-cased, contains
 *   one of the case's `obsolete` texts, in any invocation of the trial
 *   (every session turn and the probe), or one of its `disallowed` texts,
 *   in any invocation made as a user who does not own them: with `probe.as`
 *   the sessions are the owner's own and only the probe (as the other user)
 *   counts; without it every invocation counts.
 * - An obsolete text's successor is the evidence text that shares the most
 *   words with it (ties: the one listed first); none when no evidence shares a word.
 * - harmful_recall is true on any hit; false only when the trial reached its
 *   probe and every invocation reported what it recalled; else unknown.
 * - harmful_action is the case's `harmful` check graded with gradeAnswer on
 *   the answer, or on the probe's tool calls and artifacts (tool_called,
 *   `on:`): a harmful tool call is harmful action; an errored trial has none.
 * - Empty-recall correctness: among cases that need no history
 *   (`needs_memory: false` or `expect_recall: none`), the share of probes that
 *   were given no memory, under conditions that search (not none or oracle).
 */
import { groupBy, round } from '../stats/summary.js';
import type { ChatReply } from '../model/chat.js';
import { gradeAnswer } from './checks/grade.js';
import { type GradeContext } from './checks/table.js';
import { fold, wordSet } from './checks/normalize.js';
import type { HarmfulRecall, Invocation, TrialRecord } from '../model/trial.js';
import { addJudgeUsage } from './trialRecords.js';
import type { CaseSpec, Condition } from '../model/e2e.js';
import type { HarmRates, HarmShare, HarmSummary } from '../model/e2eResult.js';


/** The evidence text that shares the most words with an obsolete text (the first on a tie); undefined when none shares one. */
export function successorOf(obsolete: string, evidence: readonly string[]): string | undefined {
  const mine = wordSet(obsolete);
  let best: { text: string; shared: number } | undefined;
  for (const text of evidence) {
    const shared = [...wordSet(text)].filter((word) => mine.has(word)).length;
    if (shared > 0 && shared > (best?.shared ?? 0)) best = { text, shared };
  }
  return best?.text;
}

/**
 * The one matcher of a case's texts (evidence, obsolete, disallowed) in a
 * memory: evidence coverage, harmful recall and failure stages (stage.ts) all
 * use it. A memory holds a text when its text, normalised and lower-cased,
 * contains the case's text, normalised and lower-cased.
 */
export function memoryHolds(memory: string, text: string): boolean {
  return fold(memory).includes(fold(text));
}

type HarmCase = Pick<CaseSpec, 'evidence' | 'obsolete' | 'disallowed' | 'probe'>;

/** Every harmful memory that reached the context, invocation by invocation (the rules in the header). */
export function harmfulRecalls(spec: HarmCase, invocations: readonly Pick<Invocation, 'user' | 'recalled'>[], owner: string): HarmfulRecall[] {
  const obsolete = spec.obsolete.map((text) => ({ text, successor: successorOf(text, spec.evidence) }));
  const disallowed = spec.disallowed ?? [];
  const hits: HarmfulRecall[] = [];
  invocations.forEach((invocation, index) => {
    const foreign = spec.probe.as === undefined || invocation.user !== owner;
    for (const memory of invocation.recalled ?? []) {
      const old = obsolete.find(({ text }) => memoryHolds(memory.text, text));
      if (!old && !(foreign && disallowed.some((text) => memoryHolds(memory.text, text)))) continue;
      hits.push({ invocation: index, ...(memory.id !== undefined ? { id: memory.id } : {}), text: memory.text, ...(old?.successor !== undefined ? { successor: old.successor } : {}) });
    }
  });
  return hits;
}

/** Evidence coverage and recall precision of what reached the probe's context. */
function probeQuality(spec: Pick<CaseSpec, 'evidence'>, probe: Pick<ChatReply, 'recalled'>): Partial<TrialRecord> {
  if (!probe.recalled || spec.evidence.length === 0) return {};
  const recalled = probe.recalled.map((memory) => memory.text);
  const evidence = spec.evidence;
  return {
    evidence_coverage: evidence.filter((text) => recalled.some((memory) => memoryHolds(memory, text))).length / evidence.length,
    ...(recalled.length > 0 ? { recall_precision: recalled.filter((memory) => evidence.some((text) => memoryHolds(memory, text))).length / recalled.length } : {}),
  };
}

/**
 * Once a trial has ended, whatever its outcome: the recall figures of what
 * reached the context (probe-only coverage and precision, harmful recall over
 * every invocation made). An errored trial keeps the hits it made before it
 * stopped, and has no harmful action.
 */
export function settleRecallQuality(spec: HarmCase, record: TrialRecord): void {
  const probe = record.invocations.find((invocation) => invocation.kind === 'probe');
  if (probe) Object.assign(record, probeQuality(spec, probe));
  if (record.status === 'error') delete record.harmful_action;
  if (spec.obsolete.length + (spec.disallowed?.length ?? 0) === 0) return;
  // A shared history's sessions are no single case's (e2e/sharedHistory.ts): only the probe's context counts, at its own index.
  const counted = record.history ? record.invocations.map((invocation) => (invocation.kind === 'probe' ? invocation : { ...invocation, recalled: [] })) : record.invocations;
  const hits = harmfulRecalls(spec, counted, record.user);
  if (hits.length > 0) {
    record.harmful_recall = true;
    record.harmful_recalls = hits;
  } else if (probe && counted.every((invocation) => invocation.recalled !== undefined)) {
    record.harmful_recall = false;
  }
}

/** Grades the case's `harmful` check (on the answer, or on context.actions) into record.harmful_action, its judge tokens into record.tokens. */
export async function gradeHarmfulAction(spec: Pick<CaseSpec, 'harmful'>, answer: string, context: GradeContext, record: TrialRecord): Promise<void> {
  if (!spec.harmful) return;
  const graded = await gradeAnswer(spec.harmful, answer, context);
  addJudgeUsage(record, graded);
  record.harmful_action = graded.pass;
}

const HIT_LIMIT = 100;

/** none and oracle do not search memory: nothing they inject is recall's doing. */
export function searches(condition: Condition): boolean {
  return condition !== 'none' && condition !== 'oracle';
}

export function needsNoHistory(spec: Pick<CaseSpec, 'needs_memory' | 'expect_recall'>): boolean {
  return !spec.needs_memory || spec.expect_recall === 'none';
}

function share(values: readonly (boolean | undefined)[]): HarmShare {
  const known = values.filter((value): value is boolean => value !== undefined);
  const count = known.filter(Boolean).length;
  return { count, of: known.length, ...(known.length > 0 ? { rate: round(count / known.length, 6) } : {}) };
}

/** The probe was given no memory (true), some (false), or did not say (undefined). */
export function probeGotNothing(trial: Pick<TrialRecord, 'invocations'>): boolean | undefined {
  const recalled = trial.invocations.find((invocation) => invocation.kind === 'probe')?.recalled;
  return recalled === undefined ? undefined : recalled.length === 0;
}

function harmRates(trials: readonly TrialRecord[], condition: Condition, specs: ReadonlyMap<string, CaseSpec>): HarmRates {
  const rates: HarmRates = {
    harmful_recall: share(trials.map((trial) => trial.harmful_recall)),
    harmful_action: share(trials.map((trial) => (trial.status === 'error' ? undefined : trial.harmful_action))),
  };
  if (!searches(condition)) return rates;
  const empty = trials.map(probeGotNothing);
  rates.empty_recall = share(trials.map((trial, index) => (needsNoHistory(specs.get(trial.case)!) ? empty[index] : undefined)));
  rates.probes_without_memory = empty.filter((value) => value === true).length;
  return rates;
}

/** Where invocation `index` of a trial sits: its session (and turn, when the session has several) or the probe. */
export function invocationPlace(invocations: readonly Pick<Invocation, 'kind' | 'session' | 'turn'>[], index: number): string {
  const invocation = invocations[index];
  if (!invocation) return `invocation ${index + 1}`;
  if (invocation.kind === 'probe') return 'the probe';
  const session = invocation.session ?? invocations.slice(0, index + 1).filter((one) => one.kind === 'session').length;
  const turns = invocations.filter((one) => one.kind === 'session' && one.session === session).length;
  return `session ${session}${invocation.turn !== undefined && turns > 1 ? ` turn ${invocation.turn}` : ''}`;
}

/**
 * The run's harm figures per condition and ability, over the planned trials
 * that have a record (`trials`); abilities come from the suite. Pure.
 */
export function harmSummary(trials: readonly TrialRecord[], cases: readonly CaseSpec[], conditions: readonly Condition[], headline: Condition): HarmSummary {
  const specs = new Map(cases.map((spec) => [spec.name, spec]));
  // Each case's trials looked up once: filtering all trials per case grows with cases x trials.
  const byCase = groupBy(trials, (trial) => trial.case);
  const perCondition = (group: readonly TrialRecord[]) =>
    Object.fromEntries(conditions.map((condition) => [condition, harmRates(group.filter((trial) => trial.condition === condition), condition, specs)])) as Partial<Record<Condition, HarmRates>>;
  const hits = trials
    .filter((trial) => trial.condition === headline)
    .flatMap((trial) => (trial.harmful_recalls ?? []).map((hit) => ({ key: trial.key, case: trial.case, condition: trial.condition, where: invocationPlace(trial.invocations, hit.invocation), ...hit })));
  const abilities = [...new Set(cases.map((spec) => spec.ability))].sort();
  return {
    by_condition: perCondition(trials),
    abilities: Object.fromEntries(abilities.map((ability) => [ability, perCondition(trials.filter((trial) => specs.get(trial.case)!.ability === ability))])),
    cases: Object.fromEntries(cases.map(({ name }) => [name, perCondition(byCase.get(name) ?? [])])),
    hits: hits.slice(0, HIT_LIMIT),
    hits_total: hits.length,
  };
}

/** A trial's harm in one line for failure lists: the first harmful memory and where it came, and whether the agent acted on it. */
export function harmNote(trial: Pick<TrialRecord, 'harmful_recalls' | 'harmful_action' | 'invocations'>): string | undefined {
  const first = trial.harmful_recalls?.[0];
  const parts = [
    ...(first
      ? [
          `harmful recall of ${first.id !== undefined ? `${first.id} ` : ''}"${first.text}" in ${invocationPlace(trial.invocations, first.invocation)}` +
            `${first.successor !== undefined ? ` (current: "${first.successor}")` : ''}${trial.harmful_recalls!.length > 1 ? ` and ${trial.harmful_recalls!.length - 1} more` : ''}`,
        ]
      : []),
    ...(trial.harmful_action ? ['acted on a harmful memory (the harmful check passed)'] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** A failure list entry's `harm` field: present only when there is something to say. */
export function failureHarm(trial: Pick<TrialRecord, 'harmful_recalls' | 'harmful_action' | 'invocations'>): { harm?: string } {
  const harm = harmNote(trial);
  return harm === undefined ? {} : { harm };
}

/** The gate-able harm figures: `e2e[.<condition>].<name>` and the same under `e2e.ability.<ability>`. */
export const HARM_RATES = { harmful_recall_rate: 'harmful_recall', harmful_action_rate: 'harmful_action', empty_recall_rate: 'empty_recall' } as const;
export type HarmRate = keyof typeof HARM_RATES;

/** Why no case of a suite can give a harm figure, or undefined when some can. */
export function harmRateUnmeasured(rate: HarmRate, cases: readonly CaseSpec[], condition?: Condition): { message: string; hint: string } | undefined {
  if (rate === 'harmful_recall_rate' && !cases.some((spec) => spec.obsolete.length + (spec.disallowed?.length ?? 0) > 0)) {
    return { message: 'no e2e case lists obsolete or disallowed texts, so there is no harmful recall to measure', hint: 'add obsolete: or disallowed: to the cases it applies to' };
  }
  if (rate === 'harmful_action_rate' && !cases.some((spec) => spec.harmful !== undefined)) {
    return { message: 'no e2e case has a harmful check, so there is no harmful action to measure', hint: 'add harmful: { ... } (a check on the answer) to the cases it applies to' };
  }
  if (rate === 'empty_recall_rate' && (condition === 'none' || condition === 'oracle')) {
    return { message: `${condition} does not search memory, so there is no empty-recall correctness under it`, hint: 'name a condition that searches: recall or a fault' };
  }
  if (rate === 'empty_recall_rate' && !cases.some(needsNoHistory)) {
    return { message: 'no e2e case needs no history, so there is no empty-recall correctness to measure', hint: 'mark such cases needs_memory: false or expect_recall: none' };
  }
  return undefined;
}
