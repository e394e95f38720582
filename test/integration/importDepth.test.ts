import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { MAX_RECORD_DEPTH } from '../../src/import/recordDepth.js';
import { runCli, tempDir } from '../support/cli.js';

/*
 * A dataset record nested thousands of levels deep crashed every importer
 * with "unexpected error: RangeError: Maximum call stack size exceeded"
 * (letta walking the ground truth, LongMemEval and LoCoMo writing the record
 * out), exit 3. Now such a record is skipped like one that is not JSON,
 * named by its place in the file, and the rest of the file is imported.
 */

const LEVELS = 8000;
const deep = () => `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
/** Just inside the limit: the record as a whole is MAX_RECORD_DEPTH deep. */
const deepest = (levels: number) => `${'['.repeat(levels)}"x"${']'.repeat(levels)}`;

const LETTA_GOOD = JSON.stringify({ input: ['I grow basil.'], ground_truth: { plant: 'basil' } });
const LOCOMO_CONVERSATION = (id: string, extra: string) =>
  `{"sample_id":"${id}","conversation":{"session_1_date_time":"1:56 pm on 8 May, 2023","session_1":[{"speaker":"Ana","dia_id":"D1:1","text":"I grow basil.","query":${extra}}]},"qa":[{"question":"What do I grow?","answer":"basil","evidence":["D1:1"],"category":1}]}`;
const LONGMEMEVAL_INSTANCE = (id: string, extra: string) =>
  `{"question_id":"${id}","question_type":"single-session-user","question":"What do I grow?","answer":"basil","question_date":"2023/05/20 (Sat) 02:21","haystack_session_ids":["s1"],"haystack_dates":["2023/05/20 (Sat) 02:21"],"haystack_sessions":[[{"role":"user","content":"I grow basil.","has_answer":true,"extra":${extra}}]],"answer_session_ids":["s1"]}`;

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

async function importFile(format: string, path: string) {
  const out = join(tempDir(), 'suite');
  const result = await runCli(['import', format, path, '--out', out]);
  assert.doesNotMatch(result.stderr, /unexpected error|RangeError|\n\s+at /, result.stderr);
  return { ...result, out };
}

describe(`a record nested deeper than ${MAX_RECORD_DEPTH} levels is skipped at its place in the file, not a crash`, { timeout: 60_000 }, () => {
  test('import letta: the deep row is skipped at file:line, the good one kept; alone it is exit 2', async () => {
    const mixed = file('rows.jsonl', `${JSON.stringify({ input: ['hi'], ground_truth: 'x' }).replace('"x"', deep())}\n${LETTA_GOOD}\n`);
    const result = await importFile('letta', mixed);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, new RegExp(`^${mixed.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1: skipped: nested deeper than ${MAX_RECORD_DEPTH} levels of arrays and objects$`, 'm'));
    assert.match(readFileSync(join(result.out, 'cases.yaml'), 'utf8'), /basil/);

    const alone = await importFile('letta', file('deep.jsonl', `{"input":["hi"],"ground_truth":{"a":${deep()}}}\n`));
    assert.equal(alone.code, 2, alone.stdout + alone.stderr);
    assert.match(alone.stderr, /deep\.jsonl:1: skipped: nested deeper than 64 levels of arrays and objects\n/);
    assert.match(alone.stderr, /nothing to import from .*deep\.jsonl/);
  });

  test('a row exactly at the limit is read', async () => {
    // {"input": [...], "ground_truth": <levels - 1 arrays>} is `levels` deep with the row's own object.
    const row = `{"input":["hi"],"ground_truth":${deepest(MAX_RECORD_DEPTH - 1)}}`;
    const result = await importFile('letta', file('edge.jsonl', `${row}\n`));
    assert.equal(result.code, 0, result.stdout + result.stderr);
    const over = await importFile('letta', file('over.jsonl', `{"input":["hi"],"ground_truth":${deepest(MAX_RECORD_DEPTH)}}\n`));
    assert.equal(over.code, 2, over.stdout + over.stderr);
    // Brackets inside strings (escaped quotes too) are text, not nesting.
    const inText = await importFile('letta', file('text.jsonl', `${JSON.stringify({ input: ['hi'], ground_truth: `\\"${'['.repeat(500)}` })}\n`));
    assert.equal(inText.code, 0, inText.stdout + inText.stderr);
  });

  test('import locomo: the deep conversation is skipped with its index and line, the other imported', async () => {
    const path = file('locomo.json', `[\n${LOCOMO_CONVERSATION('deep', deep())},\n${LOCOMO_CONVERSATION('fine', '"tea"')}\n]\n`);
    const result = await importFile('locomo', path);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, /locomo\.json:\[0\]: skipped: conversation nested deeper than 64 levels of arrays and objects \(line 2\)/);
    assert.ok(existsSync(join(result.out, 'memories.jsonl')));
    assert.match(readFileSync(join(result.out, 'memories.jsonl'), 'utf8'), /"fine:D1:1"/);
    assert.doesNotMatch(readFileSync(join(result.out, 'memories.jsonl'), 'utf8'), /"deep:/);
  });

  test('import longmemeval: the deep instance is skipped at its line, the other imported', async () => {
    const path = file('lme.json', `[\n${LONGMEMEVAL_INSTANCE('q_deep', deep())},\n${LONGMEMEVAL_INSTANCE('q_fine', '1')}\n]\n`);
    const result = await importFile('longmemeval', path);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stderr, /lme\.json:line 2: skipped: instance nested deeper than 64 levels of arrays and objects/);
    assert.match(readFileSync(join(result.out, 'queries.jsonl'), 'utf8'), /"q_fine"/);
  });
});
