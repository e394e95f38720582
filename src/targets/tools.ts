import type { Ajv, ValidateFunction } from 'ajv';
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionFunctionTool, ChatCompletionMessageParam, ChatCompletionMessageToolCall } from 'openai/resources/chat/completions';
import { RecallGateError } from '../errors.js';
import { ajvLibrary } from '../libraries.js';
import { onFirstUse } from '../text/onFirstUse.js';
import type { Artifact, ReportedUsage, ToolCall } from '../model/e2e.js';
import type { OpenAIEndpoint } from '../net/openaiEndpoint.js';
import type { ToolSpec } from '../model/suite.js';
import { readCompletionUsage } from '../net/usage.js';
import { recordCachedCall } from '../net/llmCache.js';
import { parseArguments } from '../protocol/protocol.js';

/** Replies with tool calls answered per invocation when the suite sets no max_tool_rounds. */
export const DEFAULT_MAX_TOOL_ROUNDS = 5;
/** What a valid call of a tool without `returns` is answered with. */
const DEFAULT_RETURNS = { ok: true };
/** `{name}` in a returns string or an artifact template: the call's argument of that name. */
const TEMPLATE = /\{([A-Za-z0-9_-]+)\}/g;

/**
 * One validator per tool's parameters. Unknown keywords are refused (a
 * misspelt "requried" would otherwise check nothing); formats are
 * annotations, as the chat APIs treat them; types and required keys are not
 * cross-checked, since the APIs accept schemas that leave them loose.
 */
function compileParameters(parameters: Record<string, unknown>): ValidateFunction {
  // One Ajv per tool: two tools may carry the same $id.
  const { Ajv } = ajvLibrary();
  const ajv = new Ajv({ allErrors: true, strictSchema: true, strictTypes: false, strictTuples: false, strictRequired: false, validateFormats: false });
  return ajv.compile(parameters);
}

/** Why a tool's parameters cannot check its calls, and what to do (for the suite loader); undefined when they can. */
export function parametersProblem(parameters: Record<string, unknown>): { message: string; hint: string } | undefined {
  if (parameters.type !== 'object') {
    return { message: 'parameters must be a JSON Schema of an object (type: object): a call\'s arguments are always one', hint: 'add type: object and put the arguments under properties' };
  }
  // Loaded outside the try: a package that fails to load is not the schema's fault.
  ajvLibrary();
  try {
    compileParameters(parameters);
    return undefined;
  } catch (error) {
    return { message: `parameters is not a JSON Schema that compiles: ${error instanceof Error ? error.message : String(error)}`, hint: 'fix the schema where ajv\'s message points' };
  }
}

/** The {arg} names a tool's returns and artifact templates use, for the loader to check against its parameters. */
export function templateNames(spec: Pick<ToolSpec, 'returns' | 'artifact'>): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const match of value.matchAll(TEMPLATE)) names.add(match[1]!);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(spec.returns);
  visit(spec.artifact);
  return [...names];
}

/**
 * A string with its {arg} templates filled: a string argument as it is,
 * anything else as JSON, a missing one as nothing.
 */
function renderText(template: string, args: Record<string, unknown>): string {
  return template.replace(TEMPLATE, (_, name: string) => {
    const value = Object.hasOwn(args, name) ? args[name] : undefined;
    return value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/** `returns` with its templates filled; a string that is one template alone becomes the argument itself, so numbers stay numbers. */
function renderReturns(value: unknown, args: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = /^\{([A-Za-z0-9_-]+)\}$/.exec(value)?.[1];
    return whole !== undefined && Object.hasOwn(args, whole) ? args[whole] : renderText(value, args);
  }
  if (Array.isArray(value)) return value.map((item) => renderReturns(item, args));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderReturns(item, args)]));
  return value;
}

/** What one call came to: its record, the tool message that answers it, and the file it made (if its tool declares one). */
interface Answered {
  call: ToolCall;
  answer: string;
  artifact?: Artifact;
}

/** The suite's tools: offered to the model, and every call checked and answered. Nothing is executed. */
export class ToolBox {
  private readonly tools = new Map<string, { spec: ToolSpec; validate: ValidateFunction }>();

  constructor(specs: readonly ToolSpec[]) {
    for (const spec of specs) this.tools.set(spec.name, { spec, validate: compileParameters(spec.parameters) });
  }

  /** The request's `tools`. */
  offered(): ChatCompletionFunctionTool[] {
    return [...this.tools.values()].map(({ spec }) => ({
      type: 'function',
      function: { name: spec.name, ...(spec.description !== undefined ? { description: spec.description } : {}), parameters: spec.parameters },
    }));
  }

  answer(toolCall: ChatCompletionMessageToolCall): Answered {
    const { name, raw, custom } = partsOf(toolCall);
    if (custom) return refused({ name, arguments: {}, raw }, `"${name}" was called as a custom tool; only function tools are offered`);
    const parsed = parseArguments(raw);
    const call: ToolCall = { name, arguments: parsed.arguments ?? {}, ...(parsed.arguments ? {} : { raw }) };
    const tool = this.tools.get(name);
    if (!tool) return refused(call, `unknown tool "${name}"; the tools are: ${[...this.tools.keys()].join(', ')}`);
    if (!parsed.arguments) return refused(call, parsed.error!);
    if (!tool.validate(call.arguments)) {
      return refused(call, `arguments do not match the parameters of "${name}": ${errorsText(tool.validate)}`);
    }
    const result = renderReturns(tool.spec.returns ?? DEFAULT_RETURNS, call.arguments);
    call.result = result;
    const artifact = tool.spec.artifact;
    const path = artifact && renderText(artifact.path, call.arguments);
    return {
      call,
      answer: typeof result === 'string' ? result : JSON.stringify(result),
      // A path that renders empty names no file: the call stands, without an artifact.
      ...(artifact && path ? { artifact: { path, content: renderText(artifact.content, call.arguments) } } : {}),
    };
  }
}

