/**
 * Variants of the agent under test (`variants:`): each replaces some keys of
 * e2e.target or the embedding of some retrieval providers. `applyVariant` is
 * the one place a variant becomes a Suite, so what runs, what results.json
 * hashes (a variant's own system prompt is one of suite.files) and what trial
 * fingerprints see (the target) always agree.
 */
import { dirname } from 'node:path';
import { RecallGateError, formatLocation, invalidInput } from '../errors.js';
import type { InputProblem, SourceLocation } from '../model/source.js';
import { didYouMean } from '../source/didYouMean.js';
import { FileProblems, readReferencedText, type DataPath } from '../source/sourceFile.js';
import type { BuiltinTargetSpec, EmbeddingSpec, ProviderSpec, Suite, TargetSpec, VariantSpec } from '../model/suite.js';

/** The target keys a variant may replace, by target kind: the rest (kind, cwd, timeouts, endpoints) stay the suite's. */
const OVERRIDABLE: Record<TargetSpec['kind'], readonly string[]> = {
  builtin: ['system_prompt', 'model', 'temperature', 'max_tokens', 'memory'],
  command: ['command', 'env'],
  http: ['url'],
};

/** The side-by-side report run --variants writes beside the variants' folders. */
export const SIDE_BY_SIDE_FILE = 'variants.md';

/** Providers that embed: the only ones an embedding override means anything to. */
const EMBEDDING_KINDS: readonly ProviderSpec['kind'][] = ['vector', 'chroma'];

interface RawVariant {
  name: string;
  target?: Record<string, unknown>;
  providers?: Record<string, { embedding: EmbeddingSpec }>;
}

/**
 * The suite's variants, checked against the suite they vary (the schema has
 * checked their shape): unique names, target keys the target's kind has,
 * providers that exist and embed, system prompt files that can be read.
 */
export function buildVariants(raw: RawVariant[], suite: Suite, locate: (path: DataPath, keyOf?: string) => SourceLocation, problems: InputProblem[]): VariantSpec[] {
  const seen = new Map<string, number>();
  const specs = raw.map((variant, index): VariantSpec => {
    const at = (path: DataPath, keyOf?: string) => locate([index, ...path], keyOf);
    const earlier = seen.get(variant.name);
    if (earlier === undefined) seen.set(variant.name, index);
    else problems.push({ where: at(['name']), message: `duplicate variant name "${variant.name}"`, hint: `first defined at ${formatLocation(locate([earlier]))}` });
    if (variant.name === SIDE_BY_SIDE_FILE) problems.push({ where: at(['name']), message: `a variant cannot be named "${SIDE_BY_SIDE_FILE}": run --variants writes its side-by-side report under that name`, hint: 'choose another name' });
    checkTargetKeys(variant, suite, at, problems);
    checkProviders(variant, suite, at, problems);
    return {
      name: variant.name,
      ...(variant.target ? { target: variant.target } : {}),
      ...(variant.providers ? { providers: variant.providers } : {}),
      where: at([]),
      ...(variant.target?.system_prompt !== undefined ? { systemPromptWhere: at(['target', 'system_prompt']) } : {}),
    };
  });
  const withVariants = { ...suite, variants: specs };
  for (const spec of specs) {
    try {
      applyVariant(withVariants, spec.name);
    } catch (error) {
      if (!(error instanceof RecallGateError) || error.problems.length === 0) throw error;
      problems.push(...error.problems);
    }
  }
  return specs;
}

function checkTargetKeys(variant: RawVariant, suite: Suite, at: (path: DataPath, keyOf?: string) => SourceLocation, problems: InputProblem[]): void {
  if (!variant.target) return;
  const target = suite.e2e?.target;
  if (!target) {
    problems.push({ where: at(['target']), message: `variant "${variant.name}" overrides the target, but the suite has no e2e section`, hint: 'remove target: or add e2e:' });
    return;
  }
  const allowed = OVERRIDABLE[target.kind];
  for (const key of Object.keys(variant.target)) {
    if (allowed.includes(key)) continue;
    problems.push({
      where: at(['target'], key),
      message: `a ${target.kind} target has no "${key}" a variant can override`,
      hint: didYouMean(key, allowed) ?? `a variant of a ${target.kind} target may set: ${allowed.join(', ')}`,
    });
  }
  const provider = (variant.target.memory as { provider?: string } | undefined)?.provider;
  const providers = suite.retrieval?.providers.map((candidate) => candidate.name) ?? [];
  if (target.kind === 'builtin' && provider !== undefined && !providers.includes(provider)) {
    problems.push({
      where: at(['target', 'memory', 'provider']),
      message: `memory.provider names no retrieval provider "${provider}"`,
      hint: didYouMean(provider, providers) ?? `one of: ${providers.join(', ')}`,
    });
  }
}

