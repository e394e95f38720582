import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** How many of a child's stderr lines an error message carries. */
const KEPT = 10;

/** What says nothing of why a process failed: a JavaScript stack frame, the "Node.js v20.20.2" Node ends a crash with, a blank line. */
const NOISE = /^\s+at \S|^Node\.js v\d|^\s*$/;

/** The caret Node prints under the source line of an uncaught error ("    ^"); Python 3.11 underlines with carets too. */
const CARET = /^\s*\^+\s*$/;
/** The line Node heads an uncaught error with, before its source line: "file:///repo/adapter.mjs:12", "/repo/a.cjs:12", "C:\\repo\\a.cjs:12", "node:internal/modules/esm/resolve:873". */
const NODE_LOCATION = /^(?:file:\/\/|node:|\/|[A-Za-z]:\\).*:\d+$/;
/** A last stack frame that opens the error's own properties: "    at async ModuleJob._link (...) {". */
const OPENS_PROPERTIES = /^\s+at \S.*\{$/;
/** A property of the error that repeats its error line when that line names the value ("  code: 'ERR_MODULE_NOT_FOUND'", "  syscall: 'open'"). */
const NAMED_PROPERTY = /^\s+(?:code|syscall): '([\w-]+)',?$/;
/** The number of a system error ("  errno: -2"): its code says the same in words. */
const ERRNO_PROPERTY = /^\s+errno: -?\d+,?$/;

/**
 * The last lines a child (an adapter, a started server, an MCP server, a
 * grader script) wrote to stderr, for the message that says why it failed.
 * Stack frames are left out: Node prints a crash's error first and its frames
 * after, so the last ten lines held only frames, and "Cannot find package"
 * never reached the message. When frames are all it wrote, they are shown.
 * Node's heading of an uncaught error (its location, the source line and a
 * caret under it) keeps only the location, and that only outside Node's own
 * internals (node:...): the error line it comes before then fits the report's
 * cut of a reason even under a long path.
 */
export class StderrTail {
  private readonly telling: string[] = [];
  private readonly any: string[] = [];
  /** Inside the properties Node prints after an uncaught error's frames. */
  private inProperties = false;

  add(line: string): void {
    keepLast(this.any, line);
    if (this.inProperties && this.dropsProperty(line)) return;
    if (OPENS_PROPERTIES.test(line)) this.inProperties = true;
    const location = this.telling.at(-2);
    if (CARET.test(line) && location !== undefined && NODE_LOCATION.test(location)) {
      this.telling.splice(location.startsWith('node:') ? -2 : -1);
      return;
    }
    if (!NOISE.test(line)) keepLast(this.telling, line);
  }

  clear(): void {
    this.telling.length = 0;
    this.any.length = 0;
    this.inProperties = false;
  }

  /**
   * Node ends an uncaught error with its properties ("{ code: 'ERR_MODULE_NOT_FOUND' }"): a code or system
   * call the error line already names (as a word) says nothing more, nor does an errno beside its code; the
   * closing brace goes with the frame that opened it. Any other property (a path, a cause) is kept.
   */
  private dropsProperty(line: string): boolean {
    // The brace that opened the block was on a stack frame, which is left out: its closing one goes too.
    if (line === '}') {
      this.inProperties = false;
      return true;
    }
    if (ERRNO_PROPERTY.test(line)) return true;
    const value = NAMED_PROPERTY.exec(line)?.[1];
    const named = value !== undefined && new RegExp(`(?<![\\w-])${value}(?![\\w-])`);
    return Boolean(named && this.telling.some((kept) => named.test(kept)));
  }

  /** The lines an error message shows. */
  get lines(): readonly string[] {
    return this.telling.length > 0 ? this.telling : this.any;
  }

  /** "; the last lines of its stderr:" and the lines, each on its own indented line or (inline) joined by " | "; `none` when it wrote nothing. */
  said(form: 'block' | 'inline', none = ''): string {
    const lines = this.lines;
    if (lines.length === 0) return none;
    return form === 'block' ? `; the last lines of its stderr:\n${lines.map((line) => `  ${line}`).join('\n')}` : `; the last lines of its stderr: ${lines.join(' | ')}`;
  }
}

/**
 * Crashes an adapter's first run most often ends in, by what its stderr says,
 * and what to do about each: the generic "run it by hand" hint names no fix.
 * A fix given as a function reads the match (and where recall-gate runs).
 */
const KNOWN_CAUSES: { says: RegExp; fix: string | ((match: RegExpExecArray) => string) }[] = [
  {
    says: /Cannot find (?:package|module) '@?recall-gate(?:\/adapter)?'/,
    fix: 'the adapter imports recall-gate/adapter, which is not installed where it runs: add recall-gate to that project\'s devDependencies (README, Install)',
  },
  {
    says: /No module named (['"]?)recall_gate_adapter\1(?![\w.])/,
    fix: "the adapter imports recall_gate_adapter: keep recall_gate_adapter.py (python/ in the package; init copies it) beside the adapter's script",
  },
  {
    // Any other module: the team's own package when it is in the folder recall-gate runs from, else one to install.
    says: /ModuleNotFoundError: No module named '([\w.]+)'/,
    fix: (match) => {
      const top = match[1]!.split('.')[0]!;
      return existsSync(join(process.cwd(), top)) || existsSync(join(process.cwd(), `${top}.py`))
        ? `${top} is in ${process.cwd()}, but Python looks for modules beside the script it runs: start recall-gate with PYTHONPATH=. from there (PYTHONPATH=. npx recall-gate run ...; in a workflow, PYTHONPATH in the step's env) (docs/adapters.md, A command adapter's environment)`
        : `${top} is not installed for the interpreter the command names: install it there (pip install, with that interpreter or its virtualenv), or name the virtualenv's python in the command`;
    },
  },
];

/** What to do about a crash whose stderr says a known cause (KNOWN_CAUSES); undefined for any other. */
export function knownCrashFix(lines: readonly string[]): string | undefined {
  for (const { says, fix } of KNOWN_CAUSES) {
    for (const line of lines) {
      const match = says.exec(line);
      if (match) return typeof fix === 'string' ? fix : fix(match);
    }
  }
  return undefined;
}

function keepLast(lines: string[], line: string): void {
  lines.push(line);
  if (lines.length > KEPT) lines.shift();
}
