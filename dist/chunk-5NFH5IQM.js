import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  renderReports
} from "./chunk-5OCQK23Z.js";
import "./chunk-WJMLOEZY.js";
import "./chunk-QJQAA6WL.js";
import "./chunk-N4WNWZLZ.js";
import "./chunk-COINUNKK.js";
import "./chunk-AYN5B4AE.js";
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
