import type { ChatReply } from '../model/chat.js';
import { normalizeAnswer } from './checks/normalize.js';

/**
 * Why a probe reply cannot be graded, if it cannot: an empty answer would pass
 * every `not:` check, and a reply cut at the token limit (reasoning models
 * often return "" there) is not the agent's answer. One rule for every target.
 */
export function ungradableReply(reply: Pick<ChatReply, 'reply' | 'truncated' | 'tool_calls' | 'artifacts'>, gradeTruncated: boolean): string | undefined {
  // An agent that acted (tool calls, files) and said nothing is graded on what it did; checks on the answer read "".
  const acted = (reply.tool_calls?.length ?? 0) + (reply.artifacts?.length ?? 0) > 0;
  if (normalizeAnswer(reply.reply).trim() === '' && (reply.truncated || !acted)) {
    return reply.truncated ? 'the agent\'s reply is empty: it was cut at the length limit (finish_reason length); raise max_tokens' : 'the agent\'s reply is empty';
  }
  if (reply.truncated && !gradeTruncated) {
    return 'the agent\'s reply was cut at the length limit (finish_reason length); raise max_tokens, or set e2e.grade_truncated: true to grade such replies';
  }
  return undefined;
}
