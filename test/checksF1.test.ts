// The f1 and exact_match check kinds: SQuAD's answer normalisation and token F1, graded,
// described and validated like every check kind (e2e/checks/table.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerTokens, tokenF1 } from '../src/e2e/checks/f1.js';
import { describeCheck } from '../src/e2e/checks/describe.js';
import { gradeAnswer } from '../src/e2e/checks/grade.js';
import { RecallGateError } from '../src/errors.js';
import { loadSuite } from '../src/suite/load.js';
import type { CheckSpec } from '../src/model/checks.js';
import { tempDir } from './support/cli.js';

const grade = (check: CheckSpec, answer: string) => gradeAnswer(check, answer, { question: 'Which race?' });

describe('f1 normalisation', () => {
  // Each expected text is what SQuAD's evaluate-v1.1.py normalize_answer gives (run in Python 3).
  const SQUAD: [string, string][] = [
    ['The Cat sat on a mat.', 'cat sat on mat'],
    ['An apple, an idea & the theatre', 'apple idea theatre'],
    ['peanut-free (8,000 EUR)', 'peanutfree 8000 eur'],
    ['  tabs\tand\nnewlines  ', 'tabs and newlines'],
    // Punctuation goes before articles (so "_the" loses both); "éa" is one word (é is a letter), so its "a" stays.
    ['a.b the_end _the a1 éa the', 'ab theend a1 éa'],
    ["Well, it's the September half marathon!", 'well its september half marathon'],
  ];
  for (const [text, expected] of SQUAD) {
    test(`${JSON.stringify(text)} -> ${JSON.stringify(expected)}, as SQuAD's normalize_answer`, () => {
      assert.equal(answerTokens(text).join(' '), expected);
    });
  }

  test('typography is normalised first, as for every check: a non-breaking hyphen and an em dash are hyphens, removed like one', () => {
    assert.deepEqual(answerTokens('peanut\u2011free'), ['peanutfree']);
    assert.deepEqual(answerTokens('\u201CPorto\u201D\u00A0\uFF08city\uFF09'), ['porto', 'city']);
    assert.deepEqual(answerTokens('theatre\u2014the end'), ['theatrethe', 'end']);
  });

  test('articles are removed only as whole words: Anna, theatre and "a1" keep theirs', () => {
    assert.deepEqual(answerTokens('Anna the theatre a1 A'), ['anna', 'theatre', 'a1']);
  });
});

describe('token F1', () => {
  // Expected values are SQuAD's f1_score (Python 3) on the same pairs.
  const PAIRS: [string, string, number][] = [
    ['the September half marathon', 'September half marathon', 1],
    ['She signed up for the September half marathon', 'the September half marathon', 0.6],
    ['twice a day', 'twice a day, every day', 2 / 3],
    // Tokens count with repetition: "cat" is shared once, not twice.
    ['the the cat', 'cat cat the dog', 0.5],
    ['In 2022', '2022', 2 / 3],
    ['It was in 2022', '2022', 0.4],
  ];
  for (const [answer, gold, expected] of PAIRS) {
    test(`${JSON.stringify(answer)} against ${JSON.stringify(gold)}: ${expected.toFixed(3)}`, () => {
      assert.ok(Math.abs(tokenF1(answer, gold) - expected) < 1e-9, String(tokenF1(answer, gold)));
    });
  }

  test('no stemming (LoCoMo stems with Porter, so it scores this pair 1): "likes hiking" against "like hiking" is 0.5', () => {
    assert.equal(tokenF1('likes hiking', 'like hiking'), 0.5);
  });

  test('an answer with no word scores 0', () => {
    assert.equal(tokenF1('...', 'Lisbon'), 0);
    assert.equal(tokenF1('', 'Lisbon'), 0);
  });
});

