import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-UWQYQS25.js";
import "./chunk-SNOXYDV2.js";
import "./chunk-2ZZ25UNF.js";
import "./chunk-WH3FUGBM.js";
import "./chunk-G4NOMVC7.js";
import "./chunk-KXZP5T53.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