/** A call's name and argument text; servers that leave out `type` still send `function`. */
function partsOf(toolCall: ChatCompletionMessageToolCall): { name: string; raw: string; custom: boolean } {
  if (toolCall.type === 'custom') return { name: String(toolCall.custom?.name ?? ''), raw: String(toolCall.custom?.input ?? ''), custom: true };
  return { name: String(toolCall.function?.name ?? ''), raw: String(toolCall.function?.arguments ?? ''), custom: false };
}

/** ajv's wording of why arguments failed; errorsText reads no option of the instance, so one made on first use serves every tool. */
const texts = onFirstUse((): Ajv => new (ajvLibrary().Ajv)());
function errorsText(validate: ValidateFunction): string {
  return texts().errorsText(validate.errors, { dataVar: 'arguments' });
}

function refused(call: ToolCall, error: string): Answered {
  call.error = error;
  return { call, answer: JSON.stringify({ error }) };
}

/** What the conversation of one invocation came to. */
export interface ToolConversation extends ReportedUsage {
  reply: string;
  finish_reason?: string;
  tool_calls?: ToolCall[];
  artifacts?: Artifact[];
  tool_rounds_exhausted?: true;
  /** Every request was answered from the LLM cache (run --cache-llm). */
  cached?: true;
}

/**
 * Asks the chat model, answering its tool calls until it replies in words.
 * Each reply with tool calls is one round; after `maxRounds` of them, one last
 * request with tool_choice "none" makes it answer. Without tools this is the
 * one request it always was. Token usage is summed over every request.
 * Requests the LLM cache answers (run --cache-llm) are recorded as such for
 * the trial's cost; the conversation is `cached` when all of them were.
 */
export async function converse(endpoint: OpenAIEndpoint, request: ChatCompletionCreateParamsNonStreaming, tools: ToolBox | undefined, maxRounds: number): Promise<ToolConversation> {
  const messages: ChatCompletionMessageParam[] = [...request.messages];
  const usages: ReportedUsage[] = [];
  const calls: ToolCall[] = [];
  const artifacts: Artifact[] = [];
  const offered = tools ? { tools: tools.offered() } : {};
  let fromCache = 0;
  for (let round = 0; ; round += 1) {
    const exhausted = tools !== undefined && round === maxRounds;
    const { completion, cached } = await endpoint.chatCompletion('chat request', { ...request, messages: [...messages], ...offered, ...(exhausted ? { tool_choice: 'none' } : {}) });
    const usage = readCompletionUsage(completion.usage, `the chat model at ${endpoint.url}`);
    usages.push(usage);
    if (cached) {
      fromCache += 1;
      recordCachedCall('chat', usage.usage);
    }
    const choice = completion.choices?.[0];
    const toolCalls = tools ? (choice?.message?.tool_calls ?? []) : [];
    if (toolCalls.length > 0 && !exhausted) {
      messages.push({ role: 'assistant', content: choice!.message.content ?? null, tool_calls: toolCalls });
      for (const toolCall of toolCalls) {
        const answered = tools!.answer(toolCall);
        calls.push(answered.call);
        if (answered.artifact) artifacts.push(answered.artifact);
        messages.push({ role: 'tool', tool_call_id: toolCall.id, content: answered.answer });
      }
      continue;
    }
    // Calls made despite tool_choice "none" are what the agent tried (a harmful one is still harmful): kept with their arguments, unanswered.
    for (const toolCall of toolCalls) {
      const { name, raw } = partsOf(toolCall);
      const parsed = parseArguments(raw).arguments;
      calls.push({ name, arguments: parsed ?? {}, ...(parsed ? {} : { raw }), error: `called after max_tool_rounds (${maxRounds}) under tool_choice "none"; not answered` });
    }
    // A model that answers tool_choice "none" with calls alone said nothing, but what it did stands (a call to the
    // obsolete host is harmful action): the reply is empty, and the probe is graded on its actions (probeReply.ts).
    const reply = choice?.message?.content ?? (toolCalls.length > 0 ? '' : undefined);
    if (typeof reply !== 'string') throw new RecallGateError('incomplete', `the chat model returned no message content (finish_reason ${choice?.finish_reason ?? 'none'})`);
    return {
      reply,
      ...(choice?.finish_reason ? { finish_reason: choice.finish_reason } : {}),
      ...summedUsage(usages, endpoint.url),
      ...(tools ? { tool_calls: calls, artifacts } : {}),
      ...(exhausted ? { tool_rounds_exhausted: true } : {}),
      ...(fromCache === round + 1 ? { cached: true } : {}),
    };
  }
}

/**
 * The invocation's tokens: the sum when every request reported them; unknown
 * (with why) when one reported nonsense or some reported nothing, since a
 * partial sum would undercount the cost.
 */
function summedUsage(rounds: ReportedUsage[], url: string): ReportedUsage {
  const warning = rounds.find((round) => round.usage_warning)?.usage_warning;
  if (warning) return { usage_warning: warning };
  const known = rounds.flatMap((round) => (round.usage ? [round.usage] : []));
  if (known.length === 0) return {};
  if (known.length < rounds.length) {
    return { usage_warning: `the chat model at ${url} reported token usage for ${known.length} of the ${rounds.length} requests of this invocation (tool rounds); counted as unknown` };
  }
  return { usage: { input_tokens: known.reduce((sum, usage) => sum + usage.input_tokens, 0), output_tokens: known.reduce((sum, usage) => sum + usage.output_tokens, 0) } };
}
