import { createRequire as __recallGateCreateRequire } from 'node:module'; const require = __recallGateCreateRequire(import.meta.url);
import {
  RecallGateError
} from "./chunk-7FQLTP6F.js";

// src/cli/args.ts
import { parseArgs } from "node:util";
function parseCommandArgs(argv, options, usage) {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new RecallGateError("invalid-input", error.message, { hint: `usage: ${usage}` });
  }
}
function parseCutoffs(text) {
  const values = text.split(",").map((part) => Number(part.trim()));
  if (values.length === 0 || values.some((value) => !Number.isInteger(value) || value < 1)) {
    throw new RecallGateError("invalid-input", `--k must be positive whole numbers separated by commas, got "${text}"`);
  }
  return [...new Set(values)].sort((a, b) => a - b);
}

export {
  parseCommandArgs,
  parseCutoffs
};
