import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-CIET3J33.js";
import "./chunk-L6RJEXHH.js";
import "./chunk-4SJH5QUZ.js";
import "./chunk-4SMEG63T.js";
import "./chunk-DNPT53AN.js";
import "./chunk-GO6K4JKL.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
