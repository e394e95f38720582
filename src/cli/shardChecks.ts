import type { TrialRecord } from '../model/trial.js';
import { trialKey } from '../e2e/trialRecords.js';
import { RecallGateError } from '../errors.js';
import type { ResultsDocument } from '../model/results.js';
import { suiteHash } from '../runSuite.js';
import { shardSuite } from '../shard.js';
import { selectSplit } from '../suite/splits.js';
import type { Suite } from '../model/suite.js';
import { applyVariant } from '../suite/variants.js';

/*
 * What merge checks before it combines shard folders: the merged figures are
 * only the whole run's when every shard ran the same recall-gate on the same
 * suite, and holds exactly the trials and query rows its plan gave it (which
 * cases, conditions and repeats; the retrieval layer in shard 1). A copied or
 * hand-edited folder would otherwise change the pass rate and still say
 * "complete". Each refusal names the folder and what is wrong in it.
 */

export interface ShardFolder {
  dir: string;
  results: ResultsDocument;
  trials: TrialRecord[];
}

const shortHash = (sha: string) => sha.slice(0, 12);

/** Every shard was written by one recall-gate version from one suite (by hash); throws invalid input naming the two that differ. */
export function checkShardsAgree(shards: readonly ShardFolder[]): void {
  const [first] = shards;
  if (!first) return;
  for (const shard of shards) {
    if (shard.results.tool?.version !== first.results.tool?.version) {
      throw new RecallGateError(
        'invalid-input',
        `${shard.dir} was written by recall-gate ${String(shard.results.tool?.version)}, ${first.dir} by recall-gate ${String(first.results.tool?.version)}: shards of different versions do not merge`,
        { hint: 'run every shard of the matrix with one recall-gate version (pin it), then merge' },
      );
    }
    if (shard.results.suite.sha256 !== first.results.suite.sha256) {
      throw new RecallGateError(
        'invalid-input',
        `${shard.dir} ran another version of the suite than ${first.dir} (suite sha256 ${shortHash(shard.results.suite.sha256)}... against ${shortHash(first.results.suite.sha256)}...)`,
        { hint: 'merge shards of one commit only' },
      );
    }
  }
}

/**
 * The suite merge loaded is the one the shards ran (the same hash, with their
 * variant applied): every plan below is derived from it.
 */
export function checkSuiteIsTheShards(suite: Suite, shards: readonly ShardFolder[]): void {
  const first = shards[0];
  if (!first) return;
  const variant = first.results.variant;
  const ran = variant !== undefined && (suite.variants ?? []).some((candidate) => candidate.name === variant) ? applyVariant(suite, variant) : suite;
  const hash = suiteHash(ran.files);
  if (hash !== first.results.suite.sha256) {
    throw new RecallGateError(
      'invalid-input',
      `${suite.displayPath} is not the suite the shards ran (sha256 ${shortHash(hash)}... against ${shortHash(first.results.suite.sha256)}... in ${first.dir}): their plans cannot be told from it`,
      { hint: 'merge with the suite files of the commit the shards ran (--suite)' },
    );
  }
}

/** The trial keys a suite plans: every case under every condition, each repeat. */
function plannedTrialKeys(suite: Suite): Set<string> {
  const keys = new Set<string>();
  for (const spec of suite.e2e?.cases ?? []) {
    for (const condition of suite.e2e!.conditions) for (let repeat = 1; repeat <= suite.e2e!.repeat; repeat++) keys.add(trialKey(spec.name, condition, repeat));
  }
  return keys;
}

/** What one shard was assigned, from the whole suite and the split and shard its results record (as run chose them). */
function planOf(suite: Suite, results: ResultsDocument): { trials: Set<string>; retrieval?: Suite['retrieval']; shard: string } {
  const shard = results.shard ?? { index: 1, count: 1 };
  const planned = shardSuite(selectSplit(suite, results.split?.run ?? 'all'), shard);
  return {
    trials: results.layers.e2e === 'ran' ? plannedTrialKeys(planned) : new Set(),
    ...(results.layers.retrieval === 'ran' && planned.retrieval ? { retrieval: planned.retrieval } : {}),
    shard: `shard ${shard.index}/${shard.count}`,
  };
}

