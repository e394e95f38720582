import type { getOctokit } from '@actions/github';

/** The Octokit client @actions/github hands out (REST methods and pagination). */
export type GitHubClient = ReturnType<typeof getOctokit>;

/**
 * The part of a workflow event recall-gate reads, as a plain object so the
 * logic can be tested without @actions/github's import-time context.
 */
export interface GitHubEvent {
  /** GITHUB_EVENT_NAME: pull_request, pull_request_target, push, workflow_dispatch, ... */
  eventName: string;
  /** The event JSON (GITHUB_EVENT_PATH). */
  payload: Record<string, unknown>;
  repo: { owner: string; repo: string };
  /** GITHUB_SHA, the fallback for a push's `after`. */
  sha?: string;
}

/** What eventFromContext reads: @actions/github's `context` has all of it. */
export interface ContextLike {
  eventName: string;
  payload: object;
  repo: { owner: string; repo: string };
  sha?: string;
}

/** Copies what recall-gate needs out of @actions/github's `context` (whose `repo` throws without GITHUB_REPOSITORY). */
export function eventFromContext(context: ContextLike): GitHubEvent {
  return {
    eventName: context.eventName ?? '',
    payload: { ...(context.payload as Record<string, unknown>) },
    repo: { owner: context.repo.owner, repo: context.repo.repo },
    ...(context.sha ? { sha: context.sha } : {}),
  };
}

/** The pull request number of a pull_request / pull_request_target event, if any. */
export function pullRequestNumber(event: GitHubEvent): number | undefined {
  if (event.eventName !== 'pull_request' && event.eventName !== 'pull_request_target') return undefined;
  const pr = event.payload.pull_request as { number?: unknown } | undefined;
  const number = pr?.number ?? event.payload.number;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** What an API call's failure says: the status GitHub answered with and its message, or why GitHub was not reached. */
export function apiFailure(error: unknown): string {
  const status = httpStatus(error);
  const message = error instanceof Error ? error.message : String(error);
  return status ? `GitHub answered HTTP ${status} (${message})` : `GitHub's API could not be reached (${message})`;
}

/** The HTTP status of an Octokit RequestError, if the error is one. */
export function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
