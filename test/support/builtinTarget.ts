import type { BuiltinTargetSpec } from '../../src/model/suite.js';

const WHERE = { file: 'builtin-test.yaml', line: 1, col: 1 };

/**
 * The builtin target as tests build it: gpt-5-mini over a keyword store, no
 * system prompt, no retries, a 5 s call timeout. `overrides` replace target
 * keys, `memory` replaces keys of its memory settings.
 */
export function builtinSpec(overrides: Partial<BuiltinTargetSpec> = {}, memory: Partial<BuiltinTargetSpec['memory']> = {}): BuiltinTargetSpec {
  return {
    kind: 'builtin',
    model: 'gpt-5-mini',
    systemPrompt: '',
    memory: { provider: { name: 'keyword', kind: 'keyword', where: WHERE }, max_results: 5, dated: true, auto_store: true, ...memory },
    timeout_ms: 5000,
    max_retries: 0,
    ...overrides,
  };
}
