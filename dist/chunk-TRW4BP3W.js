import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-UNRHPZMN.js";
import "./chunk-CC7JPN47.js";
import "./chunk-3LZ5J3NR.js";
import "./chunk-RP3B2LCV.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-GEPJFTWZ.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
};
