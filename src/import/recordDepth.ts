/**
 * The deepest nesting of arrays and objects a dataset record may have. The
 * records of the datasets recall-gate imports are a handful of levels deep;
 * thousands of levels overflow the call stack of the code that walks them
 * and of JSON.stringify that writes them, so such a record is skipped as
 * unreadable, named by its place in the file, like one that is not JSON.
 */
export const MAX_RECORD_DEPTH = 64;

/** The reason a too-deep record is skipped for (the import report counts by it). */
export const TOO_DEEP = `nested deeper than ${MAX_RECORD_DEPTH} levels of arrays and objects`;

/** Whether JSON text nests arrays and objects deeper than MAX_RECORD_DEPTH; brackets inside strings do not count. */
export function nestedTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c) at++; // a backslash: the next character is escaped
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      if (++depth > MAX_RECORD_DEPTH) return true;
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return false;
}
