import {
  renderReports
} from "./chunk-UOTNVS27.js";
import "./chunk-QKGCEO5Y.js";
import "./chunk-P4NMX7I3.js";
import "./chunk-N4WNWZLZ.js";
import "./chunk-COINUNKK.js";
import "./chunk-FTTKZMFG.js";
import "./chunk-3KXVCP23.js";
import "./chunk-TTXUWXAA.js";
import "./chunk-AK3D45YP.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-OVI7GIMC.js";
import "./chunk-4C443YRI.js";
import "./chunk-MGLPQDLB.js";
export {
  renderReports
};
