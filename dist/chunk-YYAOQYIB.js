import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-SUJZH32Z.js";
import "./chunk-OJ26BN7O.js";
import "./chunk-BRKTS6UT.js";
import "./chunk-Q6S6ZF62.js";
import "./chunk-G4NOMVC7.js";
import "./chunk-2DEQTU7D.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
