/**
 * JSON that is safe as the text of a <script> element: no `<` at all, so
 * neither `</script>` nor `<!--` can end or bend the block, and U+2028/2029
 * escaped (a JSON string may hold them raw; some readers treat them as line
 * breaks). JSON.parse reads every escape back to the same text.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What `value` adds to report.html: its UTF-8 bytes as embedded, escapes included (a `<` is six bytes there, an emoji four). */
export function embeddedBytes(value: unknown): number {
  return Buffer.byteLength(scriptJson(value), 'utf8');
}
