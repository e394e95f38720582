import {
  renderReports
} from "./chunk-MSQFZUAU.js";
import "./chunk-T4X7J6SF.js";
import "./chunk-WZ2UOL35.js";
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
