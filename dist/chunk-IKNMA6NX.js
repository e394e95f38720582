import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  renderReports
} from "./chunk-3JHTMJBN.js";
import "./chunk-E227G4CQ.js";
import "./chunk-5GLDXNPV.js";
import "./chunk-N4WNWZLZ.js";
import "./chunk-COINUNKK.js";
import "./chunk-NATME5X6.js";
import "./chunk-3KXVCP23.js";
import "./chunk-GANATIBT.js";
import "./chunk-AK3D45YP.js";
import "./chunk-CIQEWUBX.js";
import "./chunk-OVI7GIMC.js";
import "./chunk-4C443YRI.js";
import "./chunk-MGLPQDLB.js";
export {
  renderReports
};
