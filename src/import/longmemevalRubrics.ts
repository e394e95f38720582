/**
 * Judge rubrics for imported LongMemEval questions, one per question type as
 * LongMemEval's src/evaluation/evaluate_qa.py grades them (its answer-check
 * prompt differs by type, and abstention questions, whatever their type, get
 * their own). The wording is ours; what each rubric accepts follows that
 * script: an equivalent answer or one with every step to the reference
 * passes, a partial one fails; temporal questions forgive a count that is off
 * by one; knowledge updates may mention the old value if the current one is
 * right; preference questions are graded on using the user's own details, the
 * reference being a description rather than an answer; an abstention passes
 * when the agent says the information was never given.
 */

const FACTUAL =
  'Pass if the answer gives the reference answer below, says something equivalent, or works through every step that leads to it. Fail if it gives only part of what the reference needs, something else, or no answer.';

const factual = (reference: string) => `${FACTUAL}\n\nReference answer: ${reference}`;

const RUBRICS: Record<string, (reference: string) => string> = {
  'single-session-user': factual,
  'single-session-assistant': factual,
  'multi-session': factual,
  'temporal-reasoning': (reference) =>
    `${FACTUAL} A count of days, weeks or months that is off by one from the reference (19 days where it says 18) still passes.\n\nReference answer: ${reference}`,
  'knowledge-update': (reference) =>
    `Pass if the answer gives the reference answer below as the current one. It may also mention what was true before, as long as the up-to-date value it gives is the reference. Fail otherwise.\n\nReference answer: ${reference}`,
  'single-session-preference': (reference) =>
    `The description below says what a reply personalised to this user looks like. Pass if the answer draws on what the user told earlier about themselves and uses it correctly, in the spirit of the description; it need not cover every point. Fail if it ignores those details or gets them wrong.\n\nDescription: ${reference}`,
};

/** The rubric for a question of this type (a type LongMemEval does not define gets the factual one). */
export function longMemEvalRubric(questionType: string, abstention: boolean, reference: string): string {
  if (abstention) {
    return `This question cannot be answered from the earlier conversations: what it asks about was never said (the explanation below says what is missing). Pass if the answer says it does not know or that the information is missing or incomplete, for instance that something related was mentioned but not this. Fail if it answers as if it knew.\n\nExplanation: ${reference}`;
  }
  return ((Object.hasOwn(RUBRICS, questionType) ? RUBRICS[questionType] : undefined) ?? factual)(reference);
}
