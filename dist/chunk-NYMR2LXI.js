import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
} from "./chunk-WU4M2WIN.js";
import "./chunk-DIHVT3DJ.js";
import "./chunk-CMW4F65L.js";
import "./chunk-TCDK5VLF.js";
import "./chunk-LDP2W6O4.js";
import "./chunk-DNPT53AN.js";
import "./chunk-3RIHGXMT.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  postgresUrl
};
