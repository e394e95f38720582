/**
 * `recall-gate/adapter`: serve an agent to recall-gate over the adapter
 * protocol (examples/adapter/README.md) from a set of typed handlers. The
 * types are in types.ts, published as dist/adapter.d.ts.
 */
import { AdapterError, ErrorCode } from './errors.js';
import { serveAdapter } from './serve.js';
import type * as Published from './types.js';

export { AdapterError, ErrorCode, serveAdapter };

// The published declarations describe these implementations: tsc fails here when they drift apart.
void ([serveAdapter, AdapterError, ErrorCode] satisfies [typeof Published.serveAdapter, typeof Published.AdapterError, typeof Published.ErrorCode]);
