import type { Alias, Document, Node } from 'yaml';
import { yamlLibrary } from '../libraries.js';

/**
 * How many nodes aliases may add to a document when expanded. Generous for
 * anchors shared between cases (a hundred cases reusing fifty sessions is
 * far below it) and small enough that a "billion laughs" alias bomb stops
 * long before it costs memory or time.
 */
export const MAX_ALIAS_EXPANSION = 100_000;

/** A problem found in a parsed YAML document, at an offset of its text. */
export interface ContentProblem {
  offset: number;
  message: string;
  hint?: string;
}

/**
 * What the YAML parser accepts but recall-gate must not take in: aliases
 * naming no anchor, aliases inside the node they name (the data would be
 * infinite), aliases that expand past MAX_ALIAS_EXPANSION nodes, and
 * numbers that are not finite (.nan, .inf, 1e999). Once this returns none,
 * converting the document to data is bounded, so the parser's own alias
 * limit (which also refuses an anchor merely used a hundred times) can be off.
 */
export function yamlContentProblems(doc: Document, text: string): ContentProblem[] {
  const { isAlias, isScalar, visit } = yamlLibrary();
  const problems: ContentProblem[] = [];
  const targets = new Map<Alias, Node | undefined>();
  const anchors = new Map<string, Node>();
  // Document order, as the parser resolves an alias: the last anchor of that name before it.
  visit(doc, {
    Node(key, node) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        targets.set(node, target);
        if (!target) problems.push({ offset: start(node), message: `alias *${node.source} names no anchor &${node.source} defined before it`, hint: 'define the anchor first, or write the value out' });
        return;
      }
      if (node.anchor) anchors.set(node.anchor, node);
      if (key !== 'key' && isScalar(node) && typeof node.value === 'number' && !Number.isFinite(node.value)) {
        const written = text.slice(start(node), node.range?.[1] ?? start(node)).trim() || String(node.value);
        problems.push({ offset: start(node), message: `${written} is not a finite number`, hint: 'write a finite number; YAML reads .nan as not-a-number, .inf and 1e999 as infinity' });
      }
    },
  });
  if (targets.size > 0) for (const problem of expansionProblems(doc, targets)) problems.push(problem);
  return problems;
}

/** Circular aliases and the first alias whose expansion passes the limit. */
function expansionProblems(doc: Document, targets: Map<Alias, Node | undefined>): ContentProblem[] {
  const { isAlias, isCollection, isPair } = yamlLibrary();
  const problems: ContentProblem[] = [];
  const onPath = new Set<unknown>();
  let expanded = 0;
  let bomb = false;

  // `via` is the alias written in the document whose expansion is being counted.
  const walk = (node: unknown, via: Alias | undefined): void => {
    if (bomb || node === null || node === undefined) return;
    if (via && ++expanded > MAX_ALIAS_EXPANSION) {
      bomb = true;
      problems.push({
        offset: start(via),
        message: `aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} values here (an alias bomb?)`,
        hint: 'write the data out, or reuse fewer nested anchors',
      });
      return;
    }
    if (isAlias(node)) {
      const target = targets.get(node);
      if (!target) return;
      if (onPath.has(target)) {
        problems.push({ offset: start(node), message: `alias *${node.source} is inside the node &${node.source} it names, so its value would never end`, hint: 'an alias cannot refer to a node that contains it' });
        return;
      }
      onPath.add(target);
      walk(target, via ?? node);
      onPath.delete(target);
      return;
    }
    onPath.add(node);
    if (isCollection(node)) for (const item of node.items) walk(item, via);
    else if (isPair(node)) {
      walk(node.key, via);
      walk(node.value, via);
    }
    onPath.delete(node);
  };
  walk(doc.contents, undefined);
  // A circular alias inside an anchor that is aliased again is met once per expansion.
  return problems.filter((problem, index) => problems.findIndex((other) => other.offset === problem.offset && other.message === problem.message) === index);
}

function start(node: Node): number {
  return node.range?.[0] ?? 0;
}
