/**
 * The hostile-content fixture for report.html: a run whose every untrusted
 * text (answers, questions, memories, case, ability, tag and provider names,
 * reasons, errors, gate notes) holds markup that would run script or load
 * something if the page ever treated it as HTML. Each payload sets
 * window.__pwned, so a test only has to look at that flag. The retrieval part
 * is a real run (runRetrieval over a KeywordStore, plus a store whose search
 * fails with a hostile error); the e2e part is aggregated by aggregateE2e.
 */
import { aggregateE2e } from '../../src/e2e/aggregate.js';
import type { TrialRecord } from '../../src/model/trial.js';
import type { CaseSpec, Condition } from '../../src/model/e2e.js';
import type { Verdict } from '../../src/model/gate.js';
import { KeywordStore } from '../../src/memory/keyword.js';
import type { MemoryStore } from '../../src/memory/types.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { runRetrieval } from '../../src/retrieval/runRetrieval.js';
import type { RetrievalSpec } from '../../src/model/suite.js';

/** Markup that would run (or fetch) if parsed as HTML or followed as a link. */
export const PAYLOADS = [
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '</script><script>window.__pwned=1</script>',
  'javascript:window.__pwned=1',
  '"><svg onload=window.__pwned=1>',
  "'><iframe src=\"javascript:window.__pwned=1\"></iframe>",
  '<a href="javascript:window.__pwned=1">click</a>',
  '<style>@import url(http://127.0.0.1:9/x.css)</style><link rel=stylesheet href=http://127.0.0.1:9/y.css>',
  '\u2028</SCRIPT\u2029><!--<script>window.__pwned=1</script>-->',
] as const;

const WHERE = { file: 'hostile.yaml', line: 1, col: 1 };
export const HOSTILE_CONDITIONS: Condition[] = ['recall', 'none', 'oracle'];
export const HOSTILE_K = [1, 3];

/** Names that are themselves payloads: they reach attributes (data-ability, option values) as well as text. */
export const HOSTILE_ABILITIES = [`ability ${PAYLOADS[1]}`, `ability ${PAYLOADS[4]}`, 'plain-ability'];
export const HOSTILE_PROVIDERS = { ok: `kw ${PAYLOADS[4]}`, broken: `broken ${PAYLOADS[0]}` };

function payload(index: number): string {
  return PAYLOADS[index % PAYLOADS.length]!;
}

/** A store whose every search fails with a hostile message: the provider's error, in results.errors too. */
function brokenStore(): MemoryStore {
  return {
    reset: async () => {},
    add: async () => {},
    search: async () => {
      throw new Error(`search refused: ${PAYLOADS[2]} ${PAYLOADS[1]}`);
    },
    list: async () => [],
    close: async () => {},
  } as MemoryStore;
}

function retrievalSpec(): RetrievalSpec {
  const memories = PAYLOADS.map((text, i) => ({ id: `m${i}${i % 2 ? PAYLOADS[0] : ''}`, text: `remembered ${text} fact ${i}`, user: 'u', where: WHERE }));
  // Even queries find their memory by its number; odd ones name another memory's payload and want the next one, so they miss.
  const queries = PAYLOADS.map((text, i) => ({
    id: `q${i} ${payload(i + 1)}`,
    text: i % 2 ? `what about ${text}` : `fact ${i}`,
    user: 'u',
    relevant: { [memories[i % 2 ? (i + 1) % memories.length : i]!.id]: 1 },
    tags: [`tag ${payload(i + 3)}`],
    where: WHERE,
  }));
  return {
    k: HOSTILE_K,
    depth: 5,
    providers: [
      { name: HOSTILE_PROVIDERS.ok, kind: 'keyword', where: WHERE },
      { name: HOSTILE_PROVIDERS.broken, kind: 'keyword', where: WHERE },
    ],
    memories,
    queries,
  };
}

function caseSpec(index: number): CaseSpec {
  return {
    name: `case ${index} ${payload(index)}`,
    ability: HOSTILE_ABILITIES[index % HOSTILE_ABILITIES.length]!,
    sessions: [],
    probe: { text: `probe ${payload(index + 1)}` },
    check: { contains: payload(index + 2) },
    evidence: [],
    obsolete: [],
    needs_memory: true,
    where: WHERE,
  };
}

