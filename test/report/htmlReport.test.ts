import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { capText } from '../../src/e2e/storedText.js';
import { HTML_LIMITS, reportData, type ReportData } from '../../src/report/html/data.js';
import { renderHtmlReport } from '../../src/report/html/render.js';
import { embeddedBytes } from '../../src/report/html/scriptJson.js';
import { buildRun, HOSTILE, hostileInput, trendOf, verdictOf } from './htmlFixtures.js';

/** The data block's text as the browser reads it: a script element ends at the first `</script`, whatever it is inside. */
function dataBlock(html: string): string {
  const match = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script/i.exec(html);
  assert.ok(match, 'no report-data block');
  return match[1]!;
}

/** Every <script> and <style> element's text, with the tag's attributes. */
function blocks(html: string, tag: 'script' | 'style'): { attrs: string; text: string }[] {
  return [...html.matchAll(new RegExp(`<${tag}([^>]*)>([\\s\\S]*?)</${tag}`, 'gi'))].map((match) => ({ attrs: match[1]!, text: match[2]! }));
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('report.html', () => {
  test('hostile text appears only inside the data block, escaped, and the block reads back to the same data', () => {
    const input = hostileInput();
    const html = renderHtmlReport(input);
    const block = dataBlock(html);
    assert.ok(!block.includes('<'), 'a < in the data block');
    assert.ok(!/[\u2028\u2029]/.test(block), 'a raw line or paragraph separator in the data block');
    assert.deepEqual(JSON.parse(block), JSON.parse(JSON.stringify(reportData(input))), 'the block does not read back to the data');
    // The hostile strings reached the data: the check below is not vacuous.
    const data = JSON.parse(block) as ReportData;
    assert.ok(data.failures.shown.some((failure) => failure.answer.includes(HOSTILE[1]!)));
    assert.ok(data.failures.shown.some((failure) => failure.invocations.shown.some((turn) => turn.tool_calls?.shown[0]?.name.includes(HOSTILE[2]!))));

    const outside = html.replace(block, '');
    for (const text of HOSTILE) assert.ok(!outside.includes(text), `raw outside the data block: ${JSON.stringify(text)}`);
    for (const marker of ['__pwned', 'onerror', 'evil.example', 'quote "', '\u2028', '\u2029']) assert.ok(!outside.includes(marker), `outside the data block: ${JSON.stringify(marker)}`);
    // Exactly our three scripts (data, Chart.js, the page) and no inline handler anywhere in the markup.
    assert.equal(blocks(html, 'script').length, 3);
    assert.doesNotMatch(outside.replace(/<script>[\s\S]*?<\/script>/g, ''), /\son[a-z]+\s*=/i);
  });

  test('the CSP allows exactly the inline scripts and the style, by hash, and nothing remote', () => {
    const html = renderHtmlReport(hostileInput());
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
    assert.ok(csp, 'no CSP meta');
    const directives = Object.fromEntries(csp.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    assert.deepEqual(directives['default-src'], ["'none'"]);
    assert.deepEqual(directives['img-src'], ['data:']);
    const scripts = blocks(html, 'script').filter((block) => !block.attrs.includes('application/json'));
    assert.deepEqual([...directives['script-src']!].sort(), scripts.map((block) => sha(block.text)).sort());
    assert.deepEqual(directives['style-src'], blocks(html, 'style').map((block) => sha(block.text)));
    assert.ok(!csp.includes('unsafe'), csp);
    // The CSP must come before anything it governs.
    assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<style'));
  });

  test('no http: or https: address outside the data, but for Chart.js\'s license comments', () => {
    const html = renderHtmlReport(hostileInput());
    const code = html.replace(dataBlock(html), '').replace(/\/\*![\s\S]*?\*\//g, '');
    assert.doesNotMatch(code, /https?:/i);
    assert.match(html, /Chart\.js v4\.6\.1/, 'Chart.js is inlined');
  });

  test('sections follow the layers that ran: retrieval only, e2e only, with and without a gate and a trend', () => {
    const retrievalOnly = reportData({ ...buildRun({ retrieval: { providers: ['a', 'b'], queries: 6, depth: 5, foundEvery: 2, text: String } }) });
    assert.equal(retrievalOnly.abilities, undefined);
    assert.equal(retrievalOnly.verdict, undefined);
    assert.equal(retrievalOnly.trends, undefined);
    assert.deepEqual(retrievalOnly.retrieval!.providers.map((provider) => provider.curve.length), [3, 3], 'one recall@k point per k');
    assert.deepEqual(retrievalOnly.missed.providers.map((provider) => provider.total), [3, 3]);
    assert.deepEqual(retrievalOnly.filters, { abilities: [], conditions: [], providers: ['a', 'b'] });
    assert.deepEqual(retrievalOnly.failures, { shown: [], total: 0, more: 0 });

    const e2eOnly = reportData({ ...buildRun({ e2e: { cases: 4, repeat: 1, turns: 1, passEvery: 2, text: String } }), verdict: verdictOf(['e2e.pass_rate'], 'n'), trend: trendOf(3, ['e2e.pass_rate', 'retrieval.a.mrr']) });
    assert.equal(e2eOnly.retrieval, undefined);
    assert.deepEqual(e2eOnly.tags.parts, []);
    assert.deepEqual(e2eOnly.missed.providers, []);
    assert.deepEqual(e2eOnly.abilities!.conditions, ['recall', 'none', 'oracle']);
    // One bar per ability (and the "all" row for the table), lift and gap as the comment computes them.
    assert.deepEqual(e2eOnly.abilities!.rows.map((row) => row.ability), ['ability 0 0', 'ability 1 1', 'ability 2 2', 'ability 3 3', 'all']);
    assert.deepEqual(e2eOnly.abilities!.liftGapHeader, ['lift (recall − none)', 'gap (oracle − recall)']);
    assert.equal(e2eOnly.verdict!.rows[0]!.interval, '[-0.200, +0.050]');
    assert.deepEqual(e2eOnly.trends!.labels, ['c0abcde', 'c1abcde', 'c2abcde', 'this run']);
    assert.equal(e2eOnly.trends!.currentIndex, 3);
    assert.deepEqual(e2eOnly.trends!.metrics.map((metric) => [metric.metric, metric.provider, metric.values.length]), [['e2e.pass_rate', undefined, 4], ['retrieval.a.mrr', 'a', 4]]);
    // Failing trials of the headline condition come first.
    assert.equal(e2eOnly.failures.shown[0]!.condition, 'recall');
    assert.ok(e2eOnly.failures.shown.some((failure) => failure.condition === 'none'));
  });

  test('a LoCoMo-sized run stays a few MB: lists and texts are cut, with counts of what was left out', (t) => {
    // LoCoMo's turns are a sentence or two: about 200 characters each.
    const long = (index: number) => `${'turn text '.repeat(20)}${index}`;
    const run = buildRun({
      e2e: { cases: 200, repeat: 1, turns: 300, passEvery: 2, text: long },
      retrieval: { providers: ['keyword', 'vector'], queries: 2000, depth: 10, foundEvery: 3, text: (index) => `what did we say about topic ${index}?` },
    });
    const html = renderHtmlReport({ ...run, trend: trendOf(199, Object.keys(run.results.retrieval!.providers).map((name) => `retrieval.${name}.mrr`)) });
    const bytes = Buffer.byteLength(html);
    t.diagnostic(`LoCoMo-sized report.html: ${bytes} bytes (${run.trials.length} trials, ${run.trials.filter((trial) => trial.status === 'fail').length} failing; 2 providers x 2000 queries)`);
    assert.ok(bytes < 4_000_000, `${bytes} bytes`);
    const data = JSON.parse(dataBlock(html)) as ReportData;
    t.diagnostic(`shown: ${data.failures.shown.length} of ${data.failures.total} failing trials, ${data.missed.providers.map((provider) => `${provider.shown.length} of ${provider.total}`).join(' and ')} missed queries`);
    assert.ok(data.failures.shown.length > 0 && data.failures.shown.length <= HTML_LIMITS.failures);
    assert.equal(data.failures.shown.length + data.failures.more, data.failures.total);
    for (const failure of data.failures.shown) {
      assert.equal(failure.invocations.shown.length, HTML_LIMITS.sessionTurns + 1, 'the first turns and the probe');
      assert.equal(failure.invocations.more, 300 - HTML_LIMITS.sessionTurns);
      assert.equal(failure.invocations.shown.at(-1)!.kind, 'probe');
      for (const turn of failure.invocations.shown) assert.ok(Buffer.byteLength(turn.message) <= HTML_LIMITS.text + 40, 'a message is capped');
    }
    assert.equal(data.failures.shown[0]!.invocations.shown[0]!.message, capText(run.trials.find((trial) => trial.status === 'fail')!.invocations[0]!.message, HTML_LIMITS.text));
    for (const provider of data.missed.providers) {
      assert.ok(provider.shown.length > 0 && provider.shown.length <= HTML_LIMITS.missedPerProvider);
      assert.equal(provider.total, 1333);
      assert.equal(provider.shown.length + provider.more, provider.total);
    }
  });

  test('errored trials are listed once per reason, naming the first three trials, after the run\'s own problems', () => {
    const run = buildRun({ e2e: { cases: 4, repeat: 1, turns: 1, passEvery: 1, text: String }, errors: ['e2e: 32 trials ended in an error'] });
    const cannotStart = 'the adapter could not start: `python3` was not found on PATH (install it, or give the full path)';
    run.results.e2e!.errors = [
      ...Array.from({ length: 30 }, (_, index) => ({ key: `case ${index}|recall|1`, reason: cannotStart })),
      { key: 'case 30|recall|1', reason: 'the agent did not answer within 60 s' },
      { key: 'case 31|recall|1', reason: 'the agent did not answer within 60 s' },
    ];
    const data = reportData(run);
    assert.deepEqual(data.errors.shown, [
      { reason: 'e2e: 32 trials ended in an error' },
      { trials: '30 trials (case 0|recall|1, case 1|recall|1, case 2|recall|1, ...)', reason: cannotStart },
      { trials: '2 trials (case 30|recall|1, case 31|recall|1)', reason: 'the agent did not answer within 60 s' },
    ]);
    assert.equal(data.errors.more, 0);
    // The heading counts what went wrong, not the entries: "Errors (1 problem, 32 errored trials)".
    assert.deepEqual([data.errors.problems, data.errors.erroredTrials], [1, 32]);
    const html = renderHtmlReport(run);
    assert.equal(html.split('could not start').length - 1, 1, 'the reason is embedded once');
  });

  test('the byte budget counts bytes as embedded: text of `<` (six bytes each there) or emoji cannot stretch the page past it', () => {
    const limitBytes = 200_000;
    for (const unit of ['<', '😀', '記']) {
      const heavy = () => unit.repeat(3000);
      const run = buildRun({
        e2e: { cases: 60, repeat: 1, turns: 5, passEvery: 1, text: heavy },
        retrieval: { providers: ['a', 'b'], queries: 400, depth: 5, foundEvery: 1000, text: heavy },
      });
      run.results.errors.push(...Array.from({ length: 400 }, () => `provider a: ${heavy()}`));
      const data = reportData({ ...run, limitBytes });
      const sizes = { failures: embeddedBytes(data.failures.shown), missed: data.missed.providers.reduce((sum, provider) => sum + embeddedBytes(provider.shown), 0), errors: embeddedBytes(data.errors.shown) };
      assert.ok(data.failures.more > 0 && data.missed.providers.every((provider) => provider.more > 0) && data.errors.more > 0, `${unit}: every list was cut (${JSON.stringify([data.failures.more, data.errors.more])})`);
      // A few bytes a list for the brackets and commas between items.
      assert.ok(sizes.failures <= limitBytes * 0.6 + 1000, `${unit}: failures ${sizes.failures} bytes`);
      assert.ok(sizes.missed <= limitBytes * 0.3 + 1000, `${unit}: missed ${sizes.missed} bytes`);
      assert.ok(sizes.errors <= limitBytes * 0.1 + 1000, `${unit}: errors ${sizes.errors} bytes`);
    }
  });

  test('the byte budget cuts the failures and missed queries it is given, and says how many it left out', () => {
    const run = buildRun({
      e2e: { cases: 40, repeat: 1, turns: 3, passEvery: 1, text: String },
      retrieval: { providers: ['a'], queries: 300, depth: 5, foundEvery: 1000, text: String },
    });
    const full = reportData(run);
    const cut = reportData({ ...run, limitBytes: 20_000 });
    assert.equal(full.failures.more, 0);
    assert.ok(cut.failures.shown.length > 0 && cut.failures.more > 0, JSON.stringify([cut.failures.shown.length, cut.failures.more]));
    assert.ok(JSON.stringify(cut.failures.shown).length <= 12_000);
    assert.ok(JSON.stringify(cut.missed.providers[0]!.shown).length <= 6_000);
    assert.equal(cut.missed.providers[0]!.shown.length + cut.missed.providers[0]!.more, 299);
  });
});
