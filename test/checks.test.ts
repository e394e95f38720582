import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeAnswer } from '../src/e2e/checks/normalize.js';
import { checkFirstAmount, findAmounts, firstAmount, sameAmount } from '../src/e2e/checks/amount.js';
import { checkDate, findDates, isIsoDate } from '../src/e2e/checks/date.js';
import { abstentionPhrases, checkAbstains, findAbstention, findValue } from '../src/e2e/checks/abstains.js';
import { describeCheck } from '../src/e2e/checks/describe.js';
import { gradeAnswer } from '../src/e2e/checks/grade.js';
import { NO_JUDGE, type GradeContext } from '../src/e2e/checks/table.js';
import { compileRegex, escapeRegex } from '../src/e2e/checks/text.js';
import { excerpt } from '../src/e2e/checks/excerpt.js';
import type { TokenUsage } from '../src/model/e2e.js';
import type { Judge } from '../src/e2e/judge.js';
import type { CheckResult, CheckSpec } from '../src/model/checks.js';

const context: GradeContext = { question: 'What is my budget?' };

function grade(check: CheckSpec, answer: string, ctx: GradeContext = context) {
  return gradeAnswer(check, answer, ctx);
}

/** A judge that passes when the answer contains `passWhen`, and records every call. */
function fakeJudge(passWhen: string, usage: TokenUsage | null = { input_tokens: 100, output_tokens: 10 }) {
  const calls: { rubric: string; question: string; answer: string; model?: string }[] = [];
  const judge: Judge = {
    async grade(input) {
      calls.push(input);
      const pass = input.answer.includes(passWhen);
      const verdict: CheckResult & { usage?: TokenUsage } = { pass, reason: pass ? 'meets the rubric' : 'misses the rubric' };
      if (usage) verdict.usage = { ...usage };
      return verdict;
    },
  };
  return { judge, calls };
}

describe('normalizeAnswer', () => {
  test('a non-breaking hyphen becomes a hyphen-minus (peanut‑free)', () => {
    assert.equal(normalizeAnswer('peanut\u2011free'), 'peanut-free');
  });

  test('every dash variant becomes -', () => {
    const dashes = ['\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2015', '\u2212', '\uFE58', '\uFE63', '\uFF0D', '\uFE31'];
    for (const dash of dashes) assert.equal(normalizeAnswer(`a${dash}b`), 'a-b', `U+${dash.codePointAt(0)!.toString(16)}`);
  });

  test('curly and angled quotes become straight ones', () => {
    assert.equal(normalizeAnswer('I don\u2019t know'), "I don't know");
    assert.equal(normalizeAnswer('\u2018a\u2019 \u201Ab\u201B \u2039c\u203A d\u2032 it\u02BCs'), "'a' 'b' 'c' d' it's");
    assert.equal(normalizeAnswer('\u201Ca\u201D \u201Eb\u201F \u00ABc\u00BB 5\u2033'), '"a" "b" "c" 5"');
  });

  test('the double prime becomes one straight double quote, not two primes (mapped before NFKC)', () => {
    assert.equal(normalizeAnswer('12\u2033'), '12"');
  });

  test('Unicode spaces become one plain space each', () => {
    const spaces = ['\u00A0', '\u1680', '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200A', '\u202F', '\u205F', '\u3000'];
    for (const space of spaces) assert.equal(normalizeAnswer(`8${space}000`), '8 000', `U+${space.codePointAt(0)!.toString(16)}`);
  });

  test('zero-width characters and the soft hyphen are removed', () => {
    assert.equal(normalizeAnswer('pea\u200Bnut\u200C-\u200Dfree\uFEFF\u2060 veg\u00ADan'), 'peanut-free vegan');
  });

  test('NFKC folds fullwidth forms and ligatures', () => {
    assert.equal(normalizeAnswer('\uFF18\uFF10\uFF10\uFF10 \uFB01ne \uFF22'), '8000 fine B');
  });

  test('keeps case, newlines, tabs and runs of spaces', () => {
    assert.equal(normalizeAnswer('A\n\tb  C'), 'A\n\tb  C');
  });

  test('is idempotent', () => {
    const raw = 'EUR\u00A08\u202F000 \u2014 \u201Cpeanut\u2011free\u201D \uFF11 12\u2033 \uFE31';
    const once = normalizeAnswer(raw);
    assert.equal(normalizeAnswer(once), once);
  });
});

