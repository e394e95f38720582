import { lettaFormat } from './letta.js';
import { locomoFormat } from './locomo.js';
import { longMemEvalFormat } from './longmemeval.js';
import type { ImportFormat } from './types.js';

/**
 * The one table of dataset formats `recall-gate import <format>` reads. A
 * format streams its file and hands over cases and skipped records; the
 * command writes them.
 */
export const IMPORT_FORMATS: Record<string, ImportFormat> = {
  letta: lettaFormat,
  locomo: locomoFormat,
  longmemeval: longMemEvalFormat,
};
