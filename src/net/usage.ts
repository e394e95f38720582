import type { ReportedUsage } from '../model/e2e.js';

/**
 * Token counts from outside (a chat model, the judge, an adapter) are only
 * used when both are non-negative safe integers (and the model, when named, a
 * non-empty string); anything else (a negative
 * count, a string, NaN) would end up in the totals and the cost, so the
 * usage counts as unknown and the warning says what came. Nothing reported
 * at all is unknown with no warning.
 */
export function readUsage(input: unknown, output: unknown, source: string, model?: unknown): ReportedUsage {
  if (input == null && output == null) return {};
  // A model name prices the tokens; one that is not a name would price them at a guess.
  if (model != null && (typeof model !== 'string' || model.trim() === '')) return { usage_warning: `${source} named the model as ${shown(model)}, not a model name; token usage counted as unknown` };
  if (isCount(input) && isCount(output)) return { usage: { input_tokens: input, output_tokens: output, ...(typeof model === 'string' ? { model } : {}) } };
  return { usage_warning: `${source} reported token usage that is not two non-negative integers (input ${shown(input)}, output ${shown(output)}); counted as unknown` };
}

/**
 * The usage of an OpenAI-compatible completion (prompt_tokens and
 * completion_tokens), for the builtin agent and the judge. Present but not an
 * object (a string, a list) is nonsense too.
 */
export function readCompletionUsage(usage: unknown, source: string): ReportedUsage {
  if (usage == null) return {};
  if (typeof usage !== 'object' || Array.isArray(usage)) return { usage_warning: `${source} reported token usage as ${shown(usage)}, not an object; counted as unknown` };
  const counts = usage as { prompt_tokens?: unknown; completion_tokens?: unknown };
  return readUsage(counts.prompt_tokens, counts.completion_tokens, source);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function shown(value: unknown): string {
  const text = value == null ? 'missing' : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
