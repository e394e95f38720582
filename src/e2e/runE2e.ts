import { createHash } from 'node:crypto';
import { describeError } from '../errors.js';
import type { Target } from '../targets/types.js';
import type { ChatReply } from '../model/chat.js';
import { describeGrading, gradeTrial } from './graders/grade.js';
import { ungradableReply } from './probeReply.js';
import { playSessions, type SessionTurn } from './sessions.js';
import { needsSnapshot, takeSnapshot } from './snapshot.js';
import { round } from '../stats/summary.js';
import { trialFingerprints, withHistoryOrder } from './fingerprint.js';
import { addEmbeddingUsage, historyOrders, historyScope, workUnits, type WorkUnit } from './sharedHistory.js';
import { gradeHarmfulAction, settleRecallQuality } from './harm.js';
import { settleStage, stageNeedsSnapshot } from './stage.js';
import { fold } from './checks/normalize.js';
import { faultIgnored, faultOf, gradingOf, memoryOf } from './faults.js';
import { priceTrial } from './cost.js';
import { countTokens, encodingForModel, injectedTokens, loadEncoding, type EncodingName } from './tokens.js';
import { meterEmbeddingsIfAny, type EmbeddingUsage } from '../embeddings/usage.js';
import { meterCachedCallsIfAny } from '../net/llmCache.js';
import { agentCalls, dollars, plannedCallsOf, type BudgetGuard } from './budget.js';
import type { CachedCalls, TrialCacheHits } from '../model/spend.js';
import { capStoredText } from './storedText.js';
import { capArtifact, probeActions } from './actions.js';
import type { Invocation, TrialRecord, TrialFingerprint } from '../model/trial.js';
import { addJudgeUsage, trialKey } from './trialRecords.js';
import type { CaseSpec, Condition } from '../model/e2e.js';
import type { Judge } from './judge.js';

export interface E2ePlan {
  suiteName: string;
  /** Mixed into user ids, so two runs against one shared agent never share users. */
  runId?: string;
  cases: CaseSpec[];
  conditions: Condition[];
  repeat: number;
  concurrency: number;
  /** The target's model (builtin model, an adapter's `model:`): prices agent tokens that name no model, and picks the encoding injected tokens are counted in. */
  model?: string;
  judgeModel?: string;
  prices: Record<string, { input: number; output: number }>;
  /** Grade a probe reply cut by the length limit instead of counting it an error (e2e.grade_truncated). */
  gradeTruncated?: boolean;
  /** The target's spec, part of each trial's fingerprint. */
  target?: unknown;
}

export interface E2eDeps {
  target: Target;
  judge?: Judge;
  /** Why there is no judge although the suite names one: its graders are skipped with this reason. */
  judgeMissing?: string;
  /** Trials already finished in an earlier run (--resume): not run again. */
  done?: ReadonlySet<string>;
  /** Called as each trial is settled (its counts in, priced), before its slot starts the trial after next: write it down now. */
  onTrial: (trial: TrialRecord) => void | Promise<void>;
  /** Notices for people; the first token usage warning of a run goes here. */
  log?: (message: string) => void;
  now?: () => number;
  /** recall-gate's environment, which a script grader's `env:` reads `${VAR}` from; process.env when absent. */
  env?: NodeJS.ProcessEnv;
  /** The spend cap: no trial starts once it refuses (e2e/budget.ts); running ones finish. */
  budget?: BudgetGuard;
  /** planTrials(plan), when the caller has made it already (runSuite does, for its estimate): it hashes every case. */
  planned?: readonly PlannedTrial[];
  /** Counts injected tokens; e2e/tokens.ts's counting thread when absent. */
  countTokens?: typeof countTokens;
  /** Whether `countTokens` (a cache's, e2e/tokenCountCache.ts) holds counts in an encoding already: when it holds none, the encoding is loaded before the first count, as without one. */
  countsHeld?: (encoding: EncodingName) => boolean;
}

/** A user id per case, condition and repetition: no trial can see another's memories. */
export function trialUser(suite: string, caseName: string, as: string | undefined, condition: Condition, repeat: number, runId = ''): string {
  const scope = createHash('sha256').update(`${suite}\0${caseName}\0${as ?? ''}\0${runId}`).digest('hex').slice(0, 12);
  return `rg-${scope}-${condition}-${repeat}`;
}

