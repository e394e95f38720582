import assert from 'node:assert/strict';
import { delimiter, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { urlCredentials } from '../src/redact.js';
import { MIN_SECRET_LENGTH, SECRET_MARKER, onSecretRegistered, registerEnvironmentSecrets, registerSecret, scrubSecrets, scrubSecretsIn } from '../src/secrets.js';
import { childEnvironment } from '../src/process/childEnv.js';

// The registry is the process's: each test registers values of its own.
describe('scrubSecrets', () => {
  test('replaces a secret as is, JSON-escaped once and twice, and URL-encoded, and keeps JSON valid', () => {
    const secret = 'sk-a/"b\\c d-unit-1';
    registerSecret(secret);
    const document = { reason: `401: ${secret}`, nested: JSON.stringify({ data: secret }), url: `https://x.example/?k=${encodeURIComponent(secret)}` };
    const text = JSON.stringify(document);
    const scrubbed = scrubSecrets(text);
    assert.deepEqual(JSON.parse(scrubbed), { reason: '401: ***', nested: '{"data":"***"}', url: 'https://x.example/?k=***' });
    assert.equal(scrubSecrets(`${secret} and ${encodeURIComponent(secret).toLowerCase()} and ${encodeURIComponent(secret).replace(/%20/g, '+')}`), '*** and *** and ***');
  });

  test('a secret inside another is replaced whole by the longer one first', () => {
    registerSecret('inner-secret-unit-2');
    registerSecret('outer-inner-secret-unit-2-tail');
    assert.equal(scrubSecrets('x outer-inner-secret-unit-2-tail y inner-secret-unit-2 z'), 'x *** y *** z');
  });

  test('short values and common settings are not registered, so reports stay readable', () => {
    registerSecret('short');
    registerSecret('disabled');
    registerSecret('   ');
    assert.equal(scrubSecrets('a short note: the feature is disabled'), 'a short note: the feature is disabled');
  });

  test('never makes a text longer', () => {
    registerSecret('12345678');
    assert.ok(SECRET_MARKER.length < MIN_SECRET_LENGTH);
    assert.equal(scrubSecrets('pin 12345678'), 'pin ***');
  });

  test('scrubSecretsIn scrubs every string of a document and keeps other values as they are', () => {
    registerSecret('doc-secret-unit-3');
    const scrubbed = scrubSecretsIn({ rate: Number.NaN, list: ['doc-secret-unit-3', 2, null], deep: { reason: 'got doc-secret-unit-3' }, flag: true });
    assert.ok(Number.isNaN(scrubbed.rate));
    assert.deepEqual({ ...scrubbed, rate: 0 }, { rate: 0, list: ['***', 2, null], deep: { reason: 'got ***' }, flag: true });
    // Keys are ids the data is looked up by: kept, "__proto__" included (the writers scrub the text of keys too).
    const ranks = JSON.parse('{"__proto__": "doc-secret-unit-3", "m1": 2}') as Record<string, unknown>;
    assert.deepEqual(Object.entries(scrubSecretsIn({ ranks }).ranks), [['__proto__', '***'], ['m1', 2]]);
  });

  test('listeners hear of values registered before and after', () => {
    registerSecret('before-listener-unit-4');
    const heard: string[] = [];
    onSecretRegistered((value) => heard.push(value));
    registerSecret('after-listener-unit-4');
    assert.ok(heard.includes('before-listener-unit-4') && heard.includes('after-listener-unit-4'));
  });
});

describe('registerEnvironmentSecrets', () => {
  test('secret-looking names, the Action inputs and URL credentials count; paths, settings and other names do not', () => {
    registerEnvironmentSecrets({
      MY_SERVICE_SECRET: 'env-secret-unit-5',
      'INPUT_GITHUB-TOKEN': 'input-token-unit-5',
      DB_PASSWORD: 'db-password-unit-5',
      PROXY: 'https://proxy-user-unit-5:proxy-pass-unit-5@proxy.example:8080/',
      GOOGLE_APPLICATION_CREDENTIALS: '/home/me/creds-unit-5.json',
      GIT_AUTHOR_NAME: 'Author Name Unit 5',
      MODEL_NAME: 'model-name-unit-5',
    });
    const text = 'env-secret-unit-5 input-token-unit-5 db-password-unit-5 proxy-user-unit-5 proxy-pass-unit-5 /home/me/creds-unit-5.json Author Name Unit 5 model-name-unit-5';
    assert.equal(scrubSecrets(text), '*** *** *** *** *** /home/me/creds-unit-5.json Author Name Unit 5 model-name-unit-5');
  });
});

describe('urlCredentials', () => {
  test('user, password, secret query values and the Basic credentials; not other query values', () => {
    const found = urlCredentials('https://bob%40corp:p%2Fss@host.example/v1?api-key=qk-1&api-version=2024-10-21&sig=abc');
    assert.deepEqual(found, ['bob@corp', 'p/ss', Buffer.from('bob@corp:p/ss').toString('base64'), 'qk-1', 'abc']);
    assert.deepEqual(urlCredentials('not a url'), []);
    assert.deepEqual(urlCredentials('https://host.example/v1'), []);
  });
});

describe('childEnvironment', () => {
  test("a relative PYTHONPATH entry is made absolute from recall-gate's folder: the child runs in the suite's", () => {
    const given = ['.', 'src', '', '/opt/lib'].join(delimiter);
    assert.equal(childEnvironment({ PYTHONPATH: given }).PYTHONPATH, [process.cwd(), resolve('src'), '', '/opt/lib'].join(delimiter));
  });

  test('inherits only what programs need (a Python path included), then the suite env over it', () => {
    const parent = {
      PATH: '/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      TMPDIR: '/tmp',
      SystemRoot: 'C:\\Windows',
      PYTHONPATH: '/home/me/project',
      VIRTUAL_ENV: '/home/me/project/.venv',
      GITHUB_TOKEN: 'ghs_x',
      'INPUT_GITHUB-TOKEN': 'ghs_y',
      OPENAI_API_KEY: 'sk-x',
      ACTIONS_RUNTIME_TOKEN: 'z',
      HTTPS_PROXY: 'http://u:p@proxy/',
      NODE_OPTIONS: '--require ./hook.js',
      AGENT_MODE: 'from-parent',
    };
    assert.deepEqual(childEnvironment(parent, { AGENT_MODE: 'from-suite', AGENT_KEY: 'k' }), {
      PATH: '/bin',
      HOME: '/home/me',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      TMPDIR: '/tmp',
      SystemRoot: 'C:\\Windows',
      PYTHONPATH: '/home/me/project',
      VIRTUAL_ENV: '/home/me/project/.venv',
      AGENT_MODE: 'from-suite',
      AGENT_KEY: 'k',
    });
  });
});
