import { dirname, relative, resolve } from 'node:path';
import type { CaseSpec, CheckSpec, Condition } from '../e2e/types.js';
import { RecallGateError, addProblems, formatLocation, type InputProblem } from '../errors.js';
import { readLabels } from '../e2e/judgeCalibration.js';
import { compileRegex } from '../e2e/checks/text.js';
import { didYouMean } from './didYouMean.js';
import type { Rows } from './load.js';
import { splitOf } from './splits.js';
import { FileProblems, readReferencedText, type SourceFile } from './sourceFile.js';
import type { E2eSpec, JudgeSettings, ProviderSpec, RetrievalSpec, TargetSpec } from './types.js';

export interface RawE2e {
  target: Record<string, unknown> & { kind: TargetSpec['kind'] };
  repeat?: number;
  conditions?: Condition[];
  concurrency?: number;
  grade_truncated?: boolean;
  judge?: { model: string; base_url?: string; api_key_env?: string; calibration?: string; min_agreement?: number };
  prices?: E2eSpec['prices'];
  cases: unknown;
}

const CHECK_KINDS = ['contains', 'icontains', 'regex', 'first_amount', 'date', 'abstains', 'all', 'any', 'not', 'judge'] as const;
const DEFAULT_TIMEOUT_MS = 60_000;

/** Turns the checked e2e section into an E2eSpec, reporting what only the whole suite can tell. */
export function buildE2e(raw: RawE2e, cases: Rows, main: SourceFile, retrieval: RetrievalSpec | undefined, files: string[], problems: InputProblem[]): E2eSpec {
  const at = (path: (string | number)[]) => main.locate(['e2e', ...path]);
  const target = buildTarget(raw.target);
  const caseSpecs = cases.rows.map((row, index) => buildCase(row, cases.locate(index), splitOf(cases, index, problems)));

  const byName = new Map<string, number>();
  caseSpecs.forEach((spec, index) => {
    const earlier = byName.get(spec.name);
    if (earlier === undefined) byName.set(spec.name, index);
    else problems.push({ where: cases.locate(index, ['name']), message: `duplicate case name "${spec.name}"`, hint: `first defined at ${formatLocation(cases.locate(earlier))}` });
  });

  plantSessions(cases, caseSpecs, byName, problems);
  cases.rows.forEach((row, index) => {
    checkChecks(row.check as CheckSpec, (path) => cases.locate(index, ['check', ...path]), Boolean(raw.judge), problems);
  });

  return {
    target,
    repeat: raw.repeat ?? 3,
    conditions: raw.conditions ?? ['recall'],
    concurrency: raw.concurrency ?? 4,
    grade_truncated: raw.grade_truncated,
    judge: raw.judge && buildJudge(raw.judge),
    prices: raw.prices ?? {},
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
      return { kind: 'http', url: String(rawTarget.url), headers_env: (rawTarget.headers_env as Record<string, string>) ?? {}, timeout_ms: timeout, ...model };
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
    if (source.sessions.length === 0) {
      problems.push({ where: at, message: `plant_from plants nothing: case "${source.name}" has no sessions`, hint: 'plant from a case that has sessions' });
      return;
    }
    specs[index]!.sessions = source.sessions;
    specs[index]!.planted_from = source.name;
  });
}

function buildCase(row: Record<string, unknown>, where: CaseSpec['where'], split: CaseSpec['split']): CaseSpec {
  const ability = String(row.ability);
  return {
    name: String(row.name),
    ability,
    sessions: (row.sessions as CaseSpec['sessions'] | undefined) ?? [],
    probe: row.probe as CaseSpec['probe'],
    check: row.check as CheckSpec,
    evidence: (row.evidence as string[] | undefined) ?? [],
    obsolete: (row.obsolete as string[] | undefined) ?? [],
    needs_memory: (row.needs_memory as boolean | undefined) ?? ability !== 'abstention',
    split,
    where,
  };
}

/** One kind per check object, regexes that compile, a judge only when one is configured. */
function checkChecks(check: CheckSpec, locate: (path: (string | number)[]) => InputProblem['where'], judgeConfigured: boolean, problems: InputProblem[]): void {
  const keys = Object.keys(check).filter((key) => (CHECK_KINDS as readonly string[]).includes(key));
  if (keys.length !== 1) {
    problems.push({
      where: locate([]),
      message: keys.length === 0 ? 'a check needs one of: ' + CHECK_KINDS.join(', ') : `a check has one kind, found ${keys.join(' and ')}`,
      hint: keys.length > 1 ? 'combine checks with all: [...] or any: [...]' : undefined,
    });
    return;
  }
  const record = check as Record<string, unknown>;
  const kind = keys[0]!;
  if (kind === 'regex') {
    try {
      compileRegex(String(record.regex), record.flags as string | undefined);
    } catch (error) {
      problems.push({ where: locate(['regex']), message: `invalid regular expression: ${(error as Error).message}` });
    }
  }
  if (kind === 'judge' && !judgeConfigured) {
    problems.push({ where: locate(['judge']), message: 'a judge check needs e2e.judge with the judge model', hint: 'add e2e: { judge: { model: ... } }' });
  }
  if (kind === 'all' || kind === 'any') (record[kind] as CheckSpec[]).forEach((inner, i) => checkChecks(inner, (path) => locate([kind, i, ...path]), judgeConfigured, problems));
  if (kind === 'not') checkChecks(record.not as CheckSpec, (path) => locate(['not', ...path]), judgeConfigured, problems);
}
