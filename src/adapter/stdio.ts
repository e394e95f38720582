import { createInterface } from 'node:readline';
import { parseErrorResponse, serialize, type Dispatcher } from './dispatch.js';
import type { ServedAdapter, ServeOptions } from './types.js';

/**
 * Newline-delimited JSON-RPC on stdin/stdout. Requests are not awaited one by
 * one: a slow one does not hold up the others, and responses go out as they
 * are ready (recall-gate matches them by id). When recall-gate closes stdin,
 * the requests still running finish, `onClose` runs, and the process exits,
 * so handles the agent keeps open (a database pool, a timer) do not leave it
 * to be killed.
 */
export function serveStdio(dispatcher: Dispatcher, write: (text: string, done?: () => void) => void, options: Pick<ServeOptions, 'onClose'>): ServedAdapter {
  const send = (line: string) => write(`${line}\n`);
  const running = new Set<Promise<void>>();
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let stoppedByCaller = false;
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch {
      return send(serialize(parseErrorResponse('the line')));
    }
    const done = dispatcher.handle(request).then((response) => {
      if (response) send(serialize(response));
    });
    running.add(done);
    void done.finally(() => running.delete(done));
  });
  lines.once('close', async () => {
    if (stoppedByCaller) return;
    await Promise.allSettled([...running]);
    await options.onClose?.();
    // Exit once the last response has left (the callback runs after earlier writes are flushed).
    write('', () => process.exit());
  });
  return {
    transport: 'stdio',
    close: async () => {
      stoppedByCaller = true;
      lines.close();
    },
  };
}
