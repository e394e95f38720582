import { getOctokit } from '@actions/github';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { RecallGateError } from '../../src/errors.js';
import { changedFiles, matchesMemoryPaths, repoRelativePaths } from '../../src/action/github/changedFiles.js';
import { eventFromContext, type GitHubEvent } from '../../src/action/github/client.js';
import { commentMarker, upsertStickyComment } from '../../src/action/github/stickyComment.js';
import { startGitHubServer, type FileChange, type GitHubServer, type GitHubServerOptions } from '../support/githubServer.js';
import { REPO_ROOT, tempDir } from '../support/cli.js';

const repo = { owner: 'octo', repo: 'memory' };

async function withServer(options: GitHubServerOptions, body: (server: GitHubServer, client: ReturnType<typeof getOctokit>) => Promise<void>) {
  const server = await startGitHubServer(options);
  try {
    await body(server, getOctokit('test-token', { baseUrl: server.url }));
  } finally {
    await server.close();
  }
}

const prEvent = (number: number, extra: Record<string, unknown> = {}): GitHubEvent => ({
  eventName: 'pull_request',
  payload: { number, pull_request: { number, ...extra } },
  repo,
});

const manyFiles = (count: number, prefix = 'src/file') => Array.from({ length: count }, (_, i): FileChange => ({ filename: `${prefix}${i}.ts` }));

test('eventFromContext copies a context into a plain event; a PR number comes from pull_request or the payload', async () => {
  const payload = { number: 4, pull_request: { number: 4, changed_files: 1 } };
  const event = eventFromContext({ eventName: 'pull_request', payload, repo, sha: 'e'.repeat(40) });
  assert.deepEqual(event, { eventName: 'pull_request', payload, repo, sha: 'e'.repeat(40) });
  assert.notEqual(event.payload, payload);
  await withServer({ pulls: { 4: [{ filename: 'x.md' }] } }, async (_server, client) => {
    assert.deepEqual((await changedFiles(client, { eventName: 'pull_request', payload: { number: 4 }, repo })).files, ['x.md']);
    const none = await changedFiles(client, { eventName: 'pull_request', payload: {}, repo });
    assert.deepEqual(none, { files: 'all', reason: 'the pull_request event has no pull request number: running everything' });
  });
});

test('a pull request of 250 files is read over 3 pages of 100, renames with their old path', async () => {
  const files = manyFiles(250);
  files[10] = { filename: 'memory/new-name.json', status: 'renamed', previous_filename: 'memory/old-name.json' };
  files[240] = { filename: 'docs/moved.md', status: 'renamed', previous_filename: '.memory/notes.md' };
  await withServer({ pulls: { 12: files } }, async (server, client) => {
    const result = await changedFiles(client, prEvent(12));
    assert.ok(Array.isArray(result.files));
    assert.equal(result.files.length, 252);
    assert.ok(result.files.includes('memory/new-name.json'));
    assert.ok(result.files.includes('memory/old-name.json'));
    assert.ok(result.files.includes('.memory/notes.md'));
    assert.ok(result.files.includes('src/file249.ts'));
    assert.equal(result.reason, 'pull request #12 changes 250 files');
    assert.deepEqual(
      server.requests.map((request) => [request.method, request.path, request.query.page ?? '1', request.query.per_page]),
      [
        ['GET', '/repos/octo/memory/pulls/12/files', '1', '100'],
        ['GET', '/repos/octo/memory/pulls/12/files', '2', '100'],
        ['GET', '/repos/octo/memory/pulls/12/files', '3', '100'],
      ],
    );
    assert.equal(server.requests[0]!.headers.authorization, 'token test-token');
  });
});

test('pull_request_target reads the files the same way', async () => {
  await withServer({ pulls: { 3: [{ filename: 'a.md' }] } }, async (_server, client) => {
    const result = await changedFiles(client, { ...prEvent(3), eventName: 'pull_request_target' });
    assert.deepEqual(result.files, ['a.md']);
  });
});

test("at GitHub's 3,000-file cap a pull request runs everything", async () => {
  await withServer({ pulls: { 9: manyFiles(3200) } }, async (server, client) => {
    const result = await changedFiles(client, prEvent(9));
    assert.deepEqual(result, { files: 'all', reason: 'the pull request changes 3,000 or more files: running everything' });
    assert.equal(server.requests.length, 30);
  });
  // The payload's changed_files already says so: no request at all.
  await withServer({ pulls: {} }, async (server, client) => {
    const result = await changedFiles(client, prEvent(9, { changed_files: 4100 }));
    assert.equal(result.files, 'all');
    assert.equal(server.requests.length, 0);
  });
});

