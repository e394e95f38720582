import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseErrorResponse, serialize, type Dispatcher } from './dispatch.js';
import { describeThrown } from './errors.js';
import type { ServedAdapter } from './types.js';

export interface HttpOptions {
  host: string;
  port: number;
  /** When set, requests must carry `Authorization: Bearer <token>`. */
  token?: string;
}

/**
 * JSON-RPC over HTTP: each POST body is one request, its response body the
 * JSON-RPC response (status 200; 204 for a notification). Requests are
 * handled concurrently, as the server receives them.
 */
export async function serveHttp(dispatcher: Dispatcher, options: HttpOptions): Promise<ServedAdapter & { url: string }> {
  const server = createServer((req, res) => {
    void answer(dispatcher, options.token, req, res).catch((error: unknown) => {
      // The client went away mid-request: nothing left to answer.
      if (!res.headersSent) reply(res, 500, `could not answer: ${describeThrown(error).message}\n`, 'text/plain');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.address.includes(':') ? `[${address.address}]` : address.address;
  return {
    transport: 'http',
    url: `http://${host}:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function answer(dispatcher: Dispatcher, token: string | undefined, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') return reply(res, 405, 'POST JSON-RPC requests to this URL\n', 'text/plain');
  if (token && req.headers.authorization !== `Bearer ${token}`) return reply(res, 401, 'missing or wrong bearer token\n', 'text/plain');
  let body = '';
  req.setEncoding('utf8');
  for await (const chunk of req) body += chunk;
  let request: unknown;
  try {
    request = JSON.parse(body);
  } catch {
    return reply(res, 200, serialize(parseErrorResponse('the body')));
  }
  const response = await dispatcher.handle(request);
  if (!response) {
    res.writeHead(204);
    res.end();
    return;
  }
  reply(res, 200, serialize(response));
}

function reply(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}
