import {
  renderReports
} from "./chunk-JY3QDF42.js";
import "./chunk-N7EQDW4V.js";
import "./chunk-ZPXJRLCL.js";
import "./chunk-V53RKN5T.js";
import "./chunk-NAOT7ORW.js";
import "./chunk-KX4HGJVI.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-HL5U4FQF.js";
import "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";
export {
  renderReports
};
