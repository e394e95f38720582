import assert from 'node:assert/strict';
import { test } from 'node:test';
import { costSummary, unknownCostReason } from '../src/e2e/cost.js';
import { resolveMetric } from '../src/gate/metrics.js';
import { formatCost, formatTokens } from '../src/report/format.js';
import { commentCostLine } from '../src/report/costLines.js';
import { terminalE2eReport } from '../src/report/terminalE2e.js';
import { renderComment } from '../src/report/comment.js';
import { markdownReport } from '../src/report/markdown.js';
import type { TrialRecord } from '../src/model/trial.js';
import { caseSpec, e2eOf, recallTrials, resultsDoc } from './support/gateFixtures.js';

/** Six recall trials, one per cause of an unknown cost and one whose cost is known. */
function trialsWithEveryCause(): TrialRecord[] {
  const [known, noUsage, warned, noCalls, embeddings, unpriced] = recallTrials({ a: 'p', b: 'p', c: 'p', d: 'e', e: 'p', f: 'p' });
  const priced = (trial: TrialRecord, costs: TrialRecord['costs']) => Object.assign(trial, { costs, cost_usd: Object.values(costs!).some((part) => part === null) ? null : 0.01 });
  priced(known!, { chat_usd: 0.01, judge_usd: 0, embedding_usd: 0 });
  // Two calls without usage: the session's and the probe's.
  noUsage!.invocations = [{ ...noUsage!.invocations[0]!, kind: 'session' }, noUsage!.invocations[0]!];
  priced(noUsage!, { chat_usd: null, judge_usd: 0, embedding_usd: 0 });
  warned!.invocations = [{ ...warned!.invocations[0]!, usage_warning: 'the adapter reported input -1' }];
  warned!.judge_usage_warning = 'the judge reported input 3.5';
  priced(warned!, { chat_usd: null, judge_usd: null, embedding_usd: 0 });
  noCalls!.invocations = [];
  priced(noCalls!, { chat_usd: null, judge_usd: 0, embedding_usd: 0 });
  embeddings!.invocations = [{ ...embeddings!.invocations[0]!, usage: { input_tokens: 3, output_tokens: 1 } }];
  priced(embeddings!, { chat_usd: 0.001, judge_usd: 0, embedding_usd: null });
  unpriced!.invocations = [{ ...unpriced!.invocations[0]!, usage: { input_tokens: 3, output_tokens: 1, model: 'house-model' } }];
  priced(unpriced!, { chat_usd: null, judge_usd: 0, embedding_usd: 0 });
  return [known!, noUsage!, warned!, noCalls!, embeddings!, unpriced!];
}

test('an unknown cost counts each cause over the trials it made unknown; a trial no other cause explains is a missing price', () => {
  const summary = costSummary(trialsWithEveryCause(), ['recall']);
  assert.equal(summary.unknown_trials, 5);
  assert.deepEqual(summary.unknown_causes, { calls_without_usage: 2, usage_warnings: 2, trials_without_calls: 1, embeddings: 1, unpriced: 1 });
  assert.equal(
    unknownCostReason(summary, 'command'),
    '2 agent calls reported no token usage (an adapter returns it as usage from chat: examples/adapter/README.md); 2 calls reported unusable token counts (marked usage_warning in trials.jsonl); 1 trial ended before a call returned (whether it was billed is unknown); 1 trial made embedding requests of unknown cost (no token counts, or an embedding model with no price); 1 trial spent tokens of a model with no price, or none is named (e2e.prices; the agent\'s e2e.target.model, the judge\'s e2e.judge.model)',
  );
  // The builtin agent's calls go to a model endpoint: the fix is not an adapter's.
  assert.match(unknownCostReason(summary, 'builtin'), /^2 agent calls got no token usage from the model endpoint; /);
  // Every cost known: no causes are kept; a summary written before causes were kept gets the causes in general.
  assert.equal(costSummary(trialsWithEveryCause().slice(0, 1), ['recall']).unknown_causes, undefined);
  assert.equal(unknownCostReason({}, 'command'), 'a model has no price, or a call reported no usable token counts (see usage_warning in trials.jsonl)');
});

