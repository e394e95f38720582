import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-6FUGL5X5.js";
import "./chunk-DIHVT3DJ.js";
import "./chunk-SBPOK5LN.js";
import "./chunk-TCDK5VLF.js";
import "./chunk-LDP2W6O4.js";
import "./chunk-DNPT53AN.js";
import "./chunk-3RIHGXMT.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
