import type { CaseSpec } from '../../model/e2e.js';
import type { Judge } from '../judge.js';
import type { Invocation, TrialRecord } from '../../model/trial.js';

/** What a grader sees of one trial. */
export interface GraderInput {
  spec: CaseSpec;
  question: string;
  answer: string;
  snapshot: TrialRecord['snapshot'];
  invocations: readonly Invocation[];
  judge?: Judge;
  judgeModel?: string;
  /** Why there is no judge although the suite names one (see E2eDeps.judgeMissing). */
  judgeMissing?: string;
  /** recall-gate's environment, which a script grader's `env:` reads `${VAR}` from; process.env when absent. */
  env?: NodeJS.ProcessEnv;
}