describe('firstAmount: shapes that are read', () => {
  const shapes: [string, number, string][] = [
    ['8,000', 8000, '8,000'],
    ['8000', 8000, '8000'],
    ['EUR 8,000', 8000, 'EUR 8,000'],
    ['EUR8000', 8000, 'EUR8000'],
    ['€8,000', 8000, '€8,000'],
    ['€ 8,000', 8000, '€ 8,000'],
    ['8,000 euros', 8000, '8,000 euros'],
    ['8,000 Euro', 8000, '8,000 Euro'],
    ['8000€', 8000, '8000€'],
    ['8.000 €', 8000, '8.000 €'],
    ['8000 EUR', 8000, '8000 EUR'],
    ['8.000', 8000, '8.000'],
    ['1.000.000', 1000000, '1.000.000'],
    ['8 000', 8000, '8 000'],
    ['1 000 000', 1000000, '1 000 000'],
    ['8,000.50', 8000.5, '8,000.50'],
    ['1,234,567.89', 1234567.89, '1,234,567.89'],
    ['8.000,50', 8000.5, '8.000,50'],
    ['8 000,50', 8000.5, '8 000,50'],
    ['8.5', 8.5, '8.5'],
    ['1,5', 1.5, '1,5'],
    ['1,50', 1.5, '1,50'],
    ['0.500', 0.5, '0.500'],
    ['0,750', 0.75, '0,750'],
    ['12345,678', 12345.678, '12345,678'],
    ['$1.5k', 1500, '$1.5k'],
    ['8k', 8000, '8k'],
    ['8K euros', 8000, '8K euros'],
    ['8 thousand dollars', 8000, '8 thousand dollars'],
    ['1.2 million euros', 1200000, '1.2 million euros'],
    ['€1.2 million', 1200000, '€1.2 million'],
    ['€5m', 5000000, '€5m'],
    ['$1.2M', 1200000, '$1.2M'],
    ['£3bn', 3000000000, '£3bn'],
    ['2 billion', 2000000000, '2 billion'],
    ['£1,200', 1200, '£1,200'],
    ['¥1,000,000', 1000000, '¥1,000,000'],
    ['US$ 1,000', 1000, 'US$ 1,000'],
    ['USD 250', 250, 'USD 250'],
    ['500 dollars', 500, '500 dollars'],
    ['70 pounds sterling', 70, '70 pounds sterling'],
    ['300 bucks', 300, '300 bucks'],
    ['20%', 20, '20'],
    ['10 km', 10, '10'],
  ];
  for (const [text, value, raw] of shapes) {
    test(`${JSON.stringify(text)} reads ${value}`, () => {
      assert.deepEqual(firstAmount(text), { value, at: 0, raw });
    });
  }

  test('a narrow no-break space as thousands separator, raw or normalised', () => {
    assert.equal(firstAmount('8\u202F000')?.value, 8000);
    assert.equal(firstAmount(normalizeAnswer('8\u202F000 €'))?.value, 8000);
    assert.equal(firstAmount('8\u00A0000')?.value, 8000);
  });

  test('at and raw locate the amount, currency included, inside a sentence', () => {
    const text = 'Your budget is EUR 8,000 for the trip.';
    assert.deepEqual(firstAmount(text), { value: 8000, at: 15, raw: 'EUR 8,000' });
    assert.equal(text.slice(15, 15 + 'EUR 8,000'.length), 'EUR 8,000');
  });

  test('a sentence-ending dot or comma is not part of the number', () => {
    assert.equal(firstAmount('It is 8.000.')?.value, 8000);
    assert.equal(firstAmount('It is 8,000, roughly')?.value, 8000);
    assert.equal(firstAmount('It is 8.5.')?.value, 8.5);
  });

  test('magnitudes m and mn need a currency; alone "5m" is 5', () => {
    assert.deepEqual(firstAmount('5m'), { value: 5, at: 0, raw: '5' });
    assert.equal(firstAmount('5m euros')?.value, 5000000);
    assert.equal(firstAmount('8km')?.value, 8);
  });
});

describe('firstAmount: numbers that are not amounts', () => {
  const rejected = [
    '2026-10-15',
    '2026/10/15',
    '15/10/2026',
    '15.10.2026',
    '01.11.2026',
    '1 November 2026',
    'Nov 1st',
    '10/15',
    '1/2',
    '10:30',
    '3pm',
    '10 a.m.',
    '1st',
    '22nd',
    '3rd',
    '4th',
    'GPT-4',
    'GPT4',
    'A4',
    'mp3',
    'COVID-19',
    'in 2026',
    'since 2024',
    'mid-2025',
    'March 2026',
    'the year 1999',
    '1.2.3',
    '192.168.1.1',
    '1,234,5',
  ];
  for (const text of rejected) {
    test(`${JSON.stringify(text)} has no amount`, () => {
      assert.equal(firstAmount(text), undefined);
    });
  }

  test('a date in the same sentence does not hide the amount', () => {
    assert.equal(firstAmount('On 2026-10-15 you set your budget to 8,000.')?.value, 8000);
    assert.equal(firstAmount('Since 15/10/2026 it is 900')?.value, 900);
    assert.equal(firstAmount('Sunday, 1 November 2026 you paid 300')?.value, 300);
    assert.equal(firstAmount('Since 2024, your rent has been 1,200 a month')?.value, 1200);
  });

  test('a year-like number is still an amount with a currency or without a year word before it', () => {
    assert.equal(firstAmount('in 2000 euros')?.value, 2000);
    assert.equal(firstAmount('you walk 2000 steps')?.value, 2000);
  });

  test('a digit run that fits no shape is skipped whole, not read in part', () => {
    assert.equal(firstAmount('version 1.2.3 costs 7')?.value, 7);
    assert.equal(firstAmount('8 0000')?.value, 8);
  });
});

describe('firstAmount: which amount is first', () => {
  test('an amount with a currency wins over an earlier bare number', () => {
    assert.deepEqual(firstAmount('For your 2 kids the budget is €8,000'), { value: 8000, at: 30, raw: '€8,000' });
  });

  test('without any currency, the first number', () => {
    assert.equal(firstAmount('You run 10 km, 3 times a week')?.value, 10);
  });

  test('the first of two currency amounts (knowledge update order matters)', () => {
    assert.equal(firstAmount('Your budget is now 8,000 euros (it was 5,000 euros).')?.value, 8000);
    assert.equal(firstAmount('It was 5,000 euros, now it is 8,000 euros.')?.value, 5000);
  });

  test('the start of a range shares the currency written after its end', () => {
    assert.equal(firstAmount('between 8,000 and 10,000 euros')?.value, 8000);
    assert.equal(firstAmount('8,000-10,000 €')?.value, 8000);
    assert.equal(firstAmount('8,000 to 10,000 EUR')?.value, 8000);
    assert.equal(firstAmount('2 kids and €8,000')?.value, 8000);
  });

  test('findAmounts lists every amount with its currency flag', () => {
    assert.deepEqual(findAmounts('2 kids, €8,000 and 5 days'), [
      { value: 2, at: 0, raw: '2', currency: false },
      { value: 8000, at: 8, raw: '€8,000', currency: true },
      { value: 5, at: 19, raw: '5', currency: false },
    ]);
  });

  test('a capitalised currency code only: "try 5" is no lira', () => {
    assert.deepEqual(findAmounts('try 5 times'), [{ value: 5, at: 4, raw: '5', currency: false }]);
    assert.equal(findAmounts('TRY 5')[0]?.currency, true);
  });

  test('sameAmount allows for floating point only', () => {
    assert.ok(sameAmount(0.1 + 0.2, 0.3));
    assert.ok(!sameAmount(8000, 8000.5));
  });
});

describe('checkFirstAmount reasons', () => {
  test('a wrong amount names what was found, with an excerpt', () => {
    assert.deepEqual(checkFirstAmount('I noted that your budget is 5,000 euros for now.', 8000), {
      pass: false,
      reason: "expected first amount 8000, found 5000 at '...that your budget is 5,000 euros for now.'",
    });
  });

  test('no amount', () => {
    assert.deepEqual(checkFirstAmount('I am not sure.', 8000), { pass: false, reason: 'expected first amount 8000, no amount in the answer' });
  });

  test('a pass quotes the amount', () => {
    assert.deepEqual(checkFirstAmount('EUR 8,000', 8000), { pass: true, reason: "first amount 8000 at 'EUR 8,000'" });
  });

  test('a non-finite expected value is an error', () => {
    assert.throws(() => checkFirstAmount('8000', Number.NaN), /first_amount check needs a number/);
  });
});

