/**
 * A real browser for report.html: Debian's Chromium (/usr/bin/chromium, which
 * .ci/run installs) driven by playwright-core, which downloads no browser of
 * its own. A page opened here records everything a test asserts on: console
 * errors, uncaught page errors, every request it made (and a route that lets
 * only the page's own file through), and a full-page screenshot.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests are skipped here, or false: without Chromium they skip on a newcomer's machine, and fail in CI (CI=true), which installs it. */
export const noBrowser: string | false = existsSync(CHROMIUM) || process.env.CI ? false : `${CHROMIUM} is not installed: apt-get install chromium (.ci/run does)`;

/** How long a page may take to say it has drawn every chart: a deadline against a hang, not a speed check. */
const READY_DEADLINE_MS = 30_000;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
  // --no-sandbox: containers here run as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

export interface ReportPage {
  page: Page;
  url: string;
  /** console.error messages and console messages of type error (CSP refusals among them). */
  consoleErrors: string[];
  /** Exceptions the page's scripts threw and nobody caught. */
  pageErrors: string[];
  /** Every request the page made, its own file included, in order. */
  requests: string[];
  /** Content-Security-Policy violations the page reported (each "directive: blocked URI"). */
  cspViolations: string[];
  /** The full-page screenshot, written once the page said it was ready. */
  screenshot: string;
}

/**
 * Opens `file` in a fresh context, waits for `document.body.dataset.ready`
 * (every chart drawn), writes a full-page screenshot to `screenshot` and
 * returns the page with what it logged and asked for. Any request other than
 * the file itself is recorded and refused, so nothing leaves the machine.
 */
export async function openReport(browser: Browser, file: string, screenshot: string): Promise<ReportPage> {
  const url = pathToFileURL(file).href;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const opened: ReportPage = { page, url, consoleErrors: [], pageErrors: [], requests: [], cspViolations: [], screenshot };
  page.on('console', (message) => {
    if (message.type() === 'error') opened.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => opened.pageErrors.push(error.message));
  page.on('request', (request) => opened.requests.push(request.url()));
  await context.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));
  // Runs before the page's own scripts (injected by the browser, not subject to the page's CSP).
  await page.addInitScript(() => {
    const scope = globalThis as unknown as { __csp: string[]; document: { addEventListener(type: string, listener: (event: { violatedDirective: string; blockedURI: string }) => void): void } };
    scope.__csp = [];
    scope.document.addEventListener('securitypolicyviolation', (event) => scope.__csp.push(`${event.violatedDirective}: ${event.blockedURI}`));
  });
  await page.goto(url, { waitUntil: 'load' });
  try {
    await page.waitForFunction(() => (globalThis as unknown as PageScope).document.body.dataset.ready === 'true', undefined, { timeout: READY_DEADLINE_MS });
  } catch (error) {
    throw new Error(`${file} never set body[data-ready] (console errors: ${JSON.stringify(opened.consoleErrors)}, page errors: ${JSON.stringify(opened.pageErrors)})`, { cause: error });
  }
  opened.cspViolations = await page.evaluate(() => (globalThis as unknown as { __csp: string[] }).__csp);
  await page.screenshot({ path: screenshot, fullPage: true });
  return opened;
}

/** The parts of the page's globals the tests read (the test build has no DOM types). */
export interface PageScope {
  document: {
    body: { dataset: Record<string, string | undefined> };
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
  };
  Chart: {
    getChart(canvas: PageElement): ChartInstance | undefined;
  };
  __pwned?: unknown;
}

export interface PageElement {
  hidden: boolean;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  getAttribute(name: string): string | null;
}

export interface ChartInstance {
  data: { datasets: { label?: string; data: unknown[] }[]; labels?: unknown[] };
  getDatasetMeta(index: number): { data: unknown[] };
  isDatasetVisible(index: number): boolean;
}

/** What a chart on the page drew: per dataset its label, its marks and whether it is shown. */
export interface ChartMarks {
  selector: string;
  datasets: { label: string; marks: number; visible: boolean }[];
  metric?: string;
  currentIndex?: string;
}

/** Every chart matching `selector`, counted with Chart.getChart(canvas).getDatasetMeta(i).data.length. */
export async function chartMarks(page: Page, selector: string): Promise<ChartMarks[]> {
  return page.evaluate((wanted) => {
    const scope = globalThis as unknown as PageScope;
    return Array.from(scope.document.querySelectorAll(wanted)).map((canvas) => {
      const chart = scope.Chart.getChart(canvas);
      if (!chart) return { selector: wanted, datasets: [], metric: canvas.dataset.metric, currentIndex: canvas.dataset.currentIndex };
      return {
        selector: wanted,
        metric: canvas.dataset.metric,
        currentIndex: canvas.dataset.currentIndex,
        datasets: chart.data.datasets.map((dataset, index) => ({ label: String(dataset.label ?? ''), marks: chart.getDatasetMeta(index).data.length, visible: chart.isDatasetVisible(index) })),
      };
    });
  }, selector);
}

/** The values of `attribute` on the elements matching `selector` that are shown (no `hidden` attribute). */
export async function shownValues(page: Page, selector: string, attribute: string): Promise<string[]> {
  return page.evaluate(
    ([wanted, name]) =>
      Array.from((globalThis as unknown as PageScope).document.querySelectorAll(wanted))
        .filter((element) => !element.hidden)
        .map((element) => element.getAttribute(name) ?? ''),
    [selector, attribute] as const,
  );
}
