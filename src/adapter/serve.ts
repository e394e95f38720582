import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { Dispatcher } from './dispatch.js';
import { serveHttp } from './http.js';
import { serveStdio } from './stdio.js';
import { claimStdout } from './stdout.js';
import type { AdapterHandlers, ServedAdapter, ServeOptions, TransportKind } from './types.js';

/** Serves the handlers over the transport the command line (or the options) name. Declared, with its documentation, in types.ts. */
export async function serveAdapter(handlers: AdapterHandlers, options: ServeOptions = {}): Promise<ServedAdapter> {
  for (const required of ['reset', 'chat'] as const) {
    if (typeof handlers?.[required] !== 'function') throw new TypeError(`serveAdapter: the "${required}" handler is required (a function)`);
  }
  const { transport, host, port } = transportOf(options);
  const name = options.name ?? 'adapter';
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const write = claimStdout();
  const dispatcher = new Dispatcher(handlers, log);
  if (transport === 'stdio') {
    const served = serveStdio(dispatcher, write, options);
    log(`${name}: serving JSON-RPC on stdio`);
    return served;
  }
  const served = await serveHttp(dispatcher, { host, port, token: options.token ?? (process.env.ADAPTER_TOKEN || undefined) });
  // The first stdout line is the URL, so whoever started the adapter can connect.
  write(`${served.url}\n`);
  log(`${name}: serving JSON-RPC over HTTP on port ${new URL(served.url).port}`);
  return served;
}

/** The transport, host and port: the options first, then the command line. A command line naming no transport (or both) ends the process with its usage, exit 2. */
function transportOf(options: ServeOptions): { transport: TransportKind; host: string; port: number } {
  const { values } = parseArgs({
    args: [...(options.argv ?? process.argv.slice(2))],
    // The adapter's own flags share the command line: they are its business.
    strict: false,
    allowPositionals: true,
    options: { stdio: { type: 'boolean' }, http: { type: 'boolean' }, host: { type: 'string' }, port: { type: 'string' } },
  });
  const transport = options.transport ?? (values.stdio === true && values.http !== true ? 'stdio' : values.http === true && values.stdio !== true ? 'http' : undefined);
  if (!transport) usageExit('give exactly one of --stdio and --http');
  const host = options.host ?? (typeof values.host === 'string' ? values.host : '127.0.0.1');
  const port = options.port ?? (typeof values.port === 'string' ? Number(values.port) : values.port === undefined ? 0 : NaN);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usageExit(`--port must be a port number from 0 to 65535, got ${JSON.stringify(values.port ?? options.port)}`);
  return { transport, host, port };
}

function usageExit(problem: string): never {
  const script = process.argv[1] ? basename(process.argv[1]) : 'adapter';
  process.stderr.write(`${problem}\nusage: node ${script} --stdio | --http [--host 127.0.0.1] [--port 0]\n`);
  process.exit(2);
}
