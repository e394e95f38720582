import {
  renderReports
} from "./chunk-MA5MW56W.js";
import "./chunk-PUL2VOMR.js";
import "./chunk-TPOFKJY2.js";
import "./chunk-V53RKN5T.js";
import "./chunk-NAOT7ORW.js";
import "./chunk-FB442OMY.js";
import "./chunk-6YEWKYUG.js";
import "./chunk-7J7WLCBV.js";
import "./chunk-IDDU4GRI.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-VVMQOGTA.js";
import "./chunk-EMJKK5FL.js";
import "./chunk-DMMU4MAP.js";
export {
  renderReports
};
