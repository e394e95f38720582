/**
 * A value made at its first use rather than when its module loads: the
 * libraries of src/libraries.ts, the report renderers a run loads, the
 * checks' patterns. For the patterns, V8 parses a pattern when its RegExp is
 * made, and a Unicode one (`\p{L}`, `iu`) builds its character sets from
 * ICU then, which every command importing the check table paid at start-up
 * (validate among them, which grades nothing).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
