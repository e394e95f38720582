import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ExitCode, RecallGateError, describeError } from '../errors.js';
import { appendHistory, readHistoryFile, writeHistory, HISTORY_LIMIT } from '../history/file.js';
import { historyLine } from '../history/headline.js';
import { metricsOutOfRange } from '../history/ranges.js';
import type { HistoryLine } from '../model/history.js';
import { oneLine } from '../report/format.js';
import { groupBy } from '../stats/summary.js';
import { RESULTS_FILE, hasResults, readResults } from '../results/folder.js';
import { trendLinesText } from '../report/trendLines.js';
import { parseCommandArgs } from './args.js';
import type { CliIO } from './io.js';
import { counted } from '../text/counted.js';
import { isNarrowedRun } from '../results/narrowed.js';

export const HISTORY_USAGE = 'recall-gate history DIR... [--out FILE]';

/**
 * The results folders a DIR names: itself when it holds results.json, else
 * the folders in it that do (the output of run --variants, or a folder of
 * downloaded artifacts).
 */
function resultsFolders(dir: string, cwd: string): string[] {
  const folder = resolve(cwd, dir);
  if (!existsSync(folder)) throw new RecallGateError('invalid-input', `${dir} does not exist`, { hint: 'give results folders (the --out of recall-gate run)' });
  if (!statSync(folder).isDirectory()) throw new RecallGateError('invalid-input', `${dir} is a file, not a folder`, { hint: 'give results folders (the --out of recall-gate run), not the results.json in one' });
  if (hasResults(folder)) return [dir];
  const inside = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && hasResults(join(folder, entry.name)))
    .map((entry) => join(dir, entry.name))
    .sort();
  if (inside.length === 0) throw new RecallGateError('invalid-input', `${dir} has no ${RESULTS_FILE}, nor has any folder in it`, { hint: 'give results folders (the --out of recall-gate run)' });
  return inside;
}

/** A run's line, refused (exit 2) when a figure is outside its metric's range: a damaged or forged results.json must not enter a trend. */
function inRange(dir: string, line: HistoryLine): HistoryLine {
  const outside = metricsOutOfRange(line.metrics);
  if (outside.length > 0) {
    throw new RecallGateError('invalid-input', `${join(dir, RESULTS_FILE)}: ${outside.map((reason) => oneLine(reason, 200)).join('; ')}`, { hint: 'the results folder is damaged or was edited: run the suite again' });
  }
  return line;
}

/** "suite", or "suite (variant v)": runs of one suite and variant make one trend. */
function seriesName(line: HistoryLine): string {
  return `${line.suite}${line.variant !== undefined ? ` (variant ${line.variant})` : ''}`;
}

/** Each series: how many runs over which dates, then its trend lines with the newest run as current. */
function historyText(history: readonly HistoryLine[]): string[] {
  const series = groupBy(history, seriesName);
  return [...series].flatMap(([name, lines]) => {
    const incomplete = lines.filter((line) => line.status !== 'complete').length;
    const span = lines.length === 1 ? lines[0]!.date : `${lines[0]!.date} to ${lines.at(-1)!.date}`;
    return [
      `${oneLine(name, 120)}: ${counted(lines.length, 'run', 'runs')}, ${span}${incomplete > 0 ? `, ${incomplete} of them incomplete` : ''}`,
      ...trendLinesText({ past: lines.slice(0, -1), current: lines.at(-1)! }),
      '',
    ];
  });
}

/**
 * Builds a history from results folders, oldest first and bounded, and
 * prints each suite's trend lines. With --out the runs are added to FILE
 * (made if missing; a run already in it is replaced, not repeated).
 */
export async function historyCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { out: { type: 'string' } }, HISTORY_USAGE);
  if (positionals.length === 0) throw new RecallGateError('invalid-input', 'history takes one or more results folders', { hint: `usage: ${HISTORY_USAGE}` });
  // A damaged folder is named with what is wrong and left out, and the exit is 2, but the others still make the
  // history: one edited results.json among a year of artifacts must not cost the rest.
  const damaged: string[] = [];
  const leftOutIfDamaged = <T>(read: () => T): T[] => {
    try {
      return [read()];
    } catch (error) {
      if (!(error instanceof RecallGateError) || error.code !== 'invalid-input') throw error;
      damaged.push(describeError(error));
      return [];
    }
  };
  const read = positionals.flatMap((dir) => resultsFolders(dir, io.cwd)).flatMap((dir) => leftOutIfDamaged(() => ({ dir, results: readResults(dir, io.cwd) })));
  // A narrowed run (some cases, a sample, a shard) measured another thing than the whole runs beside it: its
  // figures in a trend read as a change of the agent.
  const narrowed = read.filter(({ results }) => isNarrowedRun(results));
  for (const { dir, results } of narrowed) {
    const how = results.shard ? `shard ${results.shard.index}/${results.shard.count}` : results.sample ? `a sample of ${results.sample.n} cases` : `narrowed with ${results.selection!.by.join(', ')}`;
    io.stderr(`note: ${dir} is left out: it is ${how}, and a trend compares whole runs (merge shards first)\n`);
  }
  // Oldest first: of two runs of one commit, the newer is kept.
  const runs = read
    .filter((entry) => !narrowed.includes(entry))
    .flatMap(({ dir, results }) => leftOutIfDamaged(() => inRange(dir, historyLine(results))))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  for (const problem of damaged) io.stderr(`recall-gate history: left out: ${problem}\n`);
  if (runs.length === 0 && damaged.length > 0) {
    const narrowedToo = narrowed.length > 0 ? `, and ${counted(narrowed.length, 'narrowed run', 'narrowed runs')} left out` : '';
    throw new RecallGateError('invalid-input', `no whole run to make a history of: ${counted(damaged.length, 'damaged folder', 'damaged folders')} (above)${narrowedToo}`);
  }
  if (runs.length === 0 && narrowed.length > 0) throw new RecallGateError('invalid-input', 'every results folder given is a narrowed run: a history holds whole runs', { hint: 'give the folders of whole runs (no --case, --ability, --query, --sample, --shard)' });
  const out = values.out as string | undefined;
  const earlier = out === undefined ? undefined : readHistoryFile(resolve(io.cwd, out), out);
  if (earlier && earlier.skipped.length > 0) io.stderr(`note: ${out}: ${counted(earlier.skipped.length, 'line', 'lines')} skipped, not history lines (line ${earlier.skipped[0]!.line}: ${earlier.skipped[0]!.reason}); they are not written back\n`);
  const all = [...(earlier?.lines ?? []), ...runs];
  const history = appendHistory(earlier?.lines ?? [], ...runs);
  io.stdout(historyText(history).join('\n'));
  if (history.length < all.length) io.stdout(`kept ${history.length} of ${all.length} runs: a run or commit given twice counts once, and a history keeps the newest ${HISTORY_LIMIT}\n`);
  if (out !== undefined) {
    writeHistory(resolve(io.cwd, out), history, '--out');
    io.stdout(`history written to ${out} (${counted(history.length, 'run', 'runs')})\n`);
  }
  if (damaged.length > 0) {
    io.stderr(`recall-gate history: ${counted(damaged.length, 'results folder was', 'results folders were')} left out as damaged (above); the others are ${out === undefined ? 'shown' : 'in the history'}\n`);
    return ExitCode.invalidInput;
  }
  return ExitCode.ok;
}
