import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-2JPAT4GZ.js";
import "./chunk-OAMLS7RV.js";
import "./chunk-XSGYFLKL.js";
import "./chunk-TFHRUPGP.js";
import "./chunk-KLRED3RQ.js";
import "./chunk-7FQLTP6F.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
