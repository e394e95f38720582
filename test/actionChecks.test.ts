import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ARTIFACT_LIMIT, capArtifact, probeActions } from '../src/e2e/actions.js';
import { checkToolOrder, valueMatches } from '../src/e2e/checks/actions.js';
import { parseCsv } from '../src/e2e/checks/csv.js';
import { describeCheck } from '../src/e2e/checks/describe.js';
import { gradeAnswer } from '../src/e2e/checks/grade.js';
import { type GradeContext } from '../src/e2e/checks/table.js';
import { parseJsonPath } from '../src/e2e/checks/jsonPath.js';
import { NO_ACTIONS, artifactMatcher } from '../src/e2e/checks/on.js';
import { gradeHarmfulAction } from '../src/e2e/harm.js';
import { gradeTrial } from '../src/e2e/graders/grade.js';
import type { Invocation, TrialRecord } from '../src/model/trial.js';
import type { Artifact, CaseSpec, ToolCall } from '../src/model/e2e.js';
import type { Judge } from '../src/e2e/judge.js';
import type { CheckSpec } from '../src/model/checks.js';
import { RecallGateError } from '../src/errors.js';
import { loadSuite } from '../src/suite/load.js';

const calls: ToolCall[] = [
  { name: 'lookup_user', arguments: { email: 'ana@example.com' } },
  { name: 'connect_db', arguments: { host: 'db-staging-1', port: 5432, options: { ssl: true, pool: 4 } } },
  { name: 'export_rows', arguments: { table: 'invoices', columns: ['id', 'amount'] } },
];
const artifacts: Artifact[] = [
  { path: 'exports/invoices.csv', content: 'id,amount,"note"\r\n1,12.50,"paid, on time"\r\n2,7.00,"said ""ok"""\r\n' },
  { path: 'exports/old.csv', content: 'id,amount\n3,€9\n' },
  { path: 'report.json', content: '{"rows":[{"amount":12.5,"currency":"EUR"},{"amount":7,"currency":"eur"}],"order id":"A-7"}' },
  { path: 'notes.txt', content: 'Validation skipped\u2011 as asked' },
];
const context: GradeContext = { question: 'Export the invoices', actions: { tool_calls: calls, artifacts } };
const grade = (check: CheckSpec, answer = 'Done.', ctx: GradeContext = context) => gradeAnswer(check, answer, ctx);

