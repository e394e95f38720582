/**
 * Reads the user docs (README.md and docs/*.md) the way the docs test checks
 * them: their fenced code blocks with the line each starts on and the marker
 * comment above it, their relative links, and the anchors GitHub gives their
 * headings.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { REPO_ROOT } from './cli.js';

/** One markdown file of the docs, by its path from the repository root. */
export interface DocFile {
  path: string;
  text: string;
}

/** A fenced code block: its language, its text, and where it is (1-based line of the opening fence). */
export interface CodeBlock {
  doc: string;
  line: number;
  lang: string;
  content: string;
  /** The text of an HTML comment on the last non-blank line above the fence (`<!-- docs-test: fragment -->`), if any. */
  marker?: string;
}

/** A link written in a doc, with the line of the paragraph, list item or table that holds it. */
export interface DocLink {
  doc: string;
  line: number;
  href: string;
}

const markdown = new MarkdownIt();

/** README.md and every docs/*.md, in a fixed order. */
export function userDocs(root = REPO_ROOT): DocFile[] {
  const docsDir = join(root, 'docs');
  const inDocs = existsSync(docsDir) ? readdirSync(docsDir).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`) : [];
  return ['README.md', ...inDocs].map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
}

export function codeBlocks(doc: DocFile): CodeBlock[] {
  const lines = doc.text.split('\n');
  return markdown
    .parse(doc.text, {})
    .filter((token) => token.type === 'fence' && token.map)
    .map((token) => {
      const start = token.map![0];
      return { doc: doc.path, line: start + 1, lang: token.info.trim().split(/\s+/)[0] ?? '', content: token.content, marker: markerAbove(lines, start) };
    });
}

/** The comment right above a fence (blank lines between allowed): `<!-- text -->` gives "text". */
function markerAbove(lines: readonly string[], fenceIndex: number): string | undefined {
  for (let i = fenceIndex - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    return /^<!--\s*(.*?)\s*-->$/.exec(line)?.[1];
  }
  return undefined;
}

export function links(doc: DocFile): DocLink[] {
  const found: DocLink[] = [];
  // Inline tokens (and the cells of a table) carry no line: they take the last line a block token gave.
  let line = 1;
  for (const token of markdown.parse(doc.text, {})) {
    if (token.map) line = token.map[0] + 1;
    for (const child of token.children ?? []) {
      if (child.type === 'link_open') found.push({ doc: doc.path, line, href: child.attrGet('href') ?? '' });
      if (child.type === 'image') found.push({ doc: doc.path, line, href: child.attrGet('src') ?? '' });
    }
  }
  return found;
}

/**
 * The anchors of a markdown file's headings, as GitHub makes them: the
 * heading's text lower-cased, punctuation dropped, spaces made hyphens, and
 * -1, -2, ... added to repeats.
 */
export function headingAnchors(text: string): Set<string> {
  const tokens = markdown.parse(text, {});
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const inline = tokens[index + 1];
    const words = (inline?.children ?? []).filter((child) => child.type === 'text' || child.type === 'code_inline').map((child) => child.content).join('');
    const base = words.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  });
  return anchors;
}