export interface PlannedTrial {
  spec: CaseSpec;
  case: string;
  condition: Condition;
  repeat: number;
  key: string;
  fingerprint: TrialFingerprint;
}

export function planTrials(plan: Pick<E2ePlan, 'cases' | 'conditions' | 'repeat' | 'target' | 'judgeModel'>): PlannedTrial[] {
  const trials: PlannedTrial[] = [];
  const orders = historyOrders(plan.cases);
  const fingerprintOf = trialFingerprints(plan);
  for (const spec of plan.cases) {
    for (const condition of plan.conditions) {
      const own = fingerprintOf(spec, condition);
      // A shared history's probes are asked in one playing: which cases are asked, and in what order, is part of every one of them.
      const fingerprint = spec.history === undefined ? own : withHistoryOrder(own, orders.get(spec.history)!);
      for (let repeat = 1; repeat <= plan.repeat; repeat++) trials.push({ spec, case: spec.name, condition, repeat, key: trialKey(spec.name, condition, repeat), fingerprint });
    }
  }
  return trials;
}

/**
 * The trials a run makes: every planned trial not in `done`, and every trial
 * of a shared history's playing that has one not in `done` (a playing runs
 * whole, see e2e/sharedHistory.ts).
 */
export function pendingTrials(planned: readonly PlannedTrial[], done: ReadonlySet<string> = new Set()): (PlannedTrial & { playsSessions: boolean })[] {
  return workUnits(planned, done).flatMap((unit) => unit.trials.map((trial, index) => ({ ...trial, playsSessions: unit.history === undefined || index === 0 })));
}

/** What a trial used beside its record: embedding requests and the model calls the LLM cache answered. */
interface TrialMeters {
  usage: EmbeddingUsage;
  cached: TrialCacheHits;
}

/** Hands a finished trial over: priced and counted against the budget, its record kept and written down. */
type Settle = (record: TrialRecord, meters: TrialMeters) => Promise<void>;

/**
 * Settles a trial once `done` (finishTrial) resolves, apart from its slot, which goes on to the next trial;
 * resolves when the slot may go on (see runE2e).
 */
type FinishApart = (done: Promise<TrialRecord>, meters: TrialMeters) => Promise<void>;

/**
 * Runs `work` with both meters open: what it embeds and what the cache answers are its own, however many trials run
 * at once. A meter that nothing could record into (no embedder that reports usage, no LLM cache) stays closed: an
 * open one turns on async hooks, a cost on every promise of the run.
 */
async function meterTrial<T>(work: () => Promise<T>): Promise<{ value: T } & TrialMeters> {
  const {
    value: { value, cached },
    usage,
  } = await meterEmbeddingsIfAny(() => meterCachedCallsIfAny(work));
  return { value, usage, cached };
}

/** Two parts of one trial (a playing's sessions and its first probe), metered apart, added. */
function addMeters(a: TrialMeters, b: TrialMeters): TrialMeters {
  const calls = (x: CachedCalls, y: CachedCalls): CachedCalls => ({ calls: x.calls + y.calls, input_tokens: x.input_tokens + y.input_tokens, output_tokens: x.output_tokens + y.output_tokens });
  return { usage: addEmbeddingUsage(a.usage, b.usage), cached: { chat: calls(a.cached.chat, b.cached.chat), judge: calls(a.cached.judge, b.cached.judge) } };
}

/**
 * Runs every planned trial not already done, up to `concurrency` at a time;
 * the sessions of one trial run in order, and a shared history's playing
 * (its sessions, then its cases' probes) runs as one, until the budget (when
 * there is one) refuses to start another trial. Returns the trials this run
 * made.
 */