describe('findDates', () => {
  const forms: [string, string[], string][] = [
    ['2026-11-01', ['2026-11-01'], '2026-11-01'],
    ['2026/11/01', ['2026-11-01'], '2026/11/01'],
    ['2026.11.01', ['2026-11-01'], '2026.11.01'],
    ['2026-1-5', ['2026-01-05'], '2026-1-5'],
    ['1 November 2026', ['2026-11-01'], '1 November 2026'],
    ['1 November, 2026', ['2026-11-01'], '1 November, 2026'],
    ['November 1, 2026', ['2026-11-01'], 'November 1, 2026'],
    ['November 1 2026', ['2026-11-01'], 'November 1 2026'],
    ['Nov 1st 2026', ['2026-11-01'], 'Nov 1st 2026'],
    ['Nov. 1st, 2026', ['2026-11-01'], 'Nov. 1st, 2026'],
    ['1st of November 2026', ['2026-11-01'], '1st of November 2026'],
    ['1 Nov. 2026', ['2026-11-01'], '1 Nov. 2026'],
    ['Sept 3, 2026', ['2026-09-03'], 'Sept 3, 2026'],
    ['1 NOVEMBER 2026', ['2026-11-01'], '1 NOVEMBER 2026'],
    ['01.11.2026', ['2026-11-01'], '01.11.2026'],
    ['11/01/2026', ['2026-11-01', '2026-01-11'], '11/01/2026'],
    ['11-01-2026', ['2026-11-01', '2026-01-11'], '11-01-2026'],
    ['15/10/2026', ['2026-10-15'], '15/10/2026'],
    ['10/15/2026', ['2026-10-15'], '10/15/2026'],
    ['05/05/2026', ['2026-05-05'], '05/05/2026'],
    ['1 November', ['--11-01'], '1 November'],
    ['Nov. 1st', ['--11-01'], 'Nov. 1st'],
    ['November the 1st', ['--11-01'], 'November the 1st'],
    ['29 Feb', ['--02-29'], '29 Feb'],
    ['29 February 2028', ['2028-02-29'], '29 February 2028'],
  ];
  for (const [text, isos, raw] of forms) {
    test(`${JSON.stringify(text)} is ${isos.join(' or ')}`, () => {
      assert.deepEqual(
        findDates(text),
        isos.map((iso) => ({ iso, at: 0, raw })),
      );
    });
  }

  test('a weekday in front is left out of the match', () => {
    assert.deepEqual(findDates('Sunday, 1 November 2026'), [{ iso: '2026-11-01', at: 8, raw: '1 November 2026' }]);
  });

  test('a time after an ISO date', () => {
    assert.deepEqual(findDates('2026-11-01T10:00'), [{ iso: '2026-11-01', at: 0, raw: '2026-11-01' }]);
  });

  test('several dates, in order of position', () => {
    assert.deepEqual(
      findDates('From 1 October 2026 to 2026-11-01.').map((date) => date.iso),
      ['2026-10-01', '2026-11-01'],
    );
  });

  const notDates = ['29 Feb 2025', 'the 31st of April 2026', '2026-13-01', '32/01/2026', '10/15', 'November 2026', 'Marching 5', '3 decks', '01.11.26', 'today'];
  for (const text of notDates) {
    test(`${JSON.stringify(text)} is no date`, () => {
      assert.deepEqual(findDates(text), []);
    });
  }

  test('isIsoDate accepts real YYYY-MM-DD days only', () => {
    assert.ok(isIsoDate('2024-02-29'));
    assert.ok(!isIsoDate('2026-02-29'));
    assert.ok(!isIsoDate('2026-11-1'));
    assert.ok(!isIsoDate('1900-02-29'));
    assert.ok(isIsoDate('2000-02-29'));
  });
});

describe('checkDate', () => {
  test('passes on any written form of the expected day', () => {
    for (const text of ['2026-11-01', 'You started on 1 November 2026.', 'November 1st, 2026', '01.11.2026', 'Sunday, 1 November 2026']) {
      assert.equal(checkDate(text, '2026-11-01').pass, true, text);
    }
  });

  test('an ambiguous slash date matches either reading', () => {
    assert.equal(checkDate('11/01/2026', '2026-11-01').pass, true);
    assert.equal(checkDate('11/01/2026', '2026-01-11').pass, true);
    assert.equal(checkDate('11/01/2026', '2026-11-02').pass, false);
  });

  test('dots are day first only', () => {
    assert.equal(checkDate('11.01.2026', '2026-01-11').pass, true);
    assert.equal(checkDate('11.01.2026', '2026-11-01').pass, false);
  });

  test('a date without a year matches on month and day', () => {
    assert.deepEqual(checkDate('You started on November 1st.', '2026-11-01'), {
      pass: true,
      reason: "date 2026-11-01 found without a year at 'You started on November 1st.'",
    });
    assert.equal(checkDate('You started on November 2nd.', '2026-11-01').pass, false);
  });

  test('a full date with another year fails', () => {
    assert.equal(checkDate('1 November 2025', '2026-11-01').pass, false);
  });

  test('a pass quotes where the date is', () => {
    assert.deepEqual(checkDate('You started on 1 November 2026.', '2026-11-01'), {
      pass: true,
      reason: "date 2026-11-01 found at 'You started on 1 November 2026.'",
    });
  });

  test('a failure lists the dates found', () => {
    assert.deepEqual(checkDate('You started on 1 October 2026.', '2026-11-01'), {
      pass: false,
      reason: "expected date 2026-11-01, found 2026-10-01 at 'You started on 1 October 2026.'",
    });
  });

  test('no date at all', () => {
    assert.deepEqual(checkDate('You started recently.', '2026-11-01'), { pass: false, reason: 'expected date 2026-11-01, no date in the answer' });
  });

  test('the answer is normalised (no-break spaces inside the date)', () => {
    assert.equal(checkDate('1\u00A0November\u202F2026', '2026-11-01').pass, true);
  });

  test('an expected value that is not a real date is an error', () => {
    assert.throws(() => checkDate('2026-11-01', '2026-02-30'), /the date check needs a real date/);
    assert.throws(() => checkDate('2026-11-01', '1 November 2026'), /the date check needs a real date/);
  });
});

