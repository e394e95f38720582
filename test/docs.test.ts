/**
 * The docs (README.md and docs/*.md) cannot drift from the code:
 *
 * - Every ```yaml block is checked, by what the comment above its fence says:
 *   - no comment: a whole suite, loaded by the loader `recall-gate validate`
 *     uses, from an empty folder (so it must not need other files);
 *   - `<!-- docs-test: suite beside suites/examples/NAME -->`: a whole suite
 *     that reads files of that example folder, loaded from a copy of it;
 *   - `<!-- docs-test: cases -->` (optionally `beside ...` too): a list of
 *     end-to-end cases, loaded as the cases file of a small suite;
 *   - `<!-- docs-test: fragment of suites/examples/NAME/suite.yaml -->`: some
 *     top-level sections of a suite (`gate:`, `variants:` ...), loaded in
 *     place of the same sections of that suite, from a copy of its folder;
 *   - `<!-- docs-test: workflow -->`: a GitHub Actions workflow, with `on`
 *     and `jobs`, each job with `runs-on` and steps (or a reusable `uses`);
 *   - `<!-- docs-test: fragment -->`: any other piece of a suite or of a
 *     workflow, parsed as YAML only.
 * - Every `recall-gate <command> --option` in a code block names an option
 *   the command has (src/cli/help.ts).
 * - docs/cli.md holds each command's arguments and options exactly as
 *   src/cli/help.ts describes them (RECALL_GATE_WRITE_DOCS=1 rewrites them).
 * - docs/action.md describes every input and output of action.yml.
 * - Every relative link points to a file that exists, and every #anchor to a
 *   heading of the file it names.
 * - A block marked `<!-- docs-test: output of ARGS -->` is what `recall-gate
 *   ARGS` prints, run from the repository's root: each line is a line of the
 *   output, in order; a line with `...` stands for lines or parts left out,
 *   and the search times (p50 ms, p95 ms) may differ.
 *
 * A failure names the doc and the line of the block or link.
 */
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { isMap, isNode, isScalar, parseDocument } from 'yaml';
import { COMMAND_HELP, type CommandHelp } from '../src/cli/help.js';
import { loadSuite } from '../src/suite/load.js';
import { REPO_ROOT, runCli } from './support/cli.js';
import { codeBlocks, headingAnchors, links, userDocs, type CodeBlock } from './support/markdownDocs.js';