export async function runE2e(plan: E2ePlan, deps: E2eDeps): Promise<TrialRecord[]> {
  const pending = workUnits(deps.planned ?? planTrials(plan), deps.done);
  // The encoding's rank table takes a moment to load, on the counting thread: start it before the first call needs it,
  // unless the counts come from elsewhere (a test's) or from a cache that holds some (a rerun may need none).
  const { encoding } = encodingForModel(plan.model);
  if (pending.length > 0 && (!deps.countTokens || deps.countsHeld?.(encoding) === false)) loadEncoding(encoding);
  const finished: TrialRecord[] = [];
  let next = 0;
  let warned = false;
  let unknownSaid = false;
  let stopped = false;
  const budget = deps.budget;
  const specs = new Map(plan.cases.map((spec) => [spec.name, spec]));
  // A trial's last steps (its injected tokens counted on the other thread, its record settled and written) wait on
  // nothing the agent does: they finish apart while its slot plays the next trial. Waited for in the slot, they held
  // every trial's first call back behind the counting thread (bench e2e-cli: a turnaround of 9.5 ms between trials
  // against 2.5 ms between a trial's calls).
  const finishing = new Set<Promise<void>>();
  const failures: unknown[] = [];
  /** Whether another trial may start: false once the run stopped or the budget refuses one (said once). */
  const admit = async (calls: number): Promise<boolean> => {
    // A budget decides on what was spent: the trials finishing are settled (priced) first.
    if (budget) await Promise.all(finishing);
    if (stopped) return false;
    if (!budget || budget.tryStart(calls)) return true;
    stopped = true;
    deps.log?.(`e2e: the budget of ${dollars(budget.cap)} (${budget.source}) would be passed by another trial (spent ${dollars(budget.spentUsd)} so far): no new trial starts; those running finish`);
    return false;
  };
  const settle: Settle = async (record, { usage: embedding, cached }) => {
    if (cached.chat.calls + cached.judge.calls > 0) record.cached = cached;
    priceTrial(plan, record, embedding);
    if (budget?.finish(record, plannedCallsOf(specs.get(record.case), record)) && !unknownSaid) {
      unknownSaid = true;
      deps.log?.(`warning: the cost of trial ${record.key} is unknown (a model with no price, or a call that reported no tokens): the budget counts only what is known, and results.json counts such trials in e2e.budget.unknown_trials`);
    }
    const warning = record.invocations.find((invocation) => invocation.usage_warning)?.usage_warning ?? record.judge_usage_warning;
    if (warning && !warned) {
      warned = true;
      deps.log?.(`warning: ${warning} (${record.key}; every such call is marked usage_warning in trials.jsonl, and its trial's cost is unknown)`);
    }
    finished.push(record);
    try {
      await deps.onTrial(record);
    } catch (error) {
      // A trial that cannot be written down (a full disk) ends the run: no more trials start.
      stopped = true;
      throw error;
    }
  };
  /**
   * A slot's own FinishApart: its trials are settled in the order it ran them (with concurrency 1, the plan's
   * order), and at most one is finishing while it plays the next: the slot waits for the one before. That is
   * all the overlap there is to gain (the counts of one trial come in during the next one's calls), and it
   * keeps what a stop can leave unwritten, and how far a failed write is noticed late, to a trial per slot.
   */
  const finisher = (): FinishApart => {
    let last: Promise<void> = Promise.resolve();
    return (done, meters) => {
      // Handled here at once: a finish that fails while the one before is still pending is no unhandled rejection.
      done.catch(() => undefined);
      const before = last;
      const settled = before
        .then(() => done)
        .then((record) => settle(record, meters))
        .catch((error: unknown) => void failures.push(error))
        .finally(() => finishing.delete(settled));
      finishing.add(settled);
      last = settled;
      return before;
    };
  };
  const worker = async (limit = pending.length) => {
    const finishApart = finisher();
    for (let taken = 0; !stopped && next < pending.length && taken < limit; taken += 1) {
      const unit = pending[next++]!;
      if (unit.history !== undefined) {
        await runPlaying(plan, unit as Required<WorkUnit<PlannedTrial>>, deps, finishApart, admit);
        continue;
      }
      if (!(await admit(agentCalls(unit.trials[0]!.spec)))) break;
      const {
        value: { done },
        ...meters
      } = await meterTrial(() => runTrial(plan, unit.trials[0]!, deps));
      await finishApart(done, meters);
    }
  };
  // Every worker and every finishing trial settles before a failure is reported: nothing may still write once the run has ended.
  const settleAll = async (workers: number, limit?: number) => {
    const outcomes = await Promise.allSettled(Array.from({ length: workers }, () => worker(limit)));
    await Promise.all(finishing);
    for (const outcome of outcomes) if (outcome.status === 'rejected') failures.push(outcome.reason);
  };
  // Under a budget with nothing measured yet, the first trial runs (and is settled) alone: what a trial costs is known before others start beside it.
  if (budget?.measuresFirst) await settleAll(1, 1);
  if (failures.length === 0) await settleAll(Math.max(1, Math.min(plan.concurrency, pending.length)));
  if (failures.length > 0) throw failures[0];
  return finished;
}

