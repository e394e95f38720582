import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { addProblems, formatLocation, invalidInput } from '../errors.js';
import type { InputProblem, SourceLocation } from '../model/source.js';
import { checkSchema, type SchemaPart } from './schemaCheck.js';
import { checkRetrieval } from './semantics.js';
import { splitOf } from './splits.js';
import { FileProblems, readDataFile, readYamlFile, type DataPath, type SourceFile } from '../source/sourceFile.js';
import { buildE2e, type RawE2e } from './loadE2e.js';
import { missingScriptWarnings, startedCommands } from './startedCommands.js';
import { dateOrderWarnings, historyDateWarnings } from './dateOrder.js';
import { evidenceWordingWarnings } from './evidenceWording.js';
import { addTools } from './loadTools.js';
import { validateGate } from '../gate/validateGate.js';
import { gateLocations, gateSpecOf } from './loadGate.js';
import { buildVariants } from './variants.js';
import { buildHaystack, haystackWarnings } from './haystack.js';
import { mcpArgumentProblems, mcpToolLocations } from '../memory/mcpTools.js';
import type { PhaseProgress } from '../phaseProgress.js';
import type { E2eSpec, EmbeddingSpec, McpToolsSpec, MemorySpec, ProviderSpec, QuerySpec, RetrievalSpec, Suite } from '../model/suite.js';
import type { Split } from '../model/split.js';
import type { IntervalUnit } from '../model/figures.js';
import type { Rows } from './rows.js';

/** The user memories belong to when a suite names none. */
export const DEFAULT_USER = 'default';

const DEFAULT_K = [1, 3, 5];
const PLURAL: Record<SchemaPart, string> = { suite: 'suites', memory: 'memories', query: 'queries', case: 'cases', tool: 'tools', history: 'histories' };
const MIN_DEPTH = 10;
/** Rows checked between two progress calls: often enough for a live line, rarely enough to cost nothing. */
const PROGRESS_EVERY = 1000;

interface RawRetrieval {
  k?: number[];
  depth?: number;
  group_metrics?: boolean;
  haystack?: number[];
  haystack_seed?: number;
  interval_unit?: IntervalUnit;
  providers: (Record<string, unknown> & { name: string; kind: ProviderSpec['kind'] })[];
  memories: unknown;
  queries: unknown;
}

interface RawSuite {
  name: string;
  description?: string;
  memory_paths?: string[];
  retrieval?: RawRetrieval;
  e2e?: RawE2e;
  variants?: Parameters<typeof buildVariants>[0];
  gate?: Record<string, unknown>;
}

/**
 * Reads a suite and every file it points at, and checks all of it.
 * Throws a RecallGateError listing every problem (file:line:col) when anything is wrong,
 * so nothing runs on an invalid suite.
 */