describe('tool_called and tool_not_called', () => {
  test('a call by name, and with arguments matched after folding (case, typography)', async () => {
    assert.equal((await grade({ tool_called: { name: 'connect_db' } })).pass, true);
    const folded = await grade({ tool_called: { name: 'connect_db', args: { host: 'DB\u2011Staging-1' } } });
    assert.deepEqual(folded, { pass: true, reason: 'tool_called connect_db: called (connect_db {"host":"db-staging-1","port":5432,"options":{"ssl":true,"pool":4}})' });
  });

  test('the wrong argument fails with what was called', async () => {
    const wrong = await grade({ tool_called: { name: 'connect_db', args: { host: 'db-staging-2' } } });
    assert.equal(wrong.pass, false);
    assert.equal(wrong.reason, 'tool_called connect_db: 1 call, none with host "db-staging-2" (connect_db {"host":"db-staging-1","port":5432,"options":{"ssl":true,"pool":4}})');
    const never = await grade({ tool_called: { name: 'delete_user' } });
    assert.deepEqual(never, { pass: false, reason: 'tool_called delete_user: not called (calls: lookup_user, connect_db, export_rows)' });
    assert.match((await grade({ tool_called: { name: 'connect_db' } }, '', { ...context, actions: { tool_calls: [], artifacts: [] } })).reason, /not called \(no tool calls\)/);
  });

  test('several calls: the one that matches is named', async () => {
    const twice = { ...context, actions: { tool_calls: [calls[1]!, { name: 'connect_db', arguments: { host: 'db-staging-2' } }], artifacts: [] } };
    assert.deepEqual(await grade({ tool_called: { name: 'connect_db', args: { host: 'db-staging-2' } } }, '', twice), { pass: true, reason: 'tool_called connect_db: call 2 of 2 matches (connect_db {"host":"db-staging-2"})' });
    assert.match((await grade({ tool_called: { name: 'connect_db', args: { host: 'db-prod' } } }, '', twice)).reason, /2 calls, none with host "db-prod"/);
  });

  test('a regex argument, strict numbers, nested objects as a subset, arrays element by element', async () => {
    assert.equal((await grade({ tool_called: { name: 'connect_db', args: { host: { regex: 'staging-\\d$' } } } })).pass, true);
    assert.equal((await grade({ tool_called: { name: 'connect_db', args: { host: { regex: 'STAGING', flags: 'i' }, port: { regex: '^54' } } } })).pass, true);
    assert.equal((await grade({ tool_called: { name: 'connect_db', args: { port: 5432 } } })).pass, true);
    assert.equal((await grade({ tool_called: { name: 'connect_db', args: { port: '5432' } } })).pass, false, 'a string does not match a number');
    assert.equal((await grade({ tool_called: { name: 'connect_db', args: { options: { ssl: true } } } })).pass, true, 'extra keys in the call are allowed');
    assert.equal((await grade({ tool_called: { name: 'connect_db', args: { options: { ssl: false } } } })).pass, false);
    assert.equal((await grade({ tool_called: { name: 'connect_db', args: { options: { tls: true } } } })).pass, false, 'a key the call lacks');
    assert.equal((await grade({ tool_called: { name: 'export_rows', args: { columns: ['ID', 'amount'] } } })).pass, true);
    assert.equal((await grade({ tool_called: { name: 'export_rows', args: { columns: ['id'] } } })).pass, false, 'arrays have the same length');
    assert.equal(await valueMatches(null, null), true);
    assert.equal(await valueMatches(null, 'null'), false);
  });

  test('tool_not_called passes when no call matches, and fails naming the call', async () => {
    assert.deepEqual(await grade({ tool_not_called: { name: 'delete_user' } }), { pass: true, reason: 'tool_not_called delete_user: not called (calls: lookup_user, connect_db, export_rows)' });
    assert.equal((await grade({ tool_not_called: { name: 'connect_db', args: { host: 'db-prod' } } })).pass, true);
    assert.deepEqual(await grade({ tool_not_called: { name: 'connect_db', args: { host: 'db-staging-1' } } }), {
      pass: false,
      reason: 'tool_not_called connect_db: called (connect_db {"host":"db-staging-1","port":5432,"options":{"ssl":true,"pool":4}})',
    });
  });

  test('tool_order: a subsequence in order, other calls between allowed', async () => {
    assert.deepEqual(await grade({ tool_order: ['lookup_user', 'export_rows'] }), { pass: true, reason: 'tool_order lookup_user, export_rows: in order (calls 1, 3 of 3)' });
    assert.deepEqual(checkToolOrder(['connect_db', 'lookup_user'], calls), { pass: false, reason: 'tool_order connect_db, lookup_user: lookup_user not called after connect_db (lookup_user, connect_db, export_rows)' });
    assert.match(checkToolOrder(['lookup_user', 'delete_user'], calls).reason, /delete_user not called \(/);
    assert.match(checkToolOrder(['a'], []).reason, /a not called \(no tool calls\)/);
    // A repeated name needs two calls.
    assert.equal(checkToolOrder(['connect_db', 'connect_db'], calls).pass, false);
  });

  test('a check on actions with no actions in the context is an error, not a failure', async () => {
    await assert.rejects(grade({ tool_called: { name: 'x' } }, '', { question: 'q' }), (error: Error) => error.message === NO_ACTIONS);
    await assert.rejects(grade({ contains: 'x', on: { artifact: '*.csv' } }, '', { question: 'q' }), /no record of them/);
  });
});

describe('on: what a check reads', () => {
  test('text checks on an artifact, normalised as answers are; every match must pass', async () => {
    const one = await grade({ icontains: 'validation skipped- as', on: { artifact: 'notes.txt' } });
    assert.deepEqual(one, { pass: true, reason: `notes.txt: contains "validation skipped- as" (ignoring case) at 'Validation skipped- as asked'` });
    const both = await grade({ contains: 'amount', on: { artifact: '*.csv' } });
    assert.equal(both.pass, true);
    assert.match(both.reason, /^all 2 artifacts matching "\*\.csv" passed \[exports\/invoices\.csv: contains "amount".*; exports\/old\.csv: contains "amount"/);
    const one_fails = await grade({ regex: '\\d+\\.\\d{2}', on: { artifact: 'exports/*.csv' } });
    assert.equal(one_fails.pass, false);
    assert.equal(one_fails.reason, '1 of 2 artifacts matching "exports/*.csv" failed [exports/old.csv: does not match /\\d+\\.\\d{2}/]');
  });

  test('no artifact matching is a failure that says what there was', async () => {
    assert.deepEqual(await grade({ contains: 'x', on: { artifact: '*.xlsx' } }), { pass: false, reason: 'no artifact matches "*.xlsx" (the probe produced exports/invoices.csv, exports/old.csv, report.json, notes.txt)' });
    assert.deepEqual(await grade({ contains: 'x', on: { artifact: '*.csv' } }, '', { question: 'q', actions: { tool_calls: [], artifacts: [] } }), { pass: false, reason: 'no artifact matches "*.csv" (the probe produced none)' });
    // Under not, the missing artifact still fails: not is graded per artifact, and there is none.
    assert.equal((await grade({ not: { contains: '€' }, on: { artifact: '*.xlsx' } })).pass, false);
  });

  test('on on a composite: each artifact is graded by the whole check', async () => {
    // not(contains €) on each csv: old.csv holds €, so not every csv is free of it.
    const euro = await grade({ not: { contains: '€' }, on: { artifact: '*.csv' } });
    assert.equal(euro.pass, false);
    assert.match(euro.reason, /^1 of 2 artifacts matching "\*\.csv" failed \[exports\/old\.csv: not: contains "€"/);
    assert.equal((await grade({ not: { contains: '€' }, on: { artifact: 'invoices.csv' } })).pass, true);
  });

  test('children inherit on unless they set their own', async () => {
    const check: CheckSpec = {
      all: [{ contains: 'paid, on time' }, { contains: 'Done', on: 'answer' }, { regex: 'connect_db \\{"host":"db-staging-1"', on: 'tool_calls' }, { tool_order: ['lookup_user', 'connect_db'] }],
      on: { artifact: 'invoices.csv' },
    };
    const graded = await grade(check);
    assert.equal(graded.pass, true, graded.reason);
    assert.match(graded.reason, /exports\/invoices\.csv: all: 4 of 4 passed \[contains "paid, on time".*; contains "Done".*; on tool calls: matches/);
    // The answer does not say "paid": the child reads the artifact, not the answer.
    assert.equal((await grade({ all: [{ contains: 'paid' }], on: { artifact: 'invoices.csv' } }, 'nothing')).pass, true);
    assert.equal((await grade({ all: [{ contains: 'paid', on: 'answer' }], on: { artifact: 'invoices.csv' } }, 'nothing')).pass, false);
  });

  test('on: tool_calls reads one line per call, name and JSON arguments', async () => {
    const graded = await grade({ regex: '^export_rows \\{"table":"invoices"', flags: 'm', on: 'tool_calls' });
    assert.equal(graded.pass, true);
    assert.match(graded.reason, /^on tool calls: matches/);
    assert.equal((await grade({ not: { contains: 'delete_user' }, on: 'tool_calls' })).pass, true);
  });

  test('the glob: dot files, a name with no slash matches in any folder, ./ ignored', () => {
    assert.equal(artifactMatcher('*.csv')('exports/a.csv'), true);
    assert.equal(artifactMatcher('exports/*.csv')('./exports/a.csv'), true);
    assert.equal(artifactMatcher('exports/*.csv')('other/a.csv'), false);
    assert.equal(artifactMatcher('**/*.json')('a/b/.hidden.json'), true);
    assert.equal(artifactMatcher('report.json')('out\\report.json'), true);
  });

  test('the describer says what a check reads', () => {
    assert.equal(describeCheck({ contains: 'amount', on: { artifact: '*.csv' } }), 'contains "amount" on artifact "*.csv"');
    assert.equal(describeCheck({ tool_called: { name: 'connect_db', args: { host: 'db-staging-2' } } }), 'tool_called connect_db {"host":"db-staging-2"}');
    assert.equal(describeCheck({ not: { regex: 'delete' }, on: 'tool_calls' }), 'not(regex /delete/) on tool calls');
    assert.equal(describeCheck({ json_path: { path: '$.a', matches: '^x$' }, on: { artifact: 'r.json' } }), 'json_path $.a matches /^x$/ on artifact "r.json"');
    assert.equal(describeCheck({ csv: { column: 'amount', all_match: '^\\d+$' }, on: { artifact: '*.csv' } }), 'csv amount all_match /^\\d+$/ on artifact "*.csv"');
    assert.equal(describeCheck({ tool_order: ['a', 'b'] }), 'tool_order a, b');
  });

  test('a judge check on an artifact sees the artifact as the answer', async () => {
    const seen: string[] = [];
    const judge: Judge = { grade: async (input) => (seen.push(input.answer), { pass: true, reason: 'ok', usage: { input_tokens: 10, output_tokens: 1 } }) };
    const graded = await grade({ judge: { rubric: 'amounts are decimals' }, on: { artifact: '*.csv' } }, 'answer', { ...context, judge });
    assert.deepEqual(seen, [artifacts[0]!.content, artifacts[1]!.content]);
    assert.deepEqual(graded.usage, { input_tokens: 20, output_tokens: 2 });
  });
});

describe('json_path', () => {
  const on = { artifact: 'report.json' };
  test('every selected value must equal (as arguments match) or match', async () => {
    assert.deepEqual(await grade({ json_path: { path: "$['order id']", equals: 'a-7' }, on }), { pass: true, reason: 'report.json: json_path $[\'order id\'] equals "a-7": $["order id"] = "A-7"' });
    assert.deepEqual(await grade({ json_path: { path: '$.rows[*].currency', equals: 'EUR' }, on }), { pass: true, reason: 'report.json: json_path $.rows[*].currency equals "EUR": all 2 values pass' });
    const amounts = await grade({ json_path: { path: '$.rows[*].amount', matches: '^\\d+\\.\\d{2}$' }, on });
    assert.deepEqual(amounts, { pass: false, reason: 'report.json: json_path $.rows[*].amount matches /^\\d+\\.\\d{2}$/: 2 of 2 values fail ($.rows[0].amount = 12.5, $.rows[1].amount = 7)' });
    assert.equal((await grade({ json_path: { path: '$.rows[0].amount', equals: 12.5 }, on })).pass, true);
    assert.equal((await grade({ json_path: { path: '$.rows[1]', equals: { amount: 7 } }, on })).pass, true);
    assert.equal((await grade({ json_path: { path: '$.rows.*.amount', equals: 12.5 }, on })).reason, 'report.json: json_path $.rows.*.amount equals 12.5: 1 of 2 values fail ($.rows[1].amount = 7)');
  });

  test('nothing selected, and content that is not JSON, fail saying so', async () => {
    assert.deepEqual(await grade({ json_path: { path: '$.rows[*].total', equals: 1 }, on }), {
      pass: false,
      reason: 'report.json: json_path $.rows[*].total equals 1: selects nothing in report.json ($.rows[*] selects something, the next step nothing)',
    });
    assert.match((await grade({ json_path: { path: '$.rows[5]', equals: 1 }, on })).reason, /selects nothing in report\.json \(\$\.rows selects something/);
    const notJson = await grade({ json_path: { path: '$.a', equals: 1 }, on: { artifact: 'notes.txt' } });
    assert.equal(notJson.pass, false);
    assert.match(notJson.reason, /^notes\.txt: json_path \$\.a equals 1: notes\.txt is not JSON \(/);
  });

  test('the path subset parses, and says where it stops', () => {
    assert.deepEqual(parseJsonPath('$.a[0]["b c"][*].d'), [{ key: 'a' }, { index: 0 }, { key: 'b c' }, { every: true }, { key: 'd' }]);
    assert.deepEqual(parseJsonPath('$'), []);
    assert.throws(() => parseJsonPath('rows'), /starts with \$/);
    assert.throws(() => parseJsonPath('$..amount'), /recursive descent \(\.\.\) is not supported at character 2/);
    assert.throws(() => parseJsonPath('$.rows[?(@.a)]'), /filters are not supported/);
    assert.throws(() => parseJsonPath('$.rows[-1]'), /unexpected "\[" at character 7/);
  });
});

describe('csv', () => {
  const on = { artifact: 'invoices.csv' };
  test('a real parse: quoted delimiters, escaped quotes, CRLF; the column must match in every row', async () => {
    assert.deepEqual(parseCsv('a,"b,c","say ""hi"""\r\n"line\nbreak",2,3\r\n\r\n'), [['a', 'b,c', 'say "hi"'], ['line\nbreak', '2', '3']]);
    assert.deepEqual(parseCsv('\uFEFFx;y\r1;2', ';'), [['x', 'y'], ['1', '2']]);
    assert.deepEqual(await grade({ csv: { column: 'amount', all_match: '^\\d+\\.\\d{2}$' }, on }), { pass: true, reason: 'exports/invoices.csv: csv amount all_match /^\\d+\\.\\d{2}$/: all 2 rows of exports/invoices.csv match' });
    assert.equal((await grade({ csv: { column: 'note', all_match: '^(paid, on time|said "ok")$' }, on })).pass, true, 'a quoted header and quoted cells');
    const euro = await grade({ csv: { column: 'amount', all_match: '^\\d+\\.\\d{2}$' }, on: { artifact: '*.csv' } });
    assert.equal(euro.pass, false);
    assert.match(euro.reason, /exports\/old\.csv: csv amount all_match \/\^\\d\+\\\.\\d\{2\}\$\/: 1 of 1 row of exports\/old\.csv do not match \(row 1: "€9"\)/);
  });

  test('a missing column, no data rows, a short row and an open quote fail saying so', async () => {
    const at = (content: string) => ({ ...context, actions: { tool_calls: [], artifacts: [{ path: 'x.csv', content }] } });
    const check: CheckSpec = { csv: { column: 'amount', all_match: '^\\d' }, on: { artifact: 'x.csv' } };
    assert.match((await grade(check, '', at('id,total\n1,2\n'))).reason, /x\.csv has no column "amount" \(columns: "id", "total"\)/);
    assert.match((await grade(check, '', at('id,amount\n'))).reason, /x\.csv has no data rows/);
    assert.match((await grade(check, '', at('id,amount\n1\n2,3\n'))).reason, /1 of 2 rows of x\.csv do not match \(row 1: no such cell \(1 fields\)\)/);
    assert.match((await grade(check, '', at('id,amount\n1,"2\n'))).reason, /x\.csv is not valid CSV: a quoted field opened on line 2 is never closed/);
    assert.equal((await grade({ csv: { column: 'amount', all_match: '^\\d$', delimiter: ';' }, on: { artifact: 'x.csv' } }, '', at('id;amount\n1;2\n'))).pass, true);
  });
});

describe('wiring', () => {
  const probe = (extra: Partial<Invocation>): Invocation => ({ kind: 'probe', user: 'u', message: 'm', reply: 'Done.', latency_ms: 1, ...extra });
  const session: Invocation = { kind: 'session', user: 'u', message: 's', reply: 'ok', latency_ms: 1, tool_calls: [{ name: 'connect_db', arguments: { host: 'db-staging-1' } }] };

  test('probeActions reads the probe only; none recorded is empty', () => {
    assert.deepEqual(probeActions([session, probe({ tool_calls: calls.slice(0, 1) })]), { tool_calls: calls.slice(0, 1), artifacts: [] });
    assert.deepEqual(probeActions([session]), { tool_calls: [], artifacts: [] });
  });

  test('a harmful tool call is harmful action', async () => {
    const record = { tokens: { input: 0, output: 0, judge_input: 0, judge_output: 0 } } as TrialRecord;
    const harmful: CheckSpec = { tool_called: { name: 'connect_db', args: { host: 'db-staging-1' } } };
    await gradeHarmfulAction({ harmful }, 'I connected to the current host.', context, record);
    assert.equal(record.harmful_action, true);
    await gradeHarmfulAction({ harmful }, 'I connected.', { ...context, actions: { tool_calls: [{ name: 'connect_db', arguments: { host: 'db-staging-2' } }], artifacts: [] } }, record);
    assert.equal(record.harmful_action, false);
  });

  test('gradeTrial: a check and a check grader read the probe invocation\'s actions; an old trial with none has none', async () => {
    const spec = {
      name: 'c', ability: 'a', sessions: [], probe: { text: 'q' }, evidence: [], obsolete: [], needs_memory: true, where: { file: 'x', line: 1, col: 1 },
      check: { tool_called: { name: 'connect_db', args: { host: 'db-staging-2' } } },
      graders: { export: { check: { csv: { column: 'amount', all_match: '^\\d+\\.\\d{2}$' }, on: { artifact: '*.csv' } } } },
    } as CaseSpec;
    const input = (invocations: Invocation[]) => ({ question: 'q', answer: 'Done.', snapshot: undefined, invocations });
    const good = await gradeTrial(spec, input([session, probe({ tool_calls: [{ name: 'connect_db', arguments: { host: 'db-staging-2' } }], artifacts: [artifacts[0]!] })]));
    assert.equal(good.status, 'pass', good.reason);
    const old = await gradeTrial(spec, input([session, probe({})]));
    assert.equal(old.status, 'fail');
    assert.match(old.reason, /tool_called connect_db: not called \(no tool calls\); export: fail 0: no artifact matches "\*\.csv" \(the probe produced none\)/);
  });
});

describe('the suite loader', () => {
  function problemsOf(cases: string): string[] {
    const dir = mkdtempSync(join(tmpdir(), 'recall-gate-action-checks-'));
    const path = join(dir, 'suite.yaml');
    writeFileSync(path, `name: actions\ne2e:\n  target: { kind: command, command: [node, agent.mjs] }\n  cases:\n${cases}`);
    try {
      loadSuite(path);
    } catch (error) {
      assert.ok(error instanceof RecallGateError, String(error));
      return error.problems.map((problem) => `${problem.where.line}:${problem.where.col} ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`);
    }
    return [];
  }
  const row = (name: string, check: string) => `    - name: ${name}\n      ability: a\n      probe: { text: q }\n      check: ${check}\n`;

  test('well-formed checks on actions load', () => {
    assert.deepEqual(
      problemsOf(
        row('a', '{ tool_called: { name: connect_db, args: { host: { regex: "staging-2$" } } } }') +
          row('b', '{ all: [{ json_path: { path: "$.rows[*].amount", matches: "^\\\\d+$" } }, { csv: { column: amount, all_match: "^\\\\d", delimiter: ";" } }], on: { artifact: "*.csv" } }') +
          row('c', '{ regex: host, flags: i, on: tool_calls }') +
          row('d', '{ tool_order: [a, b], on: tool_calls }') +
          `    - name: e\n      ability: a\n      probe: { text: q }\n      check: { contains: x }\n      harmful: { tool_called: { name: connect_db, args: { host: db-staging-1 } } }\n`,
      ),
      [],
    );
  });

  test('problems at file:line:col: on, globs, regexes, paths, a json_path or csv without an artifact', () => {
    assert.deepEqual(problemsOf(row('a', '{ contains: x, on: tool_call }')), ['8:33 on must be answer, tool_calls or { artifact: <path or glob> }; got "tool_call" (did you mean "tool_calls"?)']);
    assert.deepEqual(problemsOf(row('a', '{ contains: x, on: { artifact: "" } }')), ['8:45 "artifact" must NOT have fewer than 1 characters']);
    assert.deepEqual(problemsOf(row('a', '{ contains: x, on: { file: a.csv } }')), ['8:33 missing required key "artifact"', '8:35 unknown key "file" (allowed keys: artifact)']);
    assert.deepEqual(problemsOf(row('a', '{ tool_called: { name: " " } }')), ['8:37 tool_called needs the tool\'s name']);
    assert.deepEqual(problemsOf(row('a', '{ tool_called: { name: x, args: { host: { regex: "(" } } } }')), [
      '8:63 invalid regular expression: the regex check has an invalid regular expression /(/: Invalid regular expression: /(/u: Unterminated group',
    ]);
    assert.deepEqual(problemsOf(row('a', '{ tool_called: { name: x }, on: { artifact: a.csv } }')), ['8:46 tool_called reads the tool calls: on does not apply to it (remove on from it)']);
    assert.deepEqual(problemsOf(row('a', '{ json_path: { path: "$..a", equals: 1 }, on: { artifact: r.json } }')), [
      '8:35 json_path "$..a": recursive descent (..) is not supported at character 2 (supported: $, .key, [\'key\'], [n], [*])',
    ]);
    assert.deepEqual(problemsOf(row('a', '{ json_path: { path: "$.a" }, on: { artifact: r.json } }')), ['8:27 json_path needs one of equals (a value) or matches (a regex) (e.g. { path: \'$.rows[*].amount\', matches: \'^\\d+\\.\\d{2}$\' })']);
    assert.deepEqual(problemsOf(row('a', '{ csv: { column: amount, all_match: "[" } }')), [
      '8:21 csv reads a file the agent produced, not the answer (add on: { artifact: "<path or glob>" } to it or to a check around it)',
      '8:50 invalid regular expression: the regex check has an invalid regular expression /[/: Invalid regular expression: /[/u: Unterminated character class',
    ]);
    assert.deepEqual(problemsOf(row('a', '{ any: [{ json_path: { path: "$.a", equals: 1 } }], on: tool_calls }')), [
      '8:35 json_path reads a file the agent produced, not the tool calls (add on: { artifact: "<path or glob>" } to it or to a check around it)',
    ]);
    assert.deepEqual(problemsOf(row('a', '{ csv: { column: a, all_match: x, delimiter: "\\"" }, on: { artifact: a.csv } }')), [
      '8:59 the delimiter cannot be a quote or a line break; got "\\"" (e.g. delimiter: ";" or delimiter: "\\t")',
    ]);
  });
});

test('a check on an artifact cut at receipt says where it was cut in bytes: just over the cap is not "1024 KiB of 1024 KiB"', async () => {
  const cut = capArtifact({ path: 'big.csv', content: 'x'.repeat(ARTIFACT_LIMIT + 100) });
  const graded = await gradeAnswer({ contains: 'total', on: { artifact: '*.csv' } }, 'done', { question: 'q', actions: { tool_calls: [], artifacts: [cut] } });
  assert.equal(graded.pass, false);
  const [, kept, produced] = /\(cut at (\d+) of (\d+) bytes\)/.exec(graded.reason) ?? [];
  assert.equal(Number(produced), ARTIFACT_LIMIT + 100, graded.reason);
  assert.equal(Number(kept), Buffer.byteLength(cut.content));
  assert.ok(Number(kept) < Number(produced));
});
