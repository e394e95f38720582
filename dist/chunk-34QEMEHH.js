import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  renderReports
} from "./chunk-3NS5X3QP.js";
import "./chunk-P64RGS2N.js";
import "./chunk-2UB6RAC4.js";
import "./chunk-N4WNWZLZ.js";
import "./chunk-COINUNKK.js";
import "./chunk-QT6GEACF.js";
import "./chunk-3KXVCP23.js";
import "./chunk-CUNTHKPZ.js";
import "./chunk-AK3D45YP.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-OVI7GIMC.js";
import "./chunk-4C443YRI.js";
import "./chunk-MGLPQDLB.js";
export {
  renderReports
};