test('the reports, the comment line and the gate say the same cause; with nothing known, no breakdown of unknowns follows', () => {
  const [, noUsage] = trialsWithEveryCause();
  const e2e = e2eOf([noUsage!], [caseSpec('b')], 1);
  assert.equal(formatCost(e2e), 'unknown: 2 agent calls reported no token usage (an adapter returns it as usage from chat: examples/adapter/README.md)');
  const terminal = terminalE2eReport(e2e, [noUsage!]);
  assert.match(terminal, /cost unknown: 2 agent calls reported no token usage/);
  assert.doesNotMatch(terminal, /cost per successful trial|spend: /);
  const results = resultsDoc({ e2e });
  const total = resolveMetric('e2e.cost_usd', results);
  assert.equal(total.status, 'missing');
  assert.match(total.status === 'missing' ? total.reason : '', /^the run's cost is unknown: 2 agent calls reported no token usage/);
  const perSuccess = resolveMetric('e2e.recall.cost_per_success', results);
  assert.match(perSuccess.status === 'missing' ? perSuccess.reason : '', /^the recall spend is unknown \(in the whole run: 2 agent calls reported no token usage/);
  // Some cost known: the breakdown stays, its unknown parts said as such.
  const mixed = trialsWithEveryCause().slice(0, 2);
  const mixedE2e = e2eOf(mixed, [caseSpec('a'), caseSpec('b')], 1);
  const partly = terminalE2eReport(mixedE2e, mixed);
  assert.match(partly, /spend: chat unknown; 1 trial of unknown cost/);
  // The comment's one cost line carries the same cause: a figure every output gives.
  assert.match(commentCostLine(mixedE2e)!, /^cost per successful trial: recall unknown; cost unknown: 2 agent calls reported no token usage/);
  assert.equal(commentCostLine(e2e), 'cost unknown: 2 agent calls reported no token usage (an adapter returns it as usage from chat: examples/adapter/README.md)');
});

test('token counts over calls some of which reported none say so; none at all is unknown, not 0', () => {
  const tokens = { input: 0, output: 0, judge_input: 0, judge_output: 0 };
  const causes = (missing: number) => ({ cost: { unknown_causes: { calls_without_usage: missing, usage_warnings: 0, trials_without_calls: 0, embeddings: 0, unpriced: 0 } } }) as unknown as Parameters<typeof formatTokens>[0];
  assert.equal(formatTokens({ tokens: { ...tokens, input: 1200, output: 300 } }), '1200 in, 300 out');
  assert.equal(formatTokens({ ...causes(136), tokens }), 'unknown (no call reported usable token counts)');
  assert.equal(formatTokens({ ...causes(2), tokens: { ...tokens, input: 1200, output: 300 } }), '1200 in, 300 out over the calls that reported them (2 calls did not)');
});

test("the errors column counts every condition the table shows, in the comment as in the terminal and report.md", () => {
  const recall = recallTrials({ a: 'pe', b: 'pp' });
  const none = recallTrials({ a: 'ee', b: 'pe' }).map((trial) => ({ ...trial, key: trial.key.replace('|recall|', '|none|'), condition: 'none' as const }));
  const e2e = e2eOf([...recall, ...none], [caseSpec('a'), caseSpec('b')], 2, ['recall', 'none']);
  const results = resultsDoc({ e2e });
  const allRow = (text: string) => text.split('\n').find((line) => /^\|? ?\**all\**/.test(line.trim()) || /^all\s/.test(line.trim()))!;
  // 1 error under recall, 3 under none.
  for (const [label, text] of [['comment', renderComment({ marker: '<!-- m -->', results, baselineNote: 'none yet', e2eTrigger: { ran: true, reason: 'every run', files: [] } })], ['report.md', markdownReport(results)], ['terminal', terminalE2eReport(e2e, [...recall, ...none])]] as const) {
    assert.match(allRow(text), /\b4\s*\|?\s*$/, `${label}: ${allRow(text)}`);
  }
});
