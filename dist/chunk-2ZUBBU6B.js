import {
  renderReports
} from "./chunk-GNK5FUPG.js";
import "./chunk-TPUMTPNT.js";
import "./chunk-L7UHPQJD.js";
import "./chunk-VZJLGC4F.js";
import "./chunk-JIRUFMH4.js";
import "./chunk-AXTS42JO.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-KZKLGNRK.js";
import "./chunk-I5QR7Y4H.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";
export {
  renderReports
};
