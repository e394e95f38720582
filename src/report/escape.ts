/**
 * The one owner of showing untrusted text (answers, memories, questions,
 * case, ability and provider names, file names, errors, gate notes): first
 * as one line of plain text, safe on a terminal, then, for markdown, with no
 * HTML, links, emphasis, table breaks, mentions or references it did not have.
 */

/**
 * Terminal escape sequences: CSI (ESC [ or the C1 byte 0x9B) with its
 * parameters; OSC, DCS, PM and APC strings up to BEL or ST; two-character ESC
 * sequences. A lone ESC is left for the control-character rule below.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this module's job
const ANSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)|\u001b[\u0020-\u002f]*[\u0030-\u007e]/g;

/** Every kind of line break (\r\n, \r, \n, VT, FF, NEL, U+2028, U+2029) and every other space: folded to one space. */
const WHITESPACE = /[\s\u0085]+/g;

/** C0 controls, DEL and C1 controls that are not whitespace. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Bidirectional overrides and isolates: they reorder what a reader sees (U+202E shows "txt.exe" as "exe.txt"). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A control shown as a symbol, so a reader sees that something was there: ␀..␟ for C0, ␡ for DEL, � for the rest. */
function visibleControl(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  return code === 0x7f ? '\u2421' : '\ufffd';
}

/** One line of plain text: no escape sequences, controls as visible symbols, whitespace folded, no bidi reordering. */
export function plainText(text: string): string {
  return text.replace(ANSI, '').replace(WHITESPACE, ' ').replace(CONTROL, visibleControl).replace(BIDI, '\ufffd').trim();
}

/** Every kind of line break: a block keeps them, as \n. */
const LINE_BREAK = /\r\n|[\r\u0085\u2028\u2029]/g;

/** Plain text that keeps its lines (an artifact's content): as plainText, but line breaks become \n and tabs stay. */
export function plainBlock(text: string): string {
  return text
    .replace(ANSI, '')
    .replace(LINE_BREAK, '\n')
    .replace(CONTROL, (char) => (char === '\n' || char === '\t' ? char : visibleControl(char)))
    .replace(BIDI, '\ufffd');
}

/** A digit, or what a number holds between its digits. */
const IN_NUMBER = /[\d.,]/;

/**
 * At most `max` UTF-16 units with an ellipsis, never cutting a surrogate pair (a 4-byte emoji) in half, nor a
 * number: "max_drop 0…" of "max_drop 0.05" reads as another number, so the cut goes before it (and its sign).
 */
export function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  // Inside a number: a digit or separator on each side of the cut, and a digit after the cut or just past it ("0|.05").
  const after = text.slice(end, end + 2);
  if (IN_NUMBER.test(text[end - 1] ?? '') && (/^\d/.test(after) || /^[.,]\d/.test(after))) {
    let start = end;
    while (start > 0 && end - start < 24 && IN_NUMBER.test(text[start - 1]!)) start -= 1;
    if (start > 0 && /[+\-−$]/.test(text[start - 1]!)) start -= 1;
    // A text that is one number (an id of digits) or a run too long to be one is cut where it falls.
    if (start > 0 && end - start < 24) return `${text.slice(0, start).trimEnd()}…`;
  }
  return `${text.slice(0, end)}…`;
}

/** A zero-width space: GitHub neither links nor notifies across it. */
const BREAK = '\u200b';

/**
 * An @ that GitHub would turn into a mention (not after a letter or digit) or
 * an e-mail link (a dotted domain follows). Others, such as the metric name
 * recall@5, stay as written so they can be copied into a gate.
 */
function notifiesOrLinks(text: string, at: number): boolean {
  const before = at === 0 ? '' : text[at - 1]!;
  return !/[A-Za-z0-9]/.test(before) || /^@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/.test(text.slice(at));
}

/** Plain text made inert for GitHub's HTML: no mentions, references or links, no markup. */
function htmlOf(plain: string): string {
  return (
    plain
      // GitHub's automatic links and notifications: mentions (and e-mail addresses), #123 and owner/repo#123, GH-123,
      // commit SHAs (7 to 40 hex digits with a digit and a letter; cut into pieces of 6, each too short to resolve),
      // bare URLs and www. addresses.
      .replace(/@(?=[A-Za-z0-9])/g, (at, offset: number, whole: string) => (notifiesOrLinks(whole, offset) ? `@${BREAK}` : at))
      .replace(/#(?=\d)/g, `#${BREAK}`)
      .replace(/\b(GH)-(?=\d)/gi, `$1${BREAK}-`)
      .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/gi, (sha) => sha.replace(/(.{6})(?=.)/g, `$1${BREAK}`))
      .replace(/\b([a-z][a-z0-9+.-]*)(?=:\/\/)/gi, `$1${BREAK}`)
      .replace(/\bwww\./gi, `www${BREAK}.`)
      // HTML (entities first, so the backslashes markdownOf adds next are not inside them).
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
  );
}

/** Plain text made inert for GitHub markdown. */
function markdownOf(plain: string): string {
  return (
    htmlOf(plain)
      .replace(/[\\`*_{}[\]()#+!|~]/g, (char) => `\\${char}`)
      // A list marker at the start would nest a list after our "- ".
      .replace(/^-/, '\\-')
      .replace(/^(\d+)\./, '$1\\.')
  );
}

/** Untrusted text safe anywhere inline in GitHub markdown: a table cell, a list item, a heading. */
export function escapeMarkdown(text: string): string {
  return markdownOf(plainText(text));
}

/** Escaped and shortened to `max` characters (before escaping), for table cells. */
export function cell(text: string, max = 120): string {
  return markdownOf(shorten(plainText(text), max));
}

/** Escaped and shortened, for the text of an HTML element on one line (a <summary>), where markdown's backslashes would show. */
export function htmlCell(text: string, max = 120): string {
  return htmlOf(shorten(plainText(text), max));
}
