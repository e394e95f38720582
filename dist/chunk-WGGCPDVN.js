import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  renderReports
} from "./chunk-CRVQYYJM.js";
import "./chunk-JJKUNQSG.js";
import "./chunk-TAF6UZHW.js";
import "./chunk-N4WNWZLZ.js";
import "./chunk-COINUNKK.js";
import "./chunk-RC5KO6V3.js";
import "./chunk-3KXVCP23.js";
import "./chunk-NUKW564N.js";
import "./chunk-AK3D45YP.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-OVI7GIMC.js";
import "./chunk-4C443YRI.js";
import "./chunk-MGLPQDLB.js";
export {
  renderReports
};
