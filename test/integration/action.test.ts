import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runAction } from '../support/action.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';

test('the Action runs the example suite, writes the summary and the results-path output, masks the key', async () => {
  const result = await runAction(tempDir(), {
    suite: join(REPO_ROOT, 'suites/examples/assistant-memory/suite.yaml'),
    'results-dir': 'out',
    'openai-api-key': 'sk-secret-value',
    layer: 'retrieval',
  });
  assert.equal(result.code, 0, result.log);
  assert.match(result.summary, /## ✅ recall-gate: assistant-memory passed/);
  assert.match(result.summary, /\| keyword \| \d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\] n=18 queries \|/);
  assert.match(result.outputText, /verdict<<.*\npass\n/);
  assert.match(result.outputText, /results-path<<.*\n\/.*\/out\n/);
  assert.match(result.log, /::add-mask::sk-secret-value/);
  assert.match(result.log, /::notice::recall-gate: the Actions cache is not available here/);
  // Not a pull request: nothing to say of a comment.
  assert.doesNotMatch(result.log, /no PR comment/);
});

test('on a pull request with no github-token the Action says no comment is written, and the job is the run\'s', async () => {
  const result = await runAction(tempDir(), { suite: join(REPO_ROOT, 'suites/examples/assistant-memory/suite.yaml'), layer: 'retrieval' }, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_REPOSITORY: 'acme/agent' });
  assert.equal(result.code, 0, result.log);
  assert.match(result.log, /::notice::recall-gate: no PR comment is written: the github-token input is empty \(the job summary has the report\)/);
});

test('an invalid suite fails the step with an annotation at the problem', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'suite.yaml'), 'name: bad\nretrieval:\n  providers: [{ name: kw, kind: keywrd }]\n  memories: [{ id: a, text: x }]\n  queries: [{ text: y, relevant: [a] }]\n');
  const result = await runAction(dir, { suite: 'suite.yaml' });
  assert.equal(result.code, 1);
  assert.match(result.log, /::error file=suite\.yaml,line=3,col=33::"kind" must be one of: keyword, vector, chroma, adapter, mcp; got "keywrd" \(did you mean "keyword"\?\)/);
  assert.match(result.log, /::error::recall-gate: 1 problem in the suite/);
});

test('a suite\'s warnings are warning annotations at their line, and the run goes on', async () => {
  const dir = tempDir();
  const memories = Array.from({ length: 4 }, (_, index) => `    - { id: m${index}, text: "note ${index}" }`);
  const queries = Array.from({ length: 4 }, (_, index) => `    - { text: "note ${index}", relevant: [m${index}] }`);
  writeFileSync(join(dir, 'suite.yaml'), ['name: warned', 'retrieval:', '  haystack: [0.5, 1]', '  providers: [{ name: kw, kind: keyword }]', '  memories:', ...memories, '  queries:', ...queries, ''].join('\n'));
  const result = await runAction(dir, { suite: 'suite.yaml', layer: 'retrieval' });
  assert.equal(result.code, 0, result.log);
  assert.match(result.log, /::warning file=suite\.yaml,line=3,col=\d+::.*haystack/);
  assert.match(result.log, /suite\.yaml:3:\d+: warning: .*haystack/);
});
