import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One call to the cache service as the toolkit made it. `body` is the JSON it
 * sent, or for a chunk upload the number of bytes and its Content-Range.
 */
export interface RecordedCacheRequest {
  method: string;
  /** The path under `_apis/artifactcache/`, or `archives/<id>` for a download. */
  resource: string;
  query: Record<string, string>;
  body?: unknown;
  contentRange?: string;
  status: number;
  /** What the server answered, when JSON. */
  response?: unknown;
}

export interface CacheEntryRecord {
  id: number;
  key: string;
  version: string;
  /** Bytes received, then the size the commit announced. */
  size: number;
  committed: boolean;
  /** Order of commit: later entries are newer. */
  committedOrder?: number;
}

export interface CacheServer {
  /** ACTIONS_CACHE_URL: the toolkit appends `_apis/artifactcache/...`. */
  url: string;
  token: string;
  requests: RecordedCacheRequest[];
  entries: CacheEntryRecord[];
  /** The environment variables that make @actions/cache 6.3.0 talk to this server (protocol v1). */
  env(): NodeJS.ProcessEnv;
  /** The calls of one kind: lookup (GET cache), reserve, upload (PATCH), commit, download. */
  calls(kind: 'lookup' | 'reserve' | 'upload' | 'commit' | 'download'): RecordedCacheRequest[];
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status);
    response.end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function readBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The entry a lookup restores, as GitHub documents the matching: an exact
 * match of the primary key, else the newest entry whose key starts with it,
 * else for each restore key in turn the newest entry it prefixes; always of
 * the same version (paths and compression), and only committed entries.
 */
function lookup(entries: readonly CacheEntryRecord[], keys: readonly string[], version: string): CacheEntryRecord | undefined {
  const usable = entries.filter((entry) => entry.committed && entry.version === version).sort((a, b) => b.committedOrder! - a.committedOrder!);
  const [primary, ...restoreKeys] = keys;
  const exact = usable.find((entry) => entry.key === primary);
  if (exact) return exact;
  for (const prefix of [primary!, ...restoreKeys]) {
    const found = usable.find((entry) => entry.key.startsWith(prefix));
    if (found) return found;
  }
  return undefined;
}

/**
 * A local stand-in for the Actions cache service, protocol v1 as
 * @actions/cache 6.3.0 speaks it when ACTIONS_CACHE_SERVICE_V2 is unset (or on
 * GHES): lookup `GET cache?keys=&version=` (204 or {cacheKey, archiveLocation}),
 * reserve `POST caches` ({cacheId}; 409 when the key and version exist: entries
 * are immutable), upload `PATCH caches/:id` with Content-Range, commit
 * `POST caches/:id` with the size, and the archive served from this server.
 * One scope: it does not model branch scopes.
 */
