import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-FQECXO7F.js";
import "./chunk-Q44NURVO.js";
import "./chunk-6MIGEKRM.js";
import "./chunk-3BCEII7C.js";
import "./chunk-PXAMOPCZ.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-4C443YRI.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
};
