import { run } from './action/main.js';

// The Action's entry: everything happens in run(), nothing at import time.
void run();
