import type { CheckSpec } from '../types.js';

const RUBRIC_SHOWN = 60;

/**
 * One line naming a check for reports, e.g. `first_amount 8000` or
 * `all(icontains "peanut", not(regex /shellfish/))`. Never throws: a malformed
 * check is shown as `unknown check {...}`.
 */
export function describeCheck(check: CheckSpec): string {
  const spec = check as Record<string, unknown>;
  if (typeof spec !== 'object' || spec === null) return `unknown check ${JSON.stringify(check)}`;
  if ('contains' in spec) return `contains ${JSON.stringify(spec.contains)}`;
  if ('icontains' in spec) return `icontains ${JSON.stringify(spec.icontains)}`;
  if ('regex' in spec) return `regex /${String(spec.regex)}/${typeof spec.flags === 'string' ? spec.flags : ''}`;
  if ('first_amount' in spec) return `first_amount ${String(spec.first_amount)}`;
  if ('date' in spec) return `date ${String(spec.date)}`;
  if ('abstains' in spec) return `abstains ${String(spec.abstains)}${spec.or_asks === true ? ' or asks' : ''}`;
  if ('asks' in spec) return `asks ${String(spec.asks)}`;
  if ('all' in spec && Array.isArray(spec.all)) return `all(${(spec.all as CheckSpec[]).map(describeCheck).join(', ')})`;
  if ('any' in spec && Array.isArray(spec.any)) return `any(${(spec.any as CheckSpec[]).map(describeCheck).join(', ')})`;
  if ('not' in spec) return `not(${describeCheck(spec.not as CheckSpec)})`;
  if ('judge' in spec && typeof spec.judge === 'object' && spec.judge !== null) {
    const { rubric, model } = spec.judge as { rubric?: unknown; model?: unknown };
    const text = String(rubric ?? '').replace(/\s+/g, ' ').trim();
    const shown = text.length > RUBRIC_SHOWN ? `${text.slice(0, RUBRIC_SHOWN - 3)}...` : text;
    return `judge ${JSON.stringify(shown)}${typeof model === 'string' ? ` (model ${model})` : ''}`;
  }
  return `unknown check ${JSON.stringify(check)}`;
}
