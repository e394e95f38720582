/**
 * report.html in a real browser (Debian's Chromium through playwright-core):
 * the example suite's report as `run` writes it (retrieval and e2e, one
 * repeat, against the local OpenAI-compatible server), the hostile-content
 * fixture, and a report with a history. Each page must load with no console
 * or page error and no request but its own file, draw every chart with the
 * marks its data calls for, filter, and run nothing it was given as text.
 * Every page's screenshot is written beside its report (see the diagnostics).
 */
import assert from 'node:assert/strict';
import { cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test, type TestContext } from 'node:test';
import type { Browser } from 'playwright-core';
import { main } from '../../src/cli/main.js';
import type { TrialRecord } from '../../src/model/trial.js';
import type { HistoryLine, Trend } from '../../src/model/history.js';
import { renderHtmlReport } from '../../src/report/html/render.js';
import { headlineMetrics } from '../../src/retrieval/metrics.js';
import type { ResultsDocument } from '../../src/model/results.js';
import { readRun, writeReports } from '../../src/results/folder.js';
import { chartMarks, launchBrowser, noBrowser, openReport, shownValues, type PageScope, type ReportPage } from '../support/browser.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';
import { HOSTILE_ABILITIES, HOSTILE_CONDITIONS, HOSTILE_K, HOSTILE_PROVIDERS, hostileRun } from '../support/hostileReport.js';
import { startOpenAIServer, type OpenAIServer } from '../support/openaiServer.js';

const EXAMPLE = join(REPO_ROOT, 'suites/examples/assistant-memory');
/** The headline metrics of the history (retrieval.<provider>.<recall@k|mrr|ndcg@k>). */
const HEADLINE = /^(recall@|mrr|ndcg@)/;

interface Run {
  results: ResultsDocument;
  trials: TrialRecord[];
  dir: string;
}

