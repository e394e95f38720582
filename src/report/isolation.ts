import type { IsolationCheck, ResultsDocument } from '../model/results.js';
import { cell } from './escape.js';
import { counted } from '../text/counted.js';

/** One cross-user hit in words, every id through `escape`: "q1 by alice got m3 of bob". */
export function crossUserText(hit: IsolationCheck['cross_user'][number], escape: (text: string) => string): string {
  return `${escape(hit.query)} by ${escape(hit.user)} got ${escape(hit.memory)} of ${escape(hit.owner)}`;
}

/** The isolation canary: one line per provider whose results held another user's memories or unknown ids, with up to `pairsShown` of the hits. */
export function isolationLines(providers: NonNullable<ResultsDocument['retrieval']>['providers'][string][], pairsShown = 5): string[] {
  const lines = providers.flatMap(({ name, isolation }) => {
    if (!isolation || isolation.cross_user_hits + isolation.unknown_ids === 0) return [];
    const pairs = isolation.cross_user.slice(0, pairsShown).map((hit) => crossUserText(hit, (text) => cell(text)));
    const more = isolation.cross_user_hits > pairs.length ? `, … ${isolation.cross_user_hits - pairs.length} more` : '';
    const unknown = isolation.unknown_ids > 0 ? ` ${counted(isolation.unknown_ids, 'result', 'results')} with an id the suite never seeded.` : '';
    return [`- **${cell(name)}: ${counted(isolation.cross_user_hits, 'cross-user hit', 'cross-user hits')}**${pairs.length ? ` (${pairs.join('; ')}${more})` : ''}.${unknown}`];
  });
  return lines.length > 0 ? ['**Isolation:** results owned by another user than the one searching:', '', ...lines, ''] : [];
}