const docs = userDocs();
const blocks = docs.flatMap(codeBlocks);
const yamlBlocks = blocks.filter((block) => block.lang === 'yaml' || block.lang === 'yml');
const scratch = mkdtempSync(join(tmpdir(), 'recall-gate-docs-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const where = (block: { doc: string; line: number }) => `${block.doc}:${block.line}`;

/** What the marker above a yaml block asks for. */
interface YamlCheck {
  kind: 'suite' | 'cases' | 'workflow' | 'fragment';
  /** An example folder the block's relative paths resolve in. */
  beside?: string;
  /** For a fragment: the suite whose sections it replaces. */
  of?: string;
}

const MARKER_FORMS = 'docs-test: suite|cases [beside suites/examples/NAME], docs-test: fragment [of suites/examples/NAME/suite.yaml], docs-test: workflow';

function yamlCheck(block: CodeBlock): YamlCheck {
  if (block.marker === undefined || !block.marker.startsWith('docs-test:')) return { kind: 'suite' };
  const match = /^docs-test:\s*(?:(suite|cases)(?:\s+beside\s+(\S+))?|(fragment)(?:\s+of\s+(\S+))?|(workflow))$/.exec(block.marker);
  assert.ok(match, `${where(block)}: unknown marker "<!-- ${block.marker} -->": write one of ${MARKER_FORMS}`);
  if (match[1]) return { kind: match[1] as 'suite' | 'cases', ...(match[2] ? { beside: match[2] } : {}) };
  if (match[3]) return { kind: 'fragment', ...(match[4] ? { of: match[4] } : {}) };
  return { kind: 'workflow' };
}

/** The block parsed as YAML; a syntax error fails at the doc line it is on. */
function parseYaml(block: CodeBlock): unknown {
  const parsed = parseDocument(block.content, { prettyErrors: false });
  const error = parsed.errors[0];
  if (error) {
    const line = error.linePos ? block.line + error.linePos[0].line : block.line;
    assert.fail(`${block.doc}:${line}: the yaml block at ${where(block)} does not parse: ${error.message}`);
  }
  return parsed.toJS();
}

let folders = 0;
/** A fresh folder to load a block from: empty, or a copy of the example folder it names. */
function folderFor(block: CodeBlock, beside?: string): string {
  const folder = join(scratch, `block-${++folders}`);
  if (beside) {
    const source = resolve(REPO_ROOT, beside);
    assert.ok(existsSync(source), `${where(block)}: "beside ${beside}" names no folder of the repository`);
    cpSync(source, folder, { recursive: true });
  } else {
    mkdirSync(folder);
  }
  return folder;
}

/**
 * Loads a suite file as `validate` does; its problems (and warnings) fail,
 * each mapped to the doc line it comes from: `snippetFile` holds the block
 * from its line `firstLine` on.
 */
function assertLoads(block: CodeBlock, suiteFile: string, snippetFile: string, firstLine = 1): void {
  const toDoc = (file: string, line: number) => {
    const inSnippet = resolve(dirname(suiteFile), file) === snippetFile && line >= firstLine;
    return inSnippet ? `${block.doc}:${block.line + line - firstLine + 1}` : `${relative(scratch, resolve(dirname(suiteFile), file))}:${line}`;
  };
  let warnings: string[] = [];
  try {
    const suite = loadSuite(suiteFile, dirname(suiteFile));
    // The adapter script a doc's suite runs is the reader's to write: its absence here is expected.
    warnings = (suite.warnings ?? []).filter((warning) => !/^the command runs \S+, which is not there/.test(warning.message)).map((warning) => JSON.stringify(warning));
  } catch (error) {
    const problems = (error as { problems?: { where: { file: string; line: number; col: number }; message: string; hint?: string }[] }).problems ?? [];
    if (problems.length === 0) throw new Error(`${where(block)}: the suite does not load: ${(error as Error).message}`, { cause: error });
    assert.fail(
      [`the ${block.lang} block at ${where(block)} is not a valid suite:`, ...problems.map((problem) => `  ${toDoc(problem.where.file, problem.where.line)}: ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`)].join('\n'),
    );
  }
  assert.deepEqual(warnings, [], `${where(block)}: the suite loads with warnings`);
}

function checkSuite(block: CodeBlock, check: YamlCheck): void {
  const parsed = parseYaml(block);
  assert.ok(parsed && typeof parsed === 'object' && !Array.isArray(parsed), `${where(block)}: a suite block must be a mapping (mark a piece of one <!-- docs-test: fragment -->)`);
  const folder = folderFor(block, check.beside);
  const file = join(folder, 'docs-snippet.yaml');
  writeFileSync(file, block.content);
  assertLoads(block, file, file);
}

/** A list of cases, as the cases file of a suite that only has an e2e layer, with an adapter as the target and a judge. */
function checkCases(block: CodeBlock, check: YamlCheck): void {
  const parsed = parseYaml(block);
  assert.ok(Array.isArray(parsed), `${where(block)}: a cases block must be a list of cases`);
  const folder = folderFor(block, check.beside);
  const casesFile = join(folder, 'docs-snippet-cases.yaml');
  writeFileSync(casesFile, block.content);
  const suiteFile = join(folder, 'docs-snippet.yaml');
  writeFileSync(suiteFile, ['name: docs-cases', 'e2e:', '  target: { kind: command, command: [node, agent.mjs, --stdio] }', '  judge: { model: gpt-5-mini }', '  cases: docs-snippet-cases.yaml', ''].join('\n'));
  assertLoads(block, suiteFile, casesFile);
}

/**
 * Top-level sections of a suite, in place of the same sections of an example
 * suite: the example's text with those sections cut out, the block after it.
 */
function checkFragmentOf(block: CodeBlock, of: string): void {
  const parsed = parseYaml(block);
  assert.ok(parsed && typeof parsed === 'object' && !Array.isArray(parsed), `${where(block)}: a fragment of a suite must be a mapping of its top-level sections`);
  const suitePath = resolve(REPO_ROOT, of);
  assert.ok(existsSync(suitePath), `${where(block)}: "of ${of}" names no file of the repository`);
  const folder = folderFor(block, dirname(of));
  const base = readFileSync(suitePath, 'utf8');
  const sections = new Set(Object.keys(parsed));
  const cuts: [number, number][] = [];
  const contents = parseDocument(base).contents;
  assert.ok(isMap(contents), `${of} is not a mapping`);
  for (const pair of contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
    const end = (isNode(pair.value) ? pair.value.range : undefined)?.[2];
    if (key !== undefined && sections.has(key) && isNode(pair.key) && pair.key.range && end !== undefined) cuts.push([pair.key.range[0], end]);
  }
  let text = base;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) text = text.slice(0, start) + text.slice(end);
  text = `${text.trimEnd()}\n`;
  const file = join(folder, 'docs-snippet.yaml');
  writeFileSync(file, `${text}${block.content}`);
  assertLoads(block, file, file, text.split('\n').length);
}

function checkWorkflow(block: CodeBlock): void {
  const workflow = parseYaml(block) as Record<string, unknown> | null;
  assert.ok(workflow && typeof workflow === 'object', `${where(block)}: a workflow is a mapping`);
  assert.ok('on' in workflow, `${where(block)}: a workflow needs "on" (the events that run it)`);
  const jobs = workflow.jobs as Record<string, Record<string, unknown>> | undefined;
  assert.ok(jobs && typeof jobs === 'object' && Object.keys(jobs).length > 0, `${where(block)}: a workflow needs "jobs"`);
  for (const [name, job] of Object.entries(jobs)) {
    assert.ok(job && typeof job === 'object', `${where(block)}: job ${name} is not a mapping`);
    const needs = job.needs === undefined ? [] : [job.needs].flat();
    for (const need of needs) assert.ok(Object.hasOwn(jobs, String(need)), `${where(block)}: job ${name} needs "${String(need)}", which is not a job of the workflow`);
    if (typeof job.uses === 'string') continue;
    assert.ok(job['runs-on'] !== undefined, `${where(block)}: job ${name} has no runs-on`);
    assert.ok(Array.isArray(job.steps) && job.steps.length > 0, `${where(block)}: job ${name} has no steps`);
    for (const step of job.steps as Record<string, unknown>[]) {
      assert.ok(typeof step?.uses === 'string' || typeof step?.run === 'string', `${where(block)}: a step of job ${name} has neither uses nor run: ${JSON.stringify(step)}`);
    }
  }
}

describe('every yaml block of the docs is what its marker says', () => {
  test('the docs have yaml blocks to check', () => {
    assert.ok(yamlBlocks.length >= 10, `only ${yamlBlocks.length} yaml blocks found`);
    assert.ok(yamlBlocks.some((block) => yamlCheck(block).kind === 'suite'), 'no whole suite among them');
  });
  for (const block of yamlBlocks) {
    test(`${where(block)}`, () => {
      const check = yamlCheck(block);
      if (check.kind === 'suite') checkSuite(block, check);
      else if (check.kind === 'cases') checkCases(block, check);
      else if (check.kind === 'workflow') checkWorkflow(block);
      else if (check.of) checkFragmentOf(block, check.of);
      else parseYaml(block);
    });
  }
});

/** The `--options` written after `recall-gate <command>` in a code block, by line (a line ending in a backslash goes on). */
function commandLines(block: CodeBlock): { line: number; command: string; options: string[] }[] {
  const found: { line: number; command: string; options: string[] }[] = [];
  const lines = block.content.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let text = lines[i]!;
    const first = i;
    while (text.endsWith('\\') && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i]!}`;
    for (const match of text.matchAll(/(?:\brecall-gate|\bdist\/cli\.js)\s+([a-z][\w-]*)([^|;&#]*)/g)) {
      if (!Object.hasOwn(COMMAND_HELP, match[1]!)) continue;
      found.push({ line: block.line + 1 + first, command: match[1]!, options: [...match[2]!.matchAll(/(?:^|\s)--([a-z][\w-]*)/g)].map((option) => option[1]!) });
    }
  }
  return found;
}

test('every recall-gate command line in a code block uses options the command has', () => {
  const wrong: string[] = [];
  let checked = 0;
  for (const block of blocks) {
    for (const { line, command, options } of commandLines(block)) {
      checked++;
      for (const option of options) {
        if (option !== 'help' && !Object.hasOwn(COMMAND_HELP[command]!.options, option)) wrong.push(`${block.doc}:${line}: recall-gate ${command} has no --${option}`);
      }
    }
  }
  assert.ok(checked >= 5, `only ${checked} command lines found`);
  assert.deepEqual(wrong, []);
});

const GENERATED_START = (command: string) => `<!-- generated from src/cli/help.ts: ${command} -->`;
const GENERATED_END = '<!-- end of generated -->';
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A command's arguments and options as docs/cli.md shows them, made from src/cli/help.ts alone. */
function helpSection(command: string, help: CommandHelp): string {
  const usage = ['recall-gate', command, ...help.arguments.map(([name]) => name)].join(' ');
  const lines: string[] = [`\`${usage}\`: ${help.summary}.`, ''];
  if (help.arguments.length > 0) {
    lines.push('| argument | what it is |', '| --- | --- |', ...help.arguments.map(([name, what]) => `| \`${cell(name)}\` | ${cell(what)} |`), '');
  }
  const options = Object.entries(help.options);
  if (options.length > 0) {
    lines.push('| option | what it does |', '| --- | --- |');
    for (const [name, option] of options) {
      const label = `--${name}${option.argument ? ` ${option.argument}` : ''}`;
      lines.push(`| \`${cell(label)}\` | ${cell(option.description)}${option.default ? ` (default: ${cell(option.default)})` : ''} |`);
    }
  } else {
    lines.push('No options but `--help`.');
  }
  return lines.join('\n');
}

