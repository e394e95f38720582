import { RecallGateError } from '../../errors.js';
import { apiFailure, httpStatus, type GitHubClient } from './client.js';

/** GitHub refuses comment bodies over 65,536 characters; bytes are never fewer, so that is the bound. */
export const COMMENT_BODY_LIMIT = 65536;

/**
 * The hidden marker that finds a suite's comment again. The name is escaped
 * so it cannot end the HTML comment early ("--", ">").
 */
export function commentMarker(suiteName: string): string {
  const safe = suiteName.replace(/[<>\s]/g, (character) => encodeURIComponent(character)).replace(/--/g, '-%2D');
  return `<!-- recall-gate:suite=${safe} -->`;
}

export interface StickyCommentOptions {
  owner: string;
  repo: string;
  /** The pull request (or issue) number. */
  issueNumber: number;
  /** From commentMarker(); put at the top of the body when the body lacks it. */
  marker: string;
  body: string;
  /**
   * The login the token comments as, when known (e.g. "my-app[bot]"); by
   * default asked of the API (GraphQL `viewer`, then REST `GET /user`).
   */
  authorLogin?: string;
}

export type StickyCommentResult = { url: string; action: 'created' | 'updated'; id: number } | { skipped: string };

interface IssueComment {
  id: number;
  html_url: string;
  body?: string | null;
  user?: { login?: string; type?: string } | null;
}

/** "github-actions[bot]" over REST is "github-actions" in GraphQL: compare without the suffix, case-insensitively. */
const normalizeLogin = (login: string | null | undefined) => (login ?? '').trim().replace(/\[bot\]$/i, '').toLowerCase();

/**
 * Who the token comments as. GraphQL `viewer` answers for GITHUB_TOKEN
 * ("github-actions[bot]"), app installation tokens and PATs alike; REST
 * `GET /user` only for PATs (403 for integration tokens). Undefined when both fail.
 */
async function tokenLogin(client: GitHubClient): Promise<string | undefined> {
  try {
    const data = await client.graphql<{ viewer?: { login?: string } }>('query { viewer { login } }');
    if (data.viewer?.login) return data.viewer.login;
  } catch {
    // Fall through to REST.
  }
  try {
    const { data } = await client.rest.users.getAuthenticated();
    if (data.login) return data.login;
  } catch {
    // Unknown identity: fall back to "any bot" below.
  }
  return undefined;
}

function forbidden(error: unknown, issueNumber: number): { skipped: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (/rate limit/i.test(message)) {
    return { skipped: `recall-gate did not comment on #${issueNumber}: the GitHub API rate limit is exhausted (${message}); the next run will comment` };
  }
  return {
    skipped:
      `recall-gate could not comment on #${issueNumber} (HTTP 403: ${message}). ` +
      'The token may not write pull request comments: add `permissions: pull-requests: write` to the job. ' +
      'A pull request from a fork (or by Dependabot) gets a read-only token whatever the workflow asks for: ' +
      'comment from a separate workflow triggered by `workflow_run` instead (the pull_request job uploads the results as an artifact; ' +
      'the workflow_run job downloads them and comments, treating the pull request number in the artifact as untrusted).',
  };
}

/**
 * Creates the suite's comment on a pull request, or updates the one it made
 * before. The earlier comment is the first, over all pages of comments, whose
 * body contains `marker` and whose author is the token's own identity
 * (`authorLogin`, else GraphQL `viewer`, else REST `GET /user`); when the
 * identity cannot be learnt, any Bot author with the marker. So a human's
 * comment quoting the marker, or another tool's bot comment, is never edited.
 * A 403 (a fork's read-only token, missing `pull-requests: write`) is
 * `{ skipped }` with the fix; any other API failure is `{ skipped }` with the
 * status GitHub answered. A body over 65,536 bytes throws: the renderer must
 * fit the body.
 */
export async function upsertStickyComment(client: GitHubClient, options: StickyCommentOptions): Promise<StickyCommentResult> {
  const { owner, repo, issueNumber, marker } = options;
  const body = options.body.includes(marker) ? options.body : `${marker}\n${options.body}`;
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes > COMMENT_BODY_LIMIT) {
    throw new RecallGateError('internal', `the pull request comment is ${bytes} bytes, over GitHub's limit of ${COMMENT_BODY_LIMIT}`, {
      hint: 'the report renderer must shorten the comment (fewer rows, a link to the job summary)',
    });
  }

  const login = options.authorLogin ?? (await tokenLogin(client));
  const expected = login === undefined ? undefined : normalizeLogin(login);
  const ours = (comment: IssueComment) =>
    expected === undefined ? comment.user?.type === 'Bot' : normalizeLogin(comment.user?.login) === expected;

  try {
    let existing: IssueComment | undefined;
    const pages = client.paginate.iterator(client.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100 });
    for await (const page of pages) {
      existing = (page.data as IssueComment[]).find((comment) => (comment.body ?? '').includes(marker) && ours(comment));
      if (existing) break;
    }
    if (existing) {
      const { data } = await client.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body });
      return { url: data.html_url, action: 'updated', id: data.id };
    }
    const { data } = await client.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
    return { url: data.html_url, action: 'created', id: data.id };
  } catch (error) {
    if (httpStatus(error) === 403) return forbidden(error, issueNumber);
    // The comment reports the verdict; GitHub failing to take it (an outage, a 5xx, not reached) does not change it.
    return { skipped: apiFailure(error) };
  }
}