/** A trial's record before anything ran: an error until graded. */
function newRecord(trial: PlannedTrial, condition: Condition, user: string): TrialRecord {
  const { spec } = trial;
  return {
    key: trial.key,
    fingerprint: trial.fingerprint,
    case: spec.name,
    ability: spec.ability,
    condition,
    repeat: trial.repeat,
    user,
    status: 'error',
    reason: '',
    question: spec.probe.text,
    check: describeGrading(gradingOf(spec, condition)),
    invocations: [],
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: null,
    started_at: new Date().toISOString(),
    duration_ms: 0,
  };
}

/** One invocation; `place` puts a session turn in its conversation (absent for the probe). */
type Call = (kind: Invocation['kind'], user: string, message: string, date: string | undefined, place?: Omit<SessionTurn, 'message' | 'date'>) => Promise<ChatReply>;

/**
 * Calls the target under `condition`, recording each invocation (and its
 * tokens) in `record`; `oracle` is what the oracle condition hands in.
 * Injected tokens are counted on the counting thread while the calls go on:
 * `counted` waits for every count and must be awaited before the record is
 * finished; it says why when a count failed, which makes the trial an error.
 */
function invoker(plan: E2ePlan, deps: E2eDeps, condition: Condition, record: TrialRecord, oracle: string[]): { call: Call; counted: () => Promise<string | undefined> } {
  const now = deps.now ?? (() => performance.now());
  const fault = faultOf(condition);
  const encoding = encodingForModel(plan.model);
  const invocations = record.invocations;
  const counts: { invocation: Invocation; injected: Promise<number | undefined> }[] = [];
  // Written in call order once all are in, so the record reads the same whatever order the thread answered in.
  const counted = async (): Promise<string | undefined> => {
    const taken = counts.splice(0);
    const outcomes = await Promise.allSettled(taken.map((count) => count.injected));
    let failed: string | undefined;
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.status === 'rejected') {
        failed ??= describeError(outcome.reason);
      } else if (outcome.value !== undefined) {
        taken[index]!.invocation.injected_tokens = outcome.value;
        record.tokens.injected = (record.tokens.injected ?? 0) + outcome.value;
      }
    }
    return failed;
  };
  const call: Call = async (kind, user, message, date, place) => {
    const callStarted = now();
    const reply: ChatReply = await deps.target.chat({
      user,
      date,
      message,
      memory: memoryOf(condition),
      ...(condition === 'oracle' ? { oracle } : {}),
      ...place,
      ...(kind === 'probe' && fault ? { fault } : {}),
    });
    const invocation: Invocation = {
      kind,
      ...(place ? { session: place.session, turn: place.turn } : {}),
      user,
      ...(date ? { date } : {}),
      message,
      reply: reply.reply,
      ...(reply.recalled ? { recalled: reply.recalled } : {}),
      latency_ms: round(now() - callStarted, 3),
      ...(reply.recall_ms !== undefined ? { recall_ms: round(reply.recall_ms, 3) } : {}),
      ...(reply.recall_error ? { recall_error: reply.recall_error } : {}),
      ...(kind === 'probe' && fault ? { fault } : {}),
      ...(reply.usage ? { usage: reply.usage } : {}),
      ...(reply.usage_warning ? { usage_warning: reply.usage_warning } : {}),
      ...(reply.truncated ? { truncated: true } : {}),
      ...(reply.memory_ops ? { memory_ops: reply.memory_ops } : {}),
      ...(reply.tool_calls ? { tool_calls: reply.tool_calls } : {}),
      ...(reply.artifacts ? { artifacts: reply.artifacts.map(capArtifact) } : {}),
      ...(reply.tool_rounds_exhausted ? { tool_rounds_exhausted: true } : {}),
      ...(reply.cached ? { cached: true } : {}),
    };
    invocations.push(invocation);
    if (reply.usage) {
      record.tokens.input += reply.usage.input_tokens;
      record.tokens.output += reply.usage.output_tokens;
    }
    const injected = injectedTokens(reply, encoding.encoding, deps.countTokens);
    // Handled by `counted`; until then a failed count must not read as an unhandled rejection.
    injected.catch(() => undefined);
    counts.push({ invocation, injected });
    // Named now, as the count is asked for: where the key sits in the record does not wait on the thread.
    if (reply.injected_text !== undefined || reply.recalled !== undefined) record.injected_tokens_encoding = encoding.label;
    return reply;
  };
  return { call, counted };
}

