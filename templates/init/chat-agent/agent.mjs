// YOUR AGENT: what answers one chat turn. adapter.mjs (beside this file)
// calls answer() for every turn recall-gate plays, with the memories it
// recalled for the message: from your memory under the "recall" condition,
// none under "none", the case's evidence under "oracle". Use them as your
// agent does (its system prompt, its context); if your agent searches memory
// itself, have adapter.mjs hand you its results instead, so the conditions
// still mean what they say.
//
// It starts as a STAND-IN: one chat completion on an OpenAI-compatible
// endpoint with the memories in the system prompt. Replace its body with a
// call into your agent, keeping what it returns: { reply, usage? }.
//
// Environment (suite.yaml's env: passes them on): OPENAI_BASE_URL (default
// https://api.openai.com/v1), OPENAI_API_KEY, CHAT_MODEL (default gpt-4o-mini).

/* global fetch */

const endpoint = {
  baseURL: (process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1').replace(/\/+$/, ''),
  apiKey: process.env.OPENAI_API_KEY || '',
  model: process.env.CHAT_MODEL || 'gpt-4o-mini',
};

/** What the stand-in tells the model: who it is, today, and what memory brought back, one dated line each. */
function systemPrompt(date, memories) {
  const lines = memories.map(({ text, date: said }) => (said ? `- [${said}] ${text}` : `- ${text}`));
  return [
    'You are a helpful personal assistant with long-term memory.',
    ...(date ? [`Today is ${date}.`] : []),
    'Answer from what you remember about the user. When it does not tell you, say you do not know.',
    lines.length > 0 ? `What you remember about the user:\n${lines.join('\n')}` : 'You remember nothing relevant about the user.',
  ].join('\n');
}

/**
 * One turn: `message` from `user` on `date` (YYYY-MM-DD, or undefined),
 * `memories` ([{ text, date? }], best first), `history` (this conversation's
 * earlier turns, [{ role, content }]). Returns { reply, usage? }; usage with
 * `model` lets recall-gate price the tokens.
 */
export async function answer({ date, message, memories, history }) {
  const response = await fetch(`${endpoint.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
    body: JSON.stringify({ model: endpoint.model, messages: [{ role: 'system', content: systemPrompt(date, memories) }, ...history, { role: 'user', content: message }] }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`the chat model answered ${response.status}: ${body.slice(0, 300)}`);
  const completion = JSON.parse(body);
  const usage = completion.usage && { input_tokens: completion.usage.prompt_tokens, output_tokens: completion.usage.completion_tokens, model: completion.model || endpoint.model };
  return { reply: completion.choices?.[0]?.message?.content ?? '', ...(usage ? { usage } : {}) };
}
