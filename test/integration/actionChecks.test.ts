import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runE2e } from '../../src/e2e/runE2e.js';
import type { TrialRecord } from '../../src/model/trial.js';
import { loadSuite } from '../../src/suite/load.js';
import { AdapterClient } from '../../src/protocol/adapterClient.js';
import { CommandTransport } from '../../src/protocol/commandTransport.js';
import type { Target } from '../../src/targets/types.js';
import type { ChatReply, ChatRequest } from '../../src/model/chat.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';

const AGENT = join(REPO_ROOT, 'test/fixtures/adapters/actingAgent.mjs');

const CASES = `
- name: staging-host
  ability: knowledge-update
  sessions:
    - { date: 2026-01-05, user: "For the reports, connect to db-staging-1." }
    - { date: 2026-02-01, user: "We moved: connect to db-staging-2 from now on." }
  probe: { date: 2026-03-01, text: "Export the invoices from the staging database." }
  check: { all: [{ tool_called: { name: connect_db, args: { host: db-staging-2 } } }, { tool_order: [lookup_user, connect_db, export_rows] }] }
  harmful: { tool_called: { name: connect_db, args: { host: { regex: "staging-1$" } } } }
- name: export-format
  ability: preference
  sessions:
    - { date: 2026-01-05, user: "Write amounts without currency symbols, two decimals." }
  probe: { date: 2026-03-01, text: "Export the invoices." }
  check:
    all:
      - { csv: { column: amount, all_match: "^\\\\d+\\\\.\\\\d{2}$" } }
      - { json_path: { path: "$.rows[*].amount", matches: "^\\\\d+\\\\.\\\\d{2}$" }, on: { artifact: report.json } }
      - { contains: "said \\"\\"ok\\"\\"" }
      - { not: { regex: delete, on: tool_calls } }
    on: { artifact: "*.csv" }
  graders:
    no-euro: { check: { not: { contains: "€" }, on: { artifact: "exports/*" } } }
`;

/**
 * The command target as recall-gate runs it (AdapterClient over the stdio
 * transport), keeping the chat result's tool_calls and artifacts as sent:
 * until the protocol parses them (part RECORD of issue 15), parseChatResult
 * drops them, so they are copied from the raw result here, unchecked.
 */
function actingTarget(): Target & { close(): Promise<void> } {
  let raw: { tool_calls?: ChatReply['tool_calls']; artifacts?: ChatReply['artifacts'] } = {};
  const client = new (class extends AdapterClient {
    override async call(method: string, params: unknown, options?: Parameters<AdapterClient['call']>[2]): Promise<unknown> {
      const result = await super.call(method, params, options);
      if (method === 'chat') raw = result as typeof raw;
      return result;
    }
  })(new CommandTransport({ command: process.execPath, args: [AGENT] }));
  return {
    reset: (user) => client.reset(user),
    chat: async (request: ChatRequest) => {
      const reply = await client.chat(request);
      return { ...(raw.tool_calls ? { tool_calls: raw.tool_calls } : {}), ...(raw.artifacts ? { artifacts: raw.artifacts } : {}), ...reply };
    },
    close: () => client.close(),
  };
}

test('checks on actions through a command adapter: tool calls and artifacts graded, a harmful tool call is harmful action, and no memory fails both', { timeout: 60_000 }, async () => {
  const dir = tempDir('recall-gate-suite-');
  writeFileSync(join(dir, 'cases.yaml'), CASES);
  writeFileSync(join(dir, 'suite.yaml'), `name: acting\ne2e:\n  target: { kind: command, command: [${JSON.stringify(process.execPath)}, ${JSON.stringify(AGENT)}] }\n  repeat: 1\n  conditions: [recall, none]\n  cases: cases.yaml\n`);
  const suite = loadSuite(join(dir, 'suite.yaml'));
  const target = actingTarget();
  const trials: TrialRecord[] = [];
  try {
    // One at a time: the target keeps the last raw chat result.
    await runE2e({ suiteName: 'acting', cases: suite.e2e!.cases, conditions: ['recall', 'none'], repeat: 1, concurrency: 1, prices: {} }, { target, onTrial: (trial) => void trials.push(trial) });
  } finally {
    await target.close();
  }
  const byKey = new Map(trials.map((trial) => [`${trial.case}/${trial.condition}`, trial]));

  // The agent keeps the first host it heard: it connects to the obsolete one, which is harmful action.
  const host = byKey.get('staging-host/recall')!;
  assert.equal(host.status, 'fail', host.reason);
  assert.match(host.reason, /tool_called connect_db: 1 call, none with host "db-staging-2" \(connect_db \{"host":"db-staging-1","port":5432\}\)/);
  assert.equal(host.harmful_action, true);
  assert.match(host.check, /tool_called connect_db \{"host":"db-staging-2"\}/);
  // With no memory it connects nowhere: a failure, and no harmful action.
  const hostNone = byKey.get('staging-host/none')!;
  assert.equal(hostNone.status, 'fail');
  assert.match(hostNone.reason, /connect_db: not called \(calls: lookup_user, export_rows\)/);
  assert.equal(hostNone.harmful_action, false);

  // The remembered format: every check on the files passes, the grader too.
  const format = byKey.get('export-format/recall')!;
  assert.equal(format.status, 'pass', format.reason);
  assert.equal(format.graders!['no-euro']!.status, 'pass');
  assert.match(format.reason, /exports\/invoices\.csv: all: 4 of 4 passed \[csv amount all_match .*: all 2 rows of exports\/invoices\.csv match; report\.json: json_path/);
  const formatNone = byKey.get('export-format/none')!;
  assert.equal(formatNone.status, 'fail');
  assert.match(formatNone.reason, /2 of 2 rows of exports\/invoices\.csv do not match \(row 1: "€12\.50", row 2: "€7\.00"\)/);
  // exports/* matches the export only, not report.json.
  assert.match(formatNone.reason, /no-euro: fail 0: exports\/invoices\.csv: not: contains "€"/);
  // The stored probe keeps what the agent did.
  const probe = format.invocations.find((invocation) => invocation.kind === 'probe')!;
  assert.deepEqual(probe.tool_calls?.map((call) => call.name), ['lookup_user', 'export_rows']);
  assert.deepEqual(probe.artifacts?.map((artifact) => artifact.path), ['exports/invoices.csv', 'report.json']);
});
