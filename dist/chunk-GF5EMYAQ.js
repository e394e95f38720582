import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-F7QYY442.js";
import "./chunk-4WVPEBKD.js";
import "./chunk-KVIG36AI.js";
import "./chunk-G42TKDYC.js";
import "./chunk-G4NOMVC7.js";
import "./chunk-INWJESXQ.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
