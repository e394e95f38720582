// The Python adapter SDK (python/recall_gate_adapter.py) put through the protocol cases the JS SDK
// passes (test/support/sdkProtocolCases.ts), on the machine's python3.
import { join } from 'node:path';
import { sdkProtocolCases } from '../support/sdkProtocolCases.js';
import { REPO_ROOT } from '../support/cli.js';
import { python } from '../support/python.js';

sdkProtocolCases({
  label: 'the Python adapter SDK',
  command: () => [python(), join(REPO_ROOT, 'test', 'fixtures', 'adapters', 'sdk_adapter.py')],
  usage: 'python3 sdk_adapter.py',
  stack: /Traceback \(most recent call last\):\n[\s\S]*RuntimeError: the model exploded\n/,
  // The lines of test/fixtures/adapters/sdk_adapter.py that raise them.
  thrown: {
    exploded: /-32603: RuntimeError: the model exploded \(sdk_adapter\.py:62, in chat\)$/,
    odd: /-32603: GaveUp: the model gave up \(sdk_adapter\.py:64, in chat\)$/,
    empty: /-32603: EmptyError \(sdk_adapter\.py:66, in chat\)$/,
  },
  strayLines: ['stray print line', 'stray sys.stdout.write line', 'stray file descriptor 1 line', 'stray child process line'],
});
