import type { CheckResult, JsonPathSpec } from '../../model/checks.js';
import { showExpected, valueMatches } from './actions.js';
import { normalizeAnswer } from './normalize.js';
import { execRegex } from './regexRunner.js';
import { compileRegex } from './text.js';
import { counted } from '../../text/counted.js';

/*
 * json_path: a small subset of JSONPath, enough to point into an artifact:
 *   $          the document
 *   .key       a member (letters, digits, _ and $, not starting with a digit)
 *   ['key']    a member by any name ("key" also; \' \" \\ escape)
 *   [n]        an array element (0-based)
 *   [*] or .*  every element of an array, every member of an object
 * e.g. $.rows[*].amount, $['order id'][0]. Filters, slices, recursive
 * descent (..) and negative indexes are not in it: the loader says so.
 *
 * `equals` matches each selected value as tool arguments are matched
 * (checks/actions.ts); `matches` runs the regex on each one's string form
 * (a string as is, anything else as JSON), normalised. Every selected value
 * must pass; nothing selected, or content that is not JSON, is a failure
 * that says so.
 */

export type JsonPathStep = { key: string } | { index: number } | { every: true };

/** The steps of `path`; throws an Error saying where it stops being the subset. */
export function parseJsonPath(path: string): JsonPathStep[] {
  if (!path.startsWith('$')) throw new Error(`a json_path starts with $, got ${JSON.stringify(path)}`);
  const steps: JsonPathStep[] = [];
  let at = 1;
  const fail = (what: string) => new Error(`json_path ${JSON.stringify(path)}: ${what} at character ${at + 1} (supported: $, .key, ['key'], [n], [*])`);
  while (at < path.length) {
    const rest = path.slice(at);
    const dotted = /^\.([A-Za-z_$][\w$]*|\*)/.exec(rest);
    const bracket = /^\[(?:(\d+)|\*|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\]/.exec(rest);
    if (dotted) {
      steps.push(dotted[1] === '*' ? { every: true } : { key: dotted[1]! });
      at += dotted[0].length;
    } else if (bracket) {
      const quoted = bracket[2] ?? bracket[3];
      steps.push(bracket[1] !== undefined ? { index: Number(bracket[1]) } : quoted !== undefined ? { key: quoted.replace(/\\(.)/g, '$1') } : { every: true });
      at += bracket[0].length;
    } else {
      throw fail(rest.startsWith('..') ? 'recursive descent (..) is not supported' : rest.startsWith('[?') ? 'filters are not supported' : `unexpected ${JSON.stringify(rest[0])}`);
    }
  }
  return steps;
}

interface Selected {
  /** Where the value is, as a path: $.rows[1].amount. */
  at: string;
  value: unknown;
}

const KEY = /^[A-Za-z_$][\w$]*$/;
const member = (at: string, key: string) => (KEY.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`);

/** The values `steps` select in `document`, and the first step that selected nothing (when it came to that). */
export function selectJsonPath(document: unknown, steps: readonly JsonPathStep[]): { values: Selected[]; emptyAfter?: number } {
  let values: Selected[] = [{ at: '$', value: document }];
  for (const [i, step] of steps.entries()) {
    const next: Selected[] = [];
    for (const { at, value } of values) {
      if ('every' in step) {
        if (Array.isArray(value)) value.forEach((item, n) => next.push({ at: `${at}[${n}]`, value: item }));
        else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) next.push({ at: member(at, key), value: item });
      } else if ('index' in step) {
        if (Array.isArray(value) && step.index < value.length) next.push({ at: `${at}[${step.index}]`, value: value[step.index] });
      } else if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, step.key)) {
        next.push({ at: member(at, step.key), value: (value as Record<string, unknown>)[step.key] });
      }
    }
    if (next.length === 0) return { values: [], emptyAfter: i };
    values = next;
  }
  return { values };
}

const VALUE_SHOWN = 60;
const FAILURES_SHOWN = 3;

function showValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > VALUE_SHOWN ? `${text.slice(0, VALUE_SHOWN - 3)}...` : text;
}

export async function checkJsonPath(spec: JsonPathSpec, raw: string, where: string): Promise<CheckResult> {
  const steps = parseJsonPath(spec.path);
  const test = spec.matches !== undefined ? `matches /${spec.matches}/` : `equals ${showExpected(spec.equals)}`;
  const head = `json_path ${spec.path} ${test}`;
  let document: unknown;
  try {
    document = JSON.parse(raw.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { pass: false, reason: `${head}: ${where} is not JSON (${(error as Error).message})` };
  }
  const { values, emptyAfter } = selectJsonPath(document, steps);
  if (values.length === 0) {
    const reached = spec.path.length > 1 && emptyAfter !== undefined && emptyAfter > 0 ? ` (${pathUpTo(spec.path, emptyAfter)} selects something, the next step nothing)` : '';
    return { pass: false, reason: `${head}: selects nothing in ${where}${reached}` };
  }
  const pattern = spec.matches !== undefined ? compileRegex(spec.matches) : undefined;
  const failed: Selected[] = [];
  for (const selected of values) {
    const ok = pattern
      ? (await execRegex(pattern, normalizeAnswer(typeof selected.value === 'string' ? selected.value : (JSON.stringify(selected.value) ?? String(selected.value))))) !== null
      : await valueMatches(spec.equals, selected.value);
    if (!ok) failed.push(selected);
  }
  const count = counted(values.length, 'value', 'values');
  if (failed.length === 0) return { pass: true, reason: `${head}: ${values.length === 1 ? `${values[0]!.at} = ${showValue(values[0]!.value)}` : `all ${count} pass`}` };
  const shown = failed.slice(0, FAILURES_SHOWN).map((selected) => `${selected.at} = ${showValue(selected.value)}`).join(', ');
  return { pass: false, reason: `${head}: ${failed.length} of ${count} fail (${shown}${failed.length > FAILURES_SHOWN ? ', ...' : ''})` };
}

/** The written path up to (not including) step `count`, for saying how far it got. */
function pathUpTo(path: string, count: number): string {
  let shown = '$';
  const steps = parseJsonPath(path).slice(0, count);
  for (const step of steps) shown = 'every' in step ? `${shown}[*]` : 'index' in step ? `${shown}[${step.index}]` : member(shown, step.key);
  return shown;
}
