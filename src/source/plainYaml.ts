import { COLLECTION_STYLE, EVENT_ID, FAILSAFE_SCHEMA, NOT_RESOLVED, SCALAR_STYLE, boolCoreTag, constructFromEvents, defineMappingTag, defineScalarTag, nullCoreTag, parseEvents, type Event } from 'js-yaml';

/**
 * The data of a YAML text read by js-yaml, which parses a suite several
 * times faster than the `yaml` package from a cold start (the example suite's
 * three files: ~45 ms against ~200 ms, most of validate's time), or undefined
 * when the text is anything but plain, so the careful reader (`yaml`, in
 * sourceFile.ts) reads it as before: its problems with their line and column,
 * its aliases bounded (yamlContent.ts), and every position in any file.
 *
 * Plain is what the two parsers read alike: one document, no directive, tag,
 * anchor or alias, string keys other than __proto__, no duplicate key, finite
 * numbers; no bare carriage return, byte-order mark, \U escape, tab in a line's
 * indentation or line of 1,024 characters or more (where the parsers' rules
 * differ); and no block mapping key with anything but indentation, `- ` or
 * `? ` before it on its line (js-yaml takes `- { id: a }  queries: [q]` as a second key; `yaml` refuses it).
 *
 * What it returns is then what `yaml`'s
 * `parseDocument(text, { uniqueKeys: true }).toJS()` returns (YAML 1.2 core
 * schema, plain objects). A test reads every YAML file the project ships both
 * ways, and thousands of mutated copies, and checks exactly that.
 */
export function plainYamlData(text: string): unknown {
  if (UNLIKE.test(text) || hasLongLine(text)) return undefined;
  try {
    const events = parseEvents(text, {});
    if (!plainEvents(events, text)) return undefined;
    return constructFromEvents(events, { source: text, schema: SCHEMA })[0];
  } catch {
    // Whatever js-yaml refuses, the careful reader explains (or reads: it is the one that decides).
    return undefined;
  }
}

/**
 * Text the two parsers read differently: a bare CR (a line break to js-yaml only), a BOM past the start, \U
 * escapes, a tab in a line's indentation (`yaml` refuses "\t:[:]", js-yaml reads it).
 */
const UNLIKE = /\r(?!\n)|\uFEFF|\\U|^ *\t/m;

/** Past the spec's 1,024-character key limit, which `yaml` enforces and js-yaml does not. */
const LONG_LINE = 1024;

/**
 * Whether a line holds LONG_LINE characters or more. A loop over the line ends, not a regex: `[^\n]{1024}` tries
 * again at every character of a long line, so its time grows with the square of the line's length.
 */
function hasLongLine(text: string): boolean {
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start >= LONG_LINE) return true;
    start = stop + 1;
  }
  return false;
}

/** What may stand before a block mapping's key on its line: indentation, and the `- ` or `? ` of the entries it opens. */
const KEY_PREFIX = /^[ \t]*(?:[-?][ \t]+)*$/;

/**
 * One document with no directive (%YAML 1.1 changes what `yes` means to `yaml`), no tag (`yaml` resolves
 * `!!float 1` and `!{a: 1}` otherwise), no anchor or alias (the careful reader bounds what aliases expand to),
 * and each block mapping key first on its line.
 */
function plainEvents(events: Event[], text: string): boolean {
  let documents = 0;
  // Open collections: whether a block mapping, and how many events it holds so far (a key at every even count).
  const open: { blockMap: boolean; items: number }[] = [];
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) {
      if (++documents > 1 || event.directives.length > 0) return false;
      continue;
    }
    if (event.type === EVENT_ID.POP) {
      open.pop();
      continue;
    }
    if (event.type === EVENT_ID.ALIAS || event.tagStart !== -1 || event.anchorStart !== -1) return false;
    const parent = open[open.length - 1];
    if (parent && parent.items++ % 2 === 0 && parent.blockMap) {
      const start = event.type === EVENT_ID.SCALAR ? event.valueStart - (event.style === SCALAR_STYLE.PLAIN ? 0 : 1) : event.start;
      if (!KEY_PREFIX.test(text.slice(text.lastIndexOf('\n', start - 1) + 1, start))) return false;
    }
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) open.push({ blockMap: event.type === EVENT_ID.MAPPING && event.style === COLLECTION_STYLE.BLOCK, items: 0 });
  }
  return documents === 1;
}

// The core schema's integers and floats as `yaml` resolves them: js-yaml's own core tags leave a literal that
// overflows (1e999) a string, where `yaml` reads Infinity, which the careful reader reports. So a number that is
// not finite (.inf, .nan, 1e999) throws here, and the text goes to the careful reader.
function finite(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError('not a finite number');
  return value;
}

const INT = [
  { test: /^[-+]?[0-9]+$/, parse: (source: string) => parseInt(source, 10) },
  { test: /^0o[0-7]+$/, parse: (source: string) => parseInt(source.slice(2), 8) },
  { test: /^0x[0-9a-fA-F]+$/, parse: (source: string) => parseInt(source.slice(2), 16) },
];
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

const intTag = defineScalarTag('tag:yaml.org,2002:int', {
  implicit: true,
  implicitFirstChars: ['-', '+', ...'0123456789'],
  resolve: (source) => {
    const form = INT.find(({ test }) => test.test(source));
    return form ? finite(form.parse(source)) : NOT_RESOLVED;
  },
  identify: () => false,
});

const floatTag = defineScalarTag('tag:yaml.org,2002:float', {
  implicit: true,
  implicitFirstChars: ['-', '+', '.', ...'0123456789'],
  resolve: (source) => (FLOAT.test(source) ? finite(parseFloat(source)) : FLOAT_SPECIAL.test(source) ? finite(Number.NaN) : NOT_RESOLVED),
  identify: () => false,
});

/** Plain objects with string keys only: any other key (a number, null, a collection) and __proto__ go to the careful reader. */
const mapTag = defineMappingTag<Record<string, unknown>>('tag:yaml.org,2002:map', {
  create: () => ({}),
  addPair: (map, key, value) => {
    if (typeof key !== 'string' || key === '__proto__') return 'not a plain key';
    map[key] = value;
    return '';
  },
  has: (map, key) => typeof key === 'string' && Object.hasOwn(map, key),
  keys: (map) => Object.keys(map),
  get: (map, key) => map[key as string],
  identify: () => false,
});

const SCHEMA = FAILSAFE_SCHEMA.withTags(mapTag, nullCoreTag, boolCoreTag, intTag, floatTag);
