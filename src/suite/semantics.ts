import type { InputProblem, SourceLocation } from '../model/source.js';
import { formatLocation } from '../errors.js';
import { typoMatcher } from '../source/didYouMean.js';
import type { DataPath } from '../source/sourceFile.js';
import type { RetrievalSpec } from '../model/suite.js';
import { hasRelevant } from '../retrieval/metrics.js';
import type { PhaseProgress } from '../phaseProgress.js';

export interface RetrievalLocators {
  memory: (index: number, subpath?: DataPath) => SourceLocation;
  query: (index: number, subpath?: DataPath) => SourceLocation;
  retrieval: (subpath: DataPath) => SourceLocation;
  /** Where a query names one of its relevant memories. */
  relevant: (queryIndex: number, memoryId: string) => SourceLocation;
  /** Where a query names one of its obsolete memories. */
  obsolete: (queryIndex: number, memoryId: string) => SourceLocation;
}

/** Checks that need the whole suite at once: ids, references, users, cut-offs. */
export function checkRetrieval(spec: RetrievalSpec, at: RetrievalLocators, onProgress?: PhaseProgress): InputProblem[] {
  const problems: InputProblem[] = [];

  const duplicates = <T>(items: T[], key: (item: T) => string, locate: (index: number) => SourceLocation, what: string) => {
    const first = new Map<string, number>();
    items.forEach((item, index) => {
      const id = key(item);
      const earlier = first.get(id);
      if (earlier === undefined) first.set(id, index);
      else problems.push({ where: locate(index), message: `duplicate ${what} "${id}"`, hint: `first defined at ${formatLocation(locate(earlier))}` });
    });
  };
  duplicates(spec.providers, (p) => p.name, (i) => at.retrieval(['providers', i, 'name']), 'provider name');
  duplicates(spec.memories, (m) => m.id, (i) => at.memory(i, ['id']), 'memory id');
  duplicates(spec.queries, (q) => q.id, (i) => at.query(i, ['id']), 'query id');

  const memories = new Map(spec.memories.map((memory) => [memory.id, memory]));
  // Built on the first unknown id: most suites have none.
  let typos: ReturnType<typeof typoMatcher> | undefined;
  spec.queries.forEach((query, index) => {
    if (index % 1000 === 0 || index === spec.queries.length - 1) onProgress?.('checking relevant memories', index + 1, spec.queries.length);
    for (const id of Object.keys(query.relevant)) {
      const memory = memories.get(id);
      if (!memory) {
        typos ??= typoMatcher([...memories.keys()]);
        problems.push({
          where: at.relevant(index, id),
          message: `relevant memory "${id}" is not defined`,
          hint: typos.didYouMean(id) ?? 'add a memory with this id or fix the id',
        });
      } else if (memory.user !== query.user) {
        problems.push({
          where: at.relevant(index, id),
          message: `relevant memory "${id}" belongs to user "${memory.user}" but the query is asked as "${query.user}", so no search can find it`,
          hint: 'give the query and the memory the same user',
        });
      }
    }
    for (const id of query.obsolete ?? []) {
      const where = at.obsolete(index, id);
      const memory = memories.get(id);
      if (!memory) {
        typos ??= typoMatcher([...memories.keys()]);
        problems.push({ where, message: `obsolete memory "${id}" is not defined`, hint: typos.didYouMean(id) ?? 'add a memory with this id or fix the id' });
      } else if (memory.user !== query.user) {
        problems.push({
          where,
          message: `obsolete memory "${id}" belongs to user "${memory.user}" but the query is asked as "${query.user}", so no search of this query can return it`,
          hint: 'an obsolete memory is a superseded fact of the same user: give the query and the memory the same user',
        });
      } else if (Object.hasOwn(query.relevant, id)) {
        problems.push({
          where,
          message: `memory "${id}" is both relevant and obsolete for query "${query.id}"`,
          hint: 'a memory is either current (relevant) or superseded (obsolete): remove it from one list',
        });
      }
    }
  });

  if (spec.queries.length > 0 && !spec.queries.some(hasRelevant)) {
    problems.push({
      where: at.retrieval(['queries']),
      message: 'no query names a relevant memory, so there is nothing to score',
      hint: 'queries with relevant: [] are left out of the means; give at least one query its relevant memories',
    });
  }
  if (spec.group_metrics && !spec.memories.some((memory) => memory.group !== undefined)) {
    problems.push({
      where: at.retrieval(['group_metrics']),
      message: 'group_metrics is on but no memory has a group, so group-level scores would equal memory-level ones',
      hint: 'give memories group: (e.g. the session id), or remove group_metrics',
    });
  }

  if (spec.interval_unit === 'group' && !spec.queries.some((query) => query.group !== undefined)) {
    problems.push({
      where: at.retrieval(['interval_unit']),
      message: 'interval_unit is group but no query has a group, so every query would be drawn alone (as interval_unit: query)',
      hint: 'give queries group: (e.g. the conversation they come from), or use interval_unit: user or query',
    });
  }

  const largestK = spec.k[spec.k.length - 1]!;
  if (largestK > spec.depth) {
    problems.push({
      where: at.retrieval(['depth']),
      message: `depth ${spec.depth} is smaller than the largest k (${largestK})`,
      hint: `raise depth to at least ${largestK}`,
    });
  }
  return problems;
}
