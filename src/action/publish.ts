import * as core from '@actions/core';
import { onSecretRegistered, registerSecret, scrubSecrets } from '../secrets.js';
import type { GitHubClient } from './github/client.js';
import { upsertStickyComment as postStickyComment, type StickyCommentOptions, type StickyCommentResult } from './github/stickyComment.js';

/**
 * Everything the Action writes where people read it (log lines, annotations,
 * the failure message, outputs, the job summary, the PR comment) goes
 * through here, scrubbed of every secret recall-gate knows of. The runner's
 * masking covers only its log, and only the values it is told of: a key an
 * API echoes reaches the comment and the summary unmasked otherwise. The
 * names are @actions/core's, so the Action's modules import this one in its
 * place (the lint config forbids @actions/core elsewhere in src/action).
 */

export type AnnotationProperties = core.AnnotationProperties;

export const getInput = core.getInput;
export const getBooleanInput = core.getBooleanInput;

const masked = new Set<string>();

/** Tells the runner to mask a value in its log, once. */
function mask(value: string): void {
  if (masked.has(value)) return;
  masked.add(value);
  core.setSecret(value);
}

/** A value to hide everywhere, the runner's log included (there even when too short to scrub elsewhere). */
export function setSecret(value: string): void {
  registerSecret(value);
  mask(value);
}

/** From now on every secret recall-gate learns of (suite headers, URL credentials) is masked in the runner's log too. */
export function maskRegisteredSecrets(): void {
  onSecretRegistered(mask);
}

export const info = (message: string): void => core.info(scrubSecrets(message));
export const notice = (message: string, properties?: AnnotationProperties): void => core.notice(scrubSecrets(message), properties);
export const warning = (message: string, properties?: AnnotationProperties): void => core.warning(scrubSecrets(message), properties);
export const error = (message: string, properties?: AnnotationProperties): void => core.error(scrubSecrets(message), properties);
export const setFailed = (message: string): void => core.setFailed(scrubSecrets(message));
export const setOutput = (name: string, value: string): void => core.setOutput(name, scrubSecrets(value));
export const startGroup = (name: string): void => core.startGroup(scrubSecrets(name));
export const endGroup = core.endGroup;

/** The job summary: what is added is scrubbed; writing appends the buffer to $GITHUB_STEP_SUMMARY. */
interface Summary {
  addRaw(text: string, addEOL?: boolean): Summary;
  write(options?: { overwrite?: boolean }): Promise<Summary>;
}

export const summary: Summary = {
  addRaw(text, addEOL = false) {
    core.summary.addRaw(scrubSecrets(text), addEOL);
    return summary;
  },
  async write(options) {
    await core.summary.write(options);
    return summary;
  },
};

/** The sticky PR comment, its body scrubbed. Scrubbing only shortens (see SECRET_MARKER), so a body that fit still fits. */
export function upsertStickyComment(client: GitHubClient, options: StickyCommentOptions): Promise<StickyCommentResult> {
  return postStickyComment(client, { ...options, body: scrubSecrets(options.body) });
}
