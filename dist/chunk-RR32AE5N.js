import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-UBODXVZ3.js";
import "./chunk-GX4D272M.js";
import "./chunk-KDEXH2DZ.js";
import "./chunk-55ZC3X6V.js";
import "./chunk-JVUXDI6W.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-XV5H4JHM.js";
import "./chunk-47GDYEV7.js";
import "./chunk-MGLPQDLB.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
};
