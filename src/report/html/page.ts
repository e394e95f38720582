import type { Block, FilterTags, Part } from './blocks.js';
import type { Bounded, FailureData, InvocationData, ReportData } from './data.js';
import type { FailureGroupData } from './failureGroups.js';

/*
 * The few DOM members the page uses, declared here rather than through
 * lib "dom": that lib is program-wide and would retype Node's own globals
 * (fetch bodies, iterables) for every other module.
 */
interface PageElement {
  textContent: string | null;
  className: string;
  hidden: boolean;
  value: string;
  readonly dataset: Record<string, string | undefined>;
  setAttribute(name: string, value: string): void;
  append(...nodes: (PageElement | string)[]): void;
  addEventListener(type: 'change', listener: () => void): void;
}
interface PageDocument {
  title: string;
  readonly body: PageElement;
  getElementById(id: string): PageElement | null;
  createElement(tag: string): PageElement;
  querySelectorAll(selectors: string): Iterable<PageElement>;
}
declare const document: PageDocument;
declare const window: { Chart: ChartConstructor };

/** The part of Chart.js the page uses (the UMD build defines the global `Chart`). */
interface ChartInstance {
  data: { datasets: { label?: string; name?: string }[] };
  setDatasetVisibility(index: number, visible: boolean): void;
  update(mode?: string): void;
}
type ChartConstructor = new (canvas: PageElement, config: unknown) => ChartInstance;

/** What an inline plugin is handed after the bars are drawn. */
interface ChartDrawing {
  ctx: { save(): void; restore(): void; fillText(text: string, x: number, y: number): void; fillStyle: string; font: string; textAlign: string };
  data: { datasets: { data: (number | null)[] }[] };
  isDatasetVisible(index: number): boolean;
  getDatasetMeta(index: number): { data: { x: number; y: number }[] };
}

/**
 * report.html's script. It is inlined as `(${reportPage})()`, so it must be
 * self-contained: it may use only browser globals, Chart, and its own
 * locals (no import, no module constant). It reads the data block as text
 * and builds every element with createElement and textContent: no text from
 * the run is ever parsed as HTML.
 */