export function loadSuite(suitePath: string, cwd = process.cwd(), onProgress?: PhaseProgress): Suite {
  const file = resolve(cwd, suitePath);
  const displayPath = displayPathOf(file, suitePath, cwd);
  const problems: InputProblem[] = [];
  const files = [file];

  let main: SourceFile;
  try {
    main = readYamlFile(file, displayPath);
  } catch (error) {
    throw asInvalid(error);
  }
  addProblems(problems, checkSchema('suite', main.data, main));
  const reading: RowsReading = { main, files, problems, cwd, onProgress };
  if (problems.length > 0) {
    // Still check the data files the suite names, so one run reports everything.
    const data = main.data as { retrieval?: Record<string, unknown>; e2e?: Record<string, unknown> } | null;
    for (const [section, key, part] of [['retrieval', 'memories', 'memory'], ['retrieval', 'queries', 'query'], ['e2e', 'histories', 'history'], ['e2e', 'cases', 'case']] as const) {
      const value = data?.[section]?.[key];
      if (value !== undefined && value !== null) rowsOf(value, [section, key], part, reading);
    }
    throw invalidInput(sortProblems(problems));
  }

  const raw = main.data as RawSuite;
  let retrieval: RetrievalSpec | undefined;
  if (raw.retrieval) {
    const memoryKeeper = loadedMemories();
    const memories = rowsOf(raw.retrieval.memories, ['retrieval', 'memories'], 'memory', reading, memoryKeeper.keep);
    const queries = rowsOf(raw.retrieval.queries, ['retrieval', 'queries'], 'query', reading);
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
    retrieval = buildRetrieval(raw.retrieval, memoryKeeper.specs(memories!), queries!, main, problems);
    problems.push(
      ...checkRetrieval(
        retrieval,
        {
        memory: memories!.locate,
        query: queries!.locate,
        retrieval: (subpath) => main.locate(['retrieval', ...subpath]),
        relevant: (index, id) => {
          const relevant = queries!.rows[index]?.relevant;
          return Array.isArray(relevant) ? queries!.locate(index, ['relevant', relevant.indexOf(id)]) : queries!.locate(index, ['relevant'], id);
        },
        obsolete: (index, id) => {
          const obsolete = queries!.rows[index]?.obsolete;
          return queries!.locate(index, Array.isArray(obsolete) ? ['obsolete', Math.max(0, obsolete.indexOf(id))] : ['obsolete']);
        },
        },
        onProgress,
      ),
    );
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
  }

  let e2e: E2eSpec | undefined;
  const warnings: InputProblem[] = [];
  if (retrieval) addProblems(warnings, haystackWarnings(retrieval, (path) => main.locate(['retrieval', ...path])));
  if (raw.e2e) {
    const histories = raw.e2e.histories === undefined ? undefined : rowsOf(raw.e2e.histories, ['e2e', 'histories'], 'history', reading);
    const cases = rowsOf(raw.e2e.cases, ['e2e', 'cases'], 'case', reading);
    // tools: a list, or a file holding it (read like rows, checked against definitions/tool).
    const tools = raw.e2e.target.tools === undefined ? undefined : rowsOf(raw.e2e.target.tools, ['e2e', 'target', 'tools'], 'tool', reading);
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
    e2e = buildE2e(raw.e2e, cases!, main, retrieval, files, problems, histories);
    addTools(e2e.target, raw.e2e.target, tools, (key) => main.locate(['e2e', 'target'], { keyOf: key }), problems);
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
    addProblems(warnings, dateOrderWarnings(e2e.cases, cases!));
    addProblems(warnings, evidenceWordingWarnings(e2e.cases, cases!));
    if (histories) addProblems(warnings, historyDateWarnings(histories));
  }

  addProblems(warnings, missingScriptWarnings(startedCommands({ retrieval, e2e }, dirname(file)), (path) => main.locate(path), cwd));

  const suite: Suite = {
    name: raw.name,
    nameWhere: main.locate([], { keyOf: 'name' }),
    description: raw.description,
    file,
    displayPath,
    memoryPaths: raw.memory_paths ?? [],
    files,
    retrieval,
    e2e,
    ...(warnings.length > 0 ? { warnings: sortProblems(warnings) } : {}),
  };
  if (raw.variants) {
    // Before the gate: a gate condition may name a variant as its baseline.
    suite.variants = buildVariants(raw.variants, suite, (path, keyOf) => main.locate(['variants', ...path], { keyOf }), problems);
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
  }
  if (raw.gate) {
    suite.gate = gateSpecOf(raw.gate);
    suite.gateLocations = gateLocations(raw.gate, (path) => main.locate(['gate', ...path]));
    addProblems(problems, validateGate(suite.gate, suite).map((problem) => ({ where: main.locate(problem.path), message: problem.message, hint: problem.hint })));
    if (problems.length > 0) throw invalidInput(sortProblems(problems));
  }
  return suite;
}

/** Problems in reading order: by file as the suite names them, then line and column. */
function sortProblems(problems: InputProblem[]): InputProblem[] {
  const fileOrder = new Map<string, number>();
  for (const problem of problems) if (!fileOrder.has(problem.where.file)) fileOrder.set(problem.where.file, fileOrder.size);
  return [...problems].sort(
    (a, b) => fileOrder.get(a.where.file)! - fileOrder.get(b.where.file)! || a.where.line - b.where.line || a.where.col - b.where.col,
  );
}

function asInvalid(error: unknown): Error {
  if (error instanceof FileProblems) return invalidInput(error.problems);
  return error as Error;
}

/** A data file the suite names: a path, or {file, split} (as the schema has checked). */
function fileReference(value: unknown): { file: string; split?: Split } | undefined {
  if (typeof value === 'string') return { file: value };
  const record = value as { file?: unknown; split?: Split } | null;
  return typeof record === 'object' && record !== null && typeof record.file === 'string' ? { file: record.file, split: record.split } : undefined;
}

/**
 * Inline rows, rows read from a file (a path relative to the suite, or
 * {file, split}), or a list of inline rows and files, in that order.
 */
/** What reading rows needs besides the rows: the suite file, the files read so far, the problems found, the working directory. */
interface RowsReading {
  main: SourceFile;
  files: string[];
  problems: InputProblem[];
  cwd: string;
  onProgress?: PhaseProgress;
}

/** Consecutive rows of one source (an inline row, or a file's rows), with how to locate one of them by its place in the source. */
interface RowSegment {
  start: number;
  locate: (offset: number, subpath: DataPath, keyOf?: string) => SourceLocation;
  split: ReturnType<Rows['fileSplit']>;
  reread?: (offset: number) => unknown;
}

/**
 * What is kept of each row as its source is read, in its place (a memory keeps its spec, less than the row,
 * so the rows of one file are let go before the next is read); `rereadable` when its file can give the row back.
 */
