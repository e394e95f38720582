import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-VVA2SL62.js";
import "./chunk-PXUFBBBU.js";
import "./chunk-OKCEQ4LS.js";
import "./chunk-QKUGBNTY.js";
import "./chunk-JVUXDI6W.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-RMTV3WNC.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
};
