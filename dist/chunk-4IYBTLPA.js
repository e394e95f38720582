import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-CSMM7IPW.js";
import "./chunk-T5RNMDGN.js";
import "./chunk-DI4XMZY2.js";
import "./chunk-W2N3QKJB.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-DOXVMEQC.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
};
