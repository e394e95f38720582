import { formatLocation } from '../errors.js';
import type { InputProblem, SourceLocation } from '../model/source.js';
import { parametersProblem, templateNames } from '../targets/tools.js';
import { didYouMean } from '../source/didYouMean.js';
import type { Rows } from './rows.js';
import type { TargetSpec, ToolSpec } from '../model/suite.js';

/** Target keys of the builtin target's tool calling. */
const TOOL_KEYS = ['tools', 'max_tool_rounds'] as const;

/**
 * Puts the suite's tools (rows read inline or from a file, their shape
 * checked by the schema) and max_tool_rounds on the builtin target, reporting
 * what the schema cannot: duplicate names, parameters ajv cannot compile,
 * templates naming no parameter, and tool keys on a target that is not builtin.
 * `keyAt` locates a key of e2e.target.
 */
export function addTools(target: TargetSpec, rawTarget: Record<string, unknown>, rows: Rows | undefined, keyAt: (key: string) => SourceLocation, problems: InputProblem[]): void {
  if (target.kind !== 'builtin') {
    for (const key of TOOL_KEYS) {
      if (rawTarget[key] !== undefined) {
        problems.push({ where: keyAt(key), message: `"${key}" only applies to the builtin target`, hint: 'an adapter reports the tool calls its agent made (tool_calls in its chat result)' });
      }
    }
    return;
  }
  if (rawTarget.max_tool_rounds !== undefined) target.max_tool_rounds = rawTarget.max_tool_rounds as number;
  if (!rows) return;
  const firstAt = new Map<string, number>();
  target.tools = rows.rows.map((row, index) => {
    const spec = { ...(row as Omit<ToolSpec, 'where'>), where: rows.locate(index) };
    const earlier = firstAt.get(spec.name);
    if (earlier === undefined) firstAt.set(spec.name, index);
    else problems.push({ where: rows.locate(index, ['name']), message: `duplicate tool name "${spec.name}"`, hint: `first defined at ${formatLocation(rows.locate(earlier, ['name']))}` });
    const problem = parametersProblem(spec.parameters);
    if (problem) problems.push({ where: rows.locate(index, ['parameters']), message: `tool "${spec.name}": ${problem.message}`, hint: problem.hint });
    const properties = spec.parameters.properties;
    if (properties !== null && typeof properties === 'object' && !Array.isArray(properties)) {
      const names = Object.keys(properties);
      for (const name of templateNames(spec).filter((used) => !names.includes(used))) {
        problems.push({
          where: rows.locate(index, [spec.artifact && JSON.stringify(spec.artifact).includes(`{${name}}`) ? 'artifact' : 'returns']),
          message: `tool "${spec.name}": {${name}} names no parameter (it would render empty)`,
          hint: didYouMean(name, names) ?? `its parameters: ${names.join(', ') || 'none'}`,
        });
      }
    }
    return spec;
  });
}
