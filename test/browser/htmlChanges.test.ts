/**
 * What changed against the baseline on report.html, in Chromium: the section
 * right after the verdict, regressions before improvements, rows following
 * the filters, "and N more" when cut, and hostile query text shown as text;
 * then the paired tests, as compare prints them.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { changesAgainst } from '../../src/gate/changes.js';
import { renderHtmlReport, type HtmlReportInput } from '../../src/report/html/render.js';
import { launchBrowser, noBrowser, openReport, type PageScope } from '../support/browser.js';
import { tempDir } from '../support/cli.js';
import { buildRun, hostile } from '../report/htmlFixtures.js';
import { goldenInput } from '../report/htmlGoldenFixture.js';

interface Scope {
  __pwned?: unknown;
  document: { querySelectorAll(selector: string): ArrayLike<{ id: string; hidden: boolean; textContent: string | null; closest(selector: string): { hidden: boolean } | null }> };
}

async function open(browser: Browser, input: HtmlReportInput, name: string): Promise<Page> {
  const file = join(tempDir('recall-gate-html-changes-'), `${name}.html`);
  writeFileSync(file, renderHtmlReport(input));
  const opened = await openReport(browser, file, file.replace(/\.html$/, '.png'));
  assert.deepEqual([opened.consoleErrors, opened.pageErrors, opened.cspViolations], [[], [], []]);
  return opened.page;
}

/** The rows of the changes section as shown: its list's id, and the row's text; hidden ones left out. */
function shownRows(page: Page): Promise<[string, string][]> {
  return page.evaluate(() =>
    Array.from((globalThis as unknown as Scope).document.querySelectorAll('#changes li'))
      .filter((item) => !item.hidden)
      .map((item) => [(item.closest('.part') as unknown as { id: string }).id, (item.textContent ?? '').split(':')[0]!] as [string, string]),
  );
}

describe('report.html: what changed against the baseline, in Chromium', { timeout: 180_000, skip: noBrowser }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());

  test('right after the verdict: regressions, then improvements, most important first; the filters hide the rows of other cases and providers', async () => {
    const page = await open(browser, goldenInput(), 'golden');
    const sections = await page.evaluate(() => Array.from((globalThis as unknown as Scope).document.querySelectorAll('main > section')).map((section) => section.id));
    assert.deepEqual(sections.slice(0, 4), ['verdict', 'changes', 'paired', 'abilities']);
    const paired = await page.evaluate(() => (globalThis as unknown as Scope).document.querySelectorAll('#paired pre')[0]?.textContent ?? '');
    assert.match(paired, /^ {2}all: 5 shared cases; exact McNemar: b=1 pass->fail, c=1 fail->pass \(n=2\), p=1\.000$/m);
    const headings = await page.evaluate(() => Array.from((globalThis as unknown as Scope).document.querySelectorAll('#changes h3')).map((heading) => heading.textContent));
    assert.deepEqual(headings, ['Regressions (4)', 'Improvements (5)']);
    assert.deepEqual(await shownRows(page), [
      ['changes-regressions', 'case meeting under oracle (temporal)'],
      ['changes-regressions', 'case pasta under recall (preference)'],
      ['changes-regressions', 'keyword query q3 topic 3 "query 3'],
      ['changes-regressions', 'vector query q3 topic 3 "query 3'],
      ['changes-improvements', 'case city under recall (preference)'],
      ['changes-improvements', 'keyword query q2 topic 2 "query 2'],
      ['changes-improvements', 'keyword query q4 topic 4 "query 4'],
      ['changes-improvements', 'vector query q2 topic 2 "query 2'],
      ['changes-improvements', 'vector query q4 topic 4 "query 4'],
    ]);
    await page.selectOption('select#filter-provider', 'keyword');
    assert.ok((await shownRows(page)).every(([, row]) => !row.startsWith('vector')), 'vector rows hidden under keyword');
    await page.selectOption('select#filter-provider', '');
    await page.selectOption('select#filter-condition', 'oracle');
    assert.deepEqual((await shownRows(page)).filter(([, row]) => row.startsWith('case')), [['changes-regressions', 'case meeting under oracle (temporal)']]);
    await page.context().close();
  });

  test('a long list is cut with "and N more", and hostile query text is shown as text, never run', async () => {
    const shape = (foundEvery: number) => buildRun({ retrieval: { providers: ['a'], queries: 130, depth: 5, foundEvery, text: hostile } }).results;
    const [baseline, now] = [shape(1), shape(1000)];
    now.changes = changesAgainst(baseline, now);
    const page = await open(browser, { results: now, trials: [] }, 'cut');
    const seen = await page.evaluate(() => {
      const scope = globalThis as unknown as Scope & PageScope;
      return {
        rows: scope.document.querySelectorAll('#changes li').length,
        more: Array.from(scope.document.querySelectorAll('#changes p.note')).map((note) => note.textContent).at(-1),
        text: Array.from(scope.document.querySelectorAll('#changes li')).map((item) => item.textContent ?? '').join('\n'),
        injected: scope.document.querySelectorAll('#changes img, #changes script, #changes iframe, [onerror]').length,
        pwned: scope.__pwned,
      };
    });
    assert.equal(seen.rows, 100);
    assert.equal(seen.more, '… and 29 more regressions (results.json: changes)');
    assert.ok(seen.text.includes('<script>window.__pwned = 1</script>'), 'the hostile query text is shown as text');
    assert.deepEqual([seen.injected, seen.pwned], [0, undefined]);
    await page.context().close();
  });
});