test('a push compares before...after', async () => {
  const before = 'a'.repeat(40);
  const after = 'b'.repeat(40);
  const compares = {
    [`${before}...${after}`]: [{ filename: 'memory/store.ts' }, { filename: 'README.md' }, { filename: 'b.ts', previous_filename: 'a.ts' }],
  };
  await withServer({ compares }, async (server, client) => {
    const result = await changedFiles(client, { eventName: 'push', payload: { before, after }, repo });
    assert.deepEqual(result.files, ['memory/store.ts', 'README.md', 'b.ts', 'a.ts']);
    assert.equal(result.reason, 'the push aaaaaaa...bbbbbbb changes 3 files');
    assert.deepEqual(
      server.requests.map((request) => `${request.method} ${decodeURIComponent(request.path)}`),
      [`GET /repos/octo/memory/compare/${before}...${after}`],
    );
  });
});

test("a push at the compare API's 300-file cap, or one it cannot compare, runs everything", async () => {
  const before = '1'.repeat(40);
  await withServer({ compares: { [`${before}...${'2'.repeat(40)}`]: manyFiles(450) } }, async (_server, client) => {
    const capped = await changedFiles(client, { eventName: 'push', payload: { before, after: '2'.repeat(40) }, repo });
    assert.equal(capped.files, 'all');
    assert.match(capped.reason, /300 or more files \(the compare API lists at most 300\): running everything/);
    // A force push whose old head is gone: the compare is 404.
    const gone = await changedFiles(client, { eventName: 'push', payload: { before: '3'.repeat(40), after: '4'.repeat(40) }, repo });
    assert.equal(gone.files, 'all');
    assert.match(gone.reason, /could not list the files changed by the push 3333333\.\.\.4444444 \(GitHub answered HTTP 404 \(Not Found.*\)\): running everything/);
  });
});

test('a new branch (all-zero or missing before), workflow_dispatch and schedule run everything without a request', async () => {
  await withServer({}, async (server, client) => {
    const zero = await changedFiles(client, { eventName: 'push', payload: { before: '0'.repeat(40), after: 'c'.repeat(40) }, repo });
    assert.deepEqual(zero, { files: 'all', reason: 'new branch: no base to compare' });
    const missing = await changedFiles(client, { eventName: 'push', payload: {}, repo, sha: 'c'.repeat(40) });
    assert.deepEqual(missing, { files: 'all', reason: 'new branch: no base to compare' });
    const dispatch = await changedFiles(client, { eventName: 'workflow_dispatch', payload: {}, repo });
    assert.deepEqual(dispatch, { files: 'all', reason: 'the workflow_dispatch event has no list of changed files: running everything' });
    const schedule = await changedFiles(client, { eventName: 'schedule', payload: {}, repo });
    assert.equal(schedule.files, 'all');
    assert.match(schedule.reason, /schedule/);
    assert.equal(server.requests.length, 0);
  });
});

test('memory globs match dot files, later negations exclude, and the suite and its files always count', () => {
  const files = [
    '.memory/facts.jsonl',
    'memory/.cache/index.bin',
    'memory/store.ts',
    'memory/store.test.ts',
    'src/app.ts',
    'suites/agent/suite.yaml',
    'suites/agent/memories.jsonl',
    'README.md',
  ];
  const { matched } = matchesMemoryPaths(files, ['.memory/**', 'memory/**', '!**/*.test.ts'], ['./suites/agent/suite.yaml', 'suites/agent/memories.jsonl']);
  assert.deepEqual(matched, ['.memory/facts.jsonl', 'memory/.cache/index.bin', 'memory/store.ts', 'suites/agent/suite.yaml', 'suites/agent/memories.jsonl']);
  // A later pattern includes again what a negation excluded, as in a workflow's `paths`.
  assert.deepEqual(matchesMemoryPaths(['memory/a.test.ts'], ['memory/**', '!**/*.test.ts', 'memory/a.test.ts'], []).matched, ['memory/a.test.ts']);
  assert.deepEqual(matchesMemoryPaths(['src/app.ts', 'lib/.env'], ['**/.env'], []).matched, ['lib/.env']);
  assert.deepEqual(matchesMemoryPaths(['src/app.ts'], [], []).matched, []);
  const root = tempDir();
  assert.deepEqual(repoRelativePaths([join(root, 'suites', 'agent', 'suite.yaml'), join(root, 'suites/agent/suite.yaml'), '/elsewhere/x.json'], root), ['suites/agent/suite.yaml']);
});

test('the marker names the suite and cannot end the HTML comment early', () => {
  assert.equal(commentMarker('assistant-memory'), '<!-- recall-gate:suite=assistant-memory -->');
  const odd = commentMarker('a-->b c');
  assert.equal(odd.indexOf('-->'), odd.length - 3);
  assert.ok(!odd.slice(4, -3).includes('--'));
});

