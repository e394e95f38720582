import type { ReportedUsage } from '../../model/e2e.js';
import type { CheckResult } from '../../model/checks.js';

/** A check's outcome with the judge usage it cost. */
export type Graded = CheckResult & ReportedUsage;

/** `result` with the judge usage of `parts` summed (absent when none has any) and the first usage warning. */
export function withUsage(result: CheckResult, parts: ReportedUsage[]): Graded {
  const usages = parts.flatMap((part) => (part.usage ? [part.usage] : []));
  const warning = parts.find((part) => part.usage_warning)?.usage_warning;
  return {
    ...result,
    ...(usages.length > 0
      ? {
          usage: {
            input_tokens: usages.reduce((sum, usage) => sum + usage.input_tokens, 0),
            output_tokens: usages.reduce((sum, usage) => sum + usage.output_tokens, 0),
          },
        }
      : {}),
    ...(warning ? { usage_warning: warning } : {}),
  };
}
