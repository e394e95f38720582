/**
 * One look in a real browser at the page this part renders (the full browser
 * suite is test/browser/): the hostile run draws every chart under its CSP
 * with no console error, no request and nothing of the data run as script.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { launchBrowser, noBrowser } from '../support/browser.js';
import { renderHtmlReport } from '../../src/report/html/render.js';
import { tempDir } from '../support/cli.js';
import { buildRun, hostileInput } from './htmlFixtures.js';


test('the hostile report draws in Chromium with no CSP violation, no request, and runs none of its data', { skip: noBrowser, timeout: 60_000 }, async () => {
  const input = hostileInput();
  const file = join(tempDir('recall-gate-html-'), 'report.html');
  writeFileSync(file, renderHtmlReport(input));
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`file://${file}`);
    await page.waitForFunction("document.body.dataset.ready === 'true'", null, { timeout: 20_000 });
    // Runs in the page (a string: this program has no DOM types).
    const seen = (await page.evaluate(`(() => {
      const marks = (canvas) => { const chart = Chart.getChart(canvas); return chart.data.datasets.map((_, index) => chart.getDatasetMeta(index).data.length); };
      return {
        pwned: window.__pwned,
        images: document.images.length,
        sections: [...document.querySelectorAll('main > section')].map((section) => section.id),
        abilities: marks(document.getElementById('chart-abilities')),
        retrieval: marks(document.getElementById('chart-retrieval')),
        curve: marks(document.getElementById('chart-recall-curve')),
        trends: [...document.querySelectorAll('canvas.trend')].map((canvas) => [canvas.dataset.currentIndex, marks(canvas)[0]]),
        failures: document.querySelectorAll('details.failure').length,
        gate: document.querySelectorAll('tr[data-gate-condition]').length,
        caseName: document.querySelector('details.failure summary')?.textContent,
      };
    })()`)) as { pwned: unknown; images: number; sections: string[]; abilities: number[]; retrieval: number[]; curve: number[]; trends: [string, number][]; failures: number; gate: number; caseName?: string };
    await page.screenshot({ path: file.replace(/\.html$/, '.png'), fullPage: true });
    assert.deepEqual(problems, [], 'console errors (a CSP violation is one)');
    assert.deepEqual(requests, [`file://${file}`], 'the page asked for something besides itself');
    assert.equal(seen.pwned, undefined, 'text from the data ran as script');
    assert.equal(seen.images, 0, 'text from the data became an <img>');
    assert.deepEqual(seen.sections, ['verdict', 'abilities', 'retrieval', 'tags', 'failures', 'missed', 'errors', 'trends']);
    assert.deepEqual(seen.abilities, [4, 4, 4], 'a bar per ability under each of recall, none, oracle');
    assert.deepEqual(seen.retrieval, [6, 6], 'a bar per headline metric for each provider');
    assert.deepEqual(seen.curve, [3, 3], 'a point per k for each provider');
    assert.deepEqual(seen.trends, [['5', 6], ['5', 6]], 'five past runs and this one');
    assert.equal(seen.failures, input.trials.filter((trial) => trial.status === 'fail').length);
    assert.equal(seen.gate, 2);
    assert.ok(seen.caseName?.includes('<script>window.__pwned = 1</script>'), `the case name is shown as text: ${seen.caseName}`);
  } finally {
    await browser.close();
  }
});

test('10,000-character names and texts wrap: the page stays as wide as the window, the charts keep every label, and a filter on a long name still picks its dataset', { skip: noBrowser, timeout: 60_000 }, async () => {
  const long = 'x'.repeat(10_000);
  // The text reaches case and ability names, messages, tool calls and artifact paths; one provider is named by it.
  const input = buildRun({ e2e: { cases: 4, repeat: 1, turns: 1, passEvery: 2, text: () => long }, retrieval: { providers: ['short', long], queries: 4, depth: 5, foundEvery: 2, text: () => long } });
  const file = join(tempDir('recall-gate-html-'), 'report.html');
  writeFileSync(file, renderHtmlReport(input));
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`file://${file}`);
    await page.waitForFunction("document.body.dataset.ready === 'true'", null, { timeout: 20_000 });
    await page.selectOption('select#filter-provider', long);
    const seen = (await page.evaluate(`(() => {
      const chart = Chart.getChart(document.getElementById('chart-retrieval'));
      return {
        width: document.documentElement.scrollWidth,
        visible: chart.data.datasets.map((_, index) => chart.isDatasetVisible(index)),
        longest: Math.max(...chart.data.datasets.map((dataset) => dataset.label.length), ...Chart.getChart(document.getElementById('chart-abilities')).data.labels.map((label) => label.length)),
      };
    })()`)) as { width: number; visible: boolean[]; longest: number };
    await page.screenshot({ path: file.replace(/\.html$/, '.png'), fullPage: true });
    assert.equal(seen.width, 1280, 'the page is wider than the window');
    // With no retrieval layer there is no k to name.
    const e2eOnly = join(tempDir('recall-gate-html-'), 'report.html');
    writeFileSync(e2eOnly, renderHtmlReport(buildRun({ e2e: { cases: 2, repeat: 1, turns: 1, passEvery: 2, text: String } })));
    await page.goto(`file://${e2eOnly}`);
    await page.waitForFunction("document.body.dataset.ready === 'true'", null, { timeout: 20_000 });
    assert.equal(await page.evaluate("document.querySelector('#missed h2').textContent"), 'Missed queries');
    assert.deepEqual(seen.visible, [false, true], 'the long-named provider alone');
    assert.ok(seen.longest <= 60, `a chart label of ${seen.longest} characters`);
  } finally {
    await browser.close();
  }
});
