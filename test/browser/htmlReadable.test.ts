/**
 * report.html read as people read it, in Chromium: it shows what report.md
 * shows, it holds at a phone's 360 px, a zero is a visible bar, rates are
 * drawn on 0-1, every chart says what it is above it, the filters count what
 * each choice would show, and the failures expected with memory off stand
 * apart from the real ones. On the golden run (test/report/htmlGoldenFixture.ts),
 * whose embedded data test/report/htmlGolden.test.ts pins.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { calibrationLine } from '../../src/e2e/judgeCalibration.js';
import type { TrialRecord } from '../../src/model/trial.js';
import { changesParts } from '../../src/report/changes.js';
import { costLines } from '../../src/report/costLines.js';
import { faultTableParts } from '../../src/report/faultTable.js';
import { recallQualityText, splitRunText } from '../../src/report/format.js';
import { graderTable, legend } from '../../src/report/graderTable.js';
import { harmParts } from '../../src/report/harmTable.js';
import { renderHtmlReport } from '../../src/report/html/render.js';
import { selectionText } from '../../src/report/selectionText.js';
import { stageLines } from '../../src/report/stageLines.js';
import { tagTables } from '../../src/report/tagTables.js';
import { crossUserText } from '../../src/report/isolation.js';
import { INTERVAL_DEFINITION } from '../../src/stats/bootstrap.js';
import { launchBrowser, noBrowser, type PageScope } from '../support/browser.js';
import { tempDir } from '../support/cli.js';
import { hostileRun } from '../support/hostileReport.js';
import { buildRun } from '../report/htmlFixtures.js';
import { GOLDEN_CASES, goldenInput } from '../report/htmlGoldenFixture.js';

/** What the page's script can reach, for the checks below (the test build has no DOM types). */
interface Box {
  top: number;
  bottom: number;
}
interface PageNode {
  hidden: boolean;
  open?: boolean;
  value: string;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  children: ArrayLike<PageNode>;
  firstElementChild: PageNode | null;
  closest(selector: string): PageNode | null;
  querySelector(selector: string): PageNode | null;
  querySelectorAll(selector: string): ArrayLike<PageNode>;
  getBoundingClientRect(): Box;
}
interface Scope {
  document: { scrollingElement: { scrollWidth: number }; body: PageNode; querySelectorAll(selector: string): ArrayLike<PageNode>; querySelector(selector: string): PageNode | null };
  Chart: { getChart(canvas: PageNode): { data: { datasets: { data: (number | null)[] }[] }; scales: Record<string, { min: number; max: number }>; getDatasetMeta(index: number): { data: { y: number; base: number }[] } } | undefined };
}

function write(html: string, name: string): string {
  const file = join(tempDir('recall-gate-html-readable-'), `${name}.html`);
  writeFileSync(file, html);
  return file;
}

async function open(browser: Browser, file: string, width: number): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`file://${file}`);
  await page.waitForFunction(() => (globalThis as unknown as PageScope).document.body.dataset.ready === 'true', undefined, { timeout: 30_000 });
  return { page, errors };
}

