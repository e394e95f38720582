/** report.html's stylesheet: inlined as one <style> block, whose hash the CSP allows. */
export const REPORT_CSS = `
:root { color-scheme: light dark; --fg: #1b1f24; --muted: #59636e; --line: #d1d9e0; --bg: #fff; --panel: #f6f8fa; --pass: #1a7f37; --fail: #cf222e; --skip: #9a6700; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --bg: #0d1117; --panel: #151b23; --pass: #3fb950; --fail: #f85149; --skip: #d29922; } }
[hidden] { display: none !important; }
body { margin: 0 auto; max-width: 1200px; padding: 1rem clamp(0.5rem, 3vw, 1.5rem) 4rem; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); overflow-wrap: anywhere; }
h1 { font-size: clamp(1.2rem, 5vw, 1.6rem); margin: 0.5rem 0; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid var(--line); padding-bottom: 0.25rem; }
h3 { font-size: 1rem; margin: 1rem 0 0.25rem; }
.meta, .note { color: var(--muted); }
.filters { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; padding: 0.5rem 0; background: var(--bg); border-bottom: 1px solid var(--line); }
.filters label { display: flex; gap: 0.4rem; align-items: center; min-width: 0; max-width: 100%; }
.filters select { max-width: min(20rem, 100%); min-width: 0; }
/* A wide table scrolls in its own box: the page itself never scrolls sideways, down to a phone's 360 px. */
.scroll { max-width: 100%; overflow-x: auto; margin: 0.5rem 0; }
.scroll > table { margin: 0; }
.notices .note { font-weight: 600; }
.note.fail { color: var(--fail); }
.note.warning { color: var(--skip); }
table { border-collapse: collapse; margin: 0.5rem 0; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid var(--line); padding: 0.2rem 0.5rem; text-align: right; vertical-align: top; overflow-wrap: normal; }
/* Text wraps anywhere (body), so a 10,000-character name or path cannot make the page 80,000 px wide; in tables only names and texts do, so figures keep their words whole. */
th:first-child, td:first-child, td.text, th.text { text-align: left; overflow-wrap: anywhere; }
/* Names keep a readable width on a narrow screen: their table scrolls in its box instead of stacking them a letter a line. */
td:first-child, td.text { min-width: 7rem; }
td.text { max-width: 40rem; overflow-wrap: anywhere; white-space: pre-wrap; }
thead th { background: var(--panel); }
.status-pass { color: var(--pass); font-weight: 600; }
.status-fail { color: var(--fail); font-weight: 600; }
.status-skipped, .status-not-evaluated { color: var(--skip); }
.verdict { font-size: 1.1rem; font-weight: 600; }
.chart { position: relative; height: 320px; margin: 0.25rem 0 1rem; }
figure.chart-figure { margin: 0.5rem 0 0; min-width: 0; }
.trend-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(340px, 100%), 1fr)); gap: 1rem; }
.trend-grid .chart { height: 180px; }
figcaption { font-size: 0.9rem; color: var(--muted); overflow-wrap: anywhere; }
.failure-group > h3 { font-weight: 600; }
.failure-group .stages { color: var(--muted); font-weight: normal; }
details.expected-failures { margin: 1rem 0; }
details.expected-failures > summary { cursor: pointer; color: var(--muted); }
h4 { font-size: 0.95rem; margin: 0.75rem 0 0.25rem; }
details.failure { border: 1px solid var(--line); border-radius: 6px; margin: 0.5rem 0; padding: 0.25rem 0.75rem; background: var(--panel); }
details.failure > summary { cursor: pointer; overflow-wrap: anywhere; }
.badge { display: inline-block; margin-right: 0.5rem; padding: 0 0.4rem; border-radius: 1rem; font-size: 0.8rem; border: 1px solid var(--fail); color: var(--fail); }
.badge.stage-unknown { border-color: var(--skip); color: var(--skip); }
.turn { border-left: 3px solid var(--line); margin: 0.5rem 0; padding: 0 0.75rem; }
.turn.probe { border-left-color: var(--fail); }
.label { color: var(--muted); font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.03em; }
pre { margin: 0.2rem 0 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; }
ul.recalled { margin: 0.2rem 0 0.5rem; padding-left: 1.25rem; }
`;
