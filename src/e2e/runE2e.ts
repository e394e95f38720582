import { createHash } from 'node:crypto';
import { describeError } from '../errors.js';
import type { Target } from '../targets/types.js';
import type { ChatReply } from '../model/chat.js';
import { describeGrading, gradeTrial } from './graders/grade.js';
import { ungradableReply } from './probeReply.js';
import { playSessions, type SessionTurn } from './sessions.js';
import { needsSnapshot, takeSnapshot } from './snapshot.js';
import { round } from '../stats/summary.js';
import { trialFingerprint } from './fingerprint.js';
import { gradeHarmfulAction, settleRecallQuality } from './harm.js';
import { settleStage, stageNeedsSnapshot } from './stage.js';
import { fold } from './checks/normalize.js';
import { faultIgnored, faultOf, gradingOf, memoryOf } from './faults.js';
import { priceTrial } from './cost.js';
import { encodingForModel, injectedTokens, loadEncoding } from './tokens.js';
import { meterEmbeddingsIfAny } from '../embeddings/usage.js';
import { meterCachedCallsIfAny } from '../net/llmCache.js';
import { dollars, type BudgetGuard } from './budget.js';
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
  /** Called as each trial ends, before the next result is awaited: write it down now. */
  onTrial: (trial: TrialRecord) => void | Promise<void>;
  /** Notices for people; the first token usage warning of a run goes here. */
  log?: (message: string) => void;
  now?: () => number;
  /** recall-gate's environment, which a script grader's `env:` reads `${VAR}` from; process.env when absent. */
  env?: NodeJS.ProcessEnv;
  /** The spend cap: no trial starts once it refuses (e2e/budget.ts); running ones finish. */
  budget?: BudgetGuard;
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
  for (const spec of plan.cases) {
    for (const condition of plan.conditions) {
      const fingerprint = trialFingerprint(spec, condition, plan);
      for (let repeat = 1; repeat <= plan.repeat; repeat++) trials.push({ spec, case: spec.name, condition, repeat, key: trialKey(spec.name, condition, repeat), fingerprint });
    }
  }
  return trials;
}

/**
 * Runs every planned trial not already done, up to `concurrency` at a time;
 * the sessions of one trial run in order, until the budget (when there is
 * one) refuses to start another. Returns the trials this run made.
 */
export async function runE2e(plan: E2ePlan, deps: E2eDeps): Promise<TrialRecord[]> {
  const pending = planTrials(plan).filter((trial) => !deps.done?.has(trial.key));
  // The encoding's rank table takes a moment to load and blocks while it does: load it before any trial is timed.
  if (pending.length > 0) await loadEncoding(encodingForModel(plan.model).encoding);
  const finished: TrialRecord[] = [];
  let next = 0;
  let warned = false;
  let unknownSaid = false;
  let stopped = false;
  const budget = deps.budget;
  const worker = async (limit = pending.length) => {
    for (let taken = 0; !stopped && next < pending.length && taken < limit; taken += 1) {
      if (budget && !budget.tryStart()) {
        if (!stopped) {
          stopped = true;
          deps.log?.(`e2e: the budget of ${dollars(budget.cap)} (${budget.source}) would be passed by another trial (spent ${dollars(budget.spentUsd)} so far): no new trial starts; those running finish`);
        }
        break;
      }
      const trial = pending[next++]!;
      // Embedding requests and cached model calls made while a trial runs are its own, however many trials run at once (see meterEmbeddings).
      const {
        value: { value: record, cached },
        usage: embedding,
      } = await meterEmbeddingsIfAny(() => meterCachedCallsIfAny(() => runTrial(plan, trial, deps)));
      if (cached.chat.calls + cached.judge.calls > 0) record.cached = cached;
      priceTrial(plan, record, embedding);
      if (budget?.finish(record) && !unknownSaid) {
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
    }
  };
  // Under a budget with nothing measured yet, the first trial runs alone: what a trial costs is known before others start beside it.
  if (budget?.measuresFirst) await worker(1);
  // Settle every worker before reporting a failure: nothing may still write once the run has ended.
  const outcomes = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(plan.concurrency, pending.length)) }, worker));
  const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return finished;
}

async function runTrial(plan: E2ePlan, trial: PlannedTrial, deps: E2eDeps): Promise<TrialRecord> {
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const { spec, condition, repeat } = trial;
  const owner = trialUser(plan.suiteName, spec.name, undefined, condition, repeat, plan.runId);
  const asker = spec.probe.as ? trialUser(plan.suiteName, spec.name, spec.probe.as, condition, repeat, plan.runId) : owner;
  const invocations: Invocation[] = [];
  const record: TrialRecord = {
    key: trial.key,
    fingerprint: trial.fingerprint,
    case: spec.name,
    ability: spec.ability,
    condition,
    repeat,
    user: owner,
    status: 'error',
    reason: '',
    question: spec.probe.text,
    check: describeGrading(gradingOf(spec, condition)),
    invocations,
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: null,
    started_at: new Date().toISOString(),
    duration_ms: 0,
  };
  const oracle = condition === 'oracle' ? { oracle: oracleMemories(spec) } : {};
  const fault = faultOf(condition);
  const encoding = encodingForModel(plan.model);
  /** One invocation; `place` puts a session turn in its conversation (absent for the probe). */
  const call = async (kind: Invocation['kind'], user: string, message: string, date: string | undefined, place?: Omit<SessionTurn, 'message' | 'date'>) => {
    const callStarted = now();
    const reply: ChatReply = await deps.target.chat({
      user,
      date,
      message,
      memory: memoryOf(condition),
      ...oracle,
      ...place,
      ...(kind === 'probe' && fault ? { fault } : {}),
    });
    invocations.push({
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
    });
    if (reply.usage) {
      record.tokens.input += reply.usage.input_tokens;
      record.tokens.output += reply.usage.output_tokens;
    }
    const injected = await injectedTokens(reply, encoding.encoding);
    if (injected !== undefined) {
      invocations[invocations.length - 1]!.injected_tokens = injected;
      record.tokens.injected = (record.tokens.injected ?? 0) + injected;
      record.injected_tokens_encoding = encoding.label;
    }
    return reply;
  };

  try {
    await deps.target.reset(owner);
    if (asker !== owner) await deps.target.reset(asker);
    await playSessions(spec.sessions, ({ message, date, ...place }) => call('session', owner, message, date, place));
    if (needsSnapshot(gradingOf(spec, condition)) || stageNeedsSnapshot(spec, condition)) record.snapshot = await takeSnapshot(deps.target, owner);
    const probe = await call('probe', asker, spec.probe.text, spec.probe.date);
    record.answer = probe.reply;
    const ungradable = ungradableReply(probe, plan.gradeTruncated ?? false) ?? (fault && faultIgnored(fault, probe));
    if (ungradable) throw new Error(ungradable);
    const grading = { question: spec.probe.text, judge: deps.judge, judgeModel: plan.judgeModel, judgeMissing: deps.judgeMissing, actions: probeActions(invocations) };
    const graded = await gradeTrial({ ...spec, ...gradingOf(spec, condition) }, { ...grading, answer: probe.reply, snapshot: record.snapshot, invocations, env: deps.env });
    addJudgeUsage(record, graded);
    await gradeHarmfulAction(spec, probe.reply, grading, record);
    if (graded.graders) record.graders = graded.graders;
    record.status = graded.status;
    record.reason = graded.reason;
  } catch (error) {
    record.status = 'error';
    record.reason = describeError(error);
  }
  settleRecallQuality(spec, record);
  settleStage(spec, record);
  record.duration_ms = round(now() - started, 3);
  return capStoredText(record);
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

