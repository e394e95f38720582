import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { jsonArrayItems } from '../src/import/jsonArrayItems.js';
import { longMemEvalFormat, parseLongMemEvalDate } from '../src/import/longmemeval.js';
import { longMemEvalRubric } from '../src/import/longmemevalRubrics.js';
import type { ImportFlags, ImportSink, ImportedCase, ImportedMemory, ImportedQuery } from '../src/import/types.js';
import { tempDir } from './support/cli.js';

const FIXTURES = resolve(import.meta.dirname, '..', '..', 'test/fixtures/import/longmemeval');
const fixture = (name: string) => join(FIXTURES, name);

/** Everything a format hands over, in order, as the import command's sink receives it. */
class Collected implements ImportSink {
  memories: ImportedMemory[] = [];
  queries: ImportedQuery[] = [];
  cases: ImportedCase[] = [];
  skips: { record: string; reason: string; detail?: string }[] = [];
  repairs: { record: string; how: string; detail?: string }[] = [];
  counts: Record<string, number> = {};
  async addCase(spec: ImportedCase) {
    this.cases.push(spec);
  }
  async addMemory(memory: ImportedMemory) {
    this.memories.push(memory);
  }
  async addHistory() {
    throw new Error('LongMemEval gives each question its own sessions: no history');
  }
  async addQuery(query: ImportedQuery) {
    this.queries.push(query);
  }
  read(kind: string, count = 1) {
    this.counts[kind] = (this.counts[kind] ?? 0) + count;
  }
  skip(record: string, reason: string, detail?: string) {
    this.skips.push({ record, reason, ...(detail !== undefined ? { detail } : {}) });
  }
  repair(record: string, how: string, detail?: string) {
    this.repairs.push({ record, how, ...(detail !== undefined ? { detail } : {}) });
  }
  query(id: string) {
    const found = this.queries.find((query) => query.id === id);
    assert.ok(found, `no query ${id}`);
    return found;
  }
}

async function importFile(path: string, flags: Partial<ImportFlags> = {}) {
  const sink = new Collected();
  await longMemEvalFormat.read(path, sink, { unit: 'turn', captions: false, strict: false, e2e: false, ...flags });
  return sink;
}

test('LongMemEval dates become YYYY-MM-DD (and HH:MM), with or without weekday and time; anything else is no date', () => {
  assert.deepEqual(parseLongMemEvalDate('2023/05/20 (Sat) 02:21'), { date: '2023-05-20', time: '02:21' });
  assert.deepEqual(parseLongMemEvalDate('2023/5/2'), { date: '2023-05-02' });
  assert.deepEqual(parseLongMemEvalDate('2024-02-29 (Thu) 23:59'), { date: '2024-02-29', time: '23:59' });
  for (const bad of ['2023/13/40 (Fri) 10:00', '2023/02/29', 'sometime in May', '2023/05/20 (Sat) 25:00', '', 20230520, null]) {
    assert.equal(parseLongMemEvalDate(bad), undefined, String(bad));
  }
});

test('turn unit: a memory per user turn, named as LongMemEval names turns, with session group and date; relevant = has_answer user turns', async () => {
  const sink = await importFile(fixture('clean.json'));
  assert.deepEqual(sink.skips, []);
  assert.deepEqual(sink.repairs, []);
  assert.deepEqual(sink.counts, { instances: 7, sessions: 15, turns: 34 });
  const user = sink.memories.filter((memory) => memory.user === 'e47becba');
  // Positions count both roles from 1: the user turns of a session are _1, _3, ...; assistant turns are not indexed.
  assert.deepEqual(
    user.map((memory) => memory.id),
    ['e47becba/sharegpt_yywfIrx_0_1', 'e47becba/answer_280352e9_1', 'e47becba/answer_280352e9_3', 'e47becba/ultrachat_1_1'],
  );
  assert.deepEqual(user[1], {
    id: 'e47becba/answer_280352e9_1',
    text: 'I graduated with a degree in Business Administration and now I want to learn data analysis.',
    user: 'e47becba',
    date: '2023-05-21',
    group: 'answer_280352e9',
    meta: { time: '10:05' },
  });
  assert.deepEqual(sink.query('e47becba'), {
    id: 'e47becba',
    text: 'What degree did I graduate with?',
    user: 'e47becba',
    relevant: ['e47becba/answer_280352e9_1'],
    tags: ['single-session-user'],
    answer: 'Business Administration',
    meta: { question_date: '2023/05/30 (Tue) 23:40' },
  });
  assert.deepEqual(sink.query('multi_7f3a').relevant, ['multi_7f3a/answer_7f3a_1_1', 'multi_7f3a/answer_7f3a_2_3']);
  // A filler session recurring in several haystacks is a memory of each user, under each user's id.
  assert.deepEqual(
    sink.memories.filter((memory) => memory.group === 'ultrachat_1').map((memory) => memory.id),
    ['e47becba/ultrachat_1_1', 'multi_7f3a/ultrachat_1_1', 'e47becba_abs/ultrachat_1_1'],
  );
  assert.equal(new Set(sink.memories.map((memory) => memory.id)).size, sink.memories.length);
  // A number answer is an answer (evaluate_qa.py formats it into its prompt).
  assert.equal(sink.query('gpt4_2655b836').answer, '18');
});