describe('abstention', () => {
  const abstentions = [
    "I don't know.",
    'I don\u2019t know.',
    'I do not know your budget.',
    "Honestly, I really don't know.",
    'i dont know',
    "You haven't told me your budget.",
    'You haven\u2019t told me your budget.',
    'You have not mentioned a budget.',
    "You didn't mention it.",
    'You didnt mention it.',
    'You never told me.',
    "You've never shared that.",
    "I don't have that information.",
    "I don't have any information about your budget.",
    'I do not have access to your calendar.',
    "I don't have any record of that.",
    'I have no record of your budget.',
    'There is no information about that in my memory.',
    "I'm not sure.",
    'Im not sure what it is.',
    'I am not certain.',
    "I can't find anything about it.",
    'I cannot recall that.',
    "I couldn't find it.",
    "I'm unable to find it.",
    "I don't remember you saying so.",
    "That's not something you've shared with me.",
    "I haven't been told.",
    "It wasn't mentioned.",
    'I have no way of knowing.',
    "I'm not aware of any allergy.",
    'I DON\u2019T KNOW',
    "I don't have your birthday saved.",
    "I don't have that recorded anywhere.",
    'I do not have your address stored.',
    "I don't have it noted.",
    "There's nothing in my notes about a dog.",
    'There is nothing saved about that.',
    'Nothing was recorded about your budget.',
    'There is no record of your trip.',
    "You haven't mentioned your dog.",
    "That isn't in my memory.",
  ];
  for (const answer of abstentions) {
    test(`abstains: ${JSON.stringify(answer)}`, () => {
      assert.equal(checkAbstains(answer, true).pass, true);
      assert.equal(checkAbstains(answer, false).pass, false);
    });
  }

  const answers = [
    "I know you're vegetarian.",
    'I know you\u2019re vegetarian and allergic to peanuts.',
    'You told me you are vegetarian.',
    'Your budget is 8,000 euros.',
    'You mentioned a peanut allergy.',
    "I haven't shared your data with anyone.",
    'Known: you like tea.',
    "Sure, I'll remember that.",
    'You are not sure yet? Your budget is 8,000.',
    'I saved your budget: 8,000 euros.',
    'You have nothing to worry about: the trip is booked.',
    "I haven't saved anything else you didn't ask for; your dog is Rex.",
    'I have your dog recorded as Rex.',
    'Your notes are in order.',
  ];
  for (const answer of answers) {
    test(`does not abstain: ${JSON.stringify(answer)}`, () => {
      assert.equal(checkAbstains(answer, true).pass, false);
      assert.equal(checkAbstains(answer, false).pass, true);
    });
  }

  test('reasons name the part that decided', () => {
    assert.deepEqual(checkAbstains('Sorry, I don\u2019t know your budget.', true), {
      pass: true,
      reason: "abstains: 'I don't know' at 'Sorry, I don't know your budget.' and gives no value",
    });
    assert.deepEqual(checkAbstains('It is 8,000.', true), { pass: false, reason: 'expected an abstention, does not abstain: no abstention phrase' });
    assert.deepEqual(checkAbstains('Hmm, I\u2019m not sure.', false), {
      pass: false,
      reason: "expected an answer, abstains: 'I'm not sure' at 'Hmm, I'm not sure.' and gives no value",
    });
    assert.deepEqual(checkAbstains('It is 8,000.', false), { pass: true, reason: 'does not abstain: no abstention phrase' });
    assert.deepEqual(checkAbstains("I'm not sure you told me, but I think it was 8,000.", true), {
      pass: false,
      reason: "expected an abstention, does not abstain: gives the amount 8,000 at '... but I think it was 8,000.' despite 'I'm not sure'",
    });
    assert.deepEqual(checkAbstains("I'm not sure you told me, but I think it was 8,000.", false), {
      pass: true,
      reason: "does not abstain: gives the amount 8,000 at '... but I think it was 8,000.' despite 'I'm not sure'",
    });
    assert.match(checkAbstains("I don't know for certain, maybe it's Rex.", true).reason, /gives the value Rex at .* despite 'I don't know'/);
    assert.match(checkAbstains("I'm not sure, perhaps 1 November?", true).reason, /gives the date 1 November at/);
  });

  /** [answer, abstains]: hedged answers that still give a value, plain abstentions, plain answers. */
  const mixed: [string, boolean][] = [
    // hedged, yet a value is given: an answer
    ["I'm not sure you told me, but I think it was 8,000.", false],
    ["I don't remember exactly; your budget was 8,000 euros I believe.", false],
    ["I'm not certain, but your dog is called Max.", false],
    ["I don't know for sure, but I think it's Rex.", false],
    ["You never told me directly, but it sounds like it's Bella.", false],
    ["I'm not sure you mentioned it. Maybe Luna?", false],
    ["I can't recall exactly, perhaps 1 November 2026.", false],
    ["I'm not sure, I think it was on the tenth of September 2026.", false],
    ["I don't have that saved for certain; it might be eight thousand euros.", false],
    ["I'm not sure, possibly twelve hundred dollars.", false],
    ["I'm unsure, but your dog is named \"Biscuit\".", false],
    ["I don't know if I have it right: it was EUR 5,000.", false],
    ["There's nothing in my notes, but I believe Max.", false],
    ["You haven't mentioned it recently, but it was $1.5k.", false],
    ["I'm not sure how many, maybe 3?", false],
    ["Sorry, I don't know — you haven't told me your dog's name yet. Is it Rex?", false],
    ["You haven't told me, but I'd say Porto.", false],
    ["I don't know, but Rex comes to mind.", false],
    ["I don't have that saved. Could it be Rex?", false],
    ["I don't know exactly; I think 45.", false],
    // plain abstentions: a phrase and no value
    ["I don't have your dog's name saved.", true],
    ["I don't have that recorded.", true],
    ["I do not have it stored anywhere.", true],
    ["There's nothing in my notes about your dog.", true],
    ['Nothing is saved about your budget.', true],
    ['I have no record of a trip date.', true],
    ["You haven't mentioned a budget.", true],
    ["It's not in my notes, sorry.", true],
    ["I'm not sure what your dog is called.", true],
    ["I don't know. Is it something you told me?", true],
    ["I'm not sure, and that's OK: tell me and I will remember it.", true],
    ["I don't know; I can only go by what you told me.", true],
    ["I can't find your budget. Could you tell me again?", true],
    ["I don't know the budget for your 2 kids.", true],
    ["I don't know <img src=x onerror=alert(1)> | broken | cell", true],
    // plain answers: no phrase
    ['Your dog is called Rex.', false],
    ['Your budget is 8,000 euros.', false],
    ['Your trip starts on 10 September 2026.', false],
    ["It's Max.", false],
    ['You told me eight thousand euros.', false],
    ['I saved that your dog is Rex.', false],
    ['Your notes say the budget is a thousand pounds.', false],
  ];
  for (const [answer, abstains] of mixed) {
    test(`${abstains ? 'abstains' : 'does not abstain'} (mixed table): ${JSON.stringify(answer)}`, () => {
      assert.equal(checkAbstains(answer, true).pass, abstains, checkAbstains(answer, true).reason);
      assert.equal(checkAbstains(answer, false).pass, !abstains);
    });
  }

  test('findValue: amounts, dates, names after a lead word, quoted values; not the pronoun I', () => {
    assert.equal(findValue('I think it was 8,000')?.kind, 'amount');
    assert.equal(findValue('maybe the tenth of September')?.kind, 'date');
    assert.deepEqual(findValue("I think it's Rex"), { kind: 'name', at: 13, raw: 'Rex' });
    assert.deepEqual(findValue('it was "Biscuit"'), { kind: 'name', at: 7, raw: '"Biscuit"' });
    assert.equal(findValue('I think I forgot'), undefined);
    assert.equal(findValue("I'm not sure what it is. Sorry."), undefined);
  });

  test('findAbstention returns the earliest phrase with its position', () => {
    assert.deepEqual(findAbstention("Well, I'm not sure; I don't know."), { name: "I'm not sure", at: 6, raw: "I'm not sure" });
  });

  test('every listed phrase is case-insensitive', () => {
    for (const { pattern } of abstentionPhrases()) assert.ok(pattern.flags.includes('i'), pattern.source);
  });
});

describe('gradeAnswer: text checks', () => {
  test('contains is case-sensitive', async () => {
    assert.equal((await grade({ contains: 'peanut' }, 'No Peanut')).pass, false);
    assert.equal((await grade({ contains: 'peanut' }, 'no peanut')).pass, true);
  });

  test('icontains ignores case', async () => {
    assert.equal((await grade({ icontains: 'peanut' }, 'No PEANUTS')).pass, true);
    assert.equal((await grade({ icontains: 'É' }, 'café')).pass, true);
    assert.equal((await grade({ icontains: 'walnut' }, 'No PEANUTS')).pass, false);
  });

  test('the answer is normalised: a non-breaking hyphen in "peanut‑free"', async () => {
    assert.equal((await grade({ contains: 'peanut-free' }, 'a peanut\u2011free dinner')).pass, true);
    assert.equal((await grade({ icontains: 'Peanut-Free' }, 'a peanut\u2011free dinner')).pass, true);
  });

  test('the expected text is normalised the same way', async () => {
    assert.equal((await grade({ contains: 'peanut\u2011free' }, 'a peanut-free dinner')).pass, true);
    assert.equal((await grade({ icontains: 'don\u2019t KNOW' }, "I don't know")).pass, true);
    assert.equal((await grade({ contains: '8\u202F000' }, '8\u00A0000')).pass, true);
  });

  test('regex characters in icontains are literal', async () => {
    assert.equal((await grade({ icontains: 'a.b (c)' }, 'A.B (C)')).pass, true);
    assert.equal((await grade({ icontains: 'a.b' }, 'axb')).pass, false);
  });

  test('reasons', async () => {
    assert.deepEqual(await grade({ contains: 'peanut-free' }, 'a peanut\u2011free dinner'), { pass: true, reason: "contains \"peanut-free\" at 'a peanut-free dinner'" });
    assert.deepEqual(await grade({ contains: 'vegan' }, 'a dinner'), { pass: false, reason: 'does not contain "vegan"' });
    assert.deepEqual(await grade({ icontains: 'VEGAN' }, 'a dinner'), { pass: false, reason: 'does not contain "VEGAN" (ignoring case)' });
    assert.deepEqual(await grade({ icontains: 'VEGAN' }, 'vegan'), { pass: true, reason: "contains \"VEGAN\" (ignoring case) at 'vegan'" });
  });

  test('an empty expected string is an error', async () => {
    await assert.rejects(grade({ contains: '' }, 'x'), /the contains check needs a non-empty string/);
    await assert.rejects(grade({ icontains: '\u200B' }, 'x'), /the icontains check needs a non-empty string/);
  });
});

describe('gradeAnswer: regex', () => {
  test('no flag by default: case matters', async () => {
    assert.equal((await grade({ regex: 'shellfish' }, 'No Shellfish')).pass, false);
  });

  test('flags: i ignores case', async () => {
    assert.equal((await grade({ regex: 'shellfish', flags: 'i' }, 'No Shellfish')).pass, true);
  });

  test('u is always on: \\p{L} and astral characters', async () => {
    assert.equal((await grade({ regex: '^\\p{Lu}' }, 'Émile')).pass, true);
    assert.equal((await grade({ regex: '^.$' }, '\u{1F600}')).pass, true);
    assert.equal(compileRegex('x', 'i').flags, 'iu');
    assert.equal(compileRegex('x', 'u').flags, 'u');
    assert.equal(compileRegex('x').flags, 'u');
  });

  test('m and s flags', async () => {
    assert.equal((await grade({ regex: '^budget$' }, 'a\nbudget\nb')).pass, false);
    assert.equal((await grade({ regex: '^budget$', flags: 'm' }, 'a\nbudget\nb')).pass, true);
    assert.equal((await grade({ regex: 'a.b' }, 'a\nb')).pass, false);
    assert.equal((await grade({ regex: 'a.b', flags: 's' }, 'a\nb')).pass, true);
  });

  test('the answer and the pattern are normalised', async () => {
    assert.equal((await grade({ regex: 'peanut-free' }, 'peanut\u2011free')).pass, true);
    assert.equal((await grade({ regex: 'don\u2019t' }, "don't")).pass, true);
  });

  test('reasons', async () => {
    assert.deepEqual(await grade({ regex: 'shell\\w+', flags: 'i' }, 'No Shellfish here'), { pass: true, reason: "matches /shell\\w+/i at 'No Shellfish here'" });
    assert.deepEqual(await grade({ regex: 'shellfish' }, 'nothing'), { pass: false, reason: 'does not match /shellfish/' });
  });

  test('an invalid pattern is an error', async () => {
    await assert.rejects(grade({ regex: '(unclosed' }, 'x'), /the regex check has an invalid regular expression \/\(unclosed\//);
    await assert.rejects(grade({ regex: 'peanut\\-free' }, 'x'), /invalid regular expression/);
  });

  test('g and y match from the start of every answer, as before (no lastIndex carried over)', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await grade({ regex: 'budget', flags: 'g' }, 'my budget')).pass, true);
    assert.equal((await grade({ regex: 'budget', flags: 'y' }, 'my budget')).pass, false);
    assert.equal((await grade({ regex: 'my', flags: 'y' }, 'my budget')).pass, true);
  });

  test('catastrophic backtracking is an error naming the regex, within the time limit; the next regex runs', async () => {
    const answer = 'a'.repeat(51) + '!';
    await assert.rejects(grade({ not: { regex: '^(\\w+\\s?)*$' } }, answer), {
      message: 'regex /^(\\w+\\s?)*$/ took longer than 1000 ms on the text it checks (catastrophic backtracking?)',
    });
    assert.deepEqual(await grade({ regex: 'a!$' }, answer), { pass: true, reason: `matches /a!$/ at '...${'a'.repeat(20)}a!'` });
  });

  test('many regex checks at once each get their own answer and verdict', async () => {
    const answers = Array.from({ length: 400 }, (_, i) => `order ${i} ${i % 2 === 0 ? 'shipped' : 'pending'}`);
    const verdicts = await Promise.all(answers.map((answer) => grade({ regex: '^order \\d+ shipped$' }, answer)));
    assert.deepEqual(
      verdicts.map((verdict) => verdict.pass),
      answers.map((_, i) => i % 2 === 0),
    );
  });

  test('escapeRegex makes a literal pattern valid under u', () => {
    const special = 'a.b*c+d?e^f$g(h)i[j]k{l}m|n/o\\p-q';
    assert.ok(new RegExp(`^${escapeRegex(special)}$`, 'u').test(special));
  });
});

