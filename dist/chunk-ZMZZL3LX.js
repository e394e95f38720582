import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-3CF4BDR5.js";
import "./chunk-LZMGAXQI.js";
import "./chunk-2IYRXQYP.js";
import "./chunk-OKCEQ4LS.js";
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
