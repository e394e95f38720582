#!/usr/bin/env node
import { main } from './cli/main.js';
import { processIO } from './cli/io.js';

// Set the exit code rather than calling exit(), so pending output is flushed.
main(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
