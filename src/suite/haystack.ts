import { formatLocation } from '../errors.js';
import type { HaystackSpec } from '../model/haystack.js';
import type { InputProblem, SourceLocation } from '../model/source.js';
import type { DataPath } from '../source/sourceFile.js';
import { DEFAULT_HAYSTACK_SEED, hayCount } from '../retrieval/haystack.js';
import type { RetrievalSpec } from '../model/suite.js';

/**
 * retrieval.haystack and haystack_seed, once the schema has checked each
 * fraction is a number in (0, 1]. The order written does not matter (they
 * are sorted); a fraction written twice is a mistake (a 0.05 typed 0.5?), so
 * it is an error; 1 is the normal run, added when missing, and a list of 1
 * alone asks for no curve, so it is an error too.
 */
export function buildHaystack(
  raw: { haystack?: number[]; haystack_seed?: number },
  locate: (path: DataPath, keyOf?: string) => SourceLocation,
  problems: InputProblem[],
): HaystackSpec | undefined {
  if (raw.haystack === undefined) {
    if (raw.haystack_seed !== undefined) {
      problems.push({ where: locate([], 'haystack_seed'), message: 'haystack_seed applies only with haystack', hint: 'add haystack: [0.1, 0.5, 1], or remove haystack_seed' });
    }
    return undefined;
  }
  const first = new Map<number, number>();
  raw.haystack.forEach((fraction, index) => {
    const earlier = first.get(fraction);
    if (earlier === undefined) first.set(fraction, index);
    else problems.push({ where: locate(['haystack', index]), message: `haystack fraction ${fraction} is listed twice`, hint: `first at ${formatLocation(locate(['haystack', earlier]))}; list each fraction once` });
  });
  const fractions = [...new Set([...raw.haystack, 1])].sort((a, b) => a - b);
  if (fractions.length === 1) {
    problems.push({ where: locate(['haystack']), message: 'haystack [1] is the normal run alone: there is no smaller haystack to measure', hint: 'add fractions below 1, e.g. haystack: [0.1, 0.5, 1]' });
  }
  return { fractions, seed: raw.haystack_seed ?? DEFAULT_HAYSTACK_SEED };
}

/** A haystack with no hay measures nothing: every memory is named by a query, so every fraction is the whole suite (the runs are skipped, the curve is flat). */
export function haystackWarnings(retrieval: RetrievalSpec, locate: (path: DataPath) => SourceLocation): InputProblem[] {
  if (!retrieval.haystack || hayCount(retrieval.memories, retrieval.queries) > 0) return [];
  return [
    {
      where: locate(['haystack']),
      message: 'haystack: every memory is relevant to some query, so no fraction has anything to thin and the curve is flat',
      hint: 'add memories no query names (distractors), or remove haystack',
    },
  ];
}
