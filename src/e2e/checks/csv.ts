import type { CheckResult, CsvSpec } from '../../model/checks.js';
import { normalizeAnswer } from './normalize.js';
import { regexMatchesEach } from './regexRunner.js';
import { compileRegex } from './text.js';
import { counted } from '../../text/counted.js';

/*
 * csv: every data row's cell in one column matches a regex. The artifact is
 * parsed as RFC 4180 says, as produced: fields split on the delimiter
 * (default ","), a field in double quotes may hold the delimiter, line
 * breaks and "" (one quote); rows end with CRLF, LF or CR; a byte order mark
 * and blank lines are ignored. The first row names the columns (the
 * column is found by its name as written, spaces around it ignored). A cell
 * is normalised as answers are before the regex runs on it. A missing
 * column, a file with no data rows, a row without that cell and a quote left
 * open are failures that say so.
 */

export class CsvError extends Error {}

/** The rows of `text`; throws a CsvError for a quote left open. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let openedAt = 0;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && input[i + 1] !== '\n')) line++;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      wasQuoted = true;
      openedAt = line;
    } else if (char === delimiter) {
      row.push(field);
      field = '';
      wasQuoted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      // A blank line is no row (a one-column file's empty value is written "").
      if (row.length > 0 || field !== '' || wasQuoted) {
        row.push(field);
        rows.push(row);
      }
      row = [];
      field = '';
      wasQuoted = false;
      line++;
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvError(`a quoted field opened on line ${openedAt} is never closed`);
  if (field !== '' || row.length > 0 || wasQuoted) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const CELLS_SHOWN = 3;

export async function checkCsv(spec: CsvSpec, raw: string, where: string): Promise<CheckResult> {
  const head = `csv ${spec.column} all_match /${spec.all_match}/`;
  let rows: string[][];
  try {
    rows = parseCsv(raw, spec.delimiter);
  } catch (error) {
    if (error instanceof CsvError) return { pass: false, reason: `${head}: ${where} is not valid CSV: ${error.message}` };
    throw error;
  }
  const [header, ...data] = rows;
  const names = (header ?? []).map((name) => name.trim());
  const column = names.indexOf(spec.column.trim());
  if (column < 0) return { pass: false, reason: `${head}: ${where} has no column ${JSON.stringify(spec.column)} (columns: ${names.length > 0 ? names.map((name) => JSON.stringify(name)).join(', ') : 'none, the file is empty'})` };
  if (data.length === 0) return { pass: false, reason: `${head}: ${where} has no data rows` };
  const pattern = compileRegex(spec.all_match);
  const failed: string[] = [];
  // The whole column in one round trip to the regex worker: a cell at a time, a large file took seconds of messaging.
  const matched = await regexMatchesEach(pattern, data.map((row) => normalizeAnswer(row[column] ?? '')));
  for (const [i, row] of data.entries()) {
    const cell = row[column];
    if (cell === undefined) failed.push(`row ${i + 1}: no such cell (${row.length} fields)`);
    else if (!matched[i]) failed.push(`row ${i + 1}: ${JSON.stringify(cell)}`);
  }
  const count = counted(data.length, 'row', 'rows');
  if (failed.length === 0) return { pass: true, reason: `${head}: all ${count} of ${where} match` };
  return { pass: false, reason: `${head}: ${failed.length} of ${count} of ${where} do not match (${failed.slice(0, CELLS_SHOWN).join(', ')}${failed.length > CELLS_SHOWN ? ', ...' : ''})` };
}