test("docs/cli.md shows every command's arguments and options as src/cli/help.ts describes them", () => {
  const path = join(REPO_ROOT, 'docs', 'cli.md');
  let text = readFileSync(path, 'utf8');
  const problems: string[] = [];
  for (const [command, help] of Object.entries(COMMAND_HELP)) {
    const start = text.indexOf(GENERATED_START(command));
    const end = start < 0 ? -1 : text.indexOf(GENERATED_END, start);
    if (start < 0 || end < 0) {
      problems.push(`docs/cli.md has no "${GENERATED_START(command)}" ... "${GENERATED_END}" section for ${command}`);
      continue;
    }
    const expected = `${GENERATED_START(command)}\n${helpSection(command, help)}\n${GENERATED_END}`;
    const actual = text.slice(start, end + GENERATED_END.length);
    if (actual === expected) continue;
    if (process.env.RECALL_GATE_WRITE_DOCS === '1') text = text.slice(0, start) + expected + text.slice(end + GENERATED_END.length);
    else problems.push(`docs/cli.md:${text.slice(0, start).split('\n').length}: the ${command} section differs from src/cli/help.ts; it should read:\n${expected}`);
  }
  if (process.env.RECALL_GATE_WRITE_DOCS === '1') writeFileSync(path, text);
  // The table above is generated; this says plainly what it implies: no option of help.ts goes undocumented.
  for (const [command, help] of Object.entries(COMMAND_HELP)) {
    for (const option of Object.keys(help.options)) if (!text.includes(`--${option}`)) problems.push(`docs/cli.md never names ${command} --${option}`);
  }
  assert.deepEqual(problems, [], problems.join('\n\n'));
});

