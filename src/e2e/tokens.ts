/**
 * Injected tokens: how many tokens the recalled text takes in the agent's
 * context, counted with the model's own byte-pair encoding (gpt-tokenizer,
 * the tiktoken encodings ported to JavaScript). An encoding's rank table is
 * megabytes, so each is imported only when a run first counts with it.
 */
export type EncodingName = 'o200k_base' | 'cl100k_base';

export interface EncodingChoice {
  encoding: EncodingName;
  /** What results show: the encoding, and "(fallback: ...)" when the model did not determine it, so the count is an estimate. */
  label: string;
}

/** OpenAI model families by encoding, longest prefixes first where they overlap (gpt-4o before gpt-4). */
const FAMILIES: { prefix: RegExp; encoding: EncodingName }[] = [
  { prefix: /^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|o1|o3|o4)(\b|-|$)/, encoding: 'o200k_base' },
  { prefix: /^(gpt-4|gpt-3\.5|gpt-35|text-embedding-3|text-embedding-ada-002)(\b|-|$)/, encoding: 'cl100k_base' },
];

/** The fallback for a model outside the table: the encoding of current OpenAI models. */
const FALLBACK: EncodingName = 'o200k_base';

/** The encoding a model's tokens are counted with. A provider prefix ("openai/gpt-4o") is ignored. */
export function encodingForModel(model: string | undefined): EncodingChoice {
  if (!model) return { encoding: FALLBACK, label: `${FALLBACK} (fallback: no model named)` };
  const name = model.toLowerCase().replace(/^.*\//, '');
  const family = FAMILIES.find((candidate) => candidate.prefix.test(name));
  return family ? { encoding: family.encoding, label: family.encoding } : { encoding: FALLBACK, label: `${FALLBACK} (fallback: model unknown)` };
}

type Counter = (text: string) => number;
const loaded = new Map<EncodingName, Promise<Counter>>();

// Memory text is data: "<|endoftext|>" in it is counted as the characters it is, never as a special token (encode would throw).
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** Loads an encoding's rank table (once), so counting later takes no load time. */
export async function loadEncoding(encoding: EncodingName): Promise<void> {
  await load(encoding);
}

function load(encoding: EncodingName): Promise<Counter> {
  let counter = loaded.get(encoding);
  if (!counter) {
    const module = encoding === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base');
    counter = module.then(({ encode }) => (text: string) => encode(text, AS_TEXT).length);
    loaded.set(encoding, counter);
  }
  return counter;
}

/** Tokens of `text` under `encoding`. */
export async function countTokens(text: string, encoding: EncodingName): Promise<number> {
  if (text === '') return 0;
  return (await load(encoding))(text);
}

/**
 * Tokens of what recall placed in the context of one invocation: the exact
 * memory text the target says it injected (the builtin target's memory lines),
 * else the recalled texts one per line; undefined when the target did not say
 * what it recalled (unknown, not 0).
 */
export async function injectedTokens(reply: { injected_text?: string; recalled?: { text: string }[] }, encoding: EncodingName): Promise<number | undefined> {
  const text = reply.injected_text ?? reply.recalled?.map((memory) => memory.text).join('\n');
  return text === undefined ? undefined : countTokens(text, encoding);
}