describe('report.html, read in Chromium', { timeout: 240_000, skip: noBrowser }, () => {
  let browser: Browser;
  const input = goldenInput();
  const e2e = input.results.e2e!;
  let golden: string;
  before(async () => {
    browser = await launchBrowser();
    golden = write(renderHtmlReport(input), 'golden');
  });
  after(async () => browser?.close());

  test('at 360 px wide the page never scrolls sideways: the golden run, the hostile run and 10,000-character names (wide tables scroll in their own box)', async (t) => {
    const long = 'x'.repeat(10_000);
    const pages = {
      golden,
      hostile: write(renderHtmlReport(await hostileRun()), 'hostile'),
      long: write(renderHtmlReport(buildRun({ e2e: { cases: 3, repeat: 1, turns: 1, passEvery: 2, text: () => long }, retrieval: { providers: ['short', long], queries: 3, depth: 5, foundEvery: 2, text: () => long } })), 'long'),
    };
    for (const [name, file] of Object.entries(pages)) {
      const { page, errors } = await open(browser, file, 360);
      const seen = await page.evaluate(() => {
        const doc = (globalThis as unknown as Scope).document;
        const boxes = Array.from(doc.querySelectorAll('.scroll')) as unknown as { scrollWidth: number; clientWidth: number }[];
        return { width: doc.scrollingElement.scrollWidth, scrolling: boxes.filter((box) => box.scrollWidth > box.clientWidth).length };
      });
      t.diagnostic(`${name}: page ${seen.width} px wide at 360, ${seen.scrolling} table(s) scroll in their box`);
      assert.deepEqual(errors, [], name);
      assert.ok(seen.width <= 360, `${name}: the page is ${seen.width} px wide at a 360 px window`);
      await page.context().close();
    }
  });

  test('a pass rate of 0 is a visible bar (a few pixels high), not a gap', async () => {
    const { page } = await open(browser, golden, 1280);
    const temporal = Object.keys(e2e.abilities).indexOf(GOLDEN_CASES.meeting.ability);
    const heights = await page.evaluate((at) => {
      const scope = globalThis as unknown as Scope;
      const chart = scope.Chart.getChart(scope.document.querySelector('canvas#chart-abilities')!)!;
      return chart.data.datasets.map((dataset, index) => ({ value: dataset.data[at], height: Math.abs(chart.getDatasetMeta(index).data[at]!.base - chart.getDatasetMeta(index).data[at]!.y) }));
    }, temporal);
    assert.deepEqual(heights.map((bar) => bar.value), [0, 0, 0, 0], 'temporal fails under every condition');
    for (const bar of heights) assert.ok(bar.height >= 3, `a zero bar ${bar.height} px high`);
    await page.context().close();
  });

  test('every rate is drawn on a 0-1 axis (trends of errors and cost are not rates)', async () => {
    const { page } = await open(browser, golden, 1280);
    const axes = await page.evaluate(() => {
      const scope = globalThis as unknown as Scope;
      return Array.from(scope.document.querySelectorAll('canvas')).map((canvas) => {
        const scale = scope.Chart.getChart(canvas)!.scales.y!;
        return [canvas.dataset.metric ?? (canvas as unknown as { id: string }).id, scale.min, scale.max] as const;
      });
    });
    const rates = axes.filter(([name]) => !/^e2e\.(errors|cost_usd)$/.test(name));
    assert.deepEqual(rates.map(([name]) => name), ['chart-abilities', 'chart-retrieval', 'chart-recall-curve', 'e2e.pass_rate', 'retrieval.vector.mrr']);
    for (const [name, min, max] of rates) assert.deepEqual([min, max], [0, 1], name);
    for (const [name, min, max] of axes.filter(([name]) => /^e2e\.(errors|cost_usd)$/.test(name))) assert.ok(min === 0 && max !== 1, `${name}: ${min}-${max}`);
    await page.context().close();
  });

  test("each chart's caption is above it", async () => {
    const { page } = await open(browser, golden, 1280);
    const charts = await page.evaluate(() =>
      Array.from((globalThis as unknown as Scope).document.querySelectorAll('canvas')).map((canvas) => {
        const caption = canvas.closest('figure')?.querySelector('figcaption');
        return { caption: caption?.textContent ?? null, first: canvas.closest('figure')?.firstElementChild === caption, above: caption ? caption.getBoundingClientRect().bottom <= canvas.getBoundingClientRect().top : false };
      }),
    );
    assert.equal(charts.length, 7);
    for (const chart of charts) assert.deepEqual([chart.first, chart.above, (chart.caption ?? '').length > 0], [true, true, true], JSON.stringify(chart));
    assert.ok(charts.some((chart) => chart.caption === 'pass rate (all): 0.300 → 0.450 over 4 runs'));
    await page.context().close();
  });

  test('each filter option counts the failing trials it would show with the other filters as they are (missed queries for a provider), and the section counts follow', async () => {
    const { page } = await open(browser, golden, 1280);
    const failing = input.trials.filter((trial) => trial.status === 'fail');
    const abilityOf = (trial: TrialRecord) => e2e.cases[trial.case]!.ability;
    const fits = (trial: TrialRecord, chosen: Record<string, string>) =>
      (chosen.ability === '' || abilityOf(trial) === chosen.ability) && (chosen.condition === '' || trial.condition === chosen.condition) && (chosen.stage === '' || (trial.stage ?? '') === chosen.stage);
    const expectedNone = (trial: TrialRecord) => trial.condition === 'none' && e2e.cases[trial.case]!.needs_memory !== false;
    const options = (key: string) => page.evaluate((id) => Array.from((globalThis as unknown as Scope).document.querySelectorAll(`select#filter-${id} option`)).map((option) => [option.value, option.textContent ?? '']), key);
    let checked = 0;
    for (const ability of ['', ...Object.keys(e2e.abilities)]) {
      for (const condition of ['', ...e2e.conditions]) {
        await page.selectOption('select#filter-ability', ability);
        await page.selectOption('select#filter-condition', condition);
        const chosen = { ability, condition, stage: '' };
        for (const key of ['ability', 'condition', 'stage'] as const) {
          for (const [value, text] of await options(key)) {
            const count = failing.filter((trial) => fits(trial, { ...chosen, [key]: value! })).length;
            assert.match(text!, new RegExp(`\\(${count}\\)$`), `${key} option ${value} with ability "${ability}", condition "${condition}": ${text}`);
            checked++;
          }
        }
        const heading = await page.evaluate(() => {
          const doc = (globalThis as unknown as Scope).document;
          return [doc.querySelector('#failures > h3')?.textContent ?? '', doc.querySelector('#failures-expected > summary')?.textContent ?? ''];
        });
        const shown = failing.filter((trial) => fits(trial, chosen));
        // The count and its noun change together as filters change: "1 failing trial", "2 failing trials".
        const failingTrials = (count: number) => `${count} failing trial${count === 1 ? '' : 's'} `;
        assert.ok(heading[0]!.startsWith(`To look at: ${failingTrials(shown.filter((trial) => !expectedNone(trial)).length).trimEnd()},`), heading[0]);
        assert.ok(heading[1]!.includes(`: ${failingTrials(shown.filter(expectedNone).length)}under none`), heading[1]);
      }
    }
    // A provider's count is of its missed queries.
    await page.selectOption('select#filter-ability', '');
    await page.selectOption('select#filter-condition', '');
    const missed = Object.fromEntries(Object.values(input.results.retrieval!.providers).map((provider) => [provider.name, provider.queries.filter((query) => (query.metrics['recall@5'] ?? 0) < 1).length]));
    assert.deepEqual(await options('provider'), [['', `all (${missed.keyword! + missed.vector!})`], ['keyword', `keyword (${missed.keyword})`], ['vector', `vector (${missed.vector})`]]);
    assert.ok(checked > 100, `${checked} option counts checked`);
    await page.context().close();
  });

  test('failures under none of cases that need memory stand apart, folded; a case that needs no memory failing there is a real failure', async () => {
    const { page } = await open(browser, golden, 1280);
    const seen = await page.evaluate(() => {
      const doc = (globalThis as unknown as Scope).document;
      const keys = (selector: string) => Array.from(doc.querySelectorAll(`${selector} details.failure > summary`)).map((summary) => (summary.textContent ?? '').replace(/^(misread|not stored|not recalled|obsolete recalled|stage unknown)/, '').split(' · ').slice(0, 2).join(' '));
      const groups = (selector: string) => Array.from(doc.querySelectorAll(`${selector} .failure-group > h3`)).map((heading) => heading.textContent ?? '');
      return { real: keys('#failures-real'), expected: keys('#failures-expected'), folded: doc.querySelector('#failures-expected')!.open === false, groups: groups('#failures-real').slice(0, 2), expectedGroups: groups('#failures-expected') };
    });
    assert.deepEqual(seen.expected, ['pasta none #1', 'pasta none #2', 'budget none #1', 'budget none #2', 'meeting none #1', 'meeting none #2']);
    assert.ok(seen.real.includes('greeting none #1'), JSON.stringify(seen.real));
    assert.ok(!seen.real.some((key) => /^(pasta|budget|meeting) none/.test(key)), JSON.stringify(seen.real));
    assert.equal(seen.real.length, 13);
    assert.equal(seen.folded, true, 'the expected failures are folded');
    assert.deepEqual(seen.groups, ['pasta · recall: 1 of 2 trials failed · preference (1 not stored)', 'budget · recall: 2 of 2 trials failed · knowledge-update (2 obsolete recalled)']);
    assert.deepEqual(seen.expectedGroups, ['pasta · none: 2 of 2 trials failed · preference', 'budget · none: 2 of 2 trials failed · knowledge-update', 'meeting · none: 2 of 2 trials failed · temporal']);
    await page.context().close();
  });

  test("everything report.md says is on the page: the same sentences and the same table rows, from the same helpers", async () => {
    const { page, errors } = await open(browser, golden, 1280);
    const { text, rows } = await page.evaluate(() => {
      const doc = (globalThis as unknown as Scope).document;
      return { text: doc.body.textContent ?? '', rows: Array.from(doc.querySelectorAll('tr')).map((tr) => JSON.stringify(Array.from(tr.children).map((cell) => cell.textContent ?? ''))) };
    });
    assert.deepEqual(errors, []);
    const retrieval = input.results.retrieval!;
    const sentences = [
      splitRunText(input.results.split)!.slice(1),
      selectionText(input.results)!.slice(1),
      INTERVAL_DEFINITION,
      ...costLines(e2e),
      recallQualityText(e2e)!.slice(1),
      calibrationLine(e2e.judge_calibration!),
      ...stageLines(e2e, (name) => name),
      ...harmParts(e2e)!.sentences,
      ...harmParts(e2e)!.hits,
      faultTableParts(e2e)!.intro.slice(1),
      legend(e2e.headline_condition),
      ...graderTable(e2e, (name) => name)!.notes,
      crossUserText(retrieval.providers.keyword!.isolation!.cross_user[0]!, (name) => name),
      `${e2e.tokens.input} in, ${e2e.tokens.output} out`,
      `${retrieval.memory_count} memories, ${retrieval.query_count} queries, top ${retrieval.depth} per search`,
      'city passed with memory off',
      input.results.errors[0]!,
      ...changesParts(input.results.changes!).summary,
    ];
    for (const sentence of sentences) assert.ok(text.includes(sentence), `the page does not say: ${sentence}`);
    const tables = [...graderTable(e2e, (name) => name)!.rows, ...faultTableParts(e2e)!.rows, ...harmParts(e2e)!.rows.map((row) => row.cells), ...tagTables(retrieval, (name) => name).flatMap((table) => table.rows)];
    for (const row of tables) assert.ok(rows.includes(JSON.stringify(row)), `no table row ${JSON.stringify(row)}`);
    await page.context().close();
  });
});
