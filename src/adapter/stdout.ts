/**
 * stdout belongs to the protocol (responses on stdio, the URL over HTTP):
 * once an adapter serves, every other write to it (console.log, console.info,
 * console.debug, console.dir, a library's process.stdout.write) goes to
 * stderr instead, where recall-gate shows it as the adapter's log. A stray
 * line on stdout would otherwise be read as a response and fail the request
 * that was waiting. Writes to file descriptor 1 itself (fs.writeSync(1, ...),
 * a child process with inherited stdio) cannot be caught here.
 */

type Write = typeof process.stdout.write;

let protocolWrite: ((text: string, done?: () => void) => void) | undefined;

/** Redirects stray stdout writes to stderr (once) and returns the writer of protocol lines. */
export function claimStdout(): (text: string, done?: () => void) => void {
  if (protocolWrite) return protocolWrite;
  const original = process.stdout.write.bind(process.stdout) as (text: string, done?: () => void) => boolean;
  protocolWrite = (text, done) => void original(text, done);
  process.stdout.write = ((...args: Parameters<Write>) => process.stderr.write(...(args as [string]))) as Write;
  return protocolWrite;
}
