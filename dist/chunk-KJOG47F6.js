import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-EXIJZFU6.js";
import "./chunk-DIHVT3DJ.js";
import "./chunk-NYFAEPEK.js";
import "./chunk-LDP2W6O4.js";
import "./chunk-3RIHGXMT.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
