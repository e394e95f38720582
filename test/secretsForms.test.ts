import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mcpClient } from '../src/memory/mcp.js';
import { redactUrl } from '../src/redact.js';
import { base64Cores } from '../src/secretForms.js';
import { registerPassedValue, registerSecret, scrubSecrets } from '../src/secrets.js';
import type { ProviderSpec } from '../src/model/suite.js';
import { childEnv } from '../src/process/childEnv.js';
import { expandTemplates } from '../src/process/envTemplate.js';

// The registry is the process's: each test registers values of its own (a distinct word in each).

/** Whether any base64 run in `text`, decoded at any of the four character offsets, holds `needle`. */
function base64Holds(text: string, needle: string): boolean {
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{8,}/g)) {
    for (let shift = 0; shift < 4; shift++) {
      if (Buffer.from(run.slice(shift), 'base64').toString('latin1').toLowerCase().includes(needle.toLowerCase())) return true;
    }
  }
  return false;
}

/** `text` HTML-escaped as escapers write it: every character but letters and digits as a reference, in `style`. */
function htmlEscaped(text: string, style: 'hex' | 'HEX' | 'decimal' | 'named'): string {
  const named: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;', '/': '&sol;', '+': '&plus;', '=': '&equals;' };
  return [...text]
    .map((char) => {
      if (/[A-Za-z0-9]/.test(char)) return char;
      const point = char.codePointAt(0)!;
      if (style === 'named' && named[char]) return named[char];
      if (style === 'decimal') return `&#${point};`;
      return style === 'hex' ? `&#x${point.toString(16)};` : `&#x${point.toString(16).toUpperCase()};`;
    })
    .join('');
}

/** Every byte but letters' and digits' percent-encoded, `-._~` included (which encodeURIComponent leaves). */
function percentEncodedAll(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => (/[A-Za-z0-9]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`)).join('');
}

describe('scrubSecrets: the forms a server or an adapter echoes a key in', () => {
  const key = 'sk-formsA/b+c&d"e<f=g_h-i~jKLM9';
  registerSecret(key);

  test('base64 of the key alone, standard and URL-safe, padded or not, leaves nothing of it', () => {
    const bytes = Buffer.from(key, 'utf8');
    for (const encoded of [bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('base64').replace(/=+$/, '')]) {
      const scrubbed = scrubSecrets(`echo: ${encoded}.`);
      assert.equal(scrubbed, 'echo: ***.', encoded);
    }
  });

  test('base64 of a text holding the key, at each of the three byte alignments, no longer decodes to it', () => {
    for (const around of [['Bearer ', ''], ['x', 'yy'], ['xy', ' tail'], ['', '\n'], ['user:', '']] as const) {
      const plain = `${around[0]}${key}${around[1]}`;
      for (const encoded of [Buffer.from(plain).toString('base64'), Buffer.from(plain).toString('base64url')]) {
        assert.ok(base64Holds(encoded, key), 'the search finds the key before scrubbing');
        const scrubbed = scrubSecrets(`{"auth":"${encoded}"}`);
        assert.match(scrubbed, /\*\*\*/, `${JSON.stringify(plain)} as ${encoded}`);
        assert.ok(!base64Holds(scrubbed, key.slice(0, 6)) && !base64Holds(scrubbed, key.slice(-6)), `${JSON.stringify(plain)}: ${scrubbed}`);
        // Only the characters carrying the key's bits go: what encodes the text before it stays.
        if (around[0].length >= 6) assert.ok(scrubbed.startsWith(`{"auth":"${encoded.slice(0, 8)}`), scrubbed);
      }
    }
  });

  test('every alignment has a core of at least 10 characters for the shortest secret registered', () => {
    for (const core of base64Cores(Buffer.from('12345678'))) assert.ok(core.length >= 10, core);
  });

  test('HTML-escaped, by hex, decimal and named references, whole or in part', () => {
    for (const style of ['hex', 'HEX', 'decimal', 'named'] as const) {
      const escaped = htmlEscaped(key, style);
      assert.equal(scrubSecrets(`<p>${escaped}</p>`), '<p>***</p>', escaped);
    }
    // As escape-html and lodash write it: only & < > " ' escaped.
    const partly = key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    assert.equal(scrubSecrets(`<td>${partly}</td>`), '<td>***</td>');
    // Leading zeros and the slash as &#47; / &#x2f;.
    assert.equal(scrubSecrets(key.replace('/', '&#047;').replace('+', '&#x0002B;')), '***');
  });

  test('URL-encoded, every punctuation byte or only what encodeURIComponent encodes, either hex case', () => {
    for (const encoded of [encodeURIComponent(key), percentEncodedAll(key), percentEncodedAll(key).toUpperCase()]) {
      assert.equal(scrubSecrets(`https://x.example/?k=${encoded}&v=1`), 'https://x.example/?k=***&v=1', encoded);
    }
  });

  test('upper-cased and lower-cased', () => {
    assert.equal(scrubSecrets(`KEY ${key.toUpperCase()} key ${key.toLowerCase()}`), 'KEY *** key ***');
  });

  test('forms within forms: JSON of HTML, JSON twice, \\u escapes, and results stay JSON', () => {
    const document = { html: htmlEscaped(key, 'hex'), nested: JSON.stringify({ key }), go: JSON.stringify(key).replace(/&/g, '\\u0026').replace(/</g, '\\u003c').slice(1, -1) };
    const scrubbed = scrubSecrets(JSON.stringify(document));
    assert.deepEqual(JSON.parse(scrubbed), { html: '***', nested: '{"key":"***"}', go: '***' });
  });

  test('text without a secret is returned as it was, and scrubbing never lengthens it', () => {
    const text = 'The user lives in Porto; sk-other-value; c2stZm9ybXM=; &#x2F; %2F';
    assert.equal(scrubSecrets(text), text);
    const echoed = `${key} ${Buffer.from(key).toString('base64')} ${htmlEscaped(key, 'decimal')}`;
    assert.ok(scrubSecrets(echoed).length < echoed.length);
  });

  test('stays quick: 30 more secrets registered, then 8000 trial rows (3.5 MB) scrubbed in well under two seconds', () => {
    for (let i = 0; i < 30; i++) registerSecret(`sk-speed-${i}-${'x'.repeat(i)}Qz9/+&`);
    const row = JSON.stringify({ key: 'case-17|recall|2', answer: 'You live in Porto since March 2024, and you like tea. '.repeat(4), reason: 'icontains "porto": found', snapshot: { entries: [{ id: 'm1', text: 'The user likes tea and lives in Porto' }] } });
    // A loose bound for a shared machine: it catches a pattern that takes seconds to build or backtracks, not a few percent.
    const started = performance.now();
    let kept = 0;
    for (let i = 0; i < 8000; i++) kept += scrubSecrets(row) === row ? 1 : 0;
    const elapsed = performance.now() - started;
    assert.equal(kept, 8000);
    assert.ok(elapsed < 2000, `${elapsed} ms`);
    assert.equal(scrubSecrets(`a ${Buffer.from('sk-speed-7-xxxxxxxQz9/+&').toString('base64')} b`), 'a *** b');
  });
});

