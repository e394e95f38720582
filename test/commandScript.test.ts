import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commandScript } from '../src/process/commandScript.js';

test('the script a command runs: past option values, through launchers, none for inline code or a module, the program when it is a path', () => {
  const cases: [string[], string | undefined][] = [
    [['node', 'adapter.mjs', '--stdio'], 'adapter.mjs'],
    [['python3', '-u', 'agent.py'], 'agent.py'],
    [['/usr/bin/python3.11', 'agent.py'], 'agent.py'],
    [['node', '--env-file', '.env', 'adapter.mjs'], 'adapter.mjs'],
    [['node', '--require', './otel.js', 'adapter.mjs'], 'adapter.mjs'],
    [['node', '--import=tsx', 'adapter.ts'], 'adapter.ts'],
    [['npx', 'tsx', '--tsconfig', 'tsconfig.json', 'adapter.ts'], 'adapter.ts'],
    [['uv', 'run', 'agent.py'], 'agent.py'],
    [['python3', '-m', 'agent.server'], undefined],
    [['node', '-e', 'require("./x.js")'], undefined],
    [['./run-agent.sh', '--stdio'], './run-agent.sh'],
    [['my-agent', 'config.py'], undefined],
    [['node'], undefined],
  ];
  for (const [command, script] of cases) assert.equal(commandScript(command)?.path, script, command.join(' '));
});