/** Makes the trial an error for `reason` (when there is one), keeping the reason of an error it already ended in. */
function failWith(record: TrialRecord, reason: string | undefined): void {
  if (reason === undefined) return;
  if (record.status !== 'error' || record.reason === '') record.reason = reason;
  record.status = 'error';
}

/** Whether a trial of this case lists the owner's memory once the sessions are played (a grader reads it, or its stage needs it). */
function wantsSnapshot(spec: CaseSpec, condition: Condition): boolean {
  return needsSnapshot(gradingOf(spec, condition)) || stageNeedsSnapshot(spec, condition);
}

/**
 * Asks the probe as `asker` and grades the answer into `record`; `seen` is
 * what grading reads of the trial (its invocations, the probe's included, and
 * the memory snapshot). Throws when the trial cannot be graded.
 */
async function askProbe(plan: E2ePlan, deps: E2eDeps, spec: CaseSpec, condition: Condition, record: TrialRecord, call: Call, asker: string, seen: () => { invocations: Invocation[]; snapshot?: TrialRecord['snapshot'] }): Promise<void> {
  const fault = faultOf(condition);
  const probe = await call('probe', asker, spec.probe.text, spec.probe.date);
  record.answer = probe.reply;
  const ungradable = ungradableReply(probe, plan.gradeTruncated ?? false) ?? (fault && faultIgnored(fault, probe));
  if (ungradable) throw new Error(ungradable);
  const { invocations, snapshot } = seen();
  const grading = { question: spec.probe.text, judge: deps.judge, judgeModel: plan.judgeModel, judgeMissing: deps.judgeMissing, actions: probeActions(invocations) };
  const graded = await gradeTrial({ ...spec, ...gradingOf(spec, condition) }, { ...grading, answer: probe.reply, snapshot, invocations, env: deps.env });
  addJudgeUsage(record, graded);
  await gradeHarmfulAction(spec, probe.reply, grading, record);
  if (graded.graders) record.graders = graded.graders;
  record.status = graded.status;
  record.reason = graded.reason;
}

/**
 * A trial's last steps once its calls are done: its injected tokens counted (a
 * failed count makes it an error), then what is read off the whole record.
 * Nothing here calls the agent, so the trial's slot need not wait for it.
 */
async function finishTrial(spec: CaseSpec, record: TrialRecord, counted: () => Promise<string | undefined>, snapshot = record.snapshot): Promise<TrialRecord> {
  failWith(record, await counted());
  settleRecallQuality(spec, record);
  settleStage(spec, record, snapshot);
  return capStoredText(record);
}

/** Plays one trial's calls and grades it; `done` is its record, once finished (finishTrial). */
async function runTrial(plan: E2ePlan, trial: PlannedTrial, deps: E2eDeps): Promise<{ done: Promise<TrialRecord> }> {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const { spec, condition, repeat } = trial;
  const owner = trialUser(plan.suiteName, spec.name, undefined, condition, repeat, plan.runId);
  const asker = spec.probe.as ? trialUser(plan.suiteName, spec.name, spec.probe.as, condition, repeat, plan.runId) : owner;
  const record = newRecord(trial, condition, owner);
  const { call, counted } = invoker(plan, deps, condition, record, condition === 'oracle' ? oracleMemories(spec) : []);
  try {
    await deps.target.reset(owner);
    if (asker !== owner) await deps.target.reset(asker);
    await playSessions(spec.sessions, ({ message, date, ...place }) => call('session', owner, message, date, place));
    if (wantsSnapshot(spec, condition)) record.snapshot = await takeSnapshot(deps.target, owner);
    await askProbe(plan, deps, spec, condition, record, call, asker, () => ({ invocations: record.invocations, snapshot: record.snapshot }));
  } catch (error) {
    record.status = 'error';
    record.reason = describeError(error);
  }
  record.duration_ms = round(now() - started, 3);
  return { done: finishTrial(spec, record, counted) };
}

