import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-WK5372OM.js";
import "./chunk-IBM5QB5A.js";
import "./chunk-P2P47KDV.js";
import "./chunk-M353DWQX.js";
import "./chunk-TFHRUPGP.js";
import "./chunk-DNPT53AN.js";
import "./chunk-7FQLTP6F.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
