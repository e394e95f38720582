import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-I3QZJQBU.js";
import "./chunk-BM7UEOHB.js";
import "./chunk-Z4L4MAUP.js";
import "./chunk-6CO2DPQL.js";
import "./chunk-G4NOMVC7.js";
import "./chunk-SIPSLTMD.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