describe('gradeAnswer: first_amount, date, abstains', () => {
  test('"EUR 8,000" and "8,000 euros" with a euro sign both pass first_amount 8000', async () => {
    for (const answer of ['Your budget is EUR 8,000.', 'Your budget is 8,000 euros.', 'Your budget is €8,000.', 'Your budget is 8.000 €.']) {
      assert.equal((await grade({ first_amount: 8000 }, answer)).pass, true, answer);
    }
  });

  test('a narrow no-break space in "8 000"', async () => {
    assert.equal((await grade({ first_amount: 8000 }, 'Votre budget est de 8\u202F000\u00A0€.')).pass, true);
  });

  test('first_amount fails on another amount', async () => {
    assert.deepEqual(await grade({ first_amount: 8000 }, 'Your budget is 5,000 euros.'), {
      pass: false,
      reason: "expected first amount 8000, found 5000 at 'Your budget is 5,000 euros.'",
    });
  });

  test('date and abstains', async () => {
    assert.equal((await grade({ date: '2026-11-01' }, 'You started on November\u00A01, 2026.')).pass, true);
    assert.equal((await grade({ abstains: true }, 'I don\u2019t know.')).pass, true);
    assert.equal((await grade({ abstains: false }, 'I don\u2019t know.')).pass, false);
  });
});

