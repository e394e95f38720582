import { lettaFormat } from './letta.js';
import type { ImportFormat } from './types.js';

/**
 * The one table of dataset formats `recall-gate import <format>` reads. A
 * format streams its file and hands over cases and skipped records; the
 * command writes them. LongMemEval and LoCoMo (JSON arrays of instances or
 * conversations) join here as rows of their own.
 */
export const IMPORT_FORMATS: Record<string, ImportFormat> = {
  letta: lettaFormat,
};