export function reportPage(): void {
  const data = JSON.parse(document.getElementById('report-data')?.textContent ?? '{}') as ReportData;
  const ChartJs = window.Chart;
  const palette = ['#0969da', '#bf3989', '#1a7f37', '#bc4c00', '#8250df', '#9a6700', '#57606a', '#cf222e'];
  const color = (index: number) => palette[index % palette.length]!;
  /** src/text/counted.ts's counted(), which this self-contained script cannot import: a count with its noun, "1 trial", "2 trials". */
  const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  /** Charts whose datasets follow a filter: each dataset's label is a condition or a provider. */
  const filtered: { chart: ChartInstance; filter: 'condition' | 'provider' }[] = [];

  type Child = PageElement | string | undefined | false;
  function el(tag: string, options: { class?: string; text?: string; attrs?: Record<string, string | undefined> } = {}, children: Child[] = []): PageElement {
    const node = document.createElement(tag);
    if (options.class) node.className = options.class;
    if (options.text !== undefined) node.textContent = options.text;
    for (const [name, value] of Object.entries(options.attrs ?? {})) if (value !== undefined) node.setAttribute(name, value);
    for (const child of children) if (child) node.append(child);
    return node;
  }
  const note = (text: string, tone?: string) => el('p', { class: tone ? `note ${tone}` : 'note', text });
  const moreNote = (list: Bounded<unknown>, what: string) => (list.more > 0 ? note(`${list.more} more ${what} not shown (of ${list.total}; the results folder has them all)`) : undefined);
  /** The data attributes the filters read. */
  const tagged = (tags: FilterTags) => ({ 'data-ability': tags.ability, 'data-condition': tags.condition, 'data-provider': tags.provider });

  /** A table scrolls in its own box, so a wide one never widens the page (a phone's 360 px included). */
  function table(header: string[], rows: PageElement[], textColumns: number[] = []): PageElement {
    return el('div', { class: 'scroll' }, [el('table', {}, [el('thead', {}, [el('tr', {}, header.map((title, index) => el('th', { text: title, class: textColumns.includes(index) ? 'text' : '' })))]), el('tbody', {}, rows)])]);
  }
  function row(cells: string[], attrs: Record<string, string | undefined> = {}, textColumns: number[] = [], classes: Record<number, string> = {}): PageElement {
    return el('tr', { attrs }, cells.map((cell, index) => el('td', { text: cell, class: [textColumns.includes(index) ? 'text' : '', classes[index] ?? ''].join(' ').trim() })));
  }
  function section(id: string, title: string, children: Child[]): PageElement {
    return el('section', { attrs: { id } }, [el('h2', { text: title }), ...children]);
  }
  function block(piece: Block): PageElement {
    if (piece.kind === 'note') return note(piece.text, piece.tone);
    if (piece.kind === 'list') return el('ul', {}, piece.items.map((item) => el('li', { text: item.text, attrs: tagged(item) })));
    return table(piece.header, piece.rows.map((line) => row(line.cells, tagged(line), piece.textColumns)), piece.textColumns);
  }
  const part = (piece: Part) => el('div', { class: 'part', attrs: { id: piece.id, ...tagged(piece) } }, [el('h3', { text: piece.title }), ...piece.blocks.map(block)]);
  function chart(canvas: PageElement, config: unknown, filter?: 'condition' | 'provider'): void {
    const instance = new ChartJs(canvas, config);
    if (filter) filtered.push({ chart: instance, filter });
  }
  /** A chart with its caption above it, where the eye lands first. */
  const figure = (caption: string, canvas: PageElement, attrs: Record<string, string | undefined> = {}) => el('figure', { class: 'chart-figure', attrs }, [el('figcaption', { text: caption }), el('div', { class: 'chart' }, [canvas])]);
  // No animation: the page is drawn once, and ready means drawn. The padding keeps the marked last point whole.
  const baseOptions = { animation: false, responsive: true, maintainAspectRatio: false, layout: { padding: 8 } };
  /** Shares are drawn on their whole range, so 0.9 never looks like the top nor 0.1 like nothing. */
  const rateScale = { y: { min: 0, max: 1 } };
  /** A bar of 0 is a measurement, not a gap: it keeps a few pixels and says 0 above them (a missing value draws nothing). */
  const zeroBar = { minBarLength: 4 };
  const zeroMarks = {
    id: 'zeroMarks',
    afterDatasetsDraw(drawn: ChartDrawing): void {
      const context = drawn.ctx;
      context.save();
      context.fillStyle = '#768390';
      context.font = '11px system-ui, sans-serif';
      context.textAlign = 'center';
      drawn.data.datasets.forEach((dataset, index) => {
        if (!drawn.isDatasetVisible(index)) return;
        drawn.getDatasetMeta(index).data.forEach((bar, at) => {
          if (dataset.data[at] === 0) context.fillText('0', bar.x, bar.y - 4);
        });
      });
      context.restore();
    },
  };
  // A chart's axis and legend show names cut to a line (a 10,000-character name would hide every other label); the filters match the whole name.
  const short = (name: string) => (name.length > 60 ? `${name.slice(0, 59)}…` : name);

  const run = data.run;
  document.title = `recall-gate: ${run.suite}${run.variant ? ` (${run.variant})` : ''}`;
  const header = el('header', {}, [
    el('h1', { text: `recall-gate report: ${run.suite}${run.variant ? ` (variant ${run.variant})` : ''}` }),
    el('p', {
      class: 'meta',
      text: [
        `status ${run.status}`,
        run.commit ? `commit ${run.commit.slice(0, 12)}${run.ref ? ` (${run.ref})` : ''}` : undefined,
        `started ${run.started_at}`,
        run.finished_at ? `finished ${run.finished_at}` : undefined,
        run.run_id ? `run ${run.run_id}` : undefined,
        run.cost ? `e2e cost ${run.cost}` : undefined,
        run.tool,
      ]
        .filter(Boolean)
        .join(' · '),
    }),
    data.notices.length > 0 && el('div', { class: 'notices', attrs: { id: 'notices' } }, data.notices.map(block)),
  ]);

  type FilterKey = 'ability' | 'condition' | 'provider' | 'stage';
  /** Each filter's options, to write their counts on; a count is of failing trials (of missed queries for a provider) the option would show with the other filters as they are. */
  const options: { key: FilterKey; value: string; label: string; node: PageElement }[] = [];
  function select(key: FilterKey, values: string[], labels: Record<string, string> = {}): PageElement {
    const made = [{ value: '', label: 'all' }, ...values.map((value) => ({ value, label: labels[value] ?? value }))].map((option) => {
      const node = el('option', { text: option.label, attrs: { value: option.value } });
      options.push({ key, ...option, node });
      return node;
    });
    const control = el('select', { attrs: { id: `filter-${key}` } }, made);
    control.addEventListener('change', applyFilters);
    return el('label', {}, [key, control]);
  }
  const filters = el('nav', { class: 'filters' }, [
    select('ability', data.filters.abilities),
    select('condition', data.filters.conditions),
    select('provider', data.filters.providers),
    // Only when some failure has a stage.
    data.filters.stages !== undefined && select('stage', data.filters.stages, data.filters.stageLabels),
  ]);

  // The verdict: the gate's every condition as the terminal and the comment show it.
  const verdict = data.verdict;
  const verdictSection = section('verdict', 'Verdict', verdict
    ? [
        el('p', { class: `verdict status-${verdict.status}`, text: verdict.line }),
        verdict.split && note(verdict.split),
        table(
          ['gate', 'metric', 'threshold', 'mde', 'actual', 'baseline', 'delta', '95% CI of delta', 'status'],
          verdict.rows.map((gate) => row([gate.path || '(root)', gate.metric, gate.threshold, gate.mde, gate.actual, gate.baseline, gate.delta, gate.interval, `${gate.status}${gate.blocking ? ' (blocking)' : ''}`], { 'data-gate-condition': gate.path }, [1, 2], { 8: `status-${gate.status}` })),
          [1, 2],
        ),
        verdict.legend !== undefined && note(verdict.legend),
        ...(verdict.rows.some((gate) => gate.note) ? [el('h3', { text: 'notes' }), el('ul', {}, verdict.rows.filter((gate) => gate.note).map((gate) => el('li', { text: `${gate.path}: ${gate.note}` })))] : []),
      ]
    : [note('No gate was evaluated for this run (the suite has none, or this is one shard of a matrix).')]);

  // What changed against the baseline: regressions first, each list most important first; a case row follows the ability and condition filters, a query row the provider filter.
  const changes = data.changes;
  const changeList = (title: string, rows: Bounded<{ text: string } & FilterTags>, tone: string) =>
    rows.total > 0 && el('div', { class: 'part', attrs: { id: `changes-${title.toLowerCase()}` } }, [
      el('h3', { class: tone, text: `${title} (${rows.total})` }),
      el('ul', {}, rows.shown.map((item) => el('li', { text: item.text, attrs: tagged(item) }))),
      rows.more > 0 && note(`… and ${rows.more} more ${title.toLowerCase()} (results.json: changes)`),
    ]);
  const changesSection =
    changes &&
    section('changes', 'What changed against the baseline', [
      ...changes.summary.map((line) => note(line)),
      changeList('Regressions', changes.regressions, 'status-fail'),
      changeList('Improvements', changes.improvements, 'status-pass'),
    ]);

  // The paired tests against the baseline, in compare's words.
  const pairedSection = data.paired !== undefined && section('paired', 'Paired tests against the baseline', [el('pre', { text: data.paired })]);

  // Pass rates per ability and condition, with pass^k, lift and gap; then what report.md says beside them.
  const abilities = data.abilities;
  const abilityCanvas = el('canvas', { attrs: { id: 'chart-abilities', 'aria-label': 'pass rate per ability and condition' } });
  const abilitySection = section('abilities', 'Pass rate per ability', abilities
    ? [
        note(abilities.intro),
        figure(`Pass rate per ability under each condition (0 to 1; a rate of 0 is a thin bar marked 0)`, abilityCanvas),
        table(
          ['ability', ...abilities.conditions, `pass^${abilities.repeat} (${abilities.headline})`, ...abilities.liftGapHeader, 'errors', ...(abilities.rows.some((line) => line.baseline !== undefined) ? [`baseline (${abilities.headline})`] : [])],
          abilities.rows.map((line, index) =>
            row([line.ability, ...abilities.conditions.map((condition) => line.cells[condition] ?? '-'), line.passK, ...line.liftGap, String(line.errors), ...(line.baseline !== undefined ? [line.baseline] : [])], index === abilities.rows.length - 1 ? {} : { 'data-ability': line.ability }),
          ),
        ),
        ...abilities.parts.map(part),
      ]
    : [note('The e2e layer did not run.')]);

  // Retrieval: headline metrics per provider, and recall@k for every k.
  const retrieval = data.retrieval;
  const retrievalCanvas = el('canvas', { attrs: { id: 'chart-retrieval', 'aria-label': 'retrieval metrics per provider' } });
  const curveCanvas = el('canvas', { attrs: { id: 'chart-recall-curve', 'aria-label': 'recall at k per provider' } });
  const retrievalSection = section('retrieval', 'Retrieval', retrieval
    ? [
        note(retrieval.intro),
        figure('Headline metrics per provider (0 to 1; a 0 is a thin bar marked 0)', retrievalCanvas),
        figure(`recall@k per provider, k = ${retrieval.k.join(', ')} (0 to 1)`, curveCanvas),
        table(
          ['provider', 'kind', ...retrieval.metrics, 'p50 ms', 'p95 ms', 'status'],
          retrieval.providers.flatMap((provider) => [
            row([provider.name, provider.kind, ...retrieval.metrics.map((metric) => provider.cells[metric] ?? '-'), ...provider.latency, provider.status === 'ok' ? 'ok' : `error: ${provider.error ?? ''}`], { 'data-provider': provider.name }, [retrieval.metrics.length + 4]),
            ...(provider.baseline ? [row([`${provider.name} (baseline)`, provider.kind, ...retrieval.metrics.map((metric) => provider.baseline![metric] ?? '-'), '', '', ''], { 'data-provider': provider.name })] : []),
          ]),
        ),
        ...retrieval.parts.map(part),
        ...(retrieval.staleness
          ? [el('h3', { text: 'staleness' }), note(retrieval.staleness.legend), table(retrieval.staleness.header, retrieval.staleness.rows.map((line) => row(line.cells, { 'data-provider': line.provider }, [1])), [1])]
          : []),
      ]
    : [note('The retrieval layer did not run.')]);

  // The haystack curve: per provider, a line per headline metric over the fractions.
  const haystack = data.haystack;
  const haystackCanvases: { canvas: PageElement; provider: NonNullable<typeof haystack>['providers'][number] }[] = [];
  const haystackPart: Child[] = haystack
    ? [
        el('h3', { text: 'Haystack curve' }),
        note(`${haystack.intro.charAt(0).toUpperCase()}${haystack.intro.slice(1)}.`),
        ...haystack.providers.flatMap((provider) => {
          const canvas = el('canvas', { attrs: { 'aria-label': `${provider.name}: metrics per haystack fraction` } });
          haystackCanvases.push({ canvas, provider });
          return [
            el('h3', { text: `${provider.name}: haystack`, attrs: { 'data-provider': provider.name } }),
            figure(`${provider.name}: each headline metric per fraction of the haystack (memories seeded in brackets; 0 to 1)`, canvas, { 'data-provider': provider.name }),
            table(['metric', ...provider.labels, 'per doubling'], provider.metrics.map((line) => row([line.metric, ...line.cells, line.per_doubling], { 'data-provider': provider.name }))),
          ];
        }),
      ]
    : [];
  retrievalSection.append(...haystackPart.filter((child): child is PageElement => Boolean(child)));

  const tagSection = section('tags', 'Per tag', data.tags.parts.length > 0
    ? [note(data.tags.note), ...data.tags.parts.map(part)]
    : [note('No query carries a tag.')]);

  function pre(label: string, text: string): Child[] {
    return [el('div', { class: 'label', text: label }), el('pre', { text })];
  }
  function turn(invocation: InvocationData): PageElement {
    const title = invocation.kind === 'probe' ? 'probe' : `session ${invocation.session ?? '?'}, turn ${invocation.turn ?? '?'}`;
    return el('div', { class: `turn ${invocation.kind}` }, [
      el('h4', { text: `${title}${invocation.date ? ` (${invocation.date})` : ''}` }),
      ...pre('message', invocation.message),
      ...pre('reply', invocation.reply),
      invocation.recall_error !== undefined && el('p', { class: 'status-fail', text: `recall failed: ${invocation.recall_error}` }),
      ...(invocation.recalled
        ? [
            el('div', { class: 'label', text: `recalled (${invocation.recalled.total})` }),
            el('ul', { class: 'recalled' }, invocation.recalled.shown.map((memory) => el('li', { text: `${memory.id !== undefined ? `[${memory.id}] ` : ''}${memory.text}${memory.score !== undefined ? ` (score ${memory.score.toFixed(3)})` : ''}` }))),
            moreNote(invocation.recalled, 'recalled memories'),
          ]
        : []),
      ...(invocation.tool_calls && invocation.tool_calls.total > 0
        ? [el('div', { class: 'label', text: 'tool calls' }), table(['tool', 'arguments', 'result', 'error'], invocation.tool_calls.shown.map((call) => row([call.name, call.arguments, call.result ?? '', call.error ?? ''], {}, [1, 2, 3])), [1, 2, 3]), moreNote(invocation.tool_calls, 'tool calls')]
        : []),
      ...(invocation.artifacts && invocation.artifacts.total > 0
        ? [...invocation.artifacts.shown.flatMap((artifact) => pre(`artifact ${artifact.path}${artifact.truncated ? ' (cut)' : ''}`, artifact.content)), moreNote(invocation.artifacts, 'artifacts')]
        : []),
    ]);
  }

  // Failing trials, one group per case and condition; the expected ones (memory off on a case that needs it) apart, folded.
  const failures = data.failures;
  /** Every failing trial's element, and each group's, so the filters can count them and hide a group left empty. */
  const failureNodes: PageElement[] = [];
  const groupNodes: { node: PageElement; members: PageElement[] }[] = [];
  function failureGroup(group: FailureGroupData, members: FailureData[]): PageElement {
    const nodes = members.map((failure) => {
      const node = el('details', { class: 'failure', attrs: { 'data-ability': failure.ability, 'data-condition': failure.condition, 'data-stage': failure.stage ?? '' } }, [
        el('summary', {}, [
          failure.stage_label !== undefined && el('span', { class: `badge stage-${failure.stage ?? ''}`, text: failure.stage_label }),
          `${failure.case} · ${failure.condition} #${failure.repeat} · ${failure.ability}: ${failure.reason}`,
        ]),
        ...pre('question', failure.question),
        ...pre('answer', failure.answer),
        ...pre('check', failure.check),
        ...pre('why it failed', failure.reason),
        ...(failure.harm ? pre('harmful memory', failure.harm) : []),
        ...(failure.stage_reason ? pre('stage unknown because', failure.stage_reason) : []),
        ...failure.invocations.shown.map(turn),
        moreNote(failure.invocations, 'session turns'),
      ]);
      failureNodes.push(node);
      return node;
    });
    const errors = group.errors > 0 ? `, ${group.errors} errored` : '';
    const node = el('div', { class: `failure-group${group.expected ? ' expected' : ''}` }, [
      // Names cut to a line here: each trial's summary below has them whole.
      el('h3', {}, [`${short(group.case)} · ${group.condition}: ${group.failed} of ${countOf(group.trials, 'trial', 'trials')} failed${errors} · ${short(group.ability)}`, group.stages !== undefined && el('span', { class: 'stages', text: ` (${group.stages})` })]),
      ...nodes,
    ]);
    groupNodes.push({ node, members: nodes });
    return node;
  }
  function groupsOf(expected: boolean): PageElement[] {
    const made: PageElement[] = [];
    let at = 0;
    while (at < failures.shown.length) {
      const group = failures.shown[at]!.group;
      let end = at;
      while (end < failures.shown.length && failures.shown[end]!.group === group) end++;
      if (data.failureGroups[group]!.expected === expected) made.push(failureGroup(data.failureGroups[group]!, failures.shown.slice(at, end)));
      at = end;
    }
    return made;
  }
  const counts = data.failureCounts;
  const failingTrials = (count: number) => countOf(count, 'failing trial', 'failing trials');
  const realCount = el('span', { text: failingTrials(counts.real) });
  const expectedCount = el('span', { text: failingTrials(counts.expected) });
  const expectedBox = el('details', { class: 'expected-failures', attrs: { id: 'failures-expected' } }, [
    el('summary', {}, ['Expected with memory off: ', expectedCount, ' under none of cases that need memory (what none is there to show)']),
    ...groupsOf(true),
  ]);
  const failureSection = section('failures', `Failing trials (${failures.total})`, failures.total > 0
    ? [
        el('h3', {}, ['To look at: ', realCount, ', by case and condition']),
        el('div', { attrs: { id: 'failures-real' } }, counts.real > 0 ? groupsOf(false) : [note('None: every failure is an expected one under none.')]),
        counts.expected > 0 && expectedBox,
        moreNote(failures, 'failing trials'),
      ]
    : [note('No trial failed.')]);

  const missed = data.missed;
  const missedRows: PageElement[] = [];
  const missedSection = section('missed', data.retrieval ? `Missed queries (a relevant memory not in the top ${missed.k})` : 'Missed queries', missed.providers.some((provider) => provider.total > 0)
    ? missed.providers.flatMap((provider) => {
        const rows = provider.shown.map((query) => row([query.id, query.text, query.ranks.map((rank) => `${rank.id} (${rank.rank ?? 'not returned'})`).join(', '), query.top.join(', ')], { 'data-provider': provider.provider }, [0, 1, 2, 3]));
        missedRows.push(...rows);
        return [el('h3', { text: `${provider.provider}: ${provider.total} missed`, attrs: { 'data-provider': provider.provider } }), ...(rows.length > 0 ? [table(['query', 'text', 'relevant (rank)', `top ${missed.k}`], rows, [0, 1, 2, 3])] : []), moreNote(provider, 'missed queries')];
      })
    : [note(data.retrieval ? 'Every query found all its relevant memories in the top k.' : 'The retrieval layer did not run.')]);

  const errors = data.errors;
  const errorCounts = [errors.problems > 0 && countOf(errors.problems, 'problem', 'problems'), errors.erroredTrials > 0 && countOf(errors.erroredTrials, 'errored trial', 'errored trials')].filter(Boolean).join(', ');
  const errorSection = section('errors', `Errors (${errorCounts || 0})`, errors.total > 0
    ? [el('ul', {}, errors.shown.map((error) => el('li', { text: error.trials ? `${error.trials}: ${error.reason}` : error.reason }))), moreNote(errors, 'problems and reasons')]
    : [note('No errors: every trial and provider ran.')]);

  const trends = data.trends;
  const trendCanvases: { canvas: PageElement; values: (number | null)[]; metric: string; rate: boolean }[] = [];
  const trendSection = section('trends', 'Trends', trends
    ? [
        note(`${countOf(trends.currentIndex, 'earlier run', 'earlier runs')} from the history, then this run (the larger square). Rates are drawn from 0 to 1.`),
        el('div', { class: 'trend-grid' }, trends.metrics.map((metric) => {
          const canvas = el('canvas', { class: 'trend', attrs: { 'data-metric': metric.metric, 'data-current-index': String(trends.currentIndex), 'aria-label': `${metric.metric} over the history` } });
          trendCanvases.push({ canvas, values: metric.values, metric: metric.metric, rate: metric.rate });
          return figure(metric.caption, canvas, { 'data-ability': metric.ability, 'data-provider': metric.provider });
        })),
      ]
    : [note('No history was given (run --history FILE, or the Action on the default branch).')]);

  document.body.append(header, filters, el('main', {}, [verdictSection, changesSection, pairedSection, abilitySection, retrievalSection, tagSection, failureSection, missedSection, errorSection, trendSection]));

  // Charts are drawn once their canvases are in the document, so they have a size.
  if (abilities) {
    const shown = abilities.rows.slice(0, -1);
    chart(abilityCanvas, { type: 'bar', plugins: [zeroMarks], data: { labels: shown.map((line) => short(line.ability)), datasets: abilities.conditions.map((condition, index) => ({ label: short(condition), name: condition, data: shown.map((line) => line.pass_rate[condition] ?? null), backgroundColor: color(index), ...zeroBar })) }, options: { ...baseOptions, scales: rateScale } }, 'condition');
  }
  if (retrieval) {
    chart(retrievalCanvas, { type: 'bar', plugins: [zeroMarks], data: { labels: retrieval.metrics, datasets: retrieval.providers.map((provider, index) => ({ label: short(provider.name), name: provider.name, data: retrieval.metrics.map((metric) => provider.values[metric] ?? null), backgroundColor: color(index), ...zeroBar })) }, options: { ...baseOptions, scales: rateScale } }, 'provider');
    chart(curveCanvas, { type: 'line', data: { labels: retrieval.k.map((cut) => String(cut)), datasets: retrieval.providers.map((provider, index) => ({ label: short(provider.name), name: provider.name, data: provider.curve, borderColor: color(index), backgroundColor: color(index) })) }, options: { ...baseOptions, scales: { ...rateScale, x: { title: { display: true, text: 'k' } } } } }, 'provider');
  }
  for (const { canvas, provider } of haystackCanvases) {
    chart(canvas, { type: 'line', data: { labels: provider.labels, datasets: provider.metrics.map((line, index) => ({ label: line.metric, data: line.values, borderColor: color(index), backgroundColor: color(index) })) }, options: { ...baseOptions, scales: { ...rateScale, x: { title: { display: true, text: 'fraction of the haystack (memories seeded)' } } } } });
  }
  if (trends) {
    for (const { canvas, values, metric, rate } of trendCanvases) {
      const current = (index: number) => index === trends.currentIndex;
      chart(canvas, {
        type: 'line',
        data: { labels: trends.labels, datasets: [{ label: metric, data: values, spanGaps: true, borderColor: color(0), pointStyle: values.map((_, index) => (current(index) ? 'rect' : 'circle')), pointRadius: values.map((_, index) => (current(index) ? 6 : 2)), pointBackgroundColor: values.map((_, index) => (current(index) ? color(7) : color(0))) }] },
        options: { ...baseOptions, scales: rate ? rateScale : { y: { beginAtZero: true } }, plugins: { legend: { display: false } } },
      });
    }
  }

  function applyFilters(): void {
    const value = (key: FilterKey) => document.getElementById(`filter-${key}`)?.value ?? '';
    const chosen: Record<FilterKey, string> = { ability: value('ability'), condition: value('condition'), provider: value('provider'), stage: value('stage') };
    const keys = Object.keys(chosen) as FilterKey[];
    const fits = (node: PageElement, wanted: Record<FilterKey, string>) => !keys.some((key) => wanted[key] !== '' && node.dataset[key] !== undefined && node.dataset[key] !== wanted[key]);
    for (const node of document.querySelectorAll('[data-ability], [data-condition], [data-provider], [data-stage]')) node.hidden = !fits(node, chosen);
    for (const group of groupNodes) group.node.hidden = group.members.every((member) => member.hidden);
    const shownFailures = (expected: boolean) => groupNodes.filter((group) => group.node.className.includes('expected') === expected).reduce((sum, group) => sum + group.members.filter((member) => !member.hidden).length, 0);
    realCount.textContent = failingTrials(shownFailures(false));
    expectedCount.textContent = failingTrials(shownFailures(true));
    expectedBox.hidden = counts.expected > 0 && shownFailures(true) === 0;
    // Each option's count: what it would show with the other filters as chosen.
    for (const option of options) {
      const counted = option.key === 'provider' ? missedRows : failureNodes;
      const count = counted.filter((node) => fits(node, { ...chosen, [option.key]: option.value })).length;
      option.node.textContent = `${option.label} (${count})`;
    }
    for (const { chart: instance, filter } of filtered) {
      instance.data.datasets.forEach((dataset, index) => instance.setDatasetVisibility(index, chosen[filter] === '' || dataset.name === chosen[filter]));
      instance.update('none');
    }
  }

  applyFilters();
  document.body.dataset.ready = 'true';
}
