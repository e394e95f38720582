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
  strayLines: ['stray print line', 'stray sys.stdout.write line', 'stray file descriptor 1 line', 'stray child process line'],
});