test('docs/action.md describes every input and output of action.yml', () => {
  const action = parseDocument(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')).toJS() as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };
  const text = readFileSync(join(REPO_ROOT, 'docs', 'action.md'), 'utf8');
  const missing = [...Object.keys(action.inputs), ...Object.keys(action.outputs)].filter((name) => !text.includes(`\`${name}\``));
  assert.deepEqual(missing, []);
});

test('every relative link in README.md and docs/ points to a file that exists, and every #anchor to a heading', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const doc of docs) {
    for (const link of links(doc)) {
      if (/^[a-z][\w+.-]*:/i.test(link.href)) continue; // https:, mailto: ...
      checked++;
      const [pathPart, anchor] = link.href.split('#', 2) as [string, string | undefined];
      const target = pathPart === '' ? join(REPO_ROOT, doc.path) : resolve(REPO_ROOT, dirname(doc.path), decodeURIComponent(pathPart));
      const shown = `${doc.path}:${link.line}: ${link.href}`;
      if (!existsSync(target)) {
        broken.push(`${shown}: no such file (${relative(REPO_ROOT, target)})`);
        continue;
      }
      if (anchor === undefined || anchor === '') continue;
      if (!target.endsWith('.md')) broken.push(`${shown}: an anchor into a file that is not markdown`);
      else if (!headingAnchors(readFileSync(target, 'utf8')).has(anchor)) broken.push(`${shown}: ${relative(REPO_ROOT, target)} has no heading with the anchor #${anchor}`);
    }
  }
  assert.ok(checked >= 20, `only ${checked} relative links found`);
  assert.deepEqual(broken, []);
});

