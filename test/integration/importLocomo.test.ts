import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ImportReport } from '../../src/import/importReport.js';
import { jsonArrayItems } from '../../src/import/jsonArrayItems.js';
import { LOCOMO_ADVERSARIAL_ANSWER, locomoDate, readEvidence } from '../../src/import/locomo.js';
import type { ImportedMemory, ImportedQuery } from '../../src/import/types.js';
import { REPO_ROOT, runCli, tempDir } from '../support/cli.js';

// One fixture (written for these tests in LoCoMo's shape) holds every quirk of the published file; each test reads one.
const QUIRKS = join(REPO_ROOT, 'test/fixtures/import/locomo/quirks.json');

interface Imported {
  report: ImportReport;
  memories: ImportedMemory[];
  queries: Map<string, ImportedQuery>;
  out: string;
  stderr: string;
}

const jsonl = <T>(path: string): T[] => readFileSync(path, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as T);

async function importQuirks(...flags: string[]): Promise<Imported> {
  const out = join(tempDir(), 'suite');
  const result = await runCli(['import', 'locomo', QUIRKS, '--out', out, ...flags]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  return {
    report: JSON.parse(readFileSync(join(out, 'import-report.json'), 'utf8')) as ImportReport,
    memories: jsonl<ImportedMemory>(join(out, 'memories.jsonl')),
    queries: new Map(jsonl<ImportedQuery>(join(out, 'queries.jsonl')).map((query) => [query.id, query])),
    out,
    stderr: result.stderr,
  };
}

const noted = (list: ImportReport['repaired'], kind: string) => list.records.filter((entry) => entry.kind === kind).map((entry) => `${entry.record} ${entry.detail ?? ''}`.trim());

test('locomo dates: "1:56 pm on 8 May, 2023" is 2023-05-08; a date that is not on the calendar or not of that shape is undefined', () => {
  assert.equal(locomoDate('1:56 pm on 8 May, 2023'), '2023-05-08');
  assert.equal(locomoDate('10:04 am on 17 June, 2023'), '2023-06-17');
  assert.equal(locomoDate('7:30 am on 29 February, 2024'), '2024-02-29');
  assert.equal(locomoDate('7:30 am on 29 February, 2023'), undefined);
  assert.equal(locomoDate('8 May 2023'), undefined);
  assert.equal(locomoDate('1:56 pm on 8 Mayo, 2023'), undefined);
});

test('locomo evidence: each token read to D<s>:<t>, the repair named', () => {
  assert.deepEqual(readEvidence('D8:6; D9:17'), [{ id: 'D8:6', written: 'D8:6' }, { id: 'D9:17', written: 'D9:17' }]);
  assert.deepEqual(readEvidence('D9:1 D4:4'), [{ id: 'D9:1', written: 'D9:1' }, { id: 'D4:4', written: 'D4:4' }]);
  assert.deepEqual(readEvidence('D:11:26'), [{ id: 'D11:26', written: 'D:11:26', repair: 'stray colon' }]);
  assert.deepEqual(readEvidence('D30:05'), [{ id: 'D30:5', written: 'D30:05', repair: 'zero-padded' }]);
  assert.deepEqual(readEvidence('D'), [{ written: 'D', repair: 'unreadable' }]);
});

test('import locomo: the report counts what was read, kept, repaired and skipped, by kind', async () => {
  const { report, stderr } = await importQuirks();
  assert.deepEqual(report.read, { conversations: 2, sessions: 3, turns: 8, 'turns with an image': 2, 'qa items': 13 });
  assert.deepEqual(report.kept, { memories: 8, queries: 10, cases: 0 });
  assert.equal(report.repaired.total, 7);
  assert.equal(report.skipped.total, 4);
  assert.deepEqual(report.files, ['suite.yaml', 'memories.jsonl', 'queries.jsonl', 'import-report.json']);
  assert.match(report.sha256!, /^[0-9a-f]{64}$/);
  // The terminal names each record as FILE:RECORD.
  assert.match(stderr, /quirks\.json:garden-1:q4: repaired: stray colon in evidence id \(D:1:3 -> D1:3\)\n/);
  assert.match(stderr, /quirks\.json:garden-1:q8: skipped: QA item with no evidence/);
});

test('import locomo: each conversation is a user; a memory per turn with its session date, group and speaker', async () => {
  const { memories } = await importQuirks();
  assert.deepEqual(
    memories.map((memory) => [memory.id, memory.user, memory.date, memory.group]),
    [
      ['garden-1:D1:1', 'garden-1', '2023-05-08', 'garden-1:S1'],
      ['garden-1:D1:2', 'garden-1', '2023-05-08', 'garden-1:S1'],
      ['garden-1:D1:3', 'garden-1', '2023-05-08', 'garden-1:S1'],
      ['garden-1:D2:1', 'garden-1', '2023-06-17', 'garden-1:S2'],
      ['garden-1:D2:2', 'garden-1', '2023-06-17', 'garden-1:S2'],
      ['garden-1:D2:3', 'garden-1', '2023-06-17', 'garden-1:S2'],
      ['garden-2:D1:1', 'garden-2', '2024-02-29', 'garden-2:S1'],
      ['garden-2:D1:2', 'garden-2', '2024-02-29', 'garden-2:S1'],
    ],
  );
  assert.equal(memories[0]!.text, 'Ana: I planted tomatoes in the greenhouse this morning.');
});

test('import locomo: several ids in one evidence string are split ("D1:2; D2:1", "D2:2 D1:3")', async () => {
  const { report, queries } = await importQuirks();
  assert.deepEqual(noted(report.repaired, 'several evidence ids in one string: split'), ['garden-1:q2 "D1:2; D2:1" -> D1:2, D2:1', 'garden-1:q3 "D2:2 D1:3" -> D2:2, D1:3']);
  assert.deepEqual(queries.get('garden-1:q2')!.relevant, ['garden-1:D1:2', 'garden-1:D2:1']);
  assert.deepEqual(queries.get('garden-1:q3')!.relevant, ['garden-1:D2:2', 'garden-1:D1:3']);
  // What the file wrote is kept beside the repaired ids.
  assert.deepEqual(queries.get('garden-1:q2')!.meta, { category: 1, evidence: ['D1:2; D2:1'] });
});

test('import locomo: a stray colon ("D:1:3") and a zero-padded turn ("D2:02") are read as the turn they name', async () => {
  const { report, queries } = await importQuirks();
  assert.deepEqual(noted(report.repaired, 'stray colon in evidence id'), ['garden-1:q4 D:1:3 -> D1:3']);
  assert.deepEqual(noted(report.repaired, 'zero-padded turn number in evidence id'), ['garden-1:q5 D2:02 -> D2:2']);
  assert.deepEqual(queries.get('garden-1:q4')!.relevant, ['garden-1:D1:3']);
  assert.deepEqual(queries.get('garden-1:q5')!.relevant, ['garden-1:D2:2']);
});

test('import locomo: a bare "D" and ids naming no turn are dropped; a query left with no evidence is skipped, one left with some is kept', async () => {
  const { report, queries } = await importQuirks();
  assert.deepEqual(noted(report.repaired, 'unreadable evidence id: dropped'), ['garden-1:q6 "D"']);
  assert.deepEqual(noted(report.repaired, 'evidence id that names no turn: dropped'), ['garden-1:q7 D1:9', 'garden-2:q2 D5:1']);
  assert.deepEqual(noted(report.skipped, 'QA item whose evidence names no turn'), ['garden-1:q6 D', 'garden-2:q2 D5:1']);
  assert.deepEqual(queries.get('garden-1:q7')!.relevant, ['garden-1:D1:1']);
  assert.equal(queries.has('garden-1:q6'), false);
  assert.equal(queries.has('garden-2:q2'), false);
});

test('import locomo: a QA item with no evidence and a date key with no session are skipped and counted', async () => {
  const { report, queries } = await importQuirks();
  assert.deepEqual(noted(report.skipped, 'QA item with no evidence (no relevant memory to score)'), ['garden-1:q8']);
  assert.deepEqual(noted(report.skipped, 'date with no session'), ['garden-1:session_3_date_time 9:00 pm on 1 July, 2023']);
  assert.equal(queries.has('garden-1:q8'), false);
});

test('import locomo: categories become tags as the evaluation code treats them; answers kept as text', async () => {
  const { queries } = await importQuirks();
  assert.deepEqual(
    [...queries.values()].map((query) => [query.id, query.tags]),
    [
      ['garden-1:q1', ['temporal']],
      ['garden-1:q2', ['multi-hop']],
      ['garden-1:q3', ['multi-hop']],
      ['garden-1:q4', ['single-hop']],
      ['garden-1:q5', ['single-hop']],
      ['garden-1:q7', ['single-hop']],
      ['garden-1:q9', ['adversarial']],
      ['garden-1:q10', ['temporal']],
      ['garden-1:q11', ['adversarial']],
      ['garden-2:q1', ['single-hop']],
    ],
  );
  assert.equal(queries.get('garden-1:q1')!.answer, '8 May 2023');
  assert.equal(queries.get('garden-1:q10')!.answer, '2023');
});

test('import locomo: an adversarial item answers "not mentioned"; its adversarial_answer (and any answer in the file) stay in meta', async () => {
  const { queries } = await importQuirks();
  assert.equal(queries.get('garden-1:q9')!.answer, LOCOMO_ADVERSARIAL_ANSWER);
  assert.deepEqual(queries.get('garden-1:q9')!.meta, { category: 5, evidence: ['D1:2'], adversarial_answer: 'Pixel' });
  assert.deepEqual(queries.get('garden-1:q11')!.meta, { category: 5, evidence: ['D1:2'], adversarial_answer: 'Yes', answer_in_file: 'No' });
});

test('import locomo: an image turn keeps its caption in meta; --captions puts it in the text', async () => {
  const plain = await importQuirks();
  const kitten = plain.memories.find((memory) => memory.id === 'garden-1:D1:2')!;
  assert.equal(kitten.text, 'Bo: Meet Pixel, the kitten I adopted!');
  assert.deepEqual(kitten.meta, { dia_id: 'D1:2', speaker: 'Bo', blip_caption: 'a photo of a grey kitten on a sofa', img_url: ['https://example.invalid/pixel.jpg'], query: 'grey kitten' });
  const captioned = await importQuirks('--captions');
  assert.equal(captioned.memories.find((memory) => memory.id === 'garden-1:D1:2')!.text, 'Bo: Meet Pixel, the kitten I adopted! [shares a photo: a photo of a grey kitten on a sofa]');
  assert.equal(captioned.memories.find((memory) => memory.id === 'garden-1:D1:1')!.text, plain.memories[0]!.text);
});

test('import locomo --unit session: a memory per session, evidence turns become their sessions', async () => {
  const { memories, queries, report } = await importQuirks('--unit', 'session');
  assert.deepEqual(
    memories.map((memory) => [memory.id, memory.date, memory.group]),
    [
      ['garden-1:S1', '2023-05-08', 'garden-1:S1'],
      ['garden-1:S2', '2023-06-17', 'garden-1:S2'],
      ['garden-2:S1', '2024-02-29', 'garden-2:S1'],
    ],
  );
  assert.equal(memories[0]!.text.split('\n').length, 3);
  assert.deepEqual(memories[0]!.meta, { session: 'session_1', turns: 3, date_time: '1:56 pm on 8 May, 2023', captions: [{ dia_id: 'D1:2', blip_caption: 'a photo of a grey kitten on a sofa' }] });
  assert.deepEqual(queries.get('garden-1:q2')!.relevant, ['garden-1:S1', 'garden-1:S2']);
  assert.deepEqual(queries.get('garden-1:q7')!.relevant, ['garden-1:S1']);
  assert.deepEqual(report.kept, { memories: 3, queries: 10, cases: 0 });
});

test('import locomo --strict: the first record that needs a repair is refused by name, exit 2, and nothing is left', async () => {
  const out = join(tempDir(), 'strict');
  const result = await runCli(['import', 'locomo', QUIRKS, '--out', out, '--strict']);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /quirks\.json:garden-1:q2: several evidence ids in one string: split \("D1:2; D2:1" -> D1:2, D2:1\) \(refused under --strict/);
  assert.doesNotMatch(result.stderr, /at .*\.js:\d+/, 'no stack trace');
  assert.equal(existsSync(out), false);
});

test('import locomo: both units run unchanged through `run` (keyword and ngram-vector)', async () => {
  for (const unit of ['turn', 'session']) {
    const { out } = await importQuirks('--unit', unit);
    const results = join(tempDir(), 'results');
    const run = await runCli(['run', join(out, 'suite.yaml'), '--out', results]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const document = JSON.parse(readFileSync(join(results, 'results.json'), 'utf8')) as { retrieval: { memory_count: number; query_count: number; providers: Record<string, { metrics: Record<string, number> }> } };
    assert.deepEqual(Object.keys(document.retrieval.providers), ['keyword', 'ngram-vector']);
    assert.deepEqual([document.retrieval.memory_count, document.retrieval.query_count], [unit === 'turn' ? 8 : 3, 10]);
    for (const provider of Object.values(document.retrieval.providers)) assert.ok(provider.metrics['recall@10']! > 0);
  }
});

test('import: a flag the format does not take is an error naming the format', async () => {
  const rows = join(REPO_ROOT, 'test/fixtures/import/letta-rows.jsonl');
  const result = await runCli(['import', 'letta', rows, '--out', join(tempDir(), 'x'), '--unit', 'session']);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /import letta does not take --unit \(it takes no options besides --out and --force\)/);
  const unit = await runCli(['import', 'locomo', QUIRKS, '--out', join(tempDir(), 'x'), '--unit', 'round']);
  assert.equal(unit.code, 2);
  assert.match(unit.stderr, /--unit must be turn or session, got "round"/);
});

test('import locomo: a file that is not a JSON array, or ends inside one, is invalid input; a conversation that is not JSON is skipped', async () => {
  const dir = tempDir();
  const notArray = join(dir, 'object.json');
  writeFileSync(notArray, '{"sample_id": "x"}');
  const refused = await runCli(['import', 'locomo', notArray, '--out', join(dir, 'a')]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /not a JSON array \(it does not begin with "\["\)/);
  const truncated = join(dir, 'truncated.json');
  const text = readFileSync(QUIRKS, 'utf8');
  writeFileSync(truncated, text.slice(0, text.length - 200));
  const cut = await runCli(['import', 'locomo', truncated, '--out', join(dir, 'b')]);
  assert.equal(cut.code, 2);
  assert.match(cut.stderr, /ends inside the array, after 1 complete element \(a truncated file\?\)/);
  // The first conversation's rows were already streamed out; they go with the rest.
  assert.equal(existsSync(join(dir, 'b')), false);

  const second = (JSON.parse(text) as unknown[])[1];
  const broken = join(dir, 'broken.json');
  writeFileSync(broken, `[{"sample_id": }, ${JSON.stringify(second)}]`);
  const out = join(dir, 'c');
  const skipped = await runCli(['import', 'locomo', broken, '--out', out]);
  assert.equal(skipped.code, 0, skipped.stderr);
  assert.match(skipped.stderr, /broken\.json:\[0\]: skipped: conversation that is not JSON \(/);
  const report = JSON.parse(readFileSync(join(out, 'import-report.json'), 'utf8')) as ImportReport;
  assert.deepEqual([report.read.conversations, report.kept.memories, report.kept.queries], [2, 2, 1]);
});

test('jsonArrayItems: elements with brackets, commas and escaped quotes in strings, split across read chunks', async () => {
  const dir = tempDir();
  const path = join(dir, 'items.json');
  const items: unknown[] = [];
  for (let i = 0; i < 3000; i++) items.push({ i, text: `a "quoted" [bracket], {brace} \\ é ${'x'.repeat(i % 50)}`, list: [i, [i + 1]] });
  writeFileSync(path, `\uFEFF ${JSON.stringify(items, null, 1)}\n`);
  const read: unknown[] = [];
  for await (const item of jsonArrayItems(path)) {
    assert.ok(!('error' in item));
    read.push(item.value);
  }
  assert.deepEqual(read, items);
  writeFileSync(path, '[{"a": 1}, {nope}, 3]');
  const mixed = [];
  for await (const item of jsonArrayItems(path)) mixed.push('error' in item ? `${item.index}: error` : `${item.index}: ${JSON.stringify(item.value)}`);
  assert.deepEqual(mixed, ['0: {"a":1}', '1: error', '2: 3']);
});

test('import locomo: evidence written as one string, not a list of one, is read as that list and said, not skipped as having none; the counts of one read in the singular', async () => {
  const source = join(tempDir(), 'one.json');
  const conversation = { speaker_a: 'Cy', speaker_b: 'Di', session_1_date_time: '7:30 am on 29 February, 2024', session_1: [{ speaker: 'Cy', dia_id: 'D1:1', text: 'My sister moved to Lisbon last week.' }] };
  writeFileSync(source, JSON.stringify([{ sample_id: 'one', conversation, qa: [{ question: "Where did Cy's sister move?", answer: 'Lisbon', evidence: 'D1:1', category: 4 }] }]));
  const out = join(tempDir(), 'suite');
  const result = await runCli(['import', 'locomo', source, '--out', out]);
  assert.equal(result.code, 0, result.stdout + result.stderr);
  assert.match(result.stderr, /one\.json:one:q1: repaired: evidence written as a string, not a list: read as a list of one \("D1:1"\)/);
  assert.deepEqual(jsonl<ImportedQuery>(join(out, 'queries.jsonl')).map((query) => query.relevant), [['one:D1:1']]);
  assert.match(result.stdout, /read: 1 conversation, 1 session, 1 turn, 1 qa item\n/);
  assert.match(result.stdout, /kept: 1 memory, 1 query\n/);
});