/** The example suite, one repeat, both layers, run in-process by `recall-gate run --html`. */
async function runExample(server: OpenAIServer): Promise<Run & { stdout: string; code: number; copy: string }> {
  const suiteDir = tempDir('recall-gate-html-example-');
  cpSync(EXAMPLE, suiteDir, { recursive: true });
  const suiteFile = join(suiteDir, 'suite.yaml');
  const text = readFileSync(suiteFile, 'utf8');
  assert.match(text, /^ {2}repeat: 3$/m, 'the example changed shape');
  writeFileSync(suiteFile, text.replace(/^ {2}repeat: 3$/m, '  repeat: 1'));
  const dir = join(suiteDir, 'out');
  const copy = join(suiteDir, 'copies', 'example.html');
  let stdout = '';
  let stderr = '';
  const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, RECALL_GATE_CACHE_DIR: tempDir('recall-gate-cache-'), PATH: process.env.PATH };
  const code = await main(['run', suiteFile, '--layer', 'all', '--out', dir, '--html', copy], { cwd: suiteDir, env, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  assert.ok(code === 0 || code === 1, `run exited ${code}:\n${stdout}\n${stderr}`);
  return { ...readRun(dir, process.cwd()), dir, stdout, code, copy };
}

/** Opens a report, prints where its screenshot is, and checks what every page must: clean console, no request but itself, nothing run. */
async function openClean(t: TestContext, browser: Browser, file: string, name: string): Promise<ReportPage> {
  const opened = await openReport(browser, file, join(file, '..', `${name}.png`));
  t.diagnostic(`${name}: ${file} (${statSync(file).size} bytes), screenshot ${opened.screenshot}`);
  assert.deepEqual(opened.consoleErrors, [], 'console errors');
  assert.deepEqual(opened.pageErrors, [], 'page errors');
  assert.deepEqual(opened.cspViolations, [], 'CSP violations');
  assert.deepEqual(opened.requests, [opened.url], 'the page asked for nothing but itself');
  assert.equal(await opened.page.evaluate(() => (globalThis as unknown as PageScope).__pwned), undefined, 'window.__pwned was set');
  return opened;
}

/** The number of marks each dataset of the single chart `selector` drew, by dataset label. */
async function marksOf(opened: ReportPage, selector: string): Promise<Record<string, number>> {
  const charts = await chartMarks(opened.page, selector);
  assert.equal(charts.length, 1, `one ${selector}`);
  assert.ok(charts[0]!.datasets.length > 0, `${selector} was drawn with no datasets (is it a Chart.js chart?)`);
  return Object.fromEntries(charts[0]!.datasets.map((dataset) => [dataset.label, dataset.marks]));
}

/** Which datasets of `selector` are visible, by label. */
async function visibleDatasets(opened: ReportPage, selector: string): Promise<string[]> {
  const [chart] = await chartMarks(opened.page, selector);
  return chart!.datasets.filter((dataset) => dataset.visible).map((dataset) => dataset.label);
}

/**
 * What the results call for: a bar per ability for each condition; for each
 * provider (one that failed too, its bars empty) a bar per headline metric of
 * the reports (headlineMetrics: recall@each k, MRR, nDCG and precision at the
 * largest k) and a point per k.
 */
function expectedMarks(results: ResultsDocument) {
  const abilities = Object.keys(results.e2e?.abilities ?? {}).length;
  const providers = Object.values(results.retrieval?.providers ?? {});
  const k = results.retrieval?.k ?? [];
  return {
    abilities: Object.fromEntries((results.e2e?.conditions ?? []).map((condition) => [condition, abilities])),
    retrieval: Object.fromEntries(providers.map((provider) => [provider.name, headlineMetrics(k).length])),
    curve: Object.fromEntries(providers.map((provider) => [provider.name, k.length])),
  };
}

async function assertChartsDrawn(opened: ReportPage, results: ResultsDocument): Promise<Record<string, Record<string, number>>> {
  const wanted = expectedMarks(results);
  const drawn = {
    abilities: await marksOf(opened, 'canvas#chart-abilities'),
    retrieval: await marksOf(opened, 'canvas#chart-retrieval'),
    curve: await marksOf(opened, 'canvas#chart-recall-curve'),
  };
  assert.deepEqual(drawn, wanted);
  return drawn;
}

/** Failing trials: one details.failure each, tagged with ability and condition. */
function failing(trials: readonly TrialRecord[]): TrialRecord[] {
  return trials.filter((trial) => trial.status === 'fail');
}

async function select(opened: ReportPage, filter: 'ability' | 'condition' | 'provider', value: string): Promise<void> {
  await opened.page.selectOption(`select#filter-${filter}`, value);
}

/** Picks each value of each filter in turn: the shown elements and datasets are exactly the selected ones, and "" shows all again. */
async function assertFilters(opened: ReportPage, run: { results: ResultsDocument; trials: readonly TrialRecord[] }): Promise<string[]> {
  const seen: string[] = [];
  const failures = failing(run.trials);
  const allFailures = (await shownValues(opened.page, 'details.failure', 'data-ability')).length;
  assert.equal(allFailures, failures.length, 'one details.failure per failing trial');
  for (const ability of Object.keys(run.results.e2e?.abilities ?? {})) {
    await select(opened, 'ability', ability);
    const shown = await shownValues(opened.page, 'details.failure', 'data-ability');
    assert.deepEqual(shown, failures.filter((trial) => trial.ability === ability).map((trial) => trial.ability), `ability ${ability}`);
    seen.push(`ability ${ability}: ${shown.length} failures shown`);
  }
  await select(opened, 'ability', '');
  for (const condition of run.results.e2e?.conditions ?? []) {
    await select(opened, 'condition', condition);
    const shown = await shownValues(opened.page, 'details.failure', 'data-condition');
    assert.deepEqual(shown, failures.filter((trial) => trial.condition === condition).map((trial) => trial.condition), `condition ${condition}`);
    assert.deepEqual(await visibleDatasets(opened, 'canvas#chart-abilities'), [condition], `the abilities chart under condition ${condition}`);
    seen.push(`condition ${condition}: ${shown.length} failures shown`);
  }
  await select(opened, 'condition', '');
  for (const provider of Object.values(run.results.retrieval?.providers ?? {})) {
    await select(opened, 'provider', provider.name);
    const rows = await shownValues(opened.page, '#missed tr[data-provider]', 'data-provider');
    assert.ok(rows.every((name) => name === provider.name), `missed rows of other providers shown under ${provider.name}: ${JSON.stringify(rows)}`);
    assert.deepEqual(await visibleDatasets(opened, 'canvas#chart-retrieval'), [provider.name]);
    assert.deepEqual(await visibleDatasets(opened, 'canvas#chart-recall-curve'), [provider.name]);
    seen.push(`provider ${provider.name}: ${rows.length} missed rows shown`);
  }
  await select(opened, 'provider', '');
  assert.equal((await shownValues(opened.page, 'details.failure', 'data-ability')).length, failures.length, 'all failures again with every filter at ""');
  return seen;
}

/** Text content of the page's sections, to find what must be shown. */
async function sectionText(opened: ReportPage, selector: string): Promise<string> {
  return opened.page.evaluate((wanted) => (globalThis as unknown as PageScope).document.querySelector(wanted)?.textContent ?? '', selector);
}

/** A past run: the current line's metrics moved by `shift`, dated `daysAgo` before it. */
function pastLine(current: HistoryLine, daysAgo: number, shift: number): HistoryLine {
  const date = new Date(Date.parse(current.date) - daysAgo * 86_400_000).toISOString();
  const metrics = Object.fromEntries(Object.entries(current.metrics).map(([name, value]) => [name, Math.max(0, Math.min(1, value - shift))]));
  return { ...current, commit: `${daysAgo}`.repeat(40).slice(0, 40), date, run_id: `past${daysAgo}`, metrics };
}

/** The headline metrics of a run, as the history records them (retrieval per provider, e2e rates). */
function currentLine(results: ResultsDocument): HistoryLine {
  const metrics: Record<string, number> = {};
  for (const provider of Object.values(results.retrieval?.providers ?? {})) {
    for (const [name, value] of Object.entries(provider.metrics ?? {})) if (HEADLINE.test(name)) metrics[`retrieval.${provider.name}.${name}`] = value;
  }
  if (results.e2e) {
    metrics['e2e.pass_rate'] = results.e2e.metrics.pass_rate;
    metrics['e2e.pass^k'] = results.e2e.metrics['pass^k'];
  }
  return { schema: 1, suite: results.suite.name, commit: 'c'.repeat(40), date: results.finished_at ?? results.started_at, run_id: results.run_id, status: results.status === 'complete' ? 'complete' : 'incomplete', metrics };
}

describe('report.html in Chromium', { timeout: 240_000, skip: noBrowser }, () => {
  let browser: Browser;
  let server: OpenAIServer;
  let example: Awaited<ReturnType<typeof runExample>>;
  before(async () => {
    browser = await launchBrowser();
    server = await startOpenAIServer({ apiKey: 'sk-test' });
    example = await runExample(server);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  test('run writes report.html after the gate, lists it, and copies it to --html FILE', () => {
    assert.match(example.stdout, /^results written to .*\(results\.json, report\.md, report\.html, junit\.xml, qrels\.trec/m);
    assert.match(example.stdout, new RegExp(`^report copied to ${example.copy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    const page = readFileSync(join(example.dir, 'report.html'), 'utf8');
    assert.equal(readFileSync(example.copy, 'utf8'), page);
    assert.ok(example.results.e2e && example.results.retrieval, 'both layers ran');
  });

  test("the example's report: loads clean and offline, every chart drawn with its marks, every section there, filters work", async (t) => {
    const opened = await openClean(t, browser, join(example.dir, 'report.html'), 'example');
    const drawn = await assertChartsDrawn(opened, example.results);
    t.diagnostic(`marks: ${JSON.stringify(drawn)}`);
    for (const section of ['#verdict', '#abilities', '#retrieval', '#tags', '#failures', '#missed', '#errors']) {
      assert.ok(await opened.page.$(section), `section ${section}`);
    }
    // The example has a gate: one row per condition of it, each saying its metric.
    const gateRows = await shownValues(opened.page, '#verdict tr[data-gate-condition]', 'data-gate-condition');
    assert.ok(gateRows.length >= 6, `gate rows: ${JSON.stringify(gateRows)}`);
    const verdict = await sectionText(opened, '#verdict');
    for (const metric of ['retrieval.ngram-vector.recall@5', 'e2e.pass_rate', 'e2e.ability.isolation.pass^k']) assert.ok(verdict.includes(metric), `#verdict names ${metric}`);
    // Each failing trial opens onto its case, the probe's reply and the reason.
    const failures = failing(example.trials);
    assert.ok(failures.length > 0, 'the scripted model fails some trials (none, at least)');
    const failureText = await sectionText(opened, '#failures');
    for (const trial of failures) assert.ok(failureText.includes(trial.case), `#failures shows ${trial.case}`);
    for (const line of await assertFilters(opened, example)) t.diagnostic(line);
    await opened.page.context().close();
  });

  test('the hostile fixture: every payload shown as text, nothing run, nothing loaded, charts and filters still work', async (t) => {
    const hostile = await hostileRun();
    const dir = tempDir('recall-gate-html-hostile-');
    const file = writeReports(dir, { markdown: '', html: renderHtmlReport(hostile), junit: '' });
    const opened = await openClean(t, browser, file, 'hostile');
    assert.deepEqual(await assertChartsDrawn(opened, hostile.results), {
      abilities: Object.fromEntries(HOSTILE_CONDITIONS.map((condition) => [condition, HOSTILE_ABILITIES.length])),
      retrieval: { [HOSTILE_PROVIDERS.ok]: HOSTILE_K.length + 3, [HOSTILE_PROVIDERS.broken]: HOSTILE_K.length + 3 },
      curve: { [HOSTILE_PROVIDERS.ok]: HOSTILE_K.length, [HOSTILE_PROVIDERS.broken]: HOSTILE_K.length },
    });
    const scope = await opened.page.evaluate(() => {
      const doc = (globalThis as unknown as PageScope).document;
      return {
        scripts: doc.querySelectorAll('script').length,
        injected: doc.querySelectorAll('img, svg, iframe, link, object, embed, a[href^="javascript:" i], [onerror], [onload]').length,
        text: doc.querySelector('body')?.textContent ?? '',
      };
    });
    assert.equal(scope.injected, 0, 'no element was made from a payload');
    // The payloads are there, as text: the failing trials' answers, the broken provider's error.
    assert.ok(scope.text.includes('<img src=x onerror="window.__pwned=1">'), 'the <img> payload shown as text');
    assert.ok(scope.text.includes('search refused: </script><script>window.__pwned=1</script>'), "the broken provider's error shown whole");
    for (const line of await assertFilters(opened, hostile)) t.diagnostic(line);
    // Filtering on a hostile name ran nothing either.
    assert.equal(await opened.page.evaluate(() => (globalThis as unknown as PageScope).__pwned), undefined);
    assert.deepEqual([opened.consoleErrors, opened.pageErrors, opened.requests], [[], [], [opened.url]]);
    t.diagnostic(`script elements: ${scope.scripts}`);
    await opened.page.context().close();
  });

  test('with a history of three earlier runs: one trend per headline metric, a point per run, the current run marked', async (t) => {
    const current = currentLine(example.results);
    const trend: Trend = { past: [pastLine(current, 21, 0.3), pastLine(current, 14, 0.2), pastLine(current, 7, 0.1)], current };
    const dir = tempDir('recall-gate-html-history-');
    const file = writeReports(dir, { markdown: '', html: renderHtmlReport({ results: example.results, trials: example.trials, trend }), junit: '' });
    const opened = await openClean(t, browser, file, 'history');
    const trends = await chartMarks(opened.page, '#trends canvas.trend[data-metric]');
    t.diagnostic(`trends: ${trends.map((chart) => `${chart.metric} ${chart.datasets.map((d) => d.marks).join('+')} marks, current ${chart.currentIndex}`).join('; ')}`);
    assert.deepEqual(trends.map((chart) => chart.metric).sort(), Object.keys(current.metrics).sort(), 'one trend per headline metric');
    for (const chart of trends) {
      assert.deepEqual(chart.datasets.map((dataset) => dataset.marks), [trend.past.length + 1], `${chart.metric}: one dataset, a point per history line plus this run`);
      assert.equal(chart.currentIndex, String(trend.past.length), `${chart.metric}: the current run is the last point`);
    }
    await opened.page.context().close();
  });
});