/** A provider row's two search-time columns, which differ from run to run. */
const maskTimes = (line: string): string => line.replace(/^(\S+(?:\s+\d+\.\d+){6})\s+\d+\.\d+\s+\d+\.\d+$/, '$1 <times>');

describe('blocks marked as output are what the command prints', () => {
  const outputs = blocks.filter((block) => block.marker?.startsWith('docs-test: output of '));
  test('the README shows a run\'s output', () => assert.ok(outputs.some((block) => block.doc === 'README.md')));
  for (const block of outputs) {
    test(`${where(block)}: recall-gate ${block.marker!.slice('docs-test: output of '.length)}`, async () => {
      const out = mkdtempSync(join(tmpdir(), 'recall-gate-docs-output-'));
      try {
        const args = block.marker!.slice('docs-test: output of '.length).trim().split(/\s+/);
        const printed = await runCli([...args, '--out', out], { cwd: REPO_ROOT });
        assert.ok(printed.code === 0 || printed.code === 1, printed.stderr);
        const lines = printed.stdout.split('\n').map(maskTimes);
        let at = 0;
        for (const [index, written] of block.content.split('\n').entries()) {
          if (written.trim() === '...' || written === '') continue;
          // A whole line is a whole printed line; `...` inside one stands for what is left out between its parts, in order.
          const shown = maskTimes(written).trimEnd();
          const elided = shown.includes(' ... ') || shown.endsWith(' ...');
          const parts = shown.split(' ... ').map((part) => part.replace(/ ?\.\.\.$/, ''));
          const holds = (line: string) =>
            elided ? parts.reduce((from, part) => (from < 0 ? -1 : line.indexOf(part, from) < 0 ? -1 : line.indexOf(part, from) + part.length), 0) >= 0 : line.trimEnd() === shown;
          const found = lines.findIndex((line, i) => i >= at && holds(line));
          assert.ok(found >= 0, `${block.doc}:${block.line + index + 1}: not printed (after line ${at + 1} of the output):\n${written}\n--- printed:\n${printed.stdout}`);
          at = found + 1;
        }
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });
  }
});

test('README.md stays short: at most 400 lines, the reference lives in docs/', () => {
  const lines = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8').split('\n').length;
  assert.ok(lines <= 400, `README.md has ${lines} lines`);
});