type KeepRow = (row: Record<string, unknown>, index: number, rereadable: boolean) => Record<string, unknown>;

function rowsOf(value: unknown, path: (string | number)[], part: SchemaPart, reading: RowsReading, keep?: KeepRow): Rows | undefined {
  const { main } = reading;
  const sources = Array.isArray(value) ? value.map((item, index) => ({ item, at: [...path, index] })) : [{ item: value, at: path }];
  const rows: Record<string, unknown>[] = [];
  // One entry per source, not per row: a large file's rows share theirs (a closure each would cost megabytes).
  const segments: RowSegment[] = [];
  let unreadable = false;
  for (const { item, at } of sources) {
    const reference = fileReference(item);
    if (!reference) {
      segments.push({ start: rows.length, locate: (_, subpath, keyOf) => main.locate([...at, ...subpath], { keyOf }), split: undefined });
      rows.push(keep ? keep(item as Record<string, unknown>, rows.length, false) : (item as Record<string, unknown>));
      continue;
    }
    const read = rowsOfFile(reference.file, typeof item === 'string' ? at : [...at, 'file'], part, reading);
    if (!read) {
      unreadable = true;
      continue;
    }
    const split = reference.split && { split: reference.split, where: main.locate([...at, 'split']) };
    // The file's locate alone: holding the file would hold its parsed rows for as long as any position may be asked.
    const locateInFile = read.file.locate;
    const reread = read.file.rereadRow;
    segments.push({ start: rows.length, locate: (offset, subpath, keyOf) => locateInFile([offset, ...subpath], { keyOf }), split, ...(reread ? { reread } : {}) });
    for (const row of read.rows) rows.push(keep ? keep(row, rows.length, reread !== undefined) : row);
  }
  if (unreadable) return undefined;
  const segmentOf = (index: number): RowSegment => {
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (segments[middle]!.start <= index) low = middle;
      else high = middle - 1;
    }
    return segments[low]!;
  };
  return {
    rows,
    locate: (index, subpath = [], keyOf) => {
      const segment = segmentOf(index);
      return segment.locate(index - segment.start, subpath, keyOf);
    },
    fileSplit: (index) => segmentOf(index).split,
    reread: (index) => {
      const segment = segmentOf(index);
      return segment.reread?.(index - segment.start);
    },
  };
}

function rowsOfFile(written: string, path: (string | number)[], part: SchemaPart, { main, files, problems, cwd, onProgress }: RowsReading): { rows: Record<string, unknown>[]; file: SourceFile } | undefined {
  const target = resolve(dirname(main.path), written);
  const referencedFrom = main.locate(path);
  let data: SourceFile;
  try {
    data = readDataFile(target, displayPathOf(target, written, cwd), referencedFrom);
  } catch (error) {
    if (error instanceof FileProblems) {
      addProblems(problems, error.problems);
      return undefined;
    }
    throw error;
  }
  files.push(target);
  if (!Array.isArray(data.data)) {
    problems.push({ where: data.locate([]), message: `${data.displayPath} must hold a list of ${PLURAL[part]}` });
    return undefined;
  }
  if (data.data.length === 0) {
    problems.push({ where: referencedFrom, message: `${data.displayPath} holds no ${PLURAL[part]}`, hint: 'a suite needs at least one' });
    return undefined;
  }
  const rows = data.data;
  rows.forEach((row, index) => {
    addProblems(problems, checkSchema(part, row, data, [index]));
    // Only while all is well: once problems are found, their list is the output, and progress lines would only come before it.
    if ((index % PROGRESS_EVERY === 0 || index === rows.length - 1) && problems.length === 0) onProgress?.(`validating ${data.displayPath}`, index + 1, rows.length);
  });
  return { rows: data.data as Record<string, unknown>[], file: data };
}

/** A path as problems show it: relative to the working directory, unless it was written absolute and lies outside it. */
function displayPathOf(absolute: string, written: string, cwd: string): string {
  const fromCwd = relative(cwd, absolute);
  if (isAbsolute(written) && (fromCwd.startsWith('..') || isAbsolute(fromCwd))) return absolute;
  return fromCwd || written;
}

