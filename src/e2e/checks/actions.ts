import type { ToolCall } from '../../model/e2e.js';
import type { CheckResult, ToolCallSpec } from '../../model/checks.js';
import { blankness, fold, normalisesToBlank, normalizeAnswer, showBlank } from './normalize.js';
import { execRegex } from './regexRunner.js';
import { compileRegex } from './text.js';
import { counted } from '../../text/counted.js';

/*
 * Checks on the probe's tool calls, and the value matching they share with
 * json_path's `equals`.
 *
 * A value as the suite writes it matches an actual one when:
 * - a string: the actual is a string equal to it once both are folded
 *   (normalizeAnswer, then lower case): "DB-Staging-2" matches "db-staging-2";
 * - { regex, flags? } (an object with exactly those keys): the regex (as the
 *   regex check runs it) matches the actual's string form (a string as is,
 *   anything else as JSON), normalised;
 * - a number, true, false or null: the actual is exactly that (5432 does not
 *   match "5432");
 * - an array: an array of the same length, element by element;
 * - an object: an object with every key written, each matching (keys the
 *   actual has beyond them are allowed).
 */

export interface RegexValue {
  regex: string;
  flags?: string;
}

export function isRegexValue(value: unknown): value is RegexValue {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return typeof (value as RegexValue).regex === 'string' && keys.every((key) => key === 'regex' || key === 'flags') && ((value as RegexValue).flags === undefined || typeof (value as RegexValue).flags === 'string');
}

/** Whether `actual` matches `expected` (the rules in the header). */
export async function valueMatches(expected: unknown, actual: unknown): Promise<boolean> {
  if (isRegexValue(expected)) {
    const text = typeof actual === 'string' ? actual : JSON.stringify(actual) ?? String(actual);
    return (await execRegex(compileRegex(expected.regex, expected.flags), normalizeAnswer(text))) !== null;
  }
  if (typeof expected === 'string') return typeof actual === 'string' && fold(actual) === fold(expected);
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    for (const [i, item] of expected.entries()) if (!(await valueMatches(item, actual[i]))) return false;
    return true;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    for (const [key, item] of Object.entries(expected)) if (!Object.hasOwn(actual, key) || !(await valueMatches(item, (actual as Record<string, unknown>)[key]))) return false;
    return true;
  }
  return expected === actual;
}

/** An expected value as a reason shows it: strings quoted, regexes as /source/flags, the rest as JSON. */
export function showExpected(value: unknown): string {
  if (isRegexValue(value)) return `/${value.regex}/${value.flags ?? ''}`;
  if (Array.isArray(value)) return `[${value.map(showExpected).join(', ')}]`;
  if (typeof value === 'object' && value !== null) return `{${Object.entries(value).map(([key, item]) => `${key}: ${showExpected(item)}`).join(', ')}}`;
  return JSON.stringify(value);
}

/** `host "db-staging-2", port 5432`. */
export function showArgs(args: Record<string, unknown>): string {
  return Object.entries(args).map(([key, value]) => `${key} ${showExpected(value)}`).join(', ');
}

const CALL_SHOWN = 120;
const CALLS_SHOWN = 3;

/** A call as a reason shows it: `connect_db {"host":"db-staging-1"}`, cut. */
export function showCall(call: ToolCall): string {
  const line = `${call.name} ${call.raw !== undefined && Object.keys(call.arguments).length === 0 ? call.raw : JSON.stringify(call.arguments)}`;
  return line.length > CALL_SHOWN ? `${line.slice(0, CALL_SHOWN - 3)}...` : line;
}

function showCalls(calls: readonly ToolCall[]): string {
  const shown = calls.slice(0, CALLS_SHOWN).map(showCall).join('; ');
  return calls.length > CALLS_SHOWN ? `${shown}; and ${calls.length - CALLS_SHOWN} more` : shown;
}

/** The calls named `spec.name`, and those among them whose arguments match `spec.args`. */
async function matchingCalls(spec: ToolCallSpec, calls: readonly ToolCall[]): Promise<{ named: ToolCall[]; matching: ToolCall[] }> {
  const named = calls.filter((call) => call.name === spec.name);
  const matching: ToolCall[] = [];
  for (const call of named) if (spec.args === undefined || (await valueMatches(spec.args, call.arguments))) matching.push(call);
  return { named, matching };
}

