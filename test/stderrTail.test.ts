import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StderrTail, knownCrashFix } from '../src/process/stderrTail.js';

/** What Node 20 writes to stderr when an ES module imports a package that is not installed. */
const NODE_CRASH = [
  'node:internal/modules/esm/resolve:873',
  '  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);',
  '        ^',
  '',
  "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'recall-gate' imported from /repo/evals/memory/adapter.mjs",
  '    at packageResolve (node:internal/modules/esm/resolve:873:9)',
  ...Array.from({ length: 12 }, (_, index) => `    at frame${index} (node:internal/modules/esm/loader:${index}:1)`),
  '    at async ModuleJob._link (node:internal/modules/esm/module_job:168:49) {',
  "  code: 'ERR_MODULE_NOT_FOUND'",
  '}',
  '',
  'Node.js v20.20.2',
];

test("a Node crash's error line reaches the message: its stack frames and Node's version line are left out", () => {
  const tail = new StderrTail();
  for (const line of NODE_CRASH) tail.add(line);
  // Node's heading (an internal location, the source line that threw, the caret) says nothing of why either.
  // Nor does the error's code property after its frames, the error line naming that code.
  assert.deepEqual(tail.lines, ["Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'recall-gate' imported from /repo/evals/memory/adapter.mjs"]);
  assert.match(tail.said('inline'), /^; the last lines of its stderr: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find package 'recall-gate'/);
});

test("an uncaught error's properties are kept where they say more than its error line: a path, a code it does not name", () => {
  const tail = new StderrTail();
  const crash = ["Error: ENOENT: no such file or directory, open 'memory.db'", '    at Object.openSync (node:fs:573:18) {', '  errno: -2,', "  code: 'ENOENT',", "  syscall: 'open',", "  path: 'memory.db'", '}'];
  for (const line of crash) tail.add(line);
  // ENOENT and open are in the error line and -2 is ENOENT's number; the path is a property of its own here.
  assert.deepEqual(tail.lines, ["Error: ENOENT: no such file or directory, open 'memory.db'", "  path: 'memory.db'"]);
  const coded = new StderrTail();
  for (const line of ['Error: the store refused the write', '    at store (file:///repo/adapter.mjs:9:11) {', "  code: 'STORE_READ_ONLY'", '}', 'later line']) coded.add(line);
  assert.deepEqual(coded.lines, ['Error: the store refused the write', "  code: 'STORE_READ_ONLY'", 'later line']);
  // Named as a word only: "opened" does not name the system call open.
  const opened = new StderrTail();
  for (const line of ['Error: the file opened read-only', '    at x (file:///repo/a.mjs:1:1) {', "  syscall: 'open'", '}']) opened.add(line);
  assert.deepEqual(opened.lines, ['Error: the file opened read-only', "  syscall: 'open'"]);
  // An adapter's own lines that look like a property, outside an error's block, are its own.
  const own = new StderrTail();
  for (const line of ['ENOENT seen', "  code: 'ENOENT'", '}']) own.add(line);
  assert.deepEqual(own.lines, ['ENOENT seen', "  code: 'ENOENT'", '}']);
});

test("an error thrown in the adapter's own code keeps where (the file and line Node heads it with), not the source line and caret", () => {
  const tail = new StderrTail();
  const crash = ['starting', 'file:///repo/evals/memory/adapter.mjs:12', "    throw new Error('cannot reach memory');", '    ^', '', 'Error: cannot reach memory', '    at file:///repo/evals/memory/adapter.mjs:12:11', '', 'Node.js v20.20.2'];
  for (const line of crash) tail.add(line);
  assert.deepEqual(tail.lines, ['starting', 'file:///repo/evals/memory/adapter.mjs:12', 'Error: cannot reach memory']);
  // A CommonJS script on Windows is headed by its drive path.
  const windows = new StderrTail();
  for (const line of ['C:\\repo\\adapter.cjs:7', '  JSON.parse(line);', '       ^', '', 'SyntaxError: Unexpected token } in JSON at position 9']) windows.add(line);
  assert.deepEqual(windows.lines, ['C:\\repo\\adapter.cjs:7', 'SyntaxError: Unexpected token } in JSON at position 9']);
  // An adapter's own log line that ends in a number, with no caret after its next line, stays.
  const logged = new StderrTail();
  for (const line of ['/var/log/agent.log:12', 'connected']) logged.add(line);
  assert.deepEqual(logged.lines, ['/var/log/agent.log:12', 'connected']);
  // A caret under anything else (an adapter's own drawing, Python 3.11's underline) is kept as written.
  const python = new StderrTail();
  const traceback = ['Traceback (most recent call last):', '  File "/repo/adapter.py", line 3, in chat', '    reply = agent.answer(message)', '            ^^^^^^^^^^^^', "KeyError: 'model'"];
  for (const line of traceback) python.add(line);
  assert.deepEqual(python.lines, traceback);
});

test("a Python traceback is kept whole (its error comes last), the last ten lines of it; frames alone are shown when they are all there is; nothing written says so", () => {
  const python = new StderrTail();
  const traceback = ['Traceback (most recent call last):', '  File "/repo/adapter.py", line 3, in <module>', '    import myagent', "ModuleNotFoundError: No module named 'myagent'"];
  for (const line of [...Array.from({ length: 9 }, (_, index) => `log line ${index}`), ...traceback]) python.add(line);
  assert.deepEqual(python.lines, [3, 4, 5, 6, 7, 8].map((index) => `log line ${index}`).concat(traceback));
  assert.equal(python.said('block').split('\n').at(-1), "  ModuleNotFoundError: No module named 'myagent'");

  const frames = new StderrTail();
  frames.add('    at main (file:///repo/adapter.mjs:3:9)');
  assert.equal(frames.said('block'), '; the last lines of its stderr:\n      at main (file:///repo/adapter.mjs:3:9)');

  const quiet = new StderrTail();
  assert.equal(quiet.said('block', ' (it wrote nothing to stderr)'), ' (it wrote nothing to stderr)');
  quiet.add('said something');
  quiet.clear();
  assert.equal(quiet.said('inline'), '');
});

test('the first-run crashes with a known fix name it: recall-gate not installed beside a Node adapter, the SDK file missing beside a Python one', () => {
  const node = new StderrTail();
  for (const line of NODE_CRASH) node.add(line);
  assert.match(knownCrashFix(node.lines)!, /add recall-gate to that project's devDependencies/);
  assert.match(knownCrashFix(["ModuleNotFoundError: No module named 'recall_gate_adapter'"])!, /keep recall_gate_adapter\.py .* beside the adapter's script/);
  // A module of another name, or one inside a recall_gate_adapter that is there, is not the missing SDK file.
  for (const other of ["No module named 'recall_gate_adapters'", "No module named 'recall_gate_adapter.x'; 'recall_gate_adapter' is not a package"]) assert.equal(knownCrashFix([other]), undefined, other);
  // Another Python module: the team's own package when it is in the folder recall-gate runs from (here the
  // repository, whose src/ stands in for it), which the adapter, run in the suite's folder, cannot see; else one to install.
  assert.match(knownCrashFix(["ModuleNotFoundError: No module named 'src.agent'"])!, /^src is in .*, but Python looks for modules beside the script it runs: start recall-gate with PYTHONPATH=\. from there/);
  assert.match(knownCrashFix(["ModuleNotFoundError: No module named 'numpy'"])!, /^numpy is not installed for the interpreter the command names: install it there/);
  assert.equal(knownCrashFix(["Error: Cannot find package 'openai' imported from /repo/adapter.mjs"]), undefined, "a Node adapter's other packages are its own to install");
});