describe('what an env: map takes from the environment is a secret, whatever the name', () => {
  test('each ${VAR} and the whole value holding one; literals under plain names are not', () => {
    const env = { DB_PASS: 'db-pass-envmap-1', NEUTRAL_NAME: 'neutral-value-envmap-1' };
    const expanded = expandTemplates({ DB_PASS: '${DB_PASS}', CONN: 'Password=${DB_PASS};Host=db', ID: '${NEUTRAL_NAME}', MODE: 'literal-mode-envmap-1' }, env, (name) => name);
    assert.equal(expanded.CONN, 'Password=db-pass-envmap-1;Host=db');
    assert.equal(scrubSecrets('db-pass-envmap-1 | Password=db-pass-envmap-1;Host=db | neutral-value-envmap-1 | literal-mode-envmap-1'), '*** | *** | *** | literal-mode-envmap-1');
  });

  test('a URL by its credentials, a path not at all', () => {
    registerPassedValue('https://envmap-user-2:envmap-pass-2@proxy.example/envmap-path-2');
    registerPassedValue('/srv/envmap-data-2/file.json');
    assert.equal(scrubSecrets('https://envmap-user-2:envmap-pass-2@proxy.example/envmap-path-2 /srv/envmap-data-2/file.json'), 'https://***:***@proxy.example/envmap-path-2 /srv/envmap-data-2/file.json');
  });

  test('a child\'s env: (command adapters, started servers, graders) and an mcp provider\'s env:', () => {
    childEnv({ AGENT_CONF: 'conf:${AGENT_CONF_SOURCE}' }, { AGENT_CONF_SOURCE: 'agent-conf-envmap-3' }, 'the adapter');
    const provider = { name: 'm', kind: 'mcp', command: ['node', 'server.mjs'], env: { MEMORY_DB: '${MCP_DB_SOURCE}' }, tools: {}, where: { file: 's.yaml', line: 1, column: 1 } } as unknown as ProviderSpec;
    mcpClient(provider, '.', { MCP_DB_SOURCE: 'mcp-db-envmap-3' });
    assert.equal(scrubSecrets('agent-conf-envmap-3 conf:agent-conf-envmap-3 mcp-db-envmap-3'), '*** *** ***');
  });
});

describe('redactUrl: an invalid URL is never shown as written', () => {
  test('a key pasted as the base URL is shown by its length', () => {
    assert.equal(redactUrl('sk-proj-pastedkey123456'), '(an invalid URL of 23 characters)');
    assert.equal(redactUrl(''), '(an invalid URL of 0 characters)');
  });

  test('a broken URL shows its scheme and host only', () => {
    assert.equal(redactUrl('https://proxy.example:99999/v1?key=sk-pasted'), 'https://proxy.example/... (an invalid URL of 44 characters)');
    assert.equal(redactUrl('https://user:sk-pasted@proxy.example:80a/v1'), 'https://proxy.example/... (an invalid URL of 43 characters)');
    assert.equal(redactUrl('https://[::1]:x/sk-pasted'), 'https://[::1]/... (an invalid URL of 25 characters)');
    assert.equal(redactUrl('https://exa mple.com/sk-pasted'), '(an invalid URL of 30 characters)');
    // User and password never, even when the host is missing and the user would look like one.
    assert.equal(redactUrl('https://agent:sk-pasted@:99999/rpc'), '(an invalid URL of 34 characters)');
  });

  test('valid URLs as before: credentials and query taken out', () => {
    assert.equal(redactUrl('https://u:p@proxy.example/v1?api-key=k'), 'https://***@proxy.example/v1?***');
    assert.equal(redactUrl('http://127.0.0.1:8080/v1'), 'http://127.0.0.1:8080/v1');
  });
});
