/**
 * The pieces of report.html that other reports already word: sentences,
 * lists and tables made here from the same helpers as report.md, so the page
 * lays them out as they are and says what the other reports say. A row or an
 * item may name its ability, condition or provider: the page's filters hide
 * it when another is chosen. Text is never markup: the page sets it as text.
 */

/** What a row or an item belongs to, for the filters; absent for one that belongs to all (an "all" row). */
export interface FilterTags {
  ability?: string;
  condition?: string;
  provider?: string;
}

export type Block =
  | { kind: 'note'; text: string; tone?: 'warning' | 'fail' }
  | { kind: 'list'; items: ({ text: string } & FilterTags)[] }
  | { kind: 'table'; header: string[]; rows: ({ cells: string[] } & FilterTags)[]; textColumns?: number[] };

/** A subsection of a section: a title and its blocks; the filters hide it whole when it names another ability, condition or provider. */
export interface Part extends FilterTags {
  id: string;
  title: string;
  blocks: Block[];
}

export const note = (text: string, tone?: 'warning' | 'fail'): Block => ({ kind: 'note', text, ...(tone ? { tone } : {}) });

export const list = (items: ({ text: string } & FilterTags)[]): Block => ({ kind: 'list', items });

export function table(header: string[], rows: ({ cells: string[] } & FilterTags)[], textColumns?: number[]): Block {
  return { kind: 'table', header, rows, ...(textColumns && textColumns.length > 0 ? { textColumns } : {}) };
}