/** `outcome` picks pass, fail or error (0, 1, 2 mod 3), so every condition and ability has each. */
function trial(spec: CaseSpec, condition: Condition, index: number, outcome: number): TrialRecord {
  const text = payload(index);
  const status: TrialRecord['status'] = outcome % 3 === 0 ? 'pass' : outcome % 3 === 1 ? 'fail' : 'error';
  return {
    key: `${spec.name}|${condition}|1`,
    case: spec.name,
    ability: spec.ability,
    condition,
    repeat: 1,
    user: 'u',
    status,
    reason: status === 'error' ? `the target failed: ${payload(index + 4)}` : `answer lacks ${payload(index + 2)}`,
    question: `probe ${payload(index + 1)}`,
    ...(status === 'error' ? {} : { answer: `Sure: ${text} <a href="${PAYLOADS[3]}">more</a>` }),
    check: `contains "${payload(index + 2)}"`,
    invocations: [
      { kind: 'session', session: 1, turn: 1, user: 'u', date: '2026-01-01', message: `remember ${payload(index + 5)}`, reply: `noted ${payload(index + 6)}`, latency_ms: 1 },
      {
        kind: 'probe',
        user: 'u',
        message: `probe ${payload(index + 1)}`,
        reply: `Sure: ${text}`,
        recalled: [{ id: `mem ${payload(index + 7)}`, text: `recalled ${payload(index + 8)}`, score: 0.5 }],
        latency_ms: 1,
      },
    ],
    snapshot: { entries: [{ id: `snap ${payload(index)}`, text: `stored ${payload(index + 3)}`, label: payload(index + 4) }] },
    tokens: { input: 10, output: 5, judge_input: 0, judge_output: 0 },
    cost_usd: 0.001,
    started_at: '2026-01-01T00:00:00Z',
    duration_ms: 1,
  };
}

export interface HostileRun {
  results: ResultsDocument;
  trials: TrialRecord[];
  verdict: Verdict;
}

/** The whole fixture: 6 cases over 3 abilities, 3 conditions, one repeat; one provider that ran and one that failed. */
export async function hostileRun(): Promise<HostileRun> {
  const cases = Array.from({ length: 6 }, (_, i) => caseSpec(i));
  const trials = cases.flatMap((spec, i) => HOSTILE_CONDITIONS.map((condition, c) => trial(spec, condition, i * HOSTILE_CONDITIONS.length + c, i + c)));
  const spec = retrievalSpec();
  const retrieval = await runRetrieval(spec, { createStore: (provider) => (provider.name === HOSTILE_PROVIDERS.broken ? brokenStore() : new KeywordStore()) });
  const errors = Object.values(retrieval.providers)
    .filter((provider) => provider.status === 'error')
    .map((provider) => `provider ${provider.name}: ${provider.error}`);
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: 'recall-gate', version: '0.1.0' },
    versions: { node: process.versions.node },
    suite: { name: `hostile ${PAYLOADS[0]}`, file: `suite ${PAYLOADS[1]}.yaml`, files: [], sha256: '0'.repeat(64) },
    run_id: 'hostile1',
    commit: { sha: 'a'.repeat(40), ref: `refs/heads/${PAYLOADS[3]}` },
    started_at: '2026-01-01T00:00:00Z',
    finished_at: '2026-01-01T00:01:00Z',
    status: 'incomplete',
    layers: { retrieval: 'ran', e2e: 'ran' },
    errors: [...errors, `e2e: ${PAYLOADS[5]} (see errors in results.json)`],
    retrieval,
    e2e: { target: { kind: 'builtin', model: `model ${PAYLOADS[6]}` }, ...aggregateE2e(trials, cases, HOSTILE_CONDITIONS, 1) },
  };
  const verdict: Verdict = {
    status: 'fail',
    rows: PAYLOADS.map((text, i) => ({ path: `all[${i}]`, metric: i === 0 ? 'e2e.pass_rate' : `e2e.ability.${HOSTILE_ABILITIES[i % 3]}.pass_rate`, threshold: '>= 0.9', actual: 0.3, status: 'fail', blocking: i === 0, note: text })),
    blockingFailures: ['all[0]'],
    hasBaseline: false,
  };
  return { results, trials, verdict };
}