test('abstention and assistant-side evidence: relevant [] with the reason, as LongMemEval leaves them out of its means', async () => {
  const sink = await importFile(fixture('clean.json'));
  const abstention = sink.query('e47becba_abs');
  assert.deepEqual(abstention.relevant, []);
  assert.deepEqual(abstention.tags, ['single-session-user', 'abstention']);
  assert.deepEqual(abstention.meta, { question_date: '2023/05/30 (Tue) 23:40', no_relevant: 'abstention question: nothing in the haystack answers it', answer_session_ids: ['answer_280352e9_abs'] });
  const assistant = sink.query('asst_51c2');
  assert.deepEqual(assistant.relevant, []);
  assert.equal(assistant.meta?.no_relevant, 'evidence only in assistant turns, which are not indexed (LongMemEval indexes user turns)');
  assert.deepEqual(sink.queries.map((query) => query.tags[0]), ['single-session-user', 'multi-session', 'single-session-assistant', 'single-session-user', 'temporal-reasoning', 'single-session-preference', 'knowledge-update']);
});

test('session unit: a memory per session (its user turns joined), relevant = answer sessions with a has_answer user turn', async () => {
  const sink = await importFile(fixture('clean.json'), { unit: 'session' });
  const multi = sink.memories.filter((memory) => memory.user === 'multi_7f3a');
  assert.deepEqual(multi.map((memory) => memory.id), ['multi_7f3a/answer_7f3a_1', 'multi_7f3a/ultrachat_1', 'multi_7f3a/answer_7f3a_2']);
  assert.equal(multi[2]?.text, 'What should I pack for a weekend ride? My sister gave me her folding bike too, so now I have a third one.');
  assert.equal(multi[2]?.group, 'answer_7f3a_2');
  assert.deepEqual(sink.query('multi_7f3a').relevant, ['multi_7f3a/answer_7f3a_1', 'multi_7f3a/answer_7f3a_2']);
  // The assistant-only evidence session is not relevant at session level either (LongMemEval renames it "noans").
  assert.deepEqual(sink.query('asst_51c2').relevant, []);
  assert.deepEqual(sink.query('e47becba_abs').relevant, []);
});

