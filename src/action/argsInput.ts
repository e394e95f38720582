/**
 * The Action's `args` and `sample` inputs: further run options as the CLI
 * takes them. `args` is split into words as a POSIX shell would split them
 * (spaces; '...' literal; "..." with \" \\ \$ \` escapes; a backslash
 * outside quotes escapes the next character) but never run through a shell:
 * nothing is expanded or executed. The words are checked by the CLI's own
 * parser of the selection flags.
 */
import { RecallGateError } from '../errors.js';
import { parseCommandArgs } from '../cli/args.js';
import { SELECTION_OPTIONS, SELECTION_USAGE, parseSelectionFlags, type SelectionFlags } from '../cli/selection.js';

export const ARGS_USAGE = `args: ${SELECTION_USAGE.replace(' [--rerun-failed DIR]', '')}`;

export function splitShellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word = (word ?? '') + char;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) word = (word ?? '') + text[++i]!;
      else word = (word ?? '') + char;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
      word ??= '';
    } else if (char === '\\') {
      word = (word ?? '') + (text[++i] ?? '');
    } else {
      word = (word ?? '') + char;
    }
  }
  if (quote) throw new RecallGateError('invalid-input', `input args: a ${quote === "'" ? 'single' : 'double'} quote is not closed`, { hint: 'close it, or escape it with a backslash' });
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * Options of `run` the Action refuses by name, before the parser would call
 * them unknown: --cache-llm because a gate must never decide on answers a
 * model gave some other day; --budget-usd because the Action has its input.
 */
function refuseCliOnly(words: readonly string[]): void {
  const end = words.indexOf('--');
  for (const word of end === -1 ? words : words.slice(0, end)) {
    const name = word.split('=')[0];
    if (name === '--cache-llm') {
      throw new RecallGateError('invalid-input', 'input args: --cache-llm is for the CLI only: the Action never answers model calls from a cache, so a gate never reads stale answers', {
        hint: 'remove --cache-llm from args; use it with recall-gate run on your machine',
      });
    }
    if (name === '--budget-usd') throw new RecallGateError('invalid-input', 'input args: --budget-usd is the Action\'s budget-usd input', { hint: 'set budget-usd: X instead' });
  }
}

/** The selection the `args` and `sample` inputs ask for (sample N is --sample N). */
export function actionSelection(args: string, sample: string): SelectionFlags {
  const words = [...splitShellWords(args), ...(sample ? ['--sample', sample] : [])];
  refuseCliOnly(words);
  const { values, positionals } = parseCommandArgs(words, SELECTION_OPTIONS, ARGS_USAGE);
  if (positionals.length > 0) throw new RecallGateError('invalid-input', `input args: "${positionals[0]}" is not an option`, { hint: `the suite is the suite input; ${ARGS_USAGE}` });
  // Which runs failed is a question for the CLI on a folder at hand; the Action has no earlier run's folder to read.
  if (values['rerun-failed'] !== undefined) throw new RecallGateError('invalid-input', 'input args: --rerun-failed is for the CLI (recall-gate run)', { hint: ARGS_USAGE });
  return parseSelectionFlags(values);
}
