/**
 * The most UTF-8 bytes one text field of a stored trial keeps (answers,
 * replies, messages, reasons, errors with their stderr, recalled memories):
 * 64 KiB. A 50 MB reply must not make a 500 MB trials.jsonl; grading has
 * already seen the whole text by the time a record is stored.
 */
export const STORED_TEXT_LIMIT = 64 * 1024;

const encoder = new TextEncoder();

/** Decimal sizes, as file managers print them: "49.9 MB". */
function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * The text itself when it fits in `limit` UTF-8 bytes, else its longest
 * prefix that fits plus a marker saying how much was cut. The prefix ends on
 * a whole character: encodeInto never splits a surrogate pair.
 */
export function capText(text: string, limit = STORED_TEXT_LIMIT): string {
  // Fewer UTF-16 units than limit/3 always fit (at most 3 bytes per unit).
  if (text.length * 3 <= limit) return text;
  const total = Buffer.byteLength(text, 'utf8');
  if (total <= limit) return text;
  const { read, written } = encoder.encodeInto(text, new Uint8Array(limit));
  return `${text.slice(0, read)}… [cut ${formatBytes(total - written)} of ${formatBytes(total)}]`;
}

// \u2026 rather than the character itself: one character past ASCII makes the whole bundle chunk this lands in
// a two-byte string for node to decode and parse at start-up.
const CUT_MARKER = /\u2026 \[cut [\d.]+ [kMG]?B of [\d.]+ [kMG]?B\]$/;

/** The text was capped as stored: what follows the marker is gone, so it cannot be graded again. */
export function wasCut(text: string): boolean {
  return CUT_MARKER.test(text);
}

/** A copy of a record with every string in it capped (capText): applied once, where a trial is stored (and, with a smaller limit, to what a report copies). */
export function capStoredText<T>(value: T, limit = STORED_TEXT_LIMIT): T {
  if (typeof value === 'string') return capText(value, limit) as T;
  if (Array.isArray(value)) return value.map((item) => capStoredText(item, limit)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capStoredText(item, limit)])) as T;
  }
  return value;
}
