import { isAbsolute, relative, resolve, sep } from 'node:path';
import { apiFailure, pullRequestNumber, type GitHubClient, type GitHubEvent } from './client.js';
import { counted } from '../../text/counted.js';
import { picomatchLibrary } from '../../libraries.js';

/** What changed, as repo-relative paths, or 'all' when that cannot be known; `reason` says which and why. */
export interface ChangedFiles {
  files: string[] | 'all';
  reason: string;
}

/** The pull request files API stops listing at 3,000 files. */
export const PULL_REQUEST_FILES_CAP = 3000;
/** The compare API lists at most 300 files. */
export const COMPARE_FILES_CAP = 300;

const ZERO_SHA = /^0+$/;

interface FileEntry {
  filename: string;
  previous_filename?: string;
}

/** Each file's path, and a rename's old path too (moving a memory file away from a glob changes memory). */
function pathsOf(entries: readonly FileEntry[]): string[] {
  const paths = new Set<string>();
  for (const entry of entries) {
    paths.add(entry.filename);
    if (entry.previous_filename) paths.add(entry.previous_filename);
  }
  return [...paths];
}

const short = (sha: string) => sha.slice(0, 7);

function failure(what: string, error: unknown): ChangedFiles {
  return { files: 'all', reason: `could not list ${what} (${apiFailure(error)}): running everything` };
}

async function pullRequestFiles(client: GitHubClient, event: GitHubEvent, number: number): Promise<ChangedFiles> {
  const declared = (event.payload.pull_request as { changed_files?: unknown } | undefined)?.changed_files;
  if (typeof declared === 'number' && declared >= PULL_REQUEST_FILES_CAP) {
    return { files: 'all', reason: `the pull request changes ${PULL_REQUEST_FILES_CAP.toLocaleString('en-US')} or more files: running everything` };
  }
  let entries: FileEntry[];
  try {
    entries = await client.paginate(client.rest.pulls.listFiles, { ...event.repo, pull_number: number, per_page: 100 });
  } catch (error) {
    return failure(`the files of pull request #${number}`, error);
  }
  if (entries.length >= PULL_REQUEST_FILES_CAP) {
    return { files: 'all', reason: `the pull request changes ${PULL_REQUEST_FILES_CAP.toLocaleString('en-US')} or more files: running everything` };
  }
  const files = pathsOf(entries);
  return { files, reason: `pull request #${number} changes ${counted(entries.length, 'file', 'files')}` };
}

async function pushFiles(client: GitHubClient, event: GitHubEvent): Promise<ChangedFiles> {
  const before = typeof event.payload.before === 'string' ? event.payload.before : '';
  const after = typeof event.payload.after === 'string' && event.payload.after ? event.payload.after : (event.sha ?? '');
  if (!before || ZERO_SHA.test(before)) return { files: 'all', reason: 'new branch: no base to compare' };
  if (!after || ZERO_SHA.test(after)) return { files: 'all', reason: 'the push deletes the branch: no head to compare' };
  const range = `${short(before)}...${short(after)}`;
  let entries: FileEntry[];
  try {
    // One request: the file list is not paginated (paging pages the commits) and stops at 300.
    const { data } = await client.rest.repos.compareCommitsWithBasehead({ ...event.repo, basehead: `${before}...${after}` });
    entries = data.files ?? [];
  } catch (error) {
    return failure(`the files changed by the push ${range}`, error);
  }
  if (entries.length >= COMPARE_FILES_CAP) {
    return { files: 'all', reason: `the push ${range} changes ${COMPARE_FILES_CAP} or more files (the compare API lists at most ${COMPARE_FILES_CAP}): running everything` };
  }
  return { files: pathsOf(entries), reason: `the push ${range} changes ${counted(entries.length, 'file', 'files')}` };
}

/**
 * The files an event changes: a pull request's files (paginated, renames with
 * their old path), a push's compare between `before` and `after`. Anything it
 * cannot know (other events, the APIs' caps, a new branch, an API error) is
 * 'all' with the reason, never an exception: running everything is always safe.
 */
export async function changedFiles(client: GitHubClient, event: GitHubEvent): Promise<ChangedFiles> {
  switch (event.eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      const number = pullRequestNumber(event);
      if (number === undefined) return { files: 'all', reason: `the ${event.eventName} event has no pull request number: running everything` };
      return pullRequestFiles(client, event, number);
    }
    case 'push':
      return pushFiles(client, event);
    default:
      return { files: 'all', reason: `${event.eventName ? `the ${event.eventName} event` : 'an unknown event'} has no list of changed files: running everything` };
  }
}

const normalize = (path: string) => path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');

/**
 * The changed files that touch memory: those matched by `globs`, read in
 * order like a workflow's `paths` filter (a later `!pattern` excludes what an
 * earlier one included, and a later pattern can include it again), with
 * picomatch and `dot: true`; and those among `extraFiles` (the suite file and
 * the files it reads, repo-relative), which always count.
 */
export function matchesMemoryPaths(files: readonly string[], globs: readonly string[], extraFiles: readonly string[]): { matched: string[] } {
  const rules = globs
    .map((glob) => glob.trim())
    .filter((glob) => glob.length > 0)
    .map((glob) => {
      const negated = glob.startsWith('!');
      const pattern = normalize(negated ? glob.slice(1) : glob);
      return { negated, test: picomatchLibrary()(pattern, { dot: true, windows: false }) };
    });
  const extra = new Set(extraFiles.map(normalize));
  const matched: string[] = [];
  for (const file of files) {
    const path = normalize(file);
    let included = extra.has(path);
    if (!included) {
      for (const rule of rules) if (rule.test(path)) included = !rule.negated;
    }
    if (included) matched.push(file);
  }
  return { matched };
}

/**
 * Local paths (absolute, or relative to the working directory) as the
 * repo-relative, forward-slash paths the APIs list; paths outside `root`
 * (the checkout, GITHUB_WORKSPACE) are dropped.
 */
export function repoRelativePaths(paths: readonly string[], root: string): string[] {
  const out = new Set<string>();
  for (const path of paths) {
    const inside = relative(resolve(root), resolve(path));
    if (!inside || inside.startsWith('..') || isAbsolute(inside)) continue;
    out.add(inside.split(sep).join('/'));
  }
  return [...out];
}
