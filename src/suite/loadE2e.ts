import { dirname, relative, resolve } from 'node:path';
import type { CaseSpec, Condition, HistorySpec, SessionSpec } from '../model/e2e.js';
import type { CheckSpec } from '../model/checks.js';
import { RecallGateError, addProblems, formatLocation } from '../errors.js';
import type { InputProblem } from '../model/source.js';
import { readLabels } from '../e2e/judgeCalibration.js';
import { checkProblems } from '../e2e/checks/table.js';
import { unenforceableBudget } from '../e2e/budget.js';
import { blankness, normalisesToBlank, showBlank } from '../e2e/checks/normalize.js';
import { loadGraders } from '../e2e/graders/grade.js';
import { moduleExports } from '../e2e/graders/script.js';
import { didYouMean } from '../source/didYouMean.js';
import type { Rows } from './rows.js';
import { splitOf } from './splits.js';
import { attachHistories } from './histories.js';
import { FileProblems, readReferencedText, type SourceFile } from '../source/sourceFile.js';
import type { E2eSpec, JudgeSettings, ProviderSpec, RetrievalSpec, TargetSpec } from '../model/suite.js';

export interface RawE2e {
  target: Record<string, unknown> & { kind: TargetSpec['kind'] };
  repeat?: number;
  conditions?: Condition[];
  concurrency?: number;
  grade_truncated?: boolean;
  judge?: { model: string; base_url?: string; api_key_env?: string; calibration?: string; min_agreement?: number; timeout_ms?: number; max_retries?: number };
  prices?: E2eSpec['prices'];
  max_cost_usd?: number;
  histories?: unknown;
  cases: unknown;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Turns the checked e2e section into an E2eSpec, reporting what only the whole suite can tell. */
export function buildE2e(raw: RawE2e, cases: Rows, main: SourceFile, retrieval: RetrievalSpec | undefined, files: string[], problems: InputProblem[], histories?: Rows): E2eSpec {
  const at = (path: (string | number)[]) => main.locate(['e2e', ...path]);
  const target = buildTarget(raw.target);
  const caseSpecs = cases.rows.map((row, index) =>
    buildCase(row, cases.locate(index), splitOf(cases, index, problems), readSessions(row.sessions, (path) => cases.locate(index, ['sessions', ...path]), problems)),
  );

  const byName = new Map<string, number>();
  caseSpecs.forEach((spec, index) => {
    const earlier = byName.get(spec.name);
    if (earlier === undefined) byName.set(spec.name, index);
    else problems.push({ where: cases.locate(index, ['name']), message: `duplicate case name "${spec.name}"`, hint: `first defined at ${formatLocation(cases.locate(earlier))}` });
  });

  const historySpecs: HistorySpec[] = (histories?.rows ?? []).map((row, index) => ({
    name: String(row.name),
    sessions: readSessions(row.sessions, (path) => histories!.locate(index, ['sessions', ...path]), problems),
    where: histories!.locate(index),
  }));
  attachHistories(historySpecs, histories, cases, caseSpecs, problems);
  plantSessions(cases, caseSpecs, byName, problems);
  const exports = new Map<string, Record<string, string>>();
  const exportsOf = (path: string, env: Record<string, string>) => {
    const key = `${path}\0${JSON.stringify(env)}`;
    return exports.get(key) ?? exports.set(key, moduleExports(path, env)).get(key)!;
  };
  cases.rows.forEach((row, index) => {
    const judgeConfigured = Boolean(raw.judge);
    if (row.check === undefined && row.graders === undefined) {
      problems.push({ where: cases.locate(index), message: `case "${caseSpecs[index]!.name}" needs a check, graders, or both`, hint: 'add check: { icontains: ... } or graders: { name: { ... } }' });
    }
    if (row.check !== undefined) addProblems(problems, checkProblems(row.check as CheckSpec, (path) => cases.locate(index, ['check', ...path]), { judgeConfigured }));
    if (row.graders !== undefined) {
      const at = (path: (string | number)[]) => cases.locate(index, ['graders', ...path]);
      caseSpecs[index]!.graders = loadGraders(row.graders as Parameters<typeof loadGraders>[0], { at, suiteDir: dirname(main.path), judgeConfigured, files, problems, exportsOf });
    }
    if (row.fault_check !== undefined) addProblems(problems, checkProblems(row.fault_check as CheckSpec, (path) => cases.locate(index, ['fault_check', ...path]), { judgeConfigured }));
    if (row.harmful !== undefined) addProblems(problems, checkProblems(row.harmful as CheckSpec, (path) => cases.locate(index, ['harmful', ...path]), { judgeConfigured }));
    problems.push(...expectRecallProblems(row, (path) => cases.locate(index, path)));
    addProblems(problems, blankCaseTextProblems(row, (path) => cases.locate(index, path)));
  });

  // A cap that no price can enforce would let the run spend without limit while it says it has one.
  const unenforceable = raw.max_cost_usd === undefined ? undefined : unenforceableBudget({ target, judge: raw.judge && { model: raw.judge.model }, prices: raw.prices ?? {} });
  if (unenforceable) {
    problems.push({ where: at(['max_cost_usd']), message: `max_cost_usd: ${unenforceable}`, hint: "give the models prices in e2e.prices (USD per million tokens), name an adapter's model with target.model, or drop max_cost_usd" });
  }

  return {
    target,
    repeat: raw.repeat ?? 3,
    conditions: raw.conditions ?? ['recall'],
    concurrency: raw.concurrency ?? 4,
    grade_truncated: raw.grade_truncated,
    judge: raw.judge && buildJudge(raw.judge),
    prices: raw.prices ?? {},
    ...(raw.max_cost_usd !== undefined ? { max_cost_usd: raw.max_cost_usd } : {}),
    cases: caseSpecs,
  };

  /** The judge settings, with the calibration labels read and checked now, so validate reports their problems. */
  function buildJudge({ calibration, min_agreement, ...settings }: NonNullable<RawE2e['judge']>): JudgeSettings {
    if (calibration === undefined) {
      if (min_agreement !== undefined) problems.push({ where: at(['judge', 'min_agreement']), message: 'min_agreement needs e2e.judge.calibration, the labels it is measured on' });
      return settings;
    }
    const path = resolve(dirname(main.path), calibration);
    const displayPath = relative(process.cwd(), path) || path;
    try {
      readLabels(path, displayPath, at(['judge', 'calibration']));
      files.push(path);
    } catch (error) {
      if (!(error instanceof RecallGateError) || error.problems.length === 0) throw error;
      problems.push(...error.problems);
    }
    return { ...settings, calibration: { path, displayPath, ...(min_agreement !== undefined ? { min_agreement } : {}) } };
  }

  function buildTarget(rawTarget: RawE2e['target']): TargetSpec {
    const suiteDir = dirname(main.path);
    const timeout = (rawTarget.timeout_ms as number | undefined) ?? DEFAULT_TIMEOUT_MS;
    // An adapter's model prices the tokens it reports (unless its usage names another).
    const model = rawTarget.model === undefined ? {} : { model: String(rawTarget.model) };
    if (rawTarget.kind === 'http') {
      const started = rawTarget.start === undefined ? {} : { start: rawTarget.start as string[], cwd: resolve(suiteDir, (rawTarget.cwd as string | undefined) ?? '.'), env: rawTarget.env as Record<string, string> | undefined };
      const url = rawTarget.url === undefined ? {} : { url: String(rawTarget.url) };
      if (rawTarget.start !== undefined && rawTarget.url !== undefined) problems.push({ where: at(['target', 'start']), message: 'an http target takes url (a running server) or start (a server recall-gate starts, which prints its URL), not both' });
      return { kind: 'http', ...url, ...started, headers_env: (rawTarget.headers_env as Record<string, string>) ?? {}, timeout_ms: timeout, ...model };
    }
    if (rawTarget.kind === 'command') {
      return {
        kind: 'command',
        command: rawTarget.command as string[],
        cwd: resolve(suiteDir, (rawTarget.cwd as string | undefined) ?? '.'),
        env: rawTarget.env as Record<string, string> | undefined,
        timeout_ms: timeout,
        ...model,
      };
    }
    const memory = rawTarget.memory as { provider: string; max_results?: number; min_score?: number; dated?: boolean; auto_store?: boolean };
    const providers = retrieval?.providers ?? [];
    let provider: ProviderSpec | undefined = providers.find((candidate) => candidate.name === memory.provider);
    if (!provider) {
      problems.push({
        where: at(['target', 'memory', 'provider']),
        message: `memory.provider names no retrieval provider "${memory.provider}"`,
        hint: didYouMean(memory.provider, providers.map((p) => p.name)) ?? (providers.length ? `one of: ${providers.map((p) => p.name).join(', ')}` : 'add it under retrieval.providers'),
      });
      provider = { name: memory.provider, kind: 'keyword', where: at(['target']) };
    }
    let systemPrompt = '';
    const promptPath = rawTarget.system_prompt as string | undefined;
    if (promptPath) {
      try {
        const prompt = readReferencedText(suiteDir, promptPath, at(['target', 'system_prompt']));
        systemPrompt = prompt.text;
        files.push(prompt.path);
      } catch (error) {
        if (!(error instanceof FileProblems)) throw error;
        addProblems(problems, error.problems);
      }
    }
    return {
      kind: 'builtin',
      model: String(rawTarget.model),
      systemPrompt,
      systemPromptFile: promptPath,
      memory: {
        provider,
        max_results: memory.max_results ?? 5,
        min_score: memory.min_score,
        dated: memory.dated ?? true,
        auto_store: memory.auto_store ?? true,
      },
      base_url: rawTarget.base_url as string | undefined,
      api_key_env: rawTarget.api_key_env as string | undefined,
      temperature: rawTarget.temperature as number | undefined,
      max_tokens: rawTarget.max_tokens as number | undefined,
      timeout_ms: timeout,
      ...(rawTarget.recall_timeout_ms !== undefined ? { recall_timeout_ms: rawTarget.recall_timeout_ms as number } : {}),
      max_retries: (rawTarget.max_retries as number | undefined) ?? 4,
    };
  }
}

/**
 * Gives each plant_from case the sessions at the end of its chain, whatever
 * order the cases are listed in (a -> b -> c with c last). A chain that
 * comes back on itself, or ends in a case without sessions, would plant
 * nothing and let every trial be the probe alone: each is a problem at the
 * plant_from that starts it.
 */
function plantSessions(cases: Rows, specs: CaseSpec[], byName: Map<string, number>, problems: InputProblem[]): void {
  const fromOf = (index: number) => cases.rows[index]!.plant_from as string | undefined;
  cases.rows.forEach((row, index) => {
    const from = fromOf(index);
    if (from === undefined) return;
    const at = cases.locate(index, ['plant_from']);
    if (row.sessions !== undefined) {
      problems.push({ where: at, message: 'a case has either sessions or plant_from, not both' });
      return;
    }
    const chain = [index];
    for (let current = index; ; ) {
      const name = fromOf(current)!;
      const next = byName.get(name);
      if (next === undefined) {
        // Only the case that names it reports a missing name; cases planting through it are reported by it.
        if (chain.length === 1) problems.push({ where: at, message: `plant_from names no case "${name}"`, hint: didYouMean(name, byName.keys()) });
        return;
      }
      const seen = chain.indexOf(next);
      if (seen >= 0) {
        const path = [...chain, next].map((i) => specs[i]!.name).join(' -> ');
        problems.push(
          seen === 0
            ? { where: at, message: `plant_from is circular: ${path}`, hint: 'plant from a case that has sessions' }
            : { where: at, message: `plant_from leads into a circular chain: ${path}`, hint: 'plant from a case that has sessions' },
        );
        return;
      }
      chain.push(next);
      if (fromOf(next) === undefined) break;
      current = next;
    }
    const source = specs[chain[chain.length - 1]!]!;
    if (source.history !== undefined) {
      problems.push({ where: at, message: `plant_from leads to case "${source.name}", which is asked after history "${source.history}"`, hint: `name the history instead: history: ${source.history}` });
      return;
    }
    if (source.sessions.length === 0) {
      problems.push({ where: at, message: `plant_from plants nothing: case "${source.name}" has no sessions`, hint: 'plant from a case that has sessions' });
      return;
    }
    specs[index]!.sessions = source.sessions;
    specs[index]!.planted_from = source.name;
  });
}

/** A session as written: `user` (one turn) or `turns` (one conversation of several). */
interface RawSession {
  date?: string;
  user?: string;
  turns?: string[];
}

/** Each session as turns; a session with both forms or neither is a problem at it. */
function readSessions(raw: unknown, locate: (path: (string | number)[]) => InputProblem['where'], problems: InputProblem[]): SessionSpec[] {
  return ((raw as RawSession[] | undefined) ?? []).map(({ date, user, turns }, index) => {
    if (user !== undefined && turns !== undefined) {
      problems.push({ where: locate([index]), message: 'a session has either user (one turn) or turns (several), not both', hint: 'move the user text into turns' });
    } else if (user === undefined && turns === undefined) {
      problems.push({ where: locate([index]), message: 'a session needs user (what the user says) or turns (a list, one conversation)' });
    }
    return { ...(date !== undefined ? { date } : {}), turns: turns ?? (user !== undefined ? [user] : []) };
  });
}

function buildCase(row: Record<string, unknown>, where: CaseSpec['where'], split: CaseSpec['split'], sessions: SessionSpec[]): CaseSpec {
  const ability = String(row.ability);
  return {
    name: String(row.name),
    ability,
    sessions,
    probe: row.probe as CaseSpec['probe'],
    ...(row.check !== undefined ? { check: row.check as CheckSpec } : {}),
    ...(row.fault_check !== undefined ? { fault_check: row.fault_check as CheckSpec } : {}),
    evidence: (row.evidence as string[] | undefined) ?? [],
    obsolete: (row.obsolete as string[] | undefined) ?? [],
    needs_memory: (row.needs_memory as boolean | undefined) ?? (ability !== 'abstention' && row.expect_recall !== 'none'),
    ...(row.harmful !== undefined ? { harmful: row.harmful as CheckSpec } : {}),
    ...(row.disallowed !== undefined ? { disallowed: row.disallowed as string[] } : {}),
    ...(row.expect_recall !== undefined ? { expect_recall: row.expect_recall as 'none' } : {}),
    split,
    where,
  };
}

/** What each list of case texts is matched against, for the message about a blank one. */
const CASE_TEXT_LISTS = {
  evidence: 'every recalled memory would count as evidence',
  obsolete: 'every recalled memory would count as obsolete (harmful recall)',
  disallowed: 'every recalled memory of another user would count as disallowed (harmful recall)',
} as const;

/**
 * evidence, obsolete and disallowed texts are found in recalled memory after
 * normalisation (harm.ts): one that is blank once normalised would be found in
 * every memory, making every trial harmful or every recall covered.
 */
function blankCaseTextProblems(row: Record<string, unknown>, locate: (path: (string | number)[]) => InputProblem['where']): InputProblem[] {
  return (Object.keys(CASE_TEXT_LISTS) as (keyof typeof CASE_TEXT_LISTS)[]).flatMap((list) => {
    const texts = Array.isArray(row[list]) ? (row[list] as unknown[]) : [];
    return texts.flatMap((text, i) =>
      typeof text === 'string' && normalisesToBlank(text)
        ? [{ where: locate([list, i]), message: `${list} text ${showBlank(text)} is ${blankness(text)} (memories are matched normalised: typographic spaces read as " ", invisible characters are removed), so ${CASE_TEXT_LISTS[list]}`, hint: `write the words it stands for, or remove it from ${list}` }]
        : [],
    );
  });
}

/** expect_recall: none says recall should bring nothing: a case that also needs memory, or lists evidence to surface, contradicts it. */
function expectRecallProblems(row: Record<string, unknown>, locate: (path: (string | number)[]) => InputProblem['where']): InputProblem[] {
  if (row.expect_recall !== 'none') return [];
  const hint = 'expect_recall: none is for probes that need no history; drop it, or the other field';
  return [
    ...(row.needs_memory === true ? [{ where: locate(['needs_memory']), message: 'needs_memory: true contradicts expect_recall: none', hint }] : []),
    ...(Array.isArray(row.evidence) && row.evidence.length > 0 ? [{ where: locate(['evidence']), message: 'evidence (texts recall must surface) contradicts expect_recall: none', hint }] : []),
  ];
}

