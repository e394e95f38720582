import { AsyncLocalStorage } from 'node:async_hooks';
import type { ModelRole } from '../model/provenance.js';

/**
 * The model ids OpenAI-compatible APIs answered with (the `model` field of a
 * response: "gpt-4o-2024-08-06" for a request of "gpt-4o"), for provenance.
 * As with embedding spend (embeddings/usage.ts), requests are recorded into
 * every meter open around the call that made them: a run's, through every
 * concurrent trial.
 */
export type ModelAnswers = Map<string, { role: ModelRole; requested: string; answered: Set<string> }>;

const open = new AsyncLocalStorage<ModelAnswers[]>();

/** Runs `work` recording into `answers` every model id answered meanwhile (the caller reads it as the work goes). */
export function meterModelAnswers<T>(answers: ModelAnswers, work: () => Promise<T>): Promise<T> {
  return open.run([...(open.getStore() ?? []), answers], work);
}

/** Called after each response: the model asked for and the `model` the response named (ignored when it is not a non-empty string). */
export function recordModelAnswer(role: ModelRole, requested: string, answered: unknown): void {
  if (typeof answered !== 'string' || answered.trim() === '') return;
  for (const answers of open.getStore() ?? []) {
    const key = `${role}\n${requested}`;
    const entry = answers.get(key) ?? { role, requested, answered: new Set<string>() };
    entry.answered.add(answered.slice(0, 200));
    answers.set(key, entry);
  }
}
