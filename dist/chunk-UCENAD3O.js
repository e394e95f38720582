import {
  renderReports
} from "./chunk-NBYY5PI4.js";
import "./chunk-P7P2DGLD.js";
import "./chunk-E2MB3DMW.js";
import "./chunk-N4WNWZLZ.js";
import "./chunk-COINUNKK.js";
import "./chunk-DY52SOYE.js";
import "./chunk-3KXVCP23.js";
import "./chunk-QYZASTSX.js";
import "./chunk-AK3D45YP.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-OVI7GIMC.js";
import "./chunk-4C443YRI.js";
import "./chunk-MGLPQDLB.js";
export {
  renderReports
};
