import type { ModelRole } from '../model/provenance.js';

/**
 * The model ids OpenAI-compatible APIs answered with (the `model` field of a
 * response: "gpt-4o-2024-08-06" for a request of "gpt-4o"), for provenance.
 * A run keeps one map and gives it to every endpoint it builds (the agent's,
 * the judge's, the embedders'), which records each response into it
 * (openaiEndpoint.ts). It is passed, not found through an AsyncLocalStorage:
 * one open for the whole run turned on Node's async hooks, a cost on every
 * promise of every trial (about 7% of an e2e run's CPU).
 */
export type ModelAnswers = Map<string, { role: ModelRole; requested: string; answered: Set<string> }>;

/** Where an endpoint records the ids it is answered with: the run's map, and the role its calls play there. */
export interface AnswerRecorder {
  into: ModelAnswers;
  role: ModelRole;
}

/** The longest model id kept: an endpoint's answer is not trusted to be short. */
export const MAX_ANSWERED_ID = 200;

/** Called after each response: the model asked for and the `model` the response named (ignored when it is not a non-empty string). */
export function recordModelAnswer({ into, role }: AnswerRecorder, requested: string, answered: unknown): void {
  if (typeof answered !== 'string' || answered.trim() === '') return;
  const key = `${role}\n${requested}`;
  const entry = into.get(key) ?? { role, requested, answered: new Set<string>() };
  entry.answered.add(answered.slice(0, MAX_ANSWERED_ID));
  into.set(key, entry);
}
