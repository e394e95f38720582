/** Targets that reach the user's agent through the JSON-RPC adapter protocol (examples/adapter/README.md). */
export { AdapterClient } from './adapterClient.js';
export { DEFAULT_TIMEOUT_MS, JsonRpcClient, JsonRpcError } from './client.js';
export type { CallOptions, JsonRpcClientOptions, JsonRpcRequest, JsonRpcTransport } from './client.js';
export { CommandTransport, type CommandTransportOptions } from './commandTransport.js';
export { HttpTransport, headersFromEnv, resolveHeaders, type HttpTransportOptions } from './httpTransport.js';
export { JsonRpcErrorCode, PROTOCOL_DOC, parseChatResult, parseListResult, parseSearchResult } from './protocol.js';
export type { AdapterMemory, AdapterMethod } from './protocol.js';
export { AdapterMemoryStore, type AdapterStoreOptions, type MemoryClient } from './store.js';
export { AdapterTarget, CommandTarget, HttpTarget, createCommandTarget, createHttpTarget } from './targets.js';
export type { CommandTargetOptions, HttpTargetOptions } from './targets.js';
