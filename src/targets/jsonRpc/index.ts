/** Targets that reach the user's agent through the JSON-RPC adapter protocol (examples/adapter/README.md). */
export { AdapterClient } from '../../protocol/adapterClient.js';
export { DEFAULT_TIMEOUT_MS, JsonRpcClient, JsonRpcError } from '../../protocol/client.js';
export type { CallOptions, JsonRpcClientOptions, JsonRpcRequest, JsonRpcTransport } from '../../protocol/client.js';
export { CommandTransport, type CommandTransportOptions } from '../../protocol/commandTransport.js';
export { HttpTransport, headersFromEnv, resolveHeaders, type HttpTransportOptions } from '../../protocol/httpTransport.js';
export { JsonRpcErrorCode, PROTOCOL_DOC, parseChatResult, parseListResult, parseSearchResult } from '../../protocol/protocol.js';
export type { AdapterMemory, AdapterMethod } from '../../protocol/protocol.js';
export { AdapterMemoryStore, type AdapterStoreOptions, type MemoryClient } from '../../memory/adapterStore.js';
export { AdapterTarget, CommandTarget, HttpTarget, createCommandTarget, createHttpTarget } from '../adapterTarget.js';
export type { CommandTargetOptions, HttpTargetOptions } from '../adapterTarget.js';
