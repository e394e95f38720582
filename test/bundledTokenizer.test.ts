import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './support/cli.js';

/**
 * dist/ carries gpt-tokenizer's rank tables as JSON text given to JSON.parse
 * (scripts/bundle.mjs, plugin bpe-ranks-as-json), not as the package's array
 * literals: the injected-token counts of an e2e run must be the package's own,
 * token for token.
 */

interface TokenizerModule {
  encode(text: string, options?: { disallowedSpecial?: Set<string> }): number[];
  decode(tokens: number[]): string;
  vocabularySize: number;
}

const DIST = join(REPO_ROOT, 'dist');

/** The dist/ chunks holding a rank table, by encoding name (from the path esbuild notes above the module). */
function bundledTokenizers(): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of readdirSync(DIST).filter((file) => file.endsWith('.js'))) {
    const encoding = /gpt-tokenizer\/esm\/bpeRanks\/(\w+)\.js/.exec(readFileSync(join(DIST, name), 'utf8'))?.[1];
    if (encoding) found.set(encoding, join(DIST, name));
  }
  return found;
}

const TEXTS = [
  '- [2026-03-02] I stopped eating meat last year, and shellfish gives me hives.',
  'Ünïcödé — 日本語のテキスト 👍🏽 and "quoted" text, tabs\tand\nnewlines, <|endoftext|> as plain characters',
  'def f(x):\n    return x ** 2  # 0.5e-3, 1,234,567.89, https://example.com/a?b=c&d=e',
  'Ελληνικά, русский текст, العربية, हिन्दी, 한국어, ไทย, emoji 🧑‍🚀 and a lone byte-pair: ŉ ǅ',
  ' '.repeat(40) + 'x'.repeat(500),
];

test('the bundled rank tables count every text as gpt-tokenizer itself does', { skip: !existsSync(join(DIST, 'cli.js')) && 'dist/ is not built (npm run bundle)' }, async () => {
  const bundled = bundledTokenizers();
  assert.deepEqual([...bundled.keys()].sort(), ['cl100k_base', 'o200k_base'], 'the encodings an e2e run counts with are in dist/');
  for (const [encoding, file] of bundled) {
    const fromDist = (await import(pathToFileURL(file).href)) as TokenizerModule;
    const fromPackage = (await import(`gpt-tokenizer/encoding/${encoding}`)) as TokenizerModule;
    assert.equal(fromDist.vocabularySize, fromPackage.vocabularySize, encoding);
    const asText = { disallowedSpecial: new Set<string>() };
    for (const text of TEXTS) assert.deepEqual(fromDist.encode(text, asText), fromPackage.encode(text, asText), `${encoding}: ${text.slice(0, 40)}`);
    // Every token of the table decodes to what the package's decodes to (or fails alike: ids between the ranks and the special tokens).
    const decoded = (module: TokenizerModule, token: number): string => {
      try {
        return module.decode([token]);
      } catch (error) {
        return `error: ${(error as Error).message}`;
      }
    };
    for (let token = 0; token < fromPackage.vocabularySize; token += 1) {
      if (decoded(fromDist, token) !== decoded(fromPackage, token)) assert.fail(`${encoding}: token ${token} decodes differently`);
    }
  }
});