describe('gradeAnswer: composition', () => {
  const dinner = 'Try a peanut\u2011free vegetable curry.';

  test('all passes when every check passes', async () => {
    assert.deepEqual(await grade({ all: [{ icontains: 'curry' }, { not: { regex: 'shellfish' } }] }, dinner), {
      pass: true,
      reason: "all: 2 of 2 passed [contains \"curry\" (ignoring case) at '...anut-free vegetable curry.'; not: does not match /shellfish/]",
    });
  });

  test('all fails on one failure and names only the failures', async () => {
    assert.deepEqual(await grade({ all: [{ icontains: 'curry' }, { contains: 'vegan' }, { contains: 'tofu' }] }, dinner), {
      pass: false,
      reason: 'all: 2 of 3 failed [does not contain "vegan"; does not contain "tofu"]',
    });
  });

  test('any passes on one pass', async () => {
    assert.deepEqual(await grade({ any: [{ contains: 'vegan' }, { contains: 'peanut-free' }] }, dinner), {
      pass: true,
      reason: "any: 1 of 2 passed [contains \"peanut-free\" at 'Try a peanut-free vegetable curry.']",
    });
  });

  test('any fails when none passes and lists every reason', async () => {
    assert.deepEqual(await grade({ any: [{ contains: 'vegan' }, { regex: 'tofu', flags: 'i' }] }, dinner), {
      pass: false,
      reason: 'any: none of 2 passed [does not contain "vegan"; does not match /tofu/i]',
    });
  });

  test('not inverts and keeps the inner reason', async () => {
    assert.deepEqual(await grade({ not: { icontains: 'peanut' } }, 'Shrimp with peanut sauce'), {
      pass: false,
      reason: "not: contains \"peanut\" (ignoring case) at 'Shrimp with peanut sauce'",
    });
    assert.deepEqual(await grade({ not: { icontains: 'shellfish' } }, dinner), { pass: true, reason: 'not: does not contain "shellfish" (ignoring case)' });
  });

  test('nesting', async () => {
    const check: CheckSpec = { all: [{ any: [{ contains: 'vegan' }, { contains: 'vegetable' }] }, { not: { any: [{ icontains: 'peanut sauce' }, { icontains: 'shrimp' }] } }] };
    assert.equal((await grade(check, dinner)).pass, true);
    const failed = await grade(check, 'A vegetable curry with shrimp');
    assert.equal(failed.pass, false);
    assert.match(failed.reason, /^all: 1 of 2 failed \[not: any: 1 of 2 passed \[contains "shrimp"/);
  });

  test('a knowledge update: the new value and not the old one', async () => {
    const check: CheckSpec = { all: [{ first_amount: 8000 }, { not: { regex: '5[,.]?000' } }] };
    assert.equal((await grade(check, 'Your budget is 8,000 euros.')).pass, true);
    assert.equal((await grade(check, 'Your budget is 8,000 euros, up from 5,000.')).pass, false);
  });

  test('no usage when no judge ran', async () => {
    const result = await grade({ all: [{ contains: 'a' }] }, 'a');
    assert.equal('usage' in result, false);
  });
});

describe('gradeAnswer: judge', () => {
  test('delegates to the judge with the rubric, the question, the normalised answer and the model', async () => {
    const { judge, calls } = fakeJudge('curry');
    const result = await grade({ judge: { rubric: 'suggests a vegetarian dish', model: 'gpt-x' } }, 'A peanut\u2011free curry', { question: 'Dinner?', judge, judgeModel: 'default-model' });
    assert.deepEqual(calls, [{ rubric: 'suggests a vegetarian dish', question: 'Dinner?', answer: 'A peanut-free curry', model: 'gpt-x' }]);
    assert.deepEqual(result, { pass: true, reason: 'judge: meets the rubric', usage: { input_tokens: 100, output_tokens: 10 } });
  });

  test("uses the suite's judge model when the check names none", async () => {
    const { judge, calls } = fakeJudge('curry');
    await grade({ judge: { rubric: 'r' } }, 'curry', { question: 'q', judge, judgeModel: 'default-model' });
    assert.equal(calls[0]?.model, 'default-model');
  });

  test('a failing verdict', async () => {
    const { judge } = fakeJudge('curry');
    const result = await grade({ judge: { rubric: 'r' } }, 'steak', { question: 'q', judge });
    assert.equal(result.pass, false);
    assert.equal(result.reason, 'judge: misses the rubric');
  });

  test('without a judge configured the grade is an error, not a failure', async () => {
    await assert.rejects(grade({ judge: { rubric: 'r' } }, 'x'), { message: NO_JUDGE });
    assert.equal(NO_JUDGE, 'the judge check needs e2e.judge configured');
    await assert.rejects(grade({ all: [{ contains: 'x' }, { judge: { rubric: 'r' } }] }, 'x'), { message: NO_JUDGE });
  });

  test('an error from the judge propagates', async () => {
    const judge: Judge = {
      grade: async () => {
        throw new Error('judge timed out');
      },
    };
    await assert.rejects(grade({ judge: { rubric: 'r' } }, 'x', { question: 'q', judge }), /judge timed out/);
  });

  test('usage is summed over nested judge calls', async () => {
    const { judge, calls } = fakeJudge('curry', { input_tokens: 7, output_tokens: 2 });
    const check: CheckSpec = { all: [{ judge: { rubric: 'a' } }, { not: { judge: { rubric: 'b' } } }, { any: [{ contains: 'tofu' }, { judge: { rubric: 'c' } }] }] };
    const result = await grade(check, 'steak', { question: 'q', judge });
    assert.equal(calls.length, 1, 'all stops calling the judge once a judge check failed');
    assert.deepEqual(result.usage, { input_tokens: 7, output_tokens: 2 });

    const passing = await grade(check, 'curry', { question: 'q', judge });
    assert.equal(calls.length, 3, 'a and b run; the any holding c is skipped once not(b) failed');
    assert.equal(passing.pass, false, 'not(judge) fails when the judge passes');
    assert.deepEqual(passing.usage, { input_tokens: 14, output_tokens: 4 });
    assert.deepEqual(
      calls.map((call) => call.rubric),
      ['a', 'a', 'b'],
    );
  });

  test('any skips the judge when a cheap check already passed, wherever it is written', async () => {
    const { judge, calls } = fakeJudge('curry');
    const result = await grade({ any: [{ judge: { rubric: 'r' } }, { contains: 'curry' }] }, 'curry', { question: 'q', judge });
    assert.equal(calls.length, 0);
    assert.deepEqual(result, { pass: true, reason: "any: 1 of 2 passed [contains \"curry\" at 'curry']; 1 judge check skipped" });
  });

  test('all skips the judge when a cheap check already failed', async () => {
    const { judge, calls } = fakeJudge('curry');
    const result = await grade({ all: [{ judge: { rubric: 'r' } }, { contains: 'tofu' }] }, 'curry', { question: 'q', judge });
    assert.equal(calls.length, 0);
    assert.deepEqual(result, { pass: false, reason: 'all: 1 of 2 failed [does not contain "tofu"]; 1 judge check skipped' });
  });

  test('the judge runs when the cheap checks leave the outcome open', async () => {
    const { judge, calls } = fakeJudge('curry');
    const result = await grade({ any: [{ contains: 'tofu' }, { judge: { rubric: 'r' } }] }, 'curry', { question: 'q', judge });
    assert.equal(calls.length, 1);
    assert.equal(result.pass, true);
    assert.equal(result.reason, 'any: 1 of 2 passed [judge: meets the rubric]');
  });

  test('a judge without usage adds none', async () => {
    const { judge } = fakeJudge('curry', null);
    const result = await grade({ judge: { rubric: 'r' } }, 'curry', { question: 'q', judge });
    assert.equal('usage' in result, false);
  });
});

describe('gradeAnswer: malformed checks are errors', () => {
  test('no kind, or two kinds', async () => {
    await assert.rejects(grade({} as CheckSpec, 'x'), /a check needs exactly one of contains, icontains/);
    await assert.rejects(grade({ contains: 'a', icontains: 'b' } as unknown as CheckSpec, 'x'), /a check needs exactly one of/);
  });

  test('empty all or any', async () => {
    await assert.rejects(grade({ all: [] }, 'x'), /the all check needs at least one check/);
    await assert.rejects(grade({ any: [] }, 'x'), /the any check needs at least one check/);
  });

  test('a bad expected date', async () => {
    await assert.rejects(grade({ date: '2026-11-31' }, '2026-11-30'), /the date check needs a real date/);
  });
});

describe('describeCheck', () => {
  const described: [CheckSpec, string][] = [
    [{ contains: 'peanut-free' }, 'contains "peanut-free"'],
    [{ icontains: 'peanut' }, 'icontains "peanut"'],
    [{ regex: 'shellfish' }, 'regex /shellfish/'],
    [{ regex: 'shell\\w+', flags: 'i' }, 'regex /shell\\w+/i'],
    [{ first_amount: 8000 }, 'first_amount 8000'],
    [{ first_amount: 8000.5 }, 'first_amount 8000.5'],
    [{ date: '2026-11-01' }, 'date 2026-11-01'],
    [{ abstains: true }, 'abstains true'],
    [{ abstains: false }, 'abstains false'],
    [{ all: [{ icontains: 'peanut' }, { not: { regex: 'shellfish' } }] }, 'all(icontains "peanut", not(regex /shellfish/))'],
    [{ any: [{ contains: 'a' }, { first_amount: 1 }] }, 'any(contains "a", first_amount 1)'],
    [{ judge: { rubric: 'suggests a vegetarian dinner' } }, 'judge "suggests a vegetarian dinner"'],
    [{ judge: { rubric: 'r', model: 'gpt-x' } }, 'judge "r" (model gpt-x)'],
    [{ contains: 'say "hi"' }, 'contains "say \\"hi\\""'],
  ];
  for (const [check, line] of described) {
    test(line, () => {
      assert.equal(describeCheck(check), line);
    });
  }

  test('a long rubric is cut to one short line', () => {
    const line = describeCheck({ judge: { rubric: `${'word '.repeat(30)}\nend` } });
    assert.ok(!line.includes('\n'));
    assert.ok(line.length <= 'judge ""'.length + 60, line);
    assert.ok(line.endsWith('..."'), line);
  });

  test('never throws on a malformed check', () => {
    assert.equal(describeCheck({} as CheckSpec), 'unknown check {}');
    assert.equal(describeCheck(null as unknown as CheckSpec), 'unknown check null');
  });
});

describe('excerpt', () => {
  test('cuts with ... and folds whitespace', () => {
    const text = `${'a'.repeat(30)} budget\nis 5,000 euros ${'b'.repeat(30)}`;
    const at = text.indexOf('5,000');
    assert.equal(excerpt(text, at, at + 5, 10), "'...budget is 5,000 euros bbb...'");
  });

  test('no ... when nothing is cut', () => {
    assert.equal(excerpt('short', 0, 5), "'short'");
  });
});

describe('amounts written in words', () => {
  const shapes: [string, number, string][] = [
    ['eight thousand euros', 8000, 'eight thousand euros'],
    ['twelve hundred', 1200, 'twelve hundred'],
    ['a thousand', 1000, 'a thousand'],
    ['an hundred', 100, 'an hundred'],
    ['two and a half thousand', 2500, 'two and a half thousand'],
    ['one and a half million', 1500000, 'one and a half million'],
    ['half a million dollars', 500000, 'half a million dollars'],
    ['a hundred and fifty', 150, 'a hundred and fifty'],
    ['three hundred and twenty-five pounds', 325, 'three hundred and twenty-five pounds'],
    ['twenty five thousand', 25000, 'twenty five thousand'],
    ['two thousand five hundred', 2500, 'two thousand five hundred'],
    ['two million three hundred thousand', 2300000, 'two million three hundred thousand'],
    ['Eight Thousand Euros', 8000, 'Eight Thousand Euros'],
    ['fifty euros', 50, 'fifty euros'],
    ['EUR twenty', 20, 'EUR twenty'],
    ['1.5 million', 1500000, '1.5 million'],
  ];
  for (const [text, value, raw] of shapes) {
    test(`${JSON.stringify(text)} reads ${value}`, () => {
      assert.deepEqual(firstAmount(text), { value, at: 0, raw });
    });
  }

  const none = ['the one you told me about', 'two kids', 'one of them', 'a lot', 'half of it', 'and a half', 'twenty', 'hundreds of times', 'someone', 'a hundredth'];
  for (const text of none) {
    test(`${JSON.stringify(text)} has no amount`, () => {
      assert.equal(firstAmount(text), undefined);
    });
  }

  test('in a sentence: the currency amount wins, and the check reads words', () => {
    assert.deepEqual(firstAmount('For your two kids the budget is eight thousand euros.'), { value: 8000, at: 32, raw: 'eight thousand euros' });
    assert.equal(checkFirstAmount('You set it at twelve hundred a month.', 1200).pass, true);
    assert.equal(firstAmount('between eight and ten thousand euros')?.value, 10000, 'a bare "eight" is no amount, so the range start is not shared');
    assert.equal(firstAmount('On the first of May you spent a thousand pounds')?.value, 1000);
  });
});

describe('dates with ordinal words', () => {
  const forms: [string, string, string][] = [
    ['the tenth of September 2026', '2026-09-10', 'tenth of September 2026'],
    ['September tenth, 2026', '2026-09-10', 'September tenth, 2026'],
    ['10th of Sept', '--09-10', '10th of Sept'],
    ['September the twenty-first', '--09-21', 'September the twenty-first'],
    ['twenty first of June 2026', '2026-06-21', 'twenty first of June 2026'],
    ['the thirty-first of May', '--05-31', 'thirty-first of May'],
    ['October thirtieth 2026', '2026-10-30', 'October thirtieth 2026'],
    ['the first of March, 2026', '2026-03-01', 'first of March, 2026'],
    ['Nov. second', '--11-02', 'Nov. second'],
  ];
  for (const [text, iso, raw] of forms) {
    test(`${JSON.stringify(text)} is ${iso}`, () => {
      const found = findDates(text);
      assert.deepEqual(found, [{ iso, at: text.indexOf(raw), raw }]);
    });
  }

  const notDates = ['at first may', 'march first to the shop', 'the thirty-first of April', 'the second time', 'first of all'];
  for (const text of notDates) {
    test(`${JSON.stringify(text)} is no date`, () => {
      assert.deepEqual(findDates(text), []);
    });
  }

  test('checkDate passes on a date in ordinal words', () => {
    assert.equal(checkDate('Your trip starts on the tenth of September 2026.', '2026-09-10').pass, true);
    assert.equal(checkDate('It starts September tenth.', '2026-09-10').pass, true);
  });
});
