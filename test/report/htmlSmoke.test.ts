/**
 * One look in a real browser at the page this part renders (the full browser
 * suite is test/browser/): the hostile run draws every chart under its CSP
 * with no console error, no request and nothing of the data run as script.
 */
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { renderHtmlReport } from '../../src/report/html/render.js';
import { tempDir } from '../support/cli.js';
import { hostileInput } from './htmlFixtures.js';

const CHROMIUM = '/usr/bin/chromium';

test('the hostile report draws in Chromium with no CSP violation, no request, and runs none of its data', { skip: existsSync(CHROMIUM) ? false : `${CHROMIUM} is not installed (.ci/run installs it)`, timeout: 60_000 }, async () => {
  const input = hostileInput();
  const file = join(tempDir('recall-gate-html-'), 'report.html');
  writeFileSync(file, renderHtmlReport(input));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
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
