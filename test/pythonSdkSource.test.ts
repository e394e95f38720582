// The Python adapter SDK as a file users copy or import from the npm package: it must run on any
// Python 3.9+ with nothing installed, so it may import only the standard library and use only the
// 3.9 grammar (no match statement, no `X | Y` in annotations, which 3.9 evaluates at def time).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, tempDir } from './support/cli.js';
import { PYTHON_SDK, python } from './support/python.js';

const EXAMPLE_AGENT = join(REPO_ROOT, 'examples', 'python-agent', 'agent.py');

/** What a file's syntax tree says about its portability, read by python3 itself. */
const INSPECT = `
import ast, importlib.util, json, sys, sysconfig
path = sys.argv[1]
report = {"grammar_3_9": None, "imports": [], "relative_imports": 0, "outside_stdlib": [], "union_annotations": []}
try:
    tree = ast.parse(open(path, encoding="utf-8").read(), feature_version=(3, 9))
except SyntaxError as error:
    report["grammar_3_9"] = "line %s: %s" % (error.lineno, error.msg)
    print(json.dumps(report)); sys.exit()
def stdlib(name):
    names = getattr(sys, "stdlib_module_names", None)  # Python 3.10+
    if names is not None:
        return name in names
    spec = importlib.util.find_spec(name)
    origin = spec.origin if spec else None
    return origin in ("built-in", "frozen") or (origin or "").startswith(sysconfig.get_paths()["stdlib"]) and "site-packages" not in origin
for node in ast.walk(tree):
    if isinstance(node, ast.ImportFrom) and node.level:
        report["relative_imports"] += 1
    elif isinstance(node, (ast.Import, ast.ImportFrom)):
        modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module]
        report["imports"] += [module.split(".")[0] for module in modules]
    annotations = []
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        arguments = node.args.posonlyargs + node.args.args + node.args.kwonlyargs + [a for a in (node.args.vararg, node.args.kwarg) if a]
        annotations = [a.annotation for a in arguments if a.annotation] + ([node.returns] if node.returns else [])
    elif isinstance(node, ast.AnnAssign):
        annotations = [node.annotation]
    for annotation in annotations:
        if any(isinstance(part, ast.BinOp) and isinstance(part.op, ast.BitOr) for part in ast.walk(annotation)):
            report["union_annotations"].append(annotation.lineno)
report["imports"] = sorted(set(report["imports"]))
report["outside_stdlib"] = [name for name in report["imports"] if name != "recall_gate_adapter" and not stdlib(name)]
print(json.dumps(report))
`;

interface Inspection {
  grammar_3_9: string | null;
  imports: string[];
  relative_imports: number;
  outside_stdlib: string[];
  union_annotations: number[];
}

function inspect(file: string): Inspection {
  return JSON.parse(execFileSync(python(), ['-c', INSPECT, file], { encoding: 'utf8' })) as Inspection;
}

test('the SDK and the example agent parse under the Python 3.9 grammar and import only the standard library', () => {
  for (const file of [PYTHON_SDK, EXAMPLE_AGENT]) {
    const report = inspect(file);
    assert.equal(report.grammar_3_9, null, file);
    assert.deepEqual(report.outside_stdlib, [], `${file} imports ${report.outside_stdlib.join(', ')}`);
    assert.deepEqual(report.union_annotations, [], `${file}: X | Y annotations fail on 3.9 (lines ${report.union_annotations.join(', ')})`);
    assert.equal(report.relative_imports, 0, `${file} must stand alone`);
  }
  assert.ok(inspect(PYTHON_SDK).imports.includes('asyncio'), 'the inspection reads the imports');
});

test('the inspection catches what would break a user: a match statement, a package import, an X | Y annotation', () => {
  const dir = tempDir('recall-gate-python-probe-');
  const probe = (source: string) => {
    const file = join(dir, 'python-sdk-probe.py');
    execFileSync(python(), ['-c', 'import sys; open(sys.argv[1], "w").write(sys.argv[2])', file, source]);
    return inspect(file);
  };
  // "only supported in Python 3.10 and greater" on a newer python3, plain "invalid syntax" on 3.9 itself.
  assert.match(probe('match x:\n    case 1:\n        pass\n').grammar_3_9 ?? '', /^line \d+: /);
  assert.deepEqual(probe('import requests\nimport json\n').outside_stdlib, ['requests']);
  assert.deepEqual(probe('def f(x: int | None) -> None:\n    pass\n').union_annotations, [1]);
});

test('serve_adapter refuses a missing reset or chat with a TypeError naming it, before serving', () => {
  for (const [call, name] of [
    ['serve_adapter(chat=lambda p: {"reply": "x"}, reset=None, argv=["--stdio"])', 'reset'],
    ['serve_adapter(reset=lambda p: None, chat="not a function", argv=["--stdio"])', 'chat'],
  ] as const) {
    const run = spawnSync(python(), ['-c', `import sys; sys.path.insert(0, sys.argv[1]); from recall_gate_adapter import serve_adapter; ${call}`, join(REPO_ROOT, 'python')], { encoding: 'utf8', input: '' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, new RegExp(`TypeError: serve_adapter: the "${name}" handler is required \\(a function\\)`));
    assert.equal(run.stdout, '');
  }
});

test('the npm package ships the Python SDK (and no bytecode cache)', { timeout: 60_000 }, () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const packed = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO_ROOT, encoding: 'utf8' })) as { files: { path: string }[] }[];
  const files = packed[0]!.files.map((file) => file.path);
  assert.deepEqual(
    files.filter((path) => path.startsWith('python/')),
    ['python/recall_gate_adapter.py'],
  );
});
