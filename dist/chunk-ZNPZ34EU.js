import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-VH7PNFII.js";
import "./chunk-AWCTUC4K.js";
import "./chunk-6GNA3GOQ.js";
import "./chunk-VROH5W5A.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-WOUJGCQD.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
};