/**
 * One playing of a shared history (e2e/sharedHistory.ts): the history's
 * sessions played once to one user, then each trial's probe asked in turn, a
 * fresh session each. The first trial's record holds the sessions'
 * invocations, their time and embedding spend, and the memory snapshot; each
 * record is handed to `finishApart` as its probe is graded. When the sessions
 * cannot be played, every trial of the playing is an error saying so.
 */
async function runPlaying(plan: E2ePlan, unit: Required<WorkUnit<PlannedTrial>>, deps: E2eDeps, finishApart: FinishApart, admit: (calls: number) => Promise<boolean>): Promise<void> {
  // The sessions are played as part of the first trial: it must be admitted (by the budget) before they start.
  if (!(await admit(agentCalls(unit.trials[0]!.spec)))) return;
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const first = unit.trials[0]!;
  const { condition, repeat } = first;
  const scope = historyScope(unit.history);
  const owner = trialUser(plan.suiteName, scope, undefined, condition, repeat, plan.runId);
  const carrier = newRecord(first, condition, owner);
  const snapshotWanted = unit.trials.some((trial) => wantsSnapshot(trial.spec, condition));
  // The sessions are no one case's: under oracle they are played with nothing handed in, each probe gets its own case's evidence.
  const planting = await meterTrial(async () => {
    const { call, counted } = invoker(plan, deps, condition, carrier, []);
    let played: { snapshot?: TrialRecord['snapshot'] } | { error: string };
    try {
      await deps.target.reset(owner);
      await playSessions(first.spec.sessions, ({ message, date, ...place }) => call('session', owner, message, date, place));
      played = { snapshot: snapshotWanted ? await takeSnapshot(deps.target, owner) : undefined };
    } catch (error) {
      played = { error: describeError(error) };
    }
    // A session's tokens that could not be counted fail the playing as a failed session does: every trial of it.
    const failed = await counted();
    return failed !== undefined && !('error' in played) ? { error: failed } : played;
  });
  const plantedMs = now() - started;
  const sessions = [...carrier.invocations];
  const askers = new Set([owner]);
  for (const [index, trial] of unit.trials.entries()) {
    if (index > 0 && !(await admit(agentCalls(trial.spec, false)))) return;
    const probeStarted = now();
    const record = index === 0 ? carrier : newRecord(trial, condition, owner);
    record.history = { name: unit.history, position: index + 1, planted_in: first.key, played_at: carrier.started_at };
    const { spec } = trial;
    const snapshot = 'snapshot' in planting.value ? planting.value.snapshot : undefined;
    const { value: counted, ...probed } = await meterTrial(async () => {
      if ('error' in planting.value) {
        record.reason = `history "${unit.history}" could not be played: ${planting.value.error}${index === 0 ? '' : ` (see ${first.key})`}`;
        return async () => undefined;
      }
      const { call, counted } = invoker(plan, deps, condition, record, condition === 'oracle' ? oracleMemories(spec) : []);
      try {
        const asker = spec.probe.as ? trialUser(plan.suiteName, scope, spec.probe.as, condition, repeat, plan.runId) : owner;
        if (!askers.has(asker)) {
          await deps.target.reset(asker);
          askers.add(asker);
        }
        const own = index === 0 ? [] : sessions;
        await askProbe(plan, deps, spec, condition, record, call, asker, () => ({ invocations: [...own, ...record.invocations], snapshot }));
      } catch (error) {
        record.status = 'error';
        record.reason = describeError(error);
      }
      return counted;
    });
    if (index === 0 && snapshot) record.snapshot = snapshot;
    record.duration_ms = round(now() - probeStarted + (index === 0 ? plantedMs : 0), 3);
    await finishApart(finishTrial(spec, record, counted, snapshot), index === 0 ? addMeters(planting, probed) : probed);
  }
}

/**
 * The oracle hands the agent the case's evidence as memory would: each with the
 * date of the session it was said in, so temporal cases are judged fairly.
 */
export function oracleMemories(spec: Pick<CaseSpec, 'evidence' | 'sessions'>): string[] {
  const sessions = spec.sessions.map((session) => ({ date: session.date, text: fold(session.turns.join('\n')) }));
  return spec.evidence.map((text) => {
    const needle = fold(text);
    const session = sessions.find((candidate) => candidate.text.includes(needle));
    return session?.date ? `[${session.date}] ${text}` : text;
  });
}

