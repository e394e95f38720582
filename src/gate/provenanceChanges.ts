/**
 * What differs between two runs' provenance (model/provenance.ts), in the
 * words compare, run --baseline and the Action's comment print beside the
 * changes of the figures, so a delta is read with its cause:
 * "prompts/system.md changed", "judge model gpt-4o -> gpt-4o-mini". Pure.
 */
import type { ResultsDocument } from '../model/results.js';
import type { AdapterProvenance, ModelProvenance, Provenance } from '../model/provenance.js';

export interface ProvenanceChanges {
  /** One line per difference, in the order: versions, commit, files, models, judge prompt, adapters, dataset. */
  changes: string[];
  /** Why nothing could be compared (a run written before provenance was recorded). */
  unknown?: string;
}

const ROLE_NAME: Record<ModelProvenance['role'], string> = { chat: 'chat model', judge: 'judge model', embeddings: 'embedding model' };

const shortCommit = (commit: string) => (/^[0-9a-f]{40,64}$/.test(commit) ? commit.slice(0, 12) : commit);
const answeredText = (model: ModelProvenance) => (model.answered?.length ? model.answered.join(', ') : '(not asked)');

/** What provenance.git's note says until git has answered (results/provenance.ts writes it); a run stopped before then keeps it. */
export const GIT_PENDING = 'git had not answered when this was written';

/** Between a baseline run and the current one; `changes` empty when nothing recorded differs. */
export function provenanceChanges(baseline: Pick<ResultsDocument, 'provenance'>, current: Pick<ResultsDocument, 'provenance'>): ProvenanceChanges {
  const before = baseline.provenance;
  const after = current.provenance;
  if (!before || !after) {
    const which = !before && !after ? 'neither run records any' : !before ? 'the baseline records no' : 'this run records no';
    return { changes: [], unknown: `${which} provenance (written by an older recall-gate), so what differs besides the figures is not known` };
  }
  const changes: string[] = [];
  const changed = (what: string, was: string, now: string) => {
    if (was !== now) changes.push(`${what} ${was} -> ${now}`);
  };
  changed('recall-gate', before.recall_gate, after.recall_gate);
  changed('Node', before.node, after.node);
  changed('OS', osText(before.os), osText(after.os));
  // A run stopped before git answered knows no commit: said, not read as a change of commit.
  const pending = [before.git.note === GIT_PENDING ? 'the baseline' : undefined, after.git.note === GIT_PENDING ? 'this run' : undefined].filter(Boolean);
  if (pending.length > 0) {
    changes.push(`the commit of ${pending.join(' and of ')} is not known: the run stopped before git answered`);
  } else {
    changed('commit', shortCommit(before.git.commit), shortCommit(after.git.commit));
    if (after.git.dirty === true && before.git.dirty !== true) changes.push('this run has uncommitted changes to tracked files');
    if (before.git.dirty === true && after.git.dirty !== true) changes.push('the baseline had uncommitted changes to tracked files');
  }

  changes.push(...fileChanges(before.files, after.files));
  changes.push(...modelChanges(before.models, after.models));
  if ((before.judge_prompt_sha256 ?? '') !== (after.judge_prompt_sha256 ?? '') && before.judge_prompt_sha256 && after.judge_prompt_sha256) {
    changes.push("recall-gate's judge instructions changed");
  }
  changes.push(...adapterChanges(before.adapters, after.adapters));

  const [was, now] = [before.dataset, after.dataset];
  if (was && now && (was.sha256 !== now.sha256 || was.format !== now.format)) changes.push(`imported dataset changed: ${was.format} ${was.source} (${(was.sha256 ?? '?').slice(0, 12)}) -> ${now.format} ${now.source} (${(now.sha256 ?? '?').slice(0, 12)})`);
  else if (!was && now) changes.push(`now imported from ${now.format} ${now.source}`);
  else if (was && !now) changes.push(`no longer an import of ${was.format} ${was.source}`);
  return { changes };
}

function osText(os: Provenance['os']): string {
  return `${os.platform} ${os.release} ${os.arch}`;
}

function fileChanges(before: Record<string, string>, after: Record<string, string>): string[] {
  const lines: string[] = [];
  for (const [path, hash] of Object.entries(after)) {
    if (!Object.hasOwn(before, path)) lines.push(`${path} added`);
    else if (before[path] !== hash) lines.push(`${path} changed`);
  }
  for (const path of Object.keys(before)) if (!Object.hasOwn(after, path)) lines.push(`${path} removed`);
  return lines;
}

/** Models matched by role and where the suite names them: a new name there is "judge model a -> b"; the same name answered by another id says so. */
function modelChanges(before: readonly ModelProvenance[], after: readonly ModelProvenance[]): string[] {
  const lines: string[] = [];
  const key = (model: ModelProvenance) => `${model.role}\n${model.where}`;
  const was = new Map(before.map((model) => [key(model), model]));
  const seen = new Set<string>();
  for (const model of after) {
    const prior = was.get(key(model));
    seen.add(key(model));
    const role = ROLE_NAME[model.role];
    const where = model.where === 'e2e.target' || model.where === 'e2e.judge' ? '' : ` (${model.where})`;
    if (!prior) {
      lines.push(`${role}${where} ${model.requested} added`);
      continue;
    }
    if (prior.requested !== model.requested) lines.push(`${role}${where} ${prior.requested} -> ${model.requested}`);
    else if (prior.answered?.length && model.answered?.length && answeredText(prior) !== answeredText(model)) lines.push(`${role}${where} ${model.requested} answered as ${answeredText(prior)} -> ${answeredText(model)}`);
    if ((prior.endpoint ?? '') !== (model.endpoint ?? '')) lines.push(`${role}${where} endpoint ${prior.endpoint ?? '(none)'} -> ${model.endpoint ?? '(none)'}`);
  }
  for (const model of before) if (!seen.has(key(model))) lines.push(`${ROLE_NAME[model.role]} (${model.where}) ${model.requested} removed`);
  return lines;
}

function adapterChanges(before: readonly AdapterProvenance[], after: readonly AdapterProvenance[]): string[] {
  const lines: string[] = [];
  const was = new Map(before.map((adapter) => [adapter.where, adapter]));
  for (const adapter of after) {
    const prior = was.get(adapter.where);
    if (!prior) {
      lines.push(`adapter ${adapter.where} added: ${adapter.command.join(' ')}`);
      continue;
    }
    if (prior.command.join('\0') !== adapter.command.join('\0')) lines.push(`adapter ${adapter.where} command ${prior.command.join(' ')} -> ${adapter.command.join(' ')}`);
    // Runs written before scripts were hashed have none: no difference can be told.
    if (prior.script && adapter.script && prior.script.sha256 !== adapter.script.sha256) lines.push(`${adapter.script.path} (the script of adapter ${adapter.where}) changed`);
    for (const line of fileChanges(prior.lockfiles, adapter.lockfiles)) lines.push(`${line.replace(/ (added|changed|removed)$/, '')} (a lockfile of adapter ${adapter.where}) ${/ (added|changed|removed)$/.exec(line)![1]}`);
  }
  for (const adapter of before) if (!after.some((one) => one.where === adapter.where)) lines.push(`adapter ${adapter.where} removed`);
  return lines;
}
