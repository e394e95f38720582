import {
  renderReports
} from "./chunk-RRU73NKI.js";
import "./chunk-EE2VWMYO.js";
import "./chunk-G46GKFKK.js";
import "./chunk-QY2MM253.js";
import "./chunk-ZWJGP2N7.js";
import "./chunk-S2XPZLIN.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-KZKLGNRK.js";
import "./chunk-V2JI575B.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";
export {
  renderReports
};
