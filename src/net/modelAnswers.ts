import type { ModelRole } from '../model/provenance.js';

/** The longest model id kept: an endpoint's answer is not trusted to be short. */
export const MAX_ANSWERED_ID = 200;

/** One model as a run asked for it in one role, with every id the API answered with. */
export interface ModelAnswer {
  role: ModelRole;
  requested: string;
  answered: Set<string>;
}

/**
 * The model ids OpenAI-compatible APIs answered with (the `model` field of a
 * response: "gpt-4o-2024-08-06" for a request of "gpt-4o"), for provenance.
 * A run keeps one and gives it to every endpoint it builds (the agent's, the
 * judge's, the embedders'), which records each response into it
 * (openaiEndpoint.ts). It is passed, not found through an AsyncLocalStorage:
 * one open for the whole run turned on Node's async hooks, a cost on every
 * promise of every trial (about 7% of an e2e run's CPU). `onNew` is told when
 * an id is first seen, so the run can write it down at once: a run killed
 * outright keeps what answered it, for its --resume.
 */
export class ModelAnswers {
  private readonly byModel = new Map<string, ModelAnswer>();

  constructor(private readonly onNew: () => void = () => undefined) {}

  /** Called after each response: the model asked for and the `model` the response named (ignored when it is not a non-empty string). */
  record(role: ModelRole, requested: string, answered: unknown): void {
    if (typeof answered !== 'string' || answered.trim() === '') return;
    const key = `${role}\n${requested}`;
    let entry = this.byModel.get(key);
    if (!entry) this.byModel.set(key, (entry = { role, requested, answered: new Set<string>() }));
    const id = answered.slice(0, MAX_ANSWERED_ID);
    if (entry.answered.has(id)) return;
    entry.answered.add(id);
    this.onNew();
  }

  values(): IterableIterator<ModelAnswer> {
    return this.byModel.values();
  }
}

/** Where an endpoint records the ids it is answered with: the run's answers, and the role its calls play there. */
export interface AnswerRecorder {
  into: ModelAnswers;
  role: ModelRole;
}