test('the sticky comment is created once, then the same one is updated', async () => {
  await withServer({}, async (server, client) => {
    const marker = commentMarker('agent');
    const first = await upsertStickyComment(client, { ...repo, issueNumber: 5, marker, body: '## recall-gate: agent\n\nrecall@5 0.81' });
    assert.ok('action' in first);
    assert.equal(first.action, 'created');
    const second = await upsertStickyComment(client, { ...repo, issueNumber: 5, marker, body: '## recall-gate: agent\n\nrecall@5 0.84' });
    assert.ok('action' in second);
    assert.equal(second.action, 'updated');
    assert.equal(second.url, first.url);
    assert.match(first.url, /^https:\/\/github\.com\/octo\/memory\/pull\/5#issuecomment-\d+$/);

    const writes = server.apiRequests().filter((request) => request.method !== 'GET');
    assert.deepEqual(
      writes.map((request) => [request.method, request.path]),
      [
        ['POST', '/repos/octo/memory/issues/5/comments'],
        ['PATCH', `/repos/octo/memory/issues/comments/${first.id}`],
      ],
    );
    assert.equal((writes[0]!.body as { body: string }).body, `${marker}\n## recall-gate: agent\n\nrecall@5 0.81`);
    assert.equal(server.comments.length, 1);
    assert.equal(server.comments[0]!.body, `${marker}\n## recall-gate: agent\n\nrecall@5 0.84`);
    assert.equal(server.comments[0]!.user.login, 'github-actions[bot]');
  });
});

test('the earlier comment is found on page 3 of 250; other comments are left alone', async () => {
  const marker = commentMarker('agent');
  const seeded: { body: string; user?: { login: string; type: 'Bot' | 'User' } }[] = Array.from({ length: 250 }, (_, i) => ({ body: `comment ${i}` }));
  // A human quoting our marker, and another bot with another suite's marker, before ours.
  seeded[3] = { body: `I saw this in the source: ${marker}`, user: { login: 'alice', type: 'User' } };
  seeded[120] = { body: `${commentMarker('other-suite')}\nother suite`, user: { login: 'github-actions[bot]', type: 'Bot' } };
  seeded[150] = { body: `${marker}\nnot ours`, user: { login: 'renovate[bot]', type: 'Bot' } };
  seeded[230] = { body: `${marker}\nold report`, user: { login: 'github-actions[bot]', type: 'Bot' } };
  await withServer({ comments: { 7: seeded } }, async (server, client) => {
    const ours = server.comments[230]!;
    const untouched = server.comments.map((comment) => comment.body);
    const result = await upsertStickyComment(client, { ...repo, issueNumber: 7, marker, body: `${marker}\nnew report` });
    assert.deepEqual(result, { url: `https://github.com/octo/memory/pull/7#issuecomment-${ours.id}`, action: 'updated', id: ours.id });
    const api = server.apiRequests();
    assert.deepEqual(
      api.map((request) => `${request.method} ${request.path} ${request.query.page ?? ''}`),
      [
        'GET /repos/octo/memory/issues/7/comments ',
        'GET /repos/octo/memory/issues/7/comments 2',
        'GET /repos/octo/memory/issues/7/comments 3',
        `PATCH /repos/octo/memory/issues/comments/${ours.id} `,
      ],
    );
    assert.equal(api[0]!.query.per_page, '100');
    assert.equal(ours.body, `${marker}\nnew report`);
    server.comments.forEach((comment, i) => {
      if (i !== 230) assert.equal(comment.body, untouched[i]);
    });
  });
});

test('with only other authors carrying the marker, a new comment is created', async () => {
  const marker = commentMarker('agent');
  const comments = {
    4: [
      { body: `${marker}\nquoted by a human`, user: { login: 'alice', type: 'User' as const } },
      { body: `${commentMarker('agent-2')}\nanother suite`, user: { login: 'github-actions[bot]', type: 'Bot' as const } },
      { body: `${marker}\nanother tool`, user: { login: 'some-app[bot]', type: 'Bot' as const } },
    ],
  };
  await withServer({ comments }, async (server, client) => {
    const before = server.comments.map((comment) => comment.body);
    const result = await upsertStickyComment(client, { ...repo, issueNumber: 4, marker, body: 'report' });
    assert.ok('action' in result && result.action === 'created');
    assert.equal(server.comments.length, 4);
    assert.deepEqual(server.comments.slice(0, 3).map((comment) => comment.body), before);
    assert.equal(server.apiRequests().filter((request) => request.method === 'PATCH').length, 0);
  });
});

test('the identity falls back to GET /user, then to any Bot author with the marker', async () => {
  const marker = commentMarker('agent');
  const user = { login: 'release-pat-owner', type: 'User' as const };
  await withServer(
    { graphqlViewer: false, restUser: true, identity: user, comments: { 2: [{ body: `${marker}\nbot`, user: { login: 'github-actions[bot]', type: 'Bot' } }, { body: `${marker}\nmine`, user }] } },
    async (server, client) => {
      const result = await upsertStickyComment(client, { ...repo, issueNumber: 2, marker, body: 'new' });
      assert.ok('id' in result);
      assert.equal(result.id, server.comments[1]!.id);
    },
  );
  await withServer(
    { graphqlViewer: false, restUser: false, comments: { 2: [{ body: `${marker}\nhuman`, user: { login: 'alice', type: 'User' } }, { body: `${marker}\nbot`, user: { login: 'my-app[bot]', type: 'Bot' } }] } },
    async (server, client) => {
      const result = await upsertStickyComment(client, { ...repo, issueNumber: 2, marker, body: 'new' });
      assert.ok('id' in result);
      assert.equal(result.id, server.comments[1]!.id);
      assert.equal(server.comments[0]!.body, `${marker}\nhuman`);
    },
  );
  // An explicit login skips the lookups.
  await withServer({ comments: { 2: [{ body: `${marker}\nx`, user: { login: 'my-app[bot]', type: 'Bot' } }] } }, async (server, client) => {
    const result = await upsertStickyComment(client, { ...repo, issueNumber: 2, marker, body: 'new', authorLogin: 'my-app[bot]' });
    assert.ok('action' in result && result.action === 'updated');
    assert.equal(server.requests.filter((request) => request.path === '/graphql' || request.path === '/user').length, 0);
  });
});

test("a fork's read-only token (403) skips the comment with the fix, without throwing", async () => {
  await withServer({ readOnly: true }, async (server, client) => {
    const result = await upsertStickyComment(client, { ...repo, issueNumber: 8, marker: commentMarker('agent'), body: 'report' });
    assert.ok('skipped' in result);
    assert.match(result.skipped, /HTTP 403: Resource not accessible by integration/);
    assert.match(result.skipped, /permissions: pull-requests: write/);
    assert.match(result.skipped, /workflow_run/);
    assert.equal(server.comments.length, 0);
  });
});

test('an oversized body is an error before any request', async () => {
  await withServer({}, async (server, client) => {
    const body = 'é'.repeat(40000); // 40,000 characters, 80,000 bytes
    await assert.rejects(
      upsertStickyComment(client, { ...repo, issueNumber: 1, marker: commentMarker('agent'), body }),
      (error: unknown) => error instanceof RecallGateError && /80\d{3} bytes, over GitHub's limit of 65536/.test(error.message),
    );
    assert.equal(server.requests.length, 0);
  });
});

test('in a fresh process, GITHUB_API_URL and the event file drive context, getOctokit and changedFiles', async () => {
  await withServer({ pulls: { 21: [{ filename: '.memory/a.json' }, { filename: 'src/x.ts' }] } }, async (server) => {
    const dir = tempDir();
    const eventPath = join(dir, 'event.json');
    writeFileSync(eventPath, JSON.stringify({ action: 'synchronize', number: 21, pull_request: { number: 21, changed_files: 2 } }));
    const moduleUrl = (path: string) => pathToFileURL(join(REPO_ROOT, 'build', path)).href;
    const script = `
      import { context, getOctokit } from '@actions/github';
      const { changedFiles } = await import(${JSON.stringify(moduleUrl('src/action/github/changedFiles.js'))});
      const { eventFromContext } = await import(${JSON.stringify(moduleUrl('src/action/github/client.js'))});
      const event = eventFromContext(context);
      const result = await changedFiles(getOctokit(process.env.TOKEN), event);
      console.log(JSON.stringify({ event, result }));
    `;
    const env = {
      PATH: process.env.PATH,
      TOKEN: 'env-token',
      GITHUB_API_URL: server.url,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: 'octo/memory',
      GITHUB_SHA: 'f'.repeat(40),
    };
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
    });
    const { event, result } = JSON.parse(output) as { event: GitHubEvent; result: unknown };
    assert.equal(event.eventName, 'pull_request');
    assert.deepEqual(event.repo, repo);
    assert.equal(event.sha, 'f'.repeat(40));
    assert.deepEqual(result, { files: ['.memory/a.json', 'src/x.ts'], reason: 'pull request #21 changes 2 files' });
    assert.equal(server.requests[0]!.headers.authorization, 'token env-token');
  });
});
