import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { once } from 'node:events';
import { stringify } from 'yaml';
import { fileSystemError } from '../errors.js';
import type { ImportFormat, ImportedCase } from './types.js';

export interface ImportOutcome {
  imported: number;
  skipped: { line: number; reason: string }[];
}

/**
 * Streams the source through the format into OUT/cases.yaml (via a temporary
 * file, renamed only when at least one case was imported, so a failed import
 * leaves no half file), then writes OUT/suite.yaml around it.
 */
export interface ImportOptions {
  format: string;
  spec: ImportFormat;
  source: string;
  displaySource: string;
  out: string;
  /** The running CLI's file: the example adapter is looked for in the clone around it. */
  cliPath?: string;
}

export async function writeImport(options: ImportOptions): Promise<ImportOutcome> {
  const { spec, source, out } = options;
  const casesPath = join(out, 'cases.yaml');
  const partial = `${casesPath}.tmp`;
  const outcome: ImportOutcome = { imported: 0, skipped: [] };
  const stream = createWriteStream(partial, { encoding: 'utf8' });
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  try {
    await once(stream, 'open');
    await write(`${comment([`Cases imported by \`recall-gate import ${options.format}\` from ${options.displaySource}.`, ...spec.caseNotes])}\n`);
    await spec.read(source, {
      addCase: async (spec: ImportedCase) => {
        outcome.imported += 1;
        await write(`${stringify([spec], { lineWidth: 0 })}\n`);
      },
      skip: (line, reason) => outcome.skipped.push({ line, reason }),
    });
    stream.end();
    await once(stream, 'finish');
    if (outcome.imported === 0) {
      rmSync(partial, { force: true });
      return outcome;
    }
    renameSync(partial, casesPath);
  } catch (error) {
    stream.destroy();
    rmSync(partial, { force: true });
    throw fileSystemError(error, `import ${options.displaySource} into ${casesPath}`);
  }
  const suite = suiteText(options, outcome, await sha256(source));
  try {
    writeFileSync(join(out, 'suite.yaml'), suite);
  } catch (error) {
    throw fileSystemError(error, `write ${join(out, 'suite.yaml')}`);
  }
  return outcome;
}

function comment(lines: string[]): string {
  return lines.map((line) => `# ${line}`.trimEnd()).join('\n');
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The suite around the imported cases. Its target is recall-gate's example
 * adapter when this CLI runs from a clone that has it (so the import runs at
 * once against the toy agent), else a command for the user to point at their
 * own adapter; either way the header says to replace it.
 */
function suiteText(options: ImportOptions, outcome: ImportOutcome, digest: string): string {
  const clone = options.cliPath ? recallGateClone(options.cliPath) : undefined;
  const adapter = clone && join(clone, 'examples', 'adapter', 'agent.mjs');
  // Relative inside the clone, so the folder moves with it; absolute from elsewhere.
  const inside = clone !== undefined && !relative(clone, options.out).startsWith('..');
  const command = !adapter ? 'my-adapter.mjs' : inside ? relative(options.out, adapter).split(sep).join('/') : adapter;
  const rows = outcome.imported + outcome.skipped.length;
  const name = basename(options.out).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'imported';
  return [
    comment([
      `Imported by \`recall-gate import ${options.format}\` from ${options.displaySource} (sha256 ${digest}):`,
      `${rows} row${rows === 1 ? '' : 's'}, ${outcome.imported} imported, ${outcome.skipped.length} skipped (the import listed each skipped line).`,
      adapter
        ? 'The target is recall-gate\'s example adapter (a toy agent): replace it with your agent\'s adapter.'
        : 'Point the target at your agent\'s adapter (the protocol: examples/adapter/README.md in recall-gate).',
      'Run: recall-gate run suite.yaml --layer e2e',
    ]),
    `name: ${name}`,
    `description: ${JSON.stringify(`Imported from ${basename(options.displaySource)} (${options.format})`)}`,
    'e2e:',
    '  target:',
    '    kind: command',
    `    command: [node, ${JSON.stringify(command)}, --stdio]`,
    '  repeat: 3',
    `  conditions: [${options.spec.conditions.join(', ')}]`,
    '  cases: cases.yaml',
    '',
  ].join('\n');
}

/** The recall-gate clone this CLI runs from, if it is one with the example adapter. */
function recallGateClone(cliPath: string): string | undefined {
  for (let dir = dirname(resolve(cliPath)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(join(dir, 'examples', 'adapter', 'agent.mjs')) && existsSync(manifest) && readFileSync(manifest, 'utf8').includes('"name": "recall-gate"')) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