test('--e2e: a case per question, sessions played in date order, the question as the probe on its date, a judge rubric per type', async () => {
  const sink = await importFile(fixture('clean.json'), { e2e: true });
  assert.deepEqual(
    sink.cases.map((spec) => [spec.name, spec.ability]),
    [
      ['e47becba', 'single-session-user'],
      ['multi_7f3a', 'multi-session'],
      ['e47becba_abs', 'abstention'],
      ['gpt4_2655b836', 'temporal-reasoning'],
      ['pref_0a1b', 'single-session-preference'],
      ['ku_9c8d', 'knowledge-update'],
    ],
  );
  assert.deepEqual(sink.skips, [
    { record: 'asst_51c2', reason: "single-session-assistant: no e2e case (its answer is in the dataset's own assistant replies, which the agent under test never says)" },
  ]);
  const temporal = sink.cases.find((spec) => spec.name === 'gpt4_2655b836');
  // The haystack lists the 22 March session first; the agent lives 4 March first.
  assert.deepEqual(temporal?.sessions, [
    { date: '2023-03-04', turns: ['My new car had its first service today, all fine.'] },
    { date: '2023-03-22', turns: ['The GPS system in my new car stopped working today.'] },
  ]);
  assert.deepEqual(temporal?.probe, { text: "How many days passed between my car's first service and the GPS problem?", date: '2023-04-10' });
  assert.deepEqual(temporal?.check, { judge: { rubric: longMemEvalRubric('temporal-reasoning', false, '18') } });
  assert.match(longMemEvalRubric('temporal-reasoning', false, '18'), /off by one/);
  assert.deepEqual(temporal?.evidence, ['The GPS system in my new car stopped working today.', 'My new car had its first service today, all fine.']);
  const first = sink.cases[0];
  assert.deepEqual(first?.sessions[1], {
    date: '2023-05-21',
    turns: ['I graduated with a degree in Business Administration and now I want to learn data analysis.', 'Which SQL course would you recommend?'],
  });
  const abstention = sink.cases.find((spec) => spec.ability === 'abstention');
  assert.equal(abstention?.evidence, undefined);
  assert.match(String((abstention?.check as { judge: { rubric: string } }).judge.rubric), /cannot be answered[\s\S]*Explanation: You did not mention this information/);
  assert.match(String((sink.cases.find((spec) => spec.name === 'ku_9c8d')?.check as { judge: { rubric: string } }).judge.rubric), /up-to-date value[\s\S]*Reference answer: At the city library/);
  assert.match(String((sink.cases.find((spec) => spec.name === 'pref_0a1b')?.check as { judge: { rubric: string } }).judge.rubric), /personalised[\s\S]*Description: The user would prefer vegetarian/);
});

test('each messy instance is repaired or skipped, named by its ids, with the kind counted and the particulars kept', async () => {
  const sink = await importFile(fixture('quirks.json'));
  const repairs = sink.repairs.map(({ record, how, detail }) => [record, how, detail]);
  assert.deepEqual(repairs, [
    ['quirk_lengths', 'haystack lists of different lengths: sessions past the shortest dropped', '2 ids, 1 dates, 2 sessions'],
    ['quirk_dates answer_d1', 'session date not understood: the session has no date', '"sometime in May"'],
    ['quirk_dates', 'question_date missing or not understood: the question has no date', '"2023/13/40 (Fri) 10:00"'],
    ['quirk_dup_same answer_s1', 'session repeated in the haystack (same id, same turns): kept once', undefined],
    ['quirk_dup_diff answer_x1', 'two sessions with one id and different turns: the later renamed <id>~N', 'answer_x1~2'],
    ['quirk_unknown_evidence', 'answer_session_ids names a session not in the haystack: ignored', 'answer_missing_9'],
    ['quirk_unlabelled answer_u9', 'answer session without has_answer labels: relevant at session level only', undefined],
    ['quirk_turns answer_t1 turn 1', 'turn is not {role, content} strings: dropped', undefined],
    ['quirk_turns answer_t1 turn 2', 'empty user turn: not a memory', undefined],
    ['quirk_turns answer_t1 turn 3', 'has_answer is not true or false: taken as false', '"yes"'],
    ['quirk_stray filler_r2', 'has_answer turn outside answer_session_ids: not relevant', undefined],
    ['quirk_type', 'unknown question_type: kept as its tag, graded by the factual rubric', 'multi-hop'],
    ['quirk_session_id session 2', 'session id is not a string without spaces: session dropped', 'null'],
  ]);
  assert.deepEqual(
    sink.skips.map(({ record, reason, detail }) => [record, reason, detail]),
    [
      ['quirk_lengths', 'duplicate question_id: the later instance left out', 'line 344'],
      ['quirk_missing', 'missing required fields', 'no "answer_session_ids"'],
      ['line 398', 'not a JSON object', 'an instance is an object with "question_id", "question_type", "question", "answer", "haystack_session_ids", "haystack_dates", "haystack_sessions", "answer_session_ids"'],
      ['quirk_no_user', 'no user turn in the haystack: nothing to index'],
    ].map(([record, reason, detail]) => [record, reason, detail]),
  );
  // What the repairs kept.
  assert.deepEqual(sink.memories.filter((memory) => memory.user === 'quirk_lengths').map((memory) => memory.id), ['quirk_lengths/answer_l1_1']);
  assert.deepEqual(sink.memories.find((memory) => memory.user === 'quirk_dates'), { id: 'quirk_dates/answer_d1_1', text: 'I mentioned answer_d1 here.', user: 'quirk_dates', group: 'answer_d1' });
  assert.deepEqual(sink.memories.filter((memory) => memory.user === 'quirk_dup_same').length, 1);
  assert.deepEqual(sink.memories.filter((memory) => memory.user === 'quirk_dup_diff').map((memory) => memory.id), ['quirk_dup_diff/answer_x1_1', 'quirk_dup_diff/answer_x1~2_1']);
  assert.deepEqual(sink.query('quirk_unknown_evidence').relevant, ['quirk_unknown_evidence/answer_p1_1']);
  assert.deepEqual(sink.query('quirk_unlabelled').relevant, []);
  assert.deepEqual(sink.query('quirk_turns').relevant, ['quirk_turns/answer_t1_4']);
  assert.deepEqual(sink.memories.filter((memory) => memory.user === 'quirk_turns').map((memory) => memory.id), ['quirk_turns/answer_t1_3', 'quirk_turns/answer_t1_4']);
  assert.deepEqual(sink.query('quirk_stray').relevant, ['quirk_stray/answer_r1_1']);
  assert.deepEqual(sink.query('quirk_type').tags, ['multi-hop']);
  const unlabelledBySession = await importFile(fixture('quirks.json'), { unit: 'session' });
  assert.deepEqual(unlabelledBySession.query('quirk_unlabelled').relevant, ['quirk_unlabelled/answer_u9']);
});

