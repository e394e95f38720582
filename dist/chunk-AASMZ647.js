import {
  EXPORT_USAGE,
  exportCommand,
  exportRun,
  pgTimeout,
  postgresUrl
} from "./chunk-7U2IUJQF.js";
import "./chunk-BYEAN5IK.js";
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
