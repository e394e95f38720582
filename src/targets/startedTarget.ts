import type { ChatReply, ChatRequest } from '../model/chat.js';
import type { MemoryEntry } from '../model/e2e.js';
import { httpAdapter } from '../protocol/adapterFromSpec.js';
import { startServer, type StartSpec } from '../protocol/startedServer.js';
import { AdapterTarget } from './adapterTarget.js';
import type { Target } from './types.js';

/** The HTTP adapter target of a server recall-gate starts itself (`start:`, see protocol/startedServer.ts); closing the target stops the server. */
export async function startedHttpTarget(spec: StartSpec, env: NodeJS.ProcessEnv, onStderr?: (line: string) => void): Promise<Target> {
  const server = await startServer(spec, env, onStderr);
  try {
    return new StartedHttpTarget(new AdapterTarget(httpAdapter({ ...spec, url: server.url }, env)), () => server.stop());
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The HTTP adapter target, and the server it started, stopped with it. */
class StartedHttpTarget implements Target {
  constructor(
    readonly target: AdapterTarget,
    private readonly stop: () => Promise<void>,
  ) {}

  /** The started server's adapter client (the optional methods too). */
  get client(): AdapterTarget['client'] {
    return this.target.client;
  }

  reset(user: string): Promise<void> {
    return this.target.reset(user);
  }

  chat(request: ChatRequest): Promise<ChatReply> {
    return this.target.chat(request);
  }

  list(user: string): Promise<MemoryEntry[]> {
    return this.target.list(user);
  }

  async close(): Promise<void> {
    try {
      await this.target.close();
    } finally {
      await this.stop();
    }
  }
}
