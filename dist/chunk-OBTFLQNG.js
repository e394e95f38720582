import {
  renderReports
} from "./chunk-CKIK7S67.js";
import "./chunk-XTAF63E7.js";
import "./chunk-JVXR7HW5.js";
import "./chunk-T2KYGB5Y.js";
import "./chunk-JMDPR7HM.js";
import "./chunk-MCSI3MU2.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-KZKLGNRK.js";
import "./chunk-SH4M27EI.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";
export {
  renderReports
};