function buildRetrieval(raw: RawRetrieval, memorySpecs: MemorySpec[], queries: Rows, main: SourceFile, problems: InputProblem[]): RetrievalSpec {
  const k = [...new Set(raw.k ?? DEFAULT_K)].sort((a, b) => a - b);
  const depth = raw.depth ?? Math.max(MIN_DEPTH, k[k.length - 1]!);
  // The schema has checked every key and its type.
  const providers: ProviderSpec[] = raw.providers.map((provider, index) => ({
    ...(provider as Omit<ProviderSpec, 'where'>),
    embedding: provider.embedding as EmbeddingSpec | undefined,
    ...(provider.kind === 'mcp' ? { tools_where: mcpToolLocations(provider.tools as McpToolsSpec, (role) => main.locate(['retrieval', 'providers', index, 'tools', role, 'name'])) } : {}),
    where: main.locate(['retrieval', 'providers', index]),
  }));
  for (const provider of providers) if (provider.kind === 'mcp') addProblems(problems, mcpArgumentProblems(provider));
  const locateQuery = queries.locate;
  const querySpecs: QuerySpec[] = queries.rows.map((row, index) => ({
    id: (row.id as string | undefined) ?? `q${index + 1}`,
    text: String(row.text),
    user: (row.user as string | undefined) ?? DEFAULT_USER,
    relevant: gains(row.relevant as string[] | Record<string, number>),
    ...(Array.isArray(row.obsolete) && row.obsolete.length > 0 ? { obsolete: (row.obsolete as unknown[]).map(String) } : {}),
    ...(typeof row.group === 'string' ? { group: row.group } : {}),
    tags: (row.tags as string[] | undefined) ?? [],
    split: splitOf(queries, index, problems),
    ...(row.answer === undefined ? {} : { answer: row.answer as string }),
    ...(row.meta === undefined ? {} : { meta: row.meta as Record<string, unknown> }),
    get where() {
      return locateQuery(index);
    },
  }));
  const haystack = buildHaystack(raw, (path, keyOf) => main.locate(['retrieval', ...path], { keyOf }), problems);
  return {
    k,
    depth,
    ...(raw.group_metrics ? { group_metrics: true } : {}),
    ...(raw.interval_unit !== undefined ? { interval_unit: raw.interval_unit } : {}),
    ...(haystack ? { haystack } : {}),
    providers,
    memories: memorySpecs,
    queries: querySpecs,
  };
}

/** Where a loaded memory's row sits among the rows it was read from, and its text when held (symbols: not its fields). */
const ROW = Symbol('row');
const TEXT = Symbol('text');

/**
 * The memory specs of a suite, made as its rows are read. A large suite holds millions for the whole run, so:
 * - each is an instance of a class rather than an object literal with its own `where` getter (a closure and
 *   an object in dictionary mode per row); its position is found, when asked, from its place among the rows;
 * - a row of a JSONL file does not keep its text: `text` reads the row back from the file when asked (seeding
 *   asks once per provider), so what a run holds grows with the number of memories, not with their text;
 * - the same user and date are one string, not one per row.
 */
function loadedMemories(): { keep: KeepRow; specs: (rows: Rows) => MemorySpec[] } {
  let source: Rows | undefined;
  const strings = new Map<string, string>();
  const shared = (text: string) => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    strings.set(text, text);
    return text;
  };
  class LoadedMemory implements MemorySpec {
    id: string;
    user: string;
    date?: string;
    // Only when the row has them, as before: declared, not defined (a field would be an own key, undefined).
    declare group?: string;
    declare meta?: Record<string, unknown>;
    [ROW]: number;
    [TEXT]: string | undefined;

    constructor(row: Record<string, unknown>, index: number, rereadable: boolean) {
      this.id = String(row.id);
      this.user = shared((row.user as string | undefined) ?? DEFAULT_USER);
      this.date = row.date === undefined ? undefined : shared(row.date as string);
      if (typeof row.group === 'string') this.group = row.group;
      if (row.meta !== undefined) this.meta = row.meta as Record<string, unknown>;
      this[ROW] = index;
      this[TEXT] = rereadable ? undefined : String(row.text);
    }

    get text(): string {
      const held = this[TEXT];
      if (held !== undefined) return held;
      let row: Record<string, unknown> | undefined;
      try {
        row = source!.reread(this[ROW]) as Record<string, unknown> | undefined;
      } catch {
        // Shorter, unreadable, or no longer JSON where the row was: changed, as below.
      }
      if (row?.id === undefined || String(row.id) !== this.id) {
        throw new Error(`the memories file of memory "${this.id}" (${formatLocation(this.where)}) has changed since it was read; run again on the file as it is now`);
      }
      return String(row.text);
    }

    // Lazy: a position costs a YAML parse of the row, and a large suite's rows are almost never reported.
    get where(): SourceLocation {
      return source!.locate(this[ROW]);
    }
  }
  return {
    keep: (row, index, rereadable) => new LoadedMemory(row, index, rereadable) as unknown as Record<string, unknown>,
    specs: (rows) => {
      source = rows;
      return rows.rows as unknown as MemorySpec[];
    },
  };
}

function gains(relevant: string[] | Record<string, number>): Record<string, number> {
  if (Array.isArray(relevant)) return Object.fromEntries(relevant.map((id) => [id, 1]));
  return { ...relevant };
}