function notNamed(calls: readonly ToolCall[]): string {
  return calls.length === 0 ? 'no tool calls' : `calls: ${[...new Set(calls.map((call) => call.name))].join(', ')}`;
}

export async function checkToolCalled(spec: ToolCallSpec, calls: readonly ToolCall[]): Promise<CheckResult> {
  const head = `tool_called ${spec.name}`;
  const { named, matching } = await matchingCalls(spec, calls);
  if (named.length === 0) return { pass: false, reason: `${head}: not called (${notNamed(calls)})` };
  if (matching.length === 0) return { pass: false, reason: `${head}: ${counted(named.length, 'call', 'calls')}, none with ${showArgs(spec.args!)} (${showCalls(named)})` };
  const which = named.indexOf(matching[0]!) + 1;
  return { pass: true, reason: `${head}: ${named.length === 1 ? 'called' : `call ${which} of ${named.length} matches`} (${showCall(matching[0]!)})` };
}

export async function checkToolNotCalled(spec: ToolCallSpec, calls: readonly ToolCall[]): Promise<CheckResult> {
  const head = `tool_not_called ${spec.name}`;
  const { named, matching } = await matchingCalls(spec, calls);
  if (matching.length > 0) return { pass: false, reason: `${head}: called${matching.length > 1 ? ` ${matching.length} times` : ''} (${showCalls(matching)})` };
  if (named.length === 0) return { pass: true, reason: `${head}: not called (${notNamed(calls)})` };
  return { pass: true, reason: `${head}: ${counted(named.length, 'call', 'calls')}, none with ${showArgs(spec.args!)} (${showCalls(named)})` };
}

/** The names must appear in this order among the calls (other calls may come between). */
export function checkToolOrder(names: readonly string[], calls: readonly ToolCall[]): CheckResult {
  const head = `tool_order ${names.join(', ')}`;
  const order = calls.map((call) => call.name).join(', ') || 'no tool calls';
  const at: number[] = [];
  let from = 0;
  for (const [i, name] of names.entries()) {
    const found = calls.findIndex((call, index) => index >= from && call.name === name);
    if (found < 0) {
      const where = i === 0 || !calls.some((call) => call.name === name) ? 'not called' : `not called after ${names[i - 1]}`;
      return { pass: false, reason: `${head}: ${name} ${where} (${order})` };
    }
    at.push(found + 1);
    from = found + 1;
  }
  return { pass: true, reason: `${head}: in order (calls ${at.join(', ')} of ${calls.length})` };
}

/**
 * A regex source that is blank once normalised (as every regex the checks run
 * is): it matches every text, or every one with a space. What to say, and what to write instead.
 */
export function blankRegexProblem(source: string, reads: 'answer' | 'value'): { message: string; hint: string } | undefined {
  if (!normalisesToBlank(source)) return undefined;
  const matched = normalizeAnswer(source) === '' ? `every ${reads}` : `every ${reads} with a space`;
  return {
    message: `the regex ${showBlank(source)} is ${blankness(source)} (the texts it reads are normalised too: typographic spaces read as " ", invisible characters are removed), so it would match ${matched}`,
    hint: reads === 'answer' ? 'write a pattern for what the answer must say, where \\s matches white space; for any non-empty answer write regex: "\\S"' : 'write a pattern for the value, e.g. "^\\d+$", where \\s matches white space',
  };
}

/** Problems with a { regex } value anywhere in expected arguments: the paths (below `path`) and messages. */
export function regexValueProblems(value: unknown, path: (string | number)[]): { path: (string | number)[]; message: string; hint?: string }[] {
  if (isRegexValue(value)) {
    const blank = blankRegexProblem(value.regex, 'value');
    if (blank) return [{ path: [...path, 'regex'], ...blank }];
    try {
      compileRegex(value.regex, value.flags);
      return [];
    } catch (error) {
      return [{ path: [...path, 'regex'], message: `invalid regular expression: ${(error as Error).message}` }];
    }
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => regexValueProblems(item, [...path, i]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => regexValueProblems(item, [...path, key]));
  return [];
}