describe('the f1 check', () => {
  test('passes at the default min 0.5, the boundary included, and says the score', async () => {
    const passed = await grade({ f1: 'cat cat the dog' }, 'the the cat');
    assert.equal(passed.pass, true);
    assert.equal(passed.reason, 'f1 0.5 >= 0.5 against "cat cat dog" (answer read as "cat")');
    const failed = await grade({ f1: '2022' }, 'It was in 2022');
    assert.equal(failed.pass, false);
    assert.equal(failed.reason, 'f1 0.4 < 0.5 against "2022" (answer read as "it was in 2022")');
  });

  test('min raises the bar; several gold answers: the best one counts', async () => {
    assert.equal((await grade({ f1: 'the September half marathon', min: 0.7 }, 'She signed up for the September half marathon')).pass, false);
    const best = await grade({ f1: ['a 10k race', 'the September half marathon'], min: 0.6 }, 'She signed up for the September half marathon');
    assert.equal(best.pass, true);
    assert.match(best.reason, /^f1 0\.6 >= 0\.6 against "september half marathon"/);
  });

  test('composes with all, any and not', async () => {
    const check: CheckSpec = { all: [{ f1: 'Lisbon' }, { not: { icontains: 'Porto' } }] };
    assert.equal((await grade(check, 'Lisbon')).pass, true);
    assert.equal((await grade(check, 'Lisbon or Porto')).pass, false);
  });

  test('describes itself with its threshold', () => {
    assert.equal(describeCheck({ f1: 'Lisbon' }), 'f1 >= 0.5 "Lisbon"');
    assert.equal(describeCheck({ f1: ['Lisbon', 'Porto'], min: 0.8 }), 'f1 >= 0.8 any of ["Lisbon","Porto"]');
  });
});

describe('the exact_match check', () => {
  test('equal once normalised passes; the order of the words counts', async () => {
    assert.equal((await grade({ exact_match: 'Eiffel Tower' }, 'The Eiffel  tower!')).pass, true);
    const swapped = await grade({ exact_match: 'Eiffel Tower' }, 'tower Eiffel');
    assert.equal(swapped.pass, false);
    assert.equal(swapped.reason, '"tower eiffel" is not "eiffel tower"');
    assert.equal((await grade({ exact_match: ['Lisbon', 'Lisboa'] }, 'lisboa.')).pass, true);
    assert.equal((await grade({ exact_match: '2022' }, 'In 2022')).pass, false);
    assert.equal(describeCheck({ exact_match: 'Lisbon' }), 'exact_match "Lisbon"');
  });
});

describe('suite validation', () => {
  function problems(check: string): string {
    const dir = tempDir();
    const path = join(dir, 'suite.yaml');
    writeFileSync(
      path,
      ['name: f1-suite', 'e2e:', '  target: { kind: command, command: [node, agent.mjs] }', '  cases:', '    - name: race', '      ability: extraction', '      sessions: [{ user: "I signed up for the half marathon." }]', '      probe: { text: "Which race?" }', `      check: ${check}`, ''].join('\n'),
    );
    try {
      loadSuite(path, dir);
    } catch (error) {
      assert.ok(error instanceof RecallGateError, String(error));
      return error.problems.map((problem) => `${problem.where.line}:${problem.where.col} ${problem.message}${problem.hint ? ` (${problem.hint})` : ''}`).join('\n');
    }
    return '';
  }

  test('f1 and exact_match load, min with them', () => {
    assert.equal(problems('{ f1: "the half marathon", min: 0.6 }'), '');
    assert.equal(problems('{ exact_match: ["half marathon", "the half"] }'), '');
  });

  test('a gold answer with no word once normalised is refused where it is written', () => {
    assert.match(problems('{ f1: "The." }'), /^9:20 f1 gold answer "The\." has no word once normalised/);
    assert.match(problems('{ exact_match: ["half", "a"] }'), /^9:38 exact_match gold answer "a" has no word once normalised/);
  });

  test('min outside (0, 1], or without f1, is refused', () => {
    assert.match(problems('{ f1: "half", min: 1.5 }'), /min/);
    assert.match(problems('{ f1: "half", min: 0 }'), /min/);
    assert.match(problems('{ exact_match: "half", min: 0.5 }'), /"min" applies only with "f1" set/);
  });
});

test('a key that needs another names that key to add: min needs f1 (not "rank_bm25", the preset epsilon needs)', async () => {
  const dir = tempDir();
  const path = join(dir, 'suite.yaml');
  writeFileSync(path, ['name: f1-hint', 'e2e:', '  target: { kind: command, command: [node, agent.mjs] }', '  cases:', '    - { name: race, ability: extraction, sessions: [{ user: "x" }], probe: { text: "Which?" }, check: { contains: "half", min: 0.5 } }', ''].join('\n'));
  assert.throws(() => loadSuite(path, dir), (error: RecallGateError) => error.problems.some((problem) => problem.message === '"min" applies only with "f1" set' && problem.hint === 'add f1, or remove min'));
});
