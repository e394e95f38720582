import type { JudgeInput, JudgeVerdict } from '../model/e2e.js';

/**
 * An LLM judge: grades an open-ended answer against a rubric. It sees the
 * rubric, the question and the answer only: never the condition or the
 * variant of the trial, so it cannot grade what it expects.
 */
export interface Judge {
  grade(input: JudgeInput): Promise<JudgeVerdict>;
}
