import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-DLC6I56I.js";
import "./chunk-5W2B7B4B.js";
import "./chunk-EIY3OQNG.js";
import "./chunk-VNPJWP4Q.js";
import "./chunk-7KN5MXIB.js";
import "./chunk-GAJOKOFC.js";
import "./chunk-EMJKK5FL.js";
import "./chunk-7G673M5I.js";
import "./chunk-DMMU4MAP.js";
export {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
};
