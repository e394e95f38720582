/**
 * The files recall-gate's caches keep (LLM replies, token counts): JSON
 * objects stamped with the format they were written in. A cache file is read
 * back only when it parses to one with the expected stamp; otherwise the
 * reason is given, for the warning that says it is written again.
 */
export function stampedJson(text: string, format: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'not a JSON object';
  const stamped = value as Record<string, unknown>;
  if (stamped.format !== format) return `format ${JSON.stringify(stamped.format ?? null)}, not ${format}`;
  return stamped;
}
