import assert from 'node:assert/strict';
import { usd } from '../src/report/format.js';
import { test } from 'node:test';
import { countTokens, encodingForModel, injectedTokens, stopCounting } from '../src/e2e/tokens.js';

// Expected counts were computed once with gpt-tokenizer 4.0.0; the first is also counted by hand:
// under o200k_base "São Paulo às três horas" is the five tokens "São", " Paulo", " às", " três", " horas".
test('injected tokens are exact under o200k_base and cl100k_base, which count the same text differently', async () => {
  assert.equal(await countTokens('São Paulo às três horas', 'o200k_base'), 5);
  assert.equal(await countTokens('São Paulo às três horas', 'cl100k_base'), 6);
  assert.equal(await countTokens('Meine Lieblingsfarbe ist dunkelgrün.', 'o200k_base'), 8);
  assert.equal(await countTokens('Meine Lieblingsfarbe ist dunkelgrün.', 'cl100k_base'), 12);
  assert.equal(await countTokens('', 'o200k_base'), 0);
  // A special token inside memory text is data: counted as its characters, never an error.
  assert.equal(await countTokens('<|endoftext|>', 'o200k_base'), 7);
});

test('the builtin target\'s exact memory lines are counted over the recalled texts; nothing said is unknown, not 0', async () => {
  const recalled = [{ text: '[2024-05-01] I moved to Lisbon in March.' }, { text: 'My dog is called Pixel.' }];
  const lines = '- [2024-05-01] I moved to Lisbon in March.\n- My dog is called Pixel.';
  assert.equal(await injectedTokens({ injected_text: lines, recalled }, 'o200k_base'), 23);
  assert.equal(await injectedTokens({ recalled }, 'o200k_base'), await countTokens(recalled.map((memory) => memory.text).join('\n'), 'o200k_base'));
  assert.equal(await injectedTokens({ recalled: [] }, 'o200k_base'), 0);
  assert.equal(await injectedTokens({}, 'o200k_base'), undefined);
});

test('a run that stops the counting thread refuses the counts still waiting on it, and a later count starts a new thread', async () => {
  const waiting = countTokens('counted on a thread about to stop', 'cl100k_base');
  stopCounting();
  await assert.rejects(waiting, /the token-counting thread was stopped/);
  assert.equal(await countTokens('São Paulo às três horas', 'o200k_base'), 5);
  stopCounting();
  stopCounting();
});

test('a model picks its encoding; an unknown model falls back to o200k_base, labelled an estimate', () => {
  for (const model of ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-nano', 'gpt-5-mini', 'o1', 'o3-mini', 'o4-mini', 'openai/gpt-4o']) {
    assert.deepEqual(encodingForModel(model), { encoding: 'o200k_base', label: 'o200k_base' }, model);
  }
  for (const model of ['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo', 'azure/gpt-35-turbo', 'text-embedding-3-small']) {
    assert.deepEqual(encodingForModel(model), { encoding: 'cl100k_base', label: 'cl100k_base' }, model);
  }
  assert.deepEqual(encodingForModel('llama-3.1-8b'), { encoding: 'o200k_base', label: 'o200k_base (fallback: model unknown)' });
  assert.deepEqual(encodingForModel('o10-ultra'), { encoding: 'o200k_base', label: 'o200k_base (fallback: model unknown)' });
  assert.deepEqual(encodingForModel(undefined), { encoding: 'o200k_base', label: 'o200k_base (fallback: no model named)' });
});

test('a real spend too small for four decimals keeps two significant digits, never $0.0000', () => {
  assert.equal(usd(0.000007), '$0.0000070');
  assert.equal(usd(0.0002625), '$0.0003');
  assert.equal(usd(0), '$0.0000');
});