export async function startCacheServer(options: { token?: string } = {}): Promise<CacheServer> {
  const token = options.token ?? 'actions-runtime-token';
  const store = mkdtempSync(join(tmpdir(), 'recall-gate-cache-service-'));
  const requests: RecordedCacheRequest[] = [];
  const entries: CacheEntryRecord[] = [];
  let nextId = 1;
  let commits = 0;
  let base = '';
  const archive = (id: number) => join(store, `${id}.bin`);

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const query = Object.fromEntries(url.searchParams);
      const bytes = await readBytes(request);
      const record: RecordedCacheRequest = { method: request.method ?? 'GET', resource: url.pathname.replace(/^\/_apis\/artifactcache\//, '').replace(/^\//, ''), query, status: 0 };
      requests.push(record);
      const answer = (status: number, body?: unknown) => {
        record.status = status;
        record.response = body;
        send(response, status, body);
      };

      const download = /^\/archives\/(\d+)$/.exec(url.pathname);
      if (download && record.method === 'GET') {
        // The toolkit fetches archiveLocation with no credentials, as from blob storage.
        const entry = entries.find((e) => e.id === Number(download[1]) && e.committed);
        if (!entry) return answer(404, { message: 'archive not found' });
        const data = readFileSync(archive(entry.id));
        record.status = 200;
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': data.length });
        response.end(data);
        return;
      }
      if (!url.pathname.startsWith('/_apis/artifactcache/')) return answer(404, { message: 'not found' });
      if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { message: 'bad runtime token' });

      const json = () => (bytes.length > 0 ? (JSON.parse(bytes.toString('utf8')) as Record<string, unknown>) : {});
      if (record.method === 'GET' && record.resource === 'cache') {
        const keys = (query.keys ?? '').split(',').filter(Boolean);
        if (keys.length === 0 || !query.version) return answer(400, { message: 'keys and version are required' });
        const found = lookup(entries, keys, query.version);
        if (!found) return answer(204);
        return answer(200, { cacheKey: found.key, scope: 'refs/heads/main', cacheVersion: found.version, creationTime: new Date(0).toISOString(), archiveLocation: `${base}/archives/${found.id}` });
      }
      if (record.method === 'GET' && record.resource === 'caches') {
        const listed = entries.filter((e) => e.committed && e.key === query.key);
        return answer(200, { totalCount: listed.length, artifactCaches: listed.map((e) => ({ cacheKey: e.key, cacheVersion: e.version, scope: 'refs/heads/main' })) });
      }
      if (record.method === 'POST' && record.resource === 'caches') {
        const body = json();
        record.body = body;
        const key = String(body.key ?? '');
        const version = String(body.version ?? '');
        if (!key || !version) return answer(400, { message: 'key and version are required' });
        if (entries.some((e) => e.key === key && e.version === version)) return answer(409, { message: `Cache already exists. Scope: refs/heads/main, Key: ${key}, Version: ${version}` });
        const entry: CacheEntryRecord = { id: nextId++, key, version, size: 0, committed: false };
        entries.push(entry);
        closeSync(openSync(archive(entry.id), 'w'));
        return answer(201, { cacheId: entry.id });
      }
      const byId = /^caches\/(\d+)$/.exec(record.resource);
      const entry = byId ? entries.find((e) => e.id === Number(byId[1])) : undefined;
      if (byId && !entry) return answer(404, { message: `no cache reserved with id ${byId[1]}` });
      if (entry && record.method === 'PATCH') {
        record.contentRange = request.headers['content-range'];
        record.body = { bytes: bytes.length };
        const range = /^bytes (\d+)-(\d+)\/(\*|\d+)$/.exec(record.contentRange ?? '');
        if (!range || Number(range[2]) - Number(range[1]) + 1 !== bytes.length) return answer(400, { message: `Content-Range ${record.contentRange ?? '(none)'} does not match the ${bytes.length} bytes sent` });
        if (entry.committed) return answer(409, { message: 'the cache is already committed' });
        const fd = openSync(archive(entry.id), 'r+');
        try {
          writeSync(fd, bytes, 0, bytes.length, Number(range[1]));
        } finally {
          closeSync(fd);
        }
        return answer(204);
      }
      if (entry && record.method === 'POST') {
        const body = json();
        record.body = body;
        const received = statSync(archive(entry.id)).size;
        if (entry.committed) return answer(409, { message: 'the cache is already committed' });
        if (body.size !== received) return answer(400, { message: `the commit announced ${String(body.size)} bytes; ${received} were uploaded` });
        entry.size = received;
        entry.committed = true;
        entry.committedOrder = ++commits;
        return answer(204);
      }
      return answer(404, { message: `no route for ${record.method} ${url.pathname}` });
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { message: (error as Error).message });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kinds = {
    lookup: (r: RecordedCacheRequest) => r.method === 'GET' && r.resource === 'cache',
    reserve: (r: RecordedCacheRequest) => r.method === 'POST' && r.resource === 'caches',
    upload: (r: RecordedCacheRequest) => r.method === 'PATCH',
    commit: (r: RecordedCacheRequest) => r.method === 'POST' && /^caches\/\d+$/.test(r.resource),
    download: (r: RecordedCacheRequest) => r.resource.startsWith('archives/'),
  };
  return {
    url: `${base}/`,
    token,
    requests,
    entries,
    env: () => ({ ACTIONS_CACHE_URL: `${base}/`, ACTIONS_RUNTIME_TOKEN: token }),
    calls: (kind) => requests.filter(kinds[kind]),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          rmSync(store, { recursive: true, force: true });
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
