import type { CheckSpec } from '../types.js';
import { CHECK_KINDS, kindsOf, type Recurse } from './table.js';

/**
 * One line naming a check for reports, e.g. `first_amount 8000` or
 * `all(icontains "peanut", not(regex /shellfish/))`. Never throws: a malformed
 * check is shown as `unknown check {...}`.
 */
export function describeCheck(check: CheckSpec): string {
  const kinds = kindsOf(check);
  if (kinds.length !== 1) return `unknown check ${JSON.stringify(check)}`;
  try {
    return CHECK_KINDS[kinds[0]!]!.describe(check as Record<string, unknown>, recurse);
  } catch {
    return `unknown check ${JSON.stringify(check)}`;
  }
}

const recurse: Pick<Recurse, 'describe'> = { describe: describeCheck };
