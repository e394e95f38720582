import type { CheckSpec } from '../../model/checks.js';
import { describeOn } from './on.js';
import { CHECK_KINDS, kindsOf, type Recurse } from './table.js';

/**
 * One line naming a check for reports, e.g. `first_amount 8000` or
 * `all(icontains "peanut", not(regex /shellfish/))`, with what it reads when
 * it says (`contains "amount" on artifact "*.csv"`). Never throws: a malformed
 * check is shown as `unknown check {...}`.
 */
export function describeCheck(check: CheckSpec): string {
  const kinds = kindsOf(check);
  if (kinds.length !== 1) return `unknown check ${JSON.stringify(check)}`;
  try {
    const described = CHECK_KINDS[kinds[0]!]!.describe(check as Record<string, unknown>, recurse);
    return check.on === undefined ? described : `${described} ${describeOn(check.on)}`;
  } catch {
    return `unknown check ${JSON.stringify(check)}`;
  }
}

const recurse: Pick<Recurse, 'describe'> = { describe: describeCheck };