const RERUN = (results: ResultsDocument) => `run that shard again (run --shard ${results.shard ? `${results.shard.index}/${results.shard.count}` : '...'} --out <its folder>) instead of editing or copying results between folders`;

/**
 * Each shard's trials are exactly its planned keys, each key in one shard
 * only, and its retrieval rows are those of its planned queries and
 * providers. A shard that did not finish may lack planned trials (merge counts
 * them missing); one that says it is complete may not. Throws invalid input.
 */
export function checkShardPlans(suite: Suite, shards: readonly ShardFolder[]): void {
  const holder = new Map<string, string>();
  for (const { dir, trials } of shards) {
    for (const trial of trials) {
      const earlier = holder.get(trial.key);
      if (earlier !== undefined) {
        throw new RecallGateError('invalid-input', `trial ${trial.key} is in two shards: ${earlier} and ${dir}`, { hint: 'each trial belongs to one shard; merge the folders of one job matrix, each once' });
      }
      holder.set(trial.key, dir);
    }
  }
  for (const { dir, results, trials } of shards) {
    const plan = planOf(suite, results);
    const foreign = trials.find((trial) => !plan.trials.has(trial.key));
    if (foreign) {
      throw new RecallGateError('invalid-input', `${dir} holds trial ${foreign.key}, which is not in its plan (${plan.shard} of ${suite.displayPath})`, { hint: RERUN(results) });
    }
    if (results.status === 'complete') {
      const recorded = new Set(trials.map((trial) => trial.key));
      const missing = [...plan.trials].find((key) => !recorded.has(key));
      if (missing !== undefined) {
        throw new RecallGateError('invalid-input', `${dir} says it is complete but has no record of its planned trial ${missing} (${plan.shard})`, { hint: RERUN(results) });
      }
    }
    checkRetrievalPlan(dir, results, plan.retrieval, plan.shard);
  }
}

function checkRetrievalPlan(dir: string, results: ResultsDocument, planned: Suite['retrieval'], shard: string): void {
  const retrieval = results.retrieval;
  if (!retrieval) return;
  if (!planned) {
    throw new RecallGateError('invalid-input', `${dir} holds retrieval results, which are not in its plan (${shard}: the retrieval layer runs in shard 1 only)`, { hint: RERUN(results) });
  }
  const providers = new Set(planned.providers.map((provider) => provider.name));
  const queries = new Set(planned.queries.map((query) => query.id));
  for (const provider of Object.values(retrieval.providers)) {
    if (!providers.has(provider.name)) {
      throw new RecallGateError('invalid-input', `${dir} holds retrieval results of provider ${provider.name}, which the suite does not have (${shard})`, { hint: RERUN(results) });
    }
    const seen = new Set<string>();
    for (const row of provider.queries) {
      if (!queries.has(row.id)) throw new RecallGateError('invalid-input', `${dir} holds a row of query ${row.id} for provider ${provider.name}, which is not in its plan (${shard})`, { hint: RERUN(results) });
      if (seen.has(row.id)) throw new RecallGateError('invalid-input', `${dir} holds query ${row.id} twice for provider ${provider.name}`, { hint: RERUN(results) });
      seen.add(row.id);
    }
    if (results.status === 'complete' && provider.status === 'ok') {
      const missing = [...queries].find((id) => !seen.has(id));
      if (missing !== undefined) {
        throw new RecallGateError('invalid-input', `${dir} says provider ${provider.name} finished but has no row of its planned query ${missing} (${shard})`, { hint: RERUN(results) });
      }
    }
  }
}
