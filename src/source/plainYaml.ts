import { EVENT_ID, FAILSAFE_SCHEMA, NOT_RESOLVED, boolCoreTag, constructFromEvents, defineMappingTag, defineScalarTag, nullCoreTag, parseEvents, type Event } from 'js-yaml';
import { MAX_ALIAS_EXPANSION } from './yamlContent.js';

/**
 * The data of a YAML text read by js-yaml, which parses a suite several
 * times faster than the `yaml` package from a cold start (the example suite's
 * three files: ~45 ms against ~200 ms, most of validate's time), or undefined
 * when the text is anything but plain: a directive, a tag, one document
 * (not none or several), a non-string or reserved key, a key longer than
 * 1,024 characters, a duplicate key, a number that is not finite, aliases
 * that expand past the limit, or anything js-yaml refuses. Those, and every
 * position, stay with the `yaml` package (sourceFile.ts), which reports
 * problems at their line and column.
 *
 * What it returns is what `yaml`'s `parseDocument(text).toJS()` returns for
 * the same text (YAML 1.2 core schema, string keys, plain objects, an alias
 * the very object its anchor names). A test reads every YAML file the project
 * ships both ways, and mutated copies of them, and finds no difference.
 */
export function plainYamlData(text: string): unknown {
  try {
    const events = parseEvents(text, {});
    if (!plainEvents(events)) return undefined;
    const [data] = constructFromEvents(events, { source: text, schema: SCHEMA });
    return beyondPlainData(data) ? undefined : data;
  } catch {
    // Whatever js-yaml refuses, the careful reader explains (or reads: it is the one that decides).
    return undefined;
  }
}

/**
 * One document with no directive (%YAML 1.1 changes what `yes` means to `yaml`) and no tag: `yaml` resolves
 * `!!float 1` and `!{a: 1}` otherwise than js-yaml, and a suite has no use for either.
 */
function plainEvents(events: Event[]): boolean {
  let documents = 0;
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) {
      if (++documents > 1 || event.directives.length > 0) return false;
    } else if (event.type !== EVENT_ID.POP && event.type !== EVENT_ID.ALIAS && event.tagStart !== -1) {
      return false;
    }
  }
  return documents === 1;
}

// The core schema's integers and floats as `yaml` resolves them: js-yaml's own core tags leave a literal that
// overflows (1e999) a string, where `yaml` reads Infinity, which the careful reader reports.
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
    return form ? form.parse(source) : NOT_RESOLVED;
  },
  identify: () => false,
});

const floatTag = defineScalarTag('tag:yaml.org,2002:float', {
  implicit: true,
  implicitFirstChars: ['-', '+', '.', ...'0123456789'],
  // .inf reads as NaN here: any value that is not finite sends the text to the careful reader, which says where.
  resolve: (source) => (FLOAT.test(source) ? parseFloat(source) : FLOAT_SPECIAL.test(source) ? Number.NaN : NOT_RESOLVED),
  identify: () => false,
});

/**
 * Plain objects with string keys only. Any other key (a number, null, a collection), __proto__, and a key past
 * the spec's 1,024 characters (`yaml` refuses it as an implicit key, js-yaml reads it) go to the careful reader.
 */
const mapTag = defineMappingTag<Record<string, unknown>>('tag:yaml.org,2002:map', {
  create: () => ({}),
  addPair: (map, key, value) => {
    if (typeof key !== 'string' || key === '__proto__' || key.length > 1024) return 'not a plain key';
    map[key] = value;
    return '';
  },
  has: (map, key) => typeof key === 'string' && Object.hasOwn(map, key),
  keys: (map) => Object.keys(map),
  get: (map, key) => map[key as string],
  identify: () => false,
});

const SCHEMA = FAILSAFE_SCHEMA.withTags(mapTag, nullCoreTag, boolCoreTag, intTag, floatTag);

/**
 * Whether parsed data holds a number that is not finite (.inf, .nan, 1e999), or, where it shares objects (an
 * alias), whether it expands to more than MAX_ALIAS_EXPANSION values: a shared object counts each time it is
 * met, as yamlContent counts an alias bomb, and a cycle never ends below the limit. Iterative: data may nest deeply.
 */
export function beyondPlainData(data: unknown): boolean {
  const seen = new Set<object>();
  let shared = false;
  let met = 0;
  const stack = [data];
  while (stack.length > 0) {
    const item = stack.pop();
    if (++met > MAX_ALIAS_EXPANSION && shared) return true;
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return true;
    } else if (item !== null && typeof item === 'object') {
      if (seen.has(item)) shared = true;
      else seen.add(item);
      for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push(child);
    }
  }
  return false;
}
