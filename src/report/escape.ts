/**
 * Makes untrusted text (memories, queries, answers, names) safe inside
 * markdown: no HTML, no links or emphasis it did not have, no table breaks,
 * and no @mentions or #references that would notify people.
 */
export function escapeMarkdown(text: string): string {
  // Entities first, so the backslashes added next are not inside them.
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_{}[\]()#+!|~]/g, (char) => `\\${char}`)
    .replace(/@(?=[A-Za-z0-9])/g, '@\u200b')
    .replace(/\r?\n/g, ' ');
}

/** Escaped and shortened to `max` characters, for table cells. */
export function cell(text: string, max = 120): string {
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return escapeMarkdown(short);
}
