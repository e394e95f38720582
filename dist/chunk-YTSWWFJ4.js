import {
  renderReports
} from "./chunk-X7BWLT7E.js";
import "./chunk-D5SUCBVF.js";
import "./chunk-Q6ON32WC.js";
import "./chunk-N4WNWZLZ.js";
import "./chunk-COINUNKK.js";
import "./chunk-2ZEUDUS3.js";
import "./chunk-3KXVCP23.js";
import "./chunk-ZEL3ROA7.js";
import "./chunk-AK3D45YP.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-OVI7GIMC.js";
import "./chunk-4C443YRI.js";
import "./chunk-MGLPQDLB.js";
export {
  renderReports
};
