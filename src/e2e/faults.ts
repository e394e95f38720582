/**
 * Fault conditions: fault:timeout, fault:empty and fault:down. The planted
 * sessions run as under recall; at the probe the memory search is made to
 * fail that way (ChatRequest.fault, memory 'recall'), and the answer is
 * graded by the case's fault_check, or by DEFAULT_FAULT_CHECK: the agent
 * neither invents the fact nor crashes, it abstains or asks for the fact.
 *
 * Reported per fault (and per ability): pass rate and errors (errors stay in
 * the denominator), the recall latency of the fault's probes (median, p95:
 * empty results and timeouts included, the timeout's wait in it), and the
 * comparison with `none` (a fault should do no worse than no memory at all):
 * vs_none = pass rate under the fault minus under none, flagged
 * worse_than_none when it is below 0.
 */
import type { ChatReply, ChatRequest } from '../model/chat.js';
import { groupBy, round, summarizeLatency } from '../stats/summary.js';
import type { E2eResult, GroupRates, FaultRates, FaultSummary } from '../model/e2eResult.js';
import type { TrialRecord } from '../model/trial.js';
import type { CaseSpec, Condition, FaultKind } from '../model/e2e.js';
import type { CheckSpec } from '../model/checks.js';

export const FAULT_KINDS: readonly FaultKind[] = ['timeout', 'empty', 'down'];

/** Graded under a fault when the case gives no fault_check: abstaining or asking back, never a made-up value. */
export const DEFAULT_FAULT_CHECK: CheckSpec = { abstains: true, or_asks: true };

/** The fault a condition simulates, or undefined for recall, none and oracle. */
export function faultOf(condition: Condition): FaultKind | undefined {
  return condition.startsWith('fault:') ? (condition.slice('fault:'.length) as FaultKind) : undefined;
}

/** The memory policy of a condition's invocations: a fault's sessions run under recall. */
export function memoryOf(condition: Condition): ChatRequest['memory'] {
  return faultOf(condition) ? 'recall' : (condition as ChatRequest['memory']);
}

/**
 * What grades a trial under `condition`. Outside faults: the case's check and
 * graders. Under a fault: one check alone, the case's fault_check, else the
 * default, except that a case which needs no memory (needs_memory false) keeps
 * its own check, right whether memory works or not. Graders are left out: they
 * measure what memory captured and the answer with memory working, and a fault
 * trial tests only how the agent copes when its memory search fails.
 */
export function gradingOf(spec: Pick<CaseSpec, 'check' | 'graders' | 'fault_check' | 'needs_memory'>, condition: Condition): Pick<CaseSpec, 'check' | 'graders'> {
  if (!faultOf(condition)) return { check: spec.check, graders: spec.graders };
  return { check: spec.fault_check ?? (spec.needs_memory || !spec.check ? DEFAULT_FAULT_CHECK : spec.check), graders: undefined };
}

/**
 * Why a probe reply shows the target did not simulate `fault` (it recalled
 * memories although the search was to fail), or undefined. Grading it would
 * credit the fault condition with a working memory.
 */
export function faultIgnored(fault: FaultKind, reply: Pick<ChatReply, 'recalled'>): string | undefined {
  const count = reply.recalled?.length ?? 0;
  if (count === 0) return undefined;
  return `the target ignored fault:${fault}: its probe recalled ${count} memor${count === 1 ? 'y' : 'ies'} although the memory search was to ${FAULT_DOES[fault]} (see examples/adapter/README.md, "Faults")`;
}

const FAULT_DOES: Record<FaultKind, string> = { timeout: 'time out', empty: 'return nothing', down: 'fail' };

/** What summarizeFaults reads of the aggregation. */
export interface FaultInputs {
  trials: readonly TrialRecord[];
  cases: readonly CaseSpec[];
  conditions: readonly Condition[];
  byCondition: Partial<Record<Condition, GroupRates>>;
  abilities: Record<string, { conditions: Partial<Record<Condition, GroupRates>> }>;
}

/** E2eResult.faults: each fault that ran, overall and per ability; nothing when no fault condition ran. Pure. */
export function summarizeFaults({ trials, cases, conditions, byCondition, abilities }: FaultInputs): Pick<E2eResult, 'faults'> {
  const faults = conditions.map(faultOf).filter((fault): fault is FaultKind => fault !== undefined);
  if (faults.length === 0) return {};
  // The ability comes from the suite, as in the rates: relabelling needs no re-run.
  const abilityOf = new Map(cases.map((spec) => [spec.name, spec.ability]));
  const summary: Partial<Record<FaultKind, FaultSummary>> = {};
  for (const fault of faults) {
    const condition: Condition = `fault:${fault}`;
    const mine = groupBy(
      trials.filter((trial) => trial.condition === condition),
      (trial) => abilityOf.get(trial.case) ?? trial.ability,
    );
    summary[fault] = {
      ...faultRates(byCondition[condition], byCondition.none, [...mine.values()].flat()),
      // fromEntries: an ability is any text, "__proto__" included.
      abilities: Object.fromEntries(
        Object.entries(abilities).map(([ability, result]) => [ability, faultRates(result.conditions[condition], result.conditions.none, mine.get(ability) ?? [])]),
      ),
    };
  }
  return { faults: summary };
}

/** The probes' recall times of these trials: the figure a fault adds to an answer. */
export function probeRecallMs(trial: Pick<TrialRecord, 'invocations'>): number[] {
  return trial.invocations.filter((call) => call.kind === 'probe' && call.recall_ms !== undefined).map((call) => call.recall_ms!);
}

function faultRates(rates: GroupRates | undefined, none: GroupRates | undefined, trials: readonly TrialRecord[]): FaultRates {
  const passRate = rates?.pass_rate ?? 0;
  const vsNone = none ? round(passRate - none.pass_rate, 6) : undefined;
  return {
    trials: rates?.trials ?? 0,
    passed: rates?.passed ?? 0,
    errors: rates?.errors ?? 0,
    pass_rate: passRate,
    recall_latency_ms: summarizeLatency(trials.flatMap(probeRecallMs)),
    ...(none ? { none_pass_rate: none.pass_rate, vs_none: vsNone, worse_than_none: vsNone! < 0 } : {}),
  };
}
