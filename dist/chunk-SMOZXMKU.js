import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-O63CHIUS.js";
import "./chunk-PYD6QIID.js";
import "./chunk-OKCEQ4LS.js";
import "./chunk-2IYRXQYP.js";
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
