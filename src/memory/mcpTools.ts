import type { InputProblem, SourceLocation } from '../model/source.js';
import type { McpToolRole, McpToolSpec, McpToolsSpec, ProviderSpec } from '../model/suite.js';

/**
 * How a suite maps an MCP memory server's tools: the argument templates and
 * the paths into results. Pure, and free of the SDK, so the suite loader
 * checks templates without loading the client (src/memory/mcp.ts).
 */

/** Placeholders each role's arguments may use. */
const PLACEHOLDERS: Record<McpToolRole, readonly string[]> = {
  search: ['query', 'limit', 'user'],
  add: ['id', 'text', 'user', 'date'],
  list: ['user'],
  reset: ['user'],
};

/** What a tool gets when the suite gives no arguments. */
export const DEFAULT_ARGUMENTS: Record<McpToolRole, Record<string, string>> = {
  search: { query: '{query}', limit: '{limit}', user: '{user}' },
  add: { id: '{id}', text: '{text}', user: '{user}', date: '{date}' },
  list: { user: '{user}' },
  reset: { user: '{user}' },
};

const PLACEHOLDER = /\{([A-Za-z_]+)\}/g;
const WHOLE_PLACEHOLDER = /^\{([A-Za-z_]+)\}$/;
/** A whole-placeholder value with nothing to put in it (an add without a date): its key is left out. */
const OMIT = Symbol('omit');

export type Values = Record<string, string | number | undefined>;

/** Fills `{name}` in every string of `template`; a string that is one placeholder alone becomes the value itself (a number stays a number). */
export function fillArguments(template: unknown, values: Values): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE_PLACEHOLDER.exec(template);
    if (whole) return values[whole[1]!] ?? OMIT;
    return template.replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ''));
  }
  if (Array.isArray(template)) return template.map((item) => fillArguments(item, values)).filter((item) => item !== OMIT);
  if (isObject(template)) {
    const filled: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const result = fillArguments(value, values);
      if (result !== OMIT) filled[key] = result;
    }
    return filled;
  }
  return template;
}

/** Placeholders a tool's arguments use that its role does not fill: problems for the suite loader. */
export function mcpArgumentProblems(provider: Pick<ProviderSpec, 'tools' | 'tools_where' | 'where'>): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const [role, tool] of toolEntries(provider.tools)) {
    const known = PLACEHOLDERS[role];
    const used = new Set<string>();
    collectPlaceholders(tool.arguments, used);
    for (const name of used) {
      if (known.includes(name)) continue;
      problems.push({
        where: provider.tools_where?.[role] ?? provider.where,
        message: `tools.${role}.arguments uses {${name}}, which a ${role} call does not fill`,
        hint: `a ${role} call fills ${known.map((p) => `{${p}}`).join(', ')}`,
      });
    }
  }
  return problems;
}

function collectPlaceholders(template: unknown, into: Set<string>): void {
  if (typeof template === 'string') for (const match of template.matchAll(PLACEHOLDER)) into.add(match[1]!);
  else if (Array.isArray(template)) for (const item of template) collectPlaceholders(item, into);
  else if (isObject(template)) for (const value of Object.values(template)) collectPlaceholders(value, into);
}

export function toolEntries(tools: McpToolsSpec | undefined): [McpToolRole, McpToolSpec][] {
  return Object.entries(tools ?? {}).filter((entry): entry is [McpToolRole, McpToolSpec] => entry[1] !== undefined);
}

/** The value at a dotted path ("data.results", "metadata.recall_gate_id", "hits.0"); the value itself for an empty path. */
export function at(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current = value;
  for (const key of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isObject(current)) current = current[key];
    else return undefined;
  }
  return current;
}

/** Where each named tool is written in the suite (its `name` line), for errors about it. */
export function mcpToolLocations(tools: McpToolsSpec | undefined, locate: (role: McpToolRole) => SourceLocation): Partial<Record<McpToolRole, SourceLocation>> {
  return Object.fromEntries(toolEntries(tools).map(([role]) => [role, locate(role)]));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
