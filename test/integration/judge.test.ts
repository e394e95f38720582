import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gradeAnswer } from '../../src/e2e/checks/grade.js';
import { OpenAIJudge } from '../../src/e2e/openaiJudge.js';
import { RecallGateError } from '../../src/errors.js';
import { startOpenAIServer, type ChatRequestBody } from '../support/openaiServer.js';

test('the judge asks an OpenAI-compatible model for JSON and keeps its reason and tokens', async () => {
  const seen: ChatRequestBody[] = [];
  const server = await startOpenAIServer({
    apiKey: 'sk-test',
    chat: (request) => {
      seen.push(request);
      const answer = request.messages.at(-1)!.content;
      return JSON.stringify({ pass: /vegetable/.test(answer), reason: /vegetable/.test(answer) ? 'suggests a meat-free dish' : 'suggests meat' });
    },
  });
  try {
    const judge = new OpenAIJudge('judge-model', { apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 });
    const check = { all: [{ judge: { rubric: 'A vegetarian dinner.' } }, { not: { icontains: 'peanut' } }] };
    const good = await gradeAnswer(check, 'Try a vegetable curry.', { question: 'Dinner idea?', judge });
    assert.equal(good.pass, true);
    assert.ok(good.usage && good.usage.input_tokens > 0 && good.usage.output_tokens > 0);
    const bad = await gradeAnswer(check, 'Roast chicken.', { question: 'Dinner idea?', judge });
    assert.equal(bad.pass, false);
    assert.match(bad.reason, /\[judge: suggests meat\]/, 'one "judge: " prefix, not two');
    assert.equal(seen[0]!.model, 'judge-model');
    assert.deepEqual(seen[0]!.response_format, { type: 'json_object' });
    assert.match(seen[0]!.messages.at(-1)!.content, /Rubric:\nA vegetarian dinner\./);
  } finally {
    await server.close();
  }
});

test('a judge that does not answer with JSON makes the grade an error, not a fail', async () => {
  const server = await startOpenAIServer({ apiKey: 'sk-test', chat: () => 'Looks fine to me!' });
  try {
    const judge = new OpenAIJudge('judge-model', { apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 });
    await assert.rejects(gradeAnswer({ judge: { rubric: 'x' } }, 'answer', { question: 'q', judge }), (error: unknown) => {
      assert.ok(error instanceof RecallGateError);
      assert.match(error.message, /the judge did not answer with JSON: Looks fine to me!/);
      return true;
    });
  } finally {
    await server.close();
  }
});

test('asked for a scale, the judge returns its score; a score outside 1-5 is an error, not a grade', async () => {
  const replies = ['{"score": 4, "reason": "mostly"}', '{"score": 6, "reason": "too high"}', '{"pass": true}'];
  const server = await startOpenAIServer({ apiKey: 'sk-test', chat: () => replies.shift()! });
  try {
    const judge = new OpenAIJudge('judge-model', { apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 });
    const input = { rubric: 'r', question: 'q', answer: 'a', scale: 5 as const };
    const verdict = await judge.grade(input);
    assert.deepEqual([verdict.score, verdict.pass, verdict.reason], [4, true, 'mostly']);
    await assert.rejects(judge.grade(input), /no whole "score" from 1 to 5: \{"score": 6/);
    await assert.rejects(judge.grade(input), /no whole "score" from 1 to 5/);
    const system = (server.requests[0]!.body as ChatRequestBody).messages[0]!.content;
    assert.match(system, /"score": an integer from 1/);
  } finally {
    await server.close();
  }
});
