import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { InputProblem } from '../model/source.js';
import type { E2eSpec, RetrievalSpec } from '../model/suite.js';
import { commandScript } from '../process/commandScript.js';
import { findOnPath } from '../process/findProgram.js';
import type { DataPath } from '../source/sourceFile.js';

/** A process a suite starts: its e2e target's command (or the server it starts), an adapter or MCP provider's command. */
export interface StartedCommand {
  /** How provenance and reports name it: e2e.target, provider NAME. */
  label: string;
  command: string[];
  /** The folder it runs in. */
  cwd: string;
  /** Where the command is written in the suite file. */
  at: DataPath;
}

/** Every process a suite starts: the e2e target's first, then the providers' in their order (provenance lists them so). */
export function startedCommands(suite: { retrieval?: Pick<RetrievalSpec, 'providers'>; e2e?: Pick<E2eSpec, 'target'> }, suiteDir: string): StartedCommand[] {
  const started: StartedCommand[] = [];
  const target = suite.e2e?.target;
  if (target?.kind === 'command') started.push({ label: 'e2e.target', command: target.command, cwd: target.cwd, at: ['e2e', 'target', 'command'] });
  if (target?.kind === 'http' && target.start) started.push({ label: 'e2e.target', command: target.start, cwd: target.cwd ?? suiteDir, at: ['e2e', 'target', 'start'] });
  suite.retrieval?.providers.forEach((provider, index) => {
    if ((provider.kind === 'adapter' || provider.kind === 'mcp') && provider.command) {
      started.push({ label: `provider ${provider.name}`, command: provider.command, cwd: resolve(suiteDir, provider.cwd ?? '.'), at: ['retrieval', 'providers', index, 'command'] });
    }
  });
  return started;
}

/**
 * A warning for each started command whose program is not on PATH or not at its path, or whose script is not there: validate said ok
 * and the run failed at its first call. A warning, not a problem: a workflow may build the script (dist/adapter.js) after validating and before the
 * run. Which argument is the script: process/commandScript.ts.
 */
export function missingScriptWarnings(started: StartedCommand[], locate: (path: DataPath) => InputProblem['where'], shownFrom: string): InputProblem[] {
  return started.flatMap(({ command, cwd, at }) => {
    const program = command[0]!;
    // A program named without a folder (python3, node, uv) that PATH does not hold: an interpreter not installed.
    if (!/[\\/]/.test(program) && findOnPath(program) === undefined) {
      return [{ where: locate([...at, 0]), message: `the command's program ${program} is not on PATH: the run will fail at its first call unless it is by then`, hint: "install it, or give the program's full path" }];
    }
    const found = commandScript(command);
    if (found && !existsSync(resolve(cwd, found.path))) {
      return [
        {
          where: locate([...at, found.index]),
          message: `the command runs ${relative(shownFrom, resolve(cwd, found.path))}, which is not there: the run will fail at its first call unless it is by then`,
          hint: "a path in a command is relative to its cwd: the suite's folder unless cwd: is set",
        },
      ];
    }
    // An interpreter given by its path (.venv/bin/python), relative to the command's cwd as the run starts it.
    if (found?.index !== 0 && /[\\/]/.test(program) && !existsSync(resolve(cwd, program))) {
      return [
        {
          where: locate([...at, 0]),
          message: `the command's program ${relative(shownFrom, resolve(cwd, program))} is not there: the run will fail at its first call unless it is by then`,
          hint: "a path in a command is relative to its cwd: the suite's folder unless cwd: is set (a virtualenv's python: create it there, or give its path from that folder)",
        },
      ];
    }
    return [];
  });
}