test('a file in another shape is refused record by record, naming what is missing (plural keys are not LongMemEval\'s)', async () => {
  const sink = await importFile(fixture('plural-keys.json'));
  assert.deepEqual(sink.memories, []);
  assert.deepEqual(sink.skips, [
    {
      record: '852ce960',
      reason: 'missing required fields',
      detail: 'no "question", "answer"; it has "questions", "answers", which LongMemEval\'s files do not: each instance holds one "question" and one "answer"',
    },
  ]);
  await assert.rejects(importFile(fixture('object.json')), (error: Error) => /object\.json:1: not a JSON array/.test(error.message));
});

test('an instance that is not valid JSON is skipped at its line, the others kept; a truncated file or text after the array is refused', async () => {
  const sink = await importFile(fixture('broken.json'));
  assert.deepEqual(sink.queries.map((query) => query.id), ['e47becba', 'multi_7f3a']);
  assert.deepEqual(sink.skips.map(({ record, reason }) => [record, reason]), [['line 3', 'not a readable JSON instance']]);
  assert.match(sink.skips[0]?.detail ?? '', /^not valid JSON: /);
  const dir = tempDir();
  const text = readFileSync(fixture('clean.json'), 'utf8');
  writeFileSync(join(dir, 'cut.json'), text.slice(0, text.length - 200));
  await assert.rejects(importFile(join(dir, 'cut.json')), /cut\.json:\d+: ends inside the array, after 6 complete elements \(a truncated file\?\)/);
  writeFileSync(join(dir, 'tail.json'), `${text.trim()}\n{"more": 1}\n`);
  await assert.rejects(importFile(join(dir, 'tail.json')), /tail\.json:\d+: text after the closing "\]" of the array/);
  writeFileSync(join(dir, 'empty.json'), '  \n');
  await assert.rejects(importFile(join(dir, 'empty.json')), /empty\.json: empty file/);
});

test('the array reader keeps items whole across read chunks: multi-byte text, brackets and escaped quotes inside strings', async () => {
  const path = join(tempDir(), 'big.json');
  const tricky = 'é中 "quoted" [not a bracket] {nor a brace} \\ back';
  const items = Array.from({ length: 40 }, (_, index) => ({ index, text: `${'ü'.repeat(4000 + index)}${tricky}`, nested: [[{ a: ']' }], '}'] }));
  writeFileSync(path, `\uFEFF [\n${items.map((item) => JSON.stringify(item, null, 1)).join(' ,\n')}\n] \n`);
  const read = [];
  for await (const item of jsonArrayItems(path)) read.push(item);
  assert.deepEqual(read.map((item) => ('value' in item ? item.value : item.error)), items);
  assert.equal(read[1]?.line, 2 + JSON.stringify(items[0], null, 1).split('\n').length);
  const empty = join(tempDir(), 'empty.json');
  writeFileSync(empty, '[ ]');
  const none = [];
  for await (const item of jsonArrayItems(empty)) none.push(item);
  assert.deepEqual(none, []);
});
