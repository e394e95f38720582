import { test } from 'node:test';
import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { baseUrlOf } from '../src/net/openaiEndpoint.js';

// The endpoint names its URL before the openai package is loaded (it loads on the first call), so it must settle on the URL the client will.
test('baseUrlOf picks the base URL the openai client picks, option and OPENAI_BASE_URL alike', () => {
  const saved = process.env.OPENAI_BASE_URL;
  try {
    for (const env of [undefined, '', '  ', ' http://127.0.0.1:9/v1 ', 'http://env.example/v1']) {
      for (const option of [undefined, '', 'http://option.example/v1']) {
        if (env === undefined) delete process.env.OPENAI_BASE_URL;
        else process.env.OPENAI_BASE_URL = env;
        const client = new OpenAI({ apiKey: 'sk-test-only', baseURL: option });
        assert.equal(baseUrlOf(option), client.baseURL, `OPENAI_BASE_URL ${JSON.stringify(env)}, baseURL option ${JSON.stringify(option)}`);
      }
    }
  } finally {
    if (saved === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = saved;
  }
});
