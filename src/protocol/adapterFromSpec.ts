import { registerSecret, registerUrlSecrets } from '../secrets.js';
import { AdapterClient } from './adapterClient.js';
import { CommandTransport } from './commandTransport.js';
import { HttpTransport, headersFromEnv } from './httpTransport.js';
import { childEnv } from '../process/childEnv.js';

/**
 * The user's adapter as a suite describes it (an e2e target or an adapter
 * provider): a client of the adapter protocol, with what it is given from
 * recall-gate's environment resolved here, and every secret among it
 * registered so no output shows it. targets/ wraps it as the agent under
 * test, memory/ as a store.
 */

/** `onStderr` takes the adapter's stderr lines (a run writes them to adapter.log); by default they go to recall-gate's stderr. */
export function commandAdapter(spec: { command: string[]; cwd: string; env?: Record<string, string>; timeout_ms?: number }, env: NodeJS.ProcessEnv, onStderr?: (line: string) => void): AdapterClient {
  const options = { command: spec.command[0]!, args: spec.command.slice(1), cwd: spec.cwd, env: childEnv(spec.env, env), timeoutMs: spec.timeout_ms, ...(onStderr ? { onStderr } : {}) };
  return new AdapterClient(new CommandTransport(options), options);
}

export function httpAdapter(spec: { url: string; headers_env?: Record<string, string>; timeout_ms?: number }, env: NodeJS.ProcessEnv): AdapterClient {
  const options = { url: spec.url, headers: httpHeaders(spec, env), timeoutMs: spec.timeout_ms };
  return new AdapterClient(new HttpTransport(options), options);
}

/** The headers a suite's `headers_env` names, registered as secrets with the URL's credentials. */
export function httpHeaders(spec: { url: string; headers_env?: Record<string, string> }, env: NodeJS.ProcessEnv): Record<string, string> {
  const headers = headersFromEnv(spec.headers_env ?? {}, env);
  // A header's whole value: what a server echoing "Authorization: Bearer ..." shows.
  for (const value of Object.values(headers)) registerSecret(value);
  registerUrlSecrets(spec.url);
  return headers;
}