function checkProviders(variant: RawVariant, suite: Suite, at: (path: DataPath, keyOf?: string) => SourceLocation, problems: InputProblem[]): void {
  const providers = suite.retrieval?.providers ?? [];
  for (const name of Object.keys(variant.providers ?? {})) {
    const provider = providers.find((candidate) => candidate.name === name);
    if (!provider) {
      const names = providers.map((candidate) => candidate.name);
      problems.push({
        where: at(['providers'], name),
        message: `variant "${variant.name}" names no retrieval provider "${name}"`,
        hint: didYouMean(name, names) ?? (names.length ? `providers: ${names.join(', ')}` : 'the suite has no retrieval providers'),
      });
    } else if (!EMBEDDING_KINDS.includes(provider.kind)) {
      problems.push({ where: at(['providers'], name), message: `provider "${name}" is ${provider.kind}: it has no embedding to replace`, hint: `only ${EMBEDDING_KINDS.join(' and ')} providers embed` });
    }
  }
}

/**
 * The suite as variant `name` sees it: its providers' embeddings and its
 * target keys in place of the suite's (memory and env merged key by key), its
 * system prompt read and added to suite.files, and `variant` set so
 * results.json records it. Throws invalid-input for a name the suite lacks.
 */
export function applyVariant(suite: Suite, name: string): Suite {
  const variants = suite.variants ?? [];
  const variant = variants.find((candidate) => candidate.name === name);
  if (!variant) {
    const names = variants.map((candidate) => candidate.name);
    throw new RecallGateError('invalid-input', `${suite.displayPath} has no variant "${name}"`, {
      hint: didYouMean(name, names) ?? (names.length ? `variants: ${names.join(', ')}` : 'define variants: in the suite'),
    });
  }
  const files = [...suite.files];
  const replaced = (provider: ProviderSpec): ProviderSpec => {
    const override = variant.providers?.[provider.name];
    return override ? { ...provider, embedding: override.embedding } : provider;
  };
  const retrieval = suite.retrieval && { ...suite.retrieval, providers: suite.retrieval.providers.map(replaced) };
  const e2e = suite.e2e && {
    ...suite.e2e,
    target: variedTarget(suite.e2e.target, variant, retrieval?.providers ?? [], replaced, suite.file, files),
  };
  return { ...suite, files, retrieval, e2e, variant: name };
}

function variedTarget(
  target: TargetSpec,
  variant: VariantSpec,
  providers: readonly ProviderSpec[],
  replaced: (provider: ProviderSpec) => ProviderSpec,
  suiteFile: string,
  files: string[],
): TargetSpec {
  const override = variant.target ?? {};
  switch (target.kind) {
    case 'http':
      return { ...target, ...(override.url !== undefined ? { url: override.url as string } : {}) };
    case 'command':
      return {
        ...target,
        ...(override.command !== undefined ? { command: override.command as string[] } : {}),
        ...(override.env !== undefined ? { env: { ...target.env, ...(override.env as Record<string, string>) } } : {}),
      };
    case 'builtin':
      return variedBuiltin(target, variant, providers, replaced, suiteFile, files);
  }
}

function variedBuiltin(
  target: BuiltinTargetSpec,
  variant: VariantSpec,
  providers: readonly ProviderSpec[],
  replaced: (provider: ProviderSpec) => ProviderSpec,
  suiteFile: string,
  files: string[],
): BuiltinTargetSpec {
  const override = variant.target ?? {};
  const { provider: providerName, ...memory } = (override.memory ?? {}) as Partial<Omit<BuiltinTargetSpec['memory'], 'provider'>> & { provider?: string };
  // The agent's store is a retrieval provider: an embedding override of that provider applies to it too.
  const provider = providers.find((candidate) => candidate.name === (providerName ?? target.memory.provider.name)) ?? replaced(target.memory.provider);
  const varied: BuiltinTargetSpec = {
    ...target,
    ...(override.model !== undefined ? { model: override.model as string } : {}),
    ...(override.temperature !== undefined ? { temperature: override.temperature as number } : {}),
    ...(override.max_tokens !== undefined ? { max_tokens: override.max_tokens as number } : {}),
    memory: { ...target.memory, ...memory, provider },
  };
  const promptPath = override.system_prompt as string | undefined;
  if (promptPath === undefined) return varied;
  let prompt: { path: string; text: string };
  try {
    prompt = readReferencedText(dirname(suiteFile), promptPath, variant.systemPromptWhere);
  } catch (error) {
    if (error instanceof FileProblems) throw invalidInput(error.problems);
    throw error;
  }
  varied.systemPrompt = prompt.text;
  varied.systemPromptFile = promptPath;
  if (!files.includes(prompt.path)) files.push(prompt.path);
  return varied;
}

/** The names of `--variants a,b`: at least one, each once. */
export function parseVariantList(list: string): string[] {
  const names = list.split(',').map((name) => name.trim());
  if (names.some((name) => name === '')) throw new RecallGateError('invalid-input', `--variants "${list}" has an empty name`, { hint: 'give names separated by commas, e.g. --variants base,nomem' });
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw new RecallGateError('invalid-input', `--variants names "${repeated}" twice`, { hint: 'each variant runs once' });
  return names;
}
