import { runExitCode, runReportText } from './runReport.js';
import { resolve } from 'node:path';
import { aggregateE2e } from '../e2e/aggregate.js';
import { mergedBudget } from '../e2e/budget.js';
import { RecallGateError } from '../errors.js';
import { evaluateGateOnSplit } from '../gate/narrow.js';
import type { Verdict } from '../model/gate.js';
import type { ResultsDocument } from '../model/results.js';
import { mergedProvenance } from '../results/provenance.js';
import { renderReports } from '../report/reports.js';
import { openResultsDir, prepareResultsDir, readRun, writeMissingQueryRows, writeReportCopy, writeReports, writeResults, writeTrials } from '../results/folder.js';
import { loadSuite } from '../suite/load.js';
import { checkShardPlans, checkShardsAgree, checkSuiteIsTheShards } from './shardChecks.js';
import { outputTarget } from '../outputFile.js';
import { plainText } from '../report/escape.js';
import { selectSplit, splitRecord } from '../suite/splits.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { counted } from '../text/counted.js';

export const MERGE_USAGE = 'recall-gate merge --out DIR <shard-dir> <shard-dir>... [--suite suite.yaml] [--junit FILE]';

/**
 * Combines the results of `run --shard i/n` jobs into one results folder, as
 * one run would have written it, then applies the suite's gate (exit 1 on fail).
 */
export async function mergeCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { out: { type: 'string' }, suite: { type: 'string' }, junit: { type: 'string' } }, MERGE_USAGE);
  if (!values.out || positionals.length === 0) throw new RecallGateError('invalid-input', 'merge needs --out and at least one shard folder', { hint: `usage: ${MERGE_USAGE}` });
  const junitCopy = values.junit === undefined ? undefined : resolve(io.cwd, values.junit as string);
  // Checked before anything is merged: a folder or a block device there is refused while nothing is written yet.
  if (junitCopy) outputTarget(junitCopy, '--junit');
  const shards = positionals.map((dir) => ({ dir, ...readRun(dir, io.cwd) }));
  const first = shards[0]!.results;
  checkShardsAgree(shards);
  // Variants of a suite may hash alike (an embedding override reads no file): their shards are still different runs.
  const variants = new Set(shards.map((shard) => shard.results.variant ?? '(none)'));
  if (variants.size !== 1) throw new RecallGateError('invalid-input', `the shards ran different variants (${[...variants].join(', ')})`, { hint: 'merge the shards of one variant at a time' });
  const counts = new Set(shards.map((shard) => shard.results.shard?.count ?? 1));
  const indexes = shards.map((shard) => shard.results.shard?.index ?? 1);
  const count = [...counts][0]!;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !indexes.includes(index));
  if (counts.size !== 1 || new Set(indexes).size !== indexes.length) {
    throw new RecallGateError('invalid-input', `the folders are not distinct shards of one matrix (shards ${indexes.join(', ')} of ${[...counts].join('/')})`);
  }

  const splits = new Set(shards.map((shard) => shard.results.split?.run ?? 'all'));
  if (splits.size !== 1) throw new RecallGateError('invalid-input', `the shards ran different splits (${[...splits].join(', ')})`, { hint: 'merge shards run with the same --split' });
  // The shards ran one split: its cases are the plan, the others were never meant to run.
  const whole = loadSuite((values.suite as string | undefined) ?? first.suite.file, io.cwd);
  checkSuiteIsTheShards(whole, shards);
  // Each shard holds exactly what its plan gave it: a copied trial or a lost one would change the figures unseen.
  checkShardPlans(whole, shards);
  const suite = selectSplit(whole, [...splits][0]!);
  const withRetrieval = shards.find((shard) => shard.results.retrieval);
  const trials = shards.flatMap((shard) => shard.trials);
  const merged: ResultsDocument = {
    ...first,
    started_at: shards.map((shard) => shard.results.started_at).sort()[0]!,
    finished_at: shards.map((shard) => shard.results.finished_at ?? '').sort().at(-1),
    layers: {
      retrieval: withRetrieval ? 'ran' : first.layers.retrieval === 'skipped' ? 'skipped' : suite.retrieval ? 'skipped' : 'absent',
      e2e: shards.some((shard) => shard.results.layers.e2e === 'ran') ? 'ran' : first.layers.e2e,
    },
    errors: shards.flatMap((shard) => shard.results.errors),
    // Each shard hashed its own held-out cases; the merged run holds them all.
    split: splitRecord(suite, [...splits][0]!),
    retrieval: withRetrieval?.results.retrieval,
    e2e: undefined,
    // A shard's changes against a baseline are that shard's; the merged run had no baseline.
    changes: undefined,
  };
  // Every shard asked the models: the ids any of them was answered with.
  const provenance = mergedProvenance(shards.map((shard) => shard.results.provenance));
  if (provenance) merged.provenance = provenance;
  delete merged.shard;
  for (const shard of shards) {
    if (shard.results.status !== 'complete' && shard.results.errors.length === 0) merged.errors.push(`merge: ${shard.dir} did not finish (status ${shard.results.status})`);
  }
  if (missing.length > 0) {
    // The same --split as the others: a shard of another split is another plan, which merge refuses.
    const split = [...splits][0] === 'all' ? '' : ` --split ${[...splits][0]}`;
    const runs = missing.map((index) => `run --shard ${index}/${count}${split}`).join(', ');
    merged.errors.push(`merge: ${missing.length === 1 ? 'shard' : 'shards'} ${missing.join(', ')} of ${count} ${missing.length === 1 ? 'is' : 'are'} missing (${runs}, then merge every shard's folder together)`);
  }
  if (suite.e2e && merged.layers.e2e === 'ran') {
    merged.e2e = { target: first.e2e?.target ?? { kind: suite.e2e.target.kind }, ...aggregateE2e(trials, suite.e2e.cases, suite.e2e.conditions, suite.e2e.repeat) };
    // A capped shard's record would be lost with the aggregate: the budget is kept, added up over the shards.
    const budget = mergedBudget(shards.map((shard) => shard.results.e2e?.budget));
    if (budget) merged.e2e.budget = budget;
    if (merged.e2e.missing > 0 && missing.length === 0) merged.errors.push(`merge: ${counted(merged.e2e.missing, 'planned trial has', 'planned trials have')} no record in any shard`);
  }
  merged.status = merged.errors.length > 0 ? 'incomplete' : 'complete';

  const out = resolve(io.cwd, values.out as string);
  const folder = openResultsDir(out, 'merge');
  let verdict: Verdict | undefined;
  try {
    prepareResultsDir(out, { inputs: whole.files });
    writeTrials(out, trials);
    writeMissingQueryRows(out, merged.retrieval);
    writeResults(out, merged, suite.retrieval?.queries ?? []);
    verdict = suite.gate ? evaluateGateOnSplit(suite.gate, suite, { results: merged, trials }) : undefined;
    // After the gate: the reports show the verdict.
    const reports = renderReports({ results: merged, trials, verdict });
    writeReports(out, reports);
    if (junitCopy) writeReportCopy(junitCopy, reports.junit, '--junit');
  } finally {
    folder.release();
  }

  io.stdout(`${[`merged ${counted(shards.length, 'shard', 'shards')} of ${count} into ${plainText(values.out as string)}`, ...runReportText(merged, trials, verdict)].join('\n')}\n`);
  return runExitCode(merged, verdict, io.stderr, 'merged run');
}
