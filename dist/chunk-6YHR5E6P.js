import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-FUOOR2TU.js";
import "./chunk-QQ6AB5NQ.js";
import "./chunk-2IYRXQYP.js";
import "./chunk-RFW3OU4E.js";
import "./chunk-G4NOMVC7.js";
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
