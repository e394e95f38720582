import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { boundedFetch } from '../../src/net/boundedFetch.js';

/**
 * boundedFetch sends OpenAI-compatible calls over node:http rather than
 * fetch (a chat call cost about a millisecond of CPU more through fetch):
 * what the server receives and what the caller gets back must be what fetch
 * gives, for every shape of exchange; what it does not handle goes to fetch.
 */

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

async function server(answer: (request: IncomingMessage, response: ServerResponse, body: string) => void): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const http: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      answer(request, response, body);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

const CHAT = { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k', 'user-agent': 'OpenAI/JS 6', accept: 'application/json' }, body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'héllo' }] }) };

/** globalThis.fetch counted while `work` runs (the real fetch still answers). */
async function fetchCalls<T>(work: () => Promise<T>): Promise<{ value: T; calls: number }> {
  const real = globalThis.fetch;
  let calls = 0;
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    calls += 1;
    return real(...args);
  }) as typeof fetch;
  try {
    return { value: await work(), calls };
  } finally {
    globalThis.fetch = real;
  }
}

async function described(response: Response): Promise<unknown> {
  return { status: response.status, statusText: response.statusText, headers: [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive'), body: await response.text() };
}

test('a chat call goes over node:http, and the server sees the request fetch would send', async () => {
  const api = await server((_, response) => {
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-request-id', 'r1');
    response.end('{"ok":true}');
  });
  try {
    const { value, calls } = await fetchCalls(() => boundedFetch(5000)(`${api.url}/v1/chat/completions`, CHAT));
    assert.equal(calls, 0, 'fetch was not used');
    const viaFetch = await fetch(`${api.url}/v1/chat/completions`, CHAT);
    assert.deepEqual(await described(value), await described(viaFetch));
    const [ours, theirs] = api.seen;
    assert.equal(ours!.method, theirs!.method);
    assert.equal(ours!.body, theirs!.body);
    assert.deepEqual(ours!.headers, theirs!.headers);
  } finally {
    await api.close();
  }
});

test('the body reads as a fetch Response\'s does: json, text, arrayBuffer, blob and clone give the bytes, and a body reads once', async () => {
  const api = await server((_, response) => {
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end('{"reply":"Olá, São Paulo 🌧"}');
  });
  try {
    const get = () => boundedFetch(5000)(`${api.url}/v1/chat/completions`, CHAT);
    const viaFetch = () => fetch(`${api.url}/v1/chat/completions`, CHAT);
    for (const read of ['json', 'text', 'arrayBuffer', 'blob'] as const) {
      const [ours, theirs] = [await get(), await viaFetch()];
      const value = async (response: Response) => {
        const body = await response[read]();
        return body instanceof Blob ? [body.type, await body.text()] : body instanceof ArrayBuffer ? [...new Uint8Array(body)] : body;
      };
      assert.deepEqual(await value(ours), await value(theirs), read);
      await assert.rejects(async () => ours.text(), TypeError, `${read} then text: a body reads once`);
      await assert.rejects(async () => theirs.text(), TypeError);
    }
    const response = await get();
    const copy = response.clone();
    assert.deepEqual([await response.json(), await copy.json()], [{ reply: 'Olá, São Paulo 🌧' }, { reply: 'Olá, São Paulo 🌧' }]);
    assert.throws(() => response.clone(), TypeError, 'no clone of a read body');
  } finally {
    await api.close();
  }
});

test('compressed bodies are decoded as fetch decodes them; an unknown coding is left as it came', async () => {
  const text = JSON.stringify({ content: 'ünïcödé '.repeat(200) });
  const encodings: Record<string, (bytes: Buffer) => Buffer> = {
    gzip: (bytes) => gzipSync(bytes),
    'x-gzip': (bytes) => gzipSync(bytes),
    deflate: (bytes) => deflateSync(bytes),
    'deflate ': (bytes) => deflateRawSync(bytes),
    br: (bytes) => brotliCompressSync(bytes),
    'deflate, gzip': (bytes) => gzipSync(deflateSync(bytes)),
    zstd: (bytes) => bytes,
  };
  const api = await server((request, response) => {
    const coding = decodeURIComponent(request.url!.slice(1));
    response.setHeader('content-encoding', coding.trim());
    response.end(encodings[coding]!(Buffer.from(text)));
  });
  try {
    for (const coding of Object.keys(encodings)) {
      const url = `${api.url}/${encodeURIComponent(coding)}`;
      const ours = await boundedFetch(5000)(url, CHAT);
      const theirs = await fetch(url, CHAT);
      assert.deepEqual(await described(ours), await described(theirs), coding);
    }
  } finally {
    await api.close();
  }
});

test('a redirect is followed as fetch follows it; statuses without a body have none', async () => {
  const api = await server((request, response) => {
    if (request.url === '/moved') {
      response.writeHead(307, { location: '/here' });
      response.end();
    } else if (request.url === '/empty') {
      response.writeHead(204);
      response.end();
    } else {
      response.end(`at ${request.url} by ${request.method}`);
    }
  });
  try {
    for (const path of ['/moved', '/empty']) {
      const ours = await boundedFetch(5000)(`${api.url}${path}`, CHAT);
      const theirs = await fetch(`${api.url}${path}`, CHAT);
      assert.deepEqual(await described(ours), await described(theirs), path);
    }
  } finally {
    await api.close();
  }
});

test('failures reject as fetch rejects: no server, a body cut short, the caller aborting', async () => {
  const api = await server((request, response) => {
    if (request.url === '/cut') {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":');
      setTimeout(() => response.destroy(), 20);
    } else {
      setTimeout(() => response.end('late'), 2000);
    }
  });
  const shape = (error: unknown) => ({ name: (error as Error).name, message: (error as Error).message, cause: ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code });
  const outcome = async (run: () => Promise<Response>) => {
    try {
      return { body: await (await run()).text() };
    } catch (error) {
      return shape(error);
    }
  };
  try {
    // A port nothing listens on, and one fetch refuses outright (a "bad port": fetch's own answer, unchanged).
    const gone = await server(() => undefined);
    await gone.close();
    for (const closed of [`${gone.url}/v1/chat/completions`, 'http://127.0.0.1:6000/v1/chat/completions']) {
      assert.deepEqual(await outcome(() => boundedFetch(5000)(closed, CHAT)), await outcome(() => fetch(closed, CHAT)), closed);
    }
    const ours = await outcome(() => boundedFetch(5000)(`${api.url}/cut`, CHAT));
    assert.deepEqual(ours, { name: 'TypeError', message: 'terminated', cause: undefined });
    const reason = new Error('the caller gave up');
    const controller = new AbortController();
    setTimeout(() => controller.abort(reason), 50);
    await assert.rejects(boundedFetch(5000)(`${api.url}/slow`, { ...CHAT, signal: controller.signal }), (error) => error === reason);
    await assert.rejects(boundedFetch(100)(`${api.url}/slow`, CHAT), /timed out: no complete response within 100 ms/);
  } finally {
    await api.close();
  }
});
