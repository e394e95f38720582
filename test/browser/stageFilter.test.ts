/**
 * report.html's failure stages in a real browser: a badge on each failing
 * trial that has a stage, and the stage filter showing exactly the failures of
 * the stage chosen (and all of them again for "all").
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { aggregateE2e } from '../../src/e2e/aggregate.js';
import { settleStage } from '../../src/e2e/stage.js';
import { trialKey } from '../../src/e2e/trialRecords.js';
import { type TrialRecord } from '../../src/model/trial.js';
import type { CaseSpec } from '../../src/model/e2e.js';
import { renderHtmlReport } from '../../src/report/html/render.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { launchBrowser, noBrowser, openReport, shownValues, type PageScope } from '../support/browser.js';
import { tempDir } from '../support/cli.js';

const WHERE = { file: 'cases.yaml', line: 1, col: 1 };

function spec(name: string): CaseSpec {
  return { name, ability: 'memory', sessions: [], probe: { text: 'q?' }, check: { contains: 'x' }, evidence: ['lemon cake'], obsolete: ['chocolate cake'], needs_memory: true, where: WHERE };
}

/** One failing trial of case `name` under recall whose probe recalled `recalled`, memory holding `stored`. */
function failing(name: string, recalled: string[], stored: string[]): TrialRecord {
  return {
    key: trialKey(name, 'recall', 1),
    case: name,
    ability: 'memory',
    condition: 'recall',
    repeat: 1,
    user: 'u',
    status: 'fail',
    reason: 'expected "x"',
    question: 'q?',
    check: 'contains x',
    invocations: [{ kind: 'probe', user: 'u', message: 'q?', reply: 'r', latency_ms: 1, recalled: recalled.map((text) => ({ text })) }],
    snapshot: { entries: stored.map((text) => ({ text })) },
    tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 },
    cost_usd: 0,
    started_at: '2026-01-01T00:00:00Z',
    duration_ms: 1,
  };
}

let browser: Browser;
before(async () => {
  if (!noBrowser) browser = await launchBrowser();
});
after(async () => browser?.close());

test('report.html: a stage badge on each failing trial, and the stage filter shows exactly that stage\'s failures', { skip: noBrowser, timeout: 120_000 }, async () => {
  const cases = ['a', 'b', 'c', 'd'].map(spec);
  const trials = [failing('a', [], []), failing('b', [], ['I like lemon cake']), failing('c', ['lemon cake', 'chocolate cake'], []), failing('d', ['lemon cake'], [])];
  trials.forEach((trial, index) => settleStage(cases[index]!, trial));
  assert.deepEqual(trials.map((trial) => trial.stage), ['not_stored', 'not_recalled', 'obsolete_recalled', 'misread']);
  const results: ResultsDocument = {
    schema_version: 1,
    tool: { name: 'recall-gate', version: 'test' },
    versions: {},
    suite: { name: 'stages', file: 's.yaml', files: [], sha256: '' },
    started_at: '2026-01-01T00:00:00Z',
    status: 'complete',
    layers: { retrieval: 'absent', e2e: 'ran' },
    errors: [],
    e2e: { ...aggregateE2e(trials, cases, ['recall'], 1), target: { kind: 'command' } },
  };
  const file = join(tempDir('recall-gate-stage-html-'), 'report.html');
  writeFileSync(file, renderHtmlReport({ results, trials }));
  const opened = await openReport(browser, file, join(file, '..', 'stages.png'));
  assert.deepEqual([opened.consoleErrors, opened.pageErrors, opened.cspViolations], [[], [], []]);
  const badges = await opened.page.evaluate(() =>
    Array.from((globalThis as unknown as PageScope).document.querySelectorAll('details.failure summary .badge')).map((badge) => badge.textContent),
  );
  assert.deepEqual(badges, ['not stored', 'not recalled', 'obsolete recalled', 'misread']);
  for (const stage of ['not_stored', 'not_recalled', 'obsolete_recalled', 'misread']) {
    await opened.page.selectOption('select#filter-stage', stage);
    assert.deepEqual(await shownValues(opened.page, 'details.failure', 'data-stage'), [stage], stage);
  }
  await opened.page.selectOption('select#filter-stage', '');
  assert.equal((await shownValues(opened.page, 'details.failure', 'data-stage')).length, 4);
});
