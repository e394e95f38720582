#!/usr/bin/env node
import module from 'node:module';
import { main } from './cli/main.js';
import { processIO } from './cli/io.js';

// Node 22.8 and later keep V8's compiled code of the modules a command loads on the main thread
// (os.tmpdir()/node-compile-cache, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a second
// run in the same place starts faster (an e2e run's first call about 30 ms sooner on Node 24). The commands'
// code loads after this line (cli/main.ts imports each when it runs), so nearly all of it is cached. Node 20
// has no such call: it is skipped there.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// Set the exit code rather than calling exit(), so pending output is flushed.
main(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
