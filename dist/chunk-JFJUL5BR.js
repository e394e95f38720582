import {
  renderReports
} from "./chunk-Q7SJAN6L.js";
import "./chunk-IYIBEWGF.js";
import "./chunk-4OPDEK6Z.js";
import "./chunk-AEX7V6XL.js";
import "./chunk-E5GB4OYH.js";
import "./chunk-OPQSGYDU.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-KZKLGNRK.js";
import "./chunk-ZNOHOSJF.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";
export {
  renderReports
};
