import {
  renderReports
} from "./chunk-466JOD6S.js";
import "./chunk-364YXB6L.js";
import "./chunk-J36BC2EK.js";
import "./chunk-VZJLGC4F.js";
import "./chunk-JIRUFMH4.js";
import "./chunk-Y546JR4H.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-HL5U4FQF.js";
import "./chunk-I5QR7Y4H.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";
export {
  renderReports
};
