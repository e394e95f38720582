import type { MemoryEntry } from '../model/e2e.js';
import type { MemoryStore } from '../memory/types.js';
import type { Target } from './types.js';
import type { ChatReply, ChatRequest } from '../model/chat.js';
import { AdapterClient } from '../protocol/adapterClient.js';
import type { JsonRpcClientOptions } from '../protocol/client.js';
import { CommandTransport, type CommandTransportOptions } from '../protocol/commandTransport.js';
import { HttpTransport, type HttpTransportOptions } from '../protocol/httpTransport.js';
import { AdapterMemoryStore } from '../memory/adapterStore.js';

/**
 * The user's agent behind the adapter protocol (examples/adapter/README.md),
 * whatever the transport. `client` reaches the optional methods too.
 */
export class AdapterTarget implements Target {
  constructor(readonly client: AdapterClient) {}

  reset(user: string): Promise<void> {
    return this.client.reset(user);
  }

  chat(request: ChatRequest): Promise<ChatReply> {
    return this.client.chat(request);
  }

  /** The adapter's optional `list`: one that does not implement it answers -32601, which the snapshot keeps as its reason. */
  list(user: string): Promise<MemoryEntry[]> {
    return this.client.list(user);
  }

  /** The adapter's memory for the retrieval layer (add/search/list); closing the store leaves the target open. */
  memoryStore(): MemoryStore {
    return new AdapterMemoryStore(this.client);
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

export type HttpTargetOptions = HttpTransportOptions & JsonRpcClientOptions;

/** Each call is an HTTP POST of one JSON-RPC request to `url`. */
export class HttpTarget extends AdapterTarget {
  constructor(options: HttpTargetOptions) {
    super(new AdapterClient(new HttpTransport(options), options));
  }
}

export type CommandTargetOptions = CommandTransportOptions & JsonRpcClientOptions;

/** A child process, started on the first call, speaking newline-delimited JSON-RPC on stdin/stdout. */
export class CommandTarget extends AdapterTarget {
  private readonly transport: CommandTransport;

  constructor(options: CommandTargetOptions) {
    const transport = new CommandTransport(options);
    super(new AdapterClient(transport, options));
    this.transport = transport;
  }

  /** The child's process id once it has started. */
  get pid(): number | undefined {
    return this.transport.pid;
  }
}

export function createHttpTarget(options: HttpTargetOptions): HttpTarget {
  return new HttpTarget(options);
}

export function createCommandTarget(options: CommandTargetOptions): CommandTarget {
  return new CommandTarget(options);
}
