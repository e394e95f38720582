import { closeSync, existsSync, openSync, readSync, writeSync } from 'node:fs';
import { fileSystemError } from '../errors.js';
import { scrubSecrets } from '../secrets.js';
import { replaceFileWith } from '../outputFile.js';

/**
 * Files of the results folder written and read a line at a time: a run's
 * per-query rows, TREC runs or trials can outgrow the longest string V8 can
 * build (about 512 MB), so none of them is ever held as one string. Every
 * line is scrubbed of secrets on its way to the disk.
 */

/** Bytes gathered before a write: few system calls, bounded memory. */
const CHUNK_BYTES = 1024 * 1024;

/** Lines into an open file descriptor, buffered; `flush` writes what is gathered. */
class LineBuffer {
  private parts: string[] = [];
  private size = 0;

  constructor(private readonly fd: number) {}

  push(line: string): void {
    const text = `${scrubSecrets(line)}\n`;
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= CHUNK_BYTES) this.flush();
  }

  flush(): void {
    if (this.parts.length === 0) return;
    writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

/**
 * Replaces a file in one step with these lines, so a reader or a crash never
 * sees half of it. A write that fails (a full or read-only disk) leaves no
 * temp file and says why.
 */
export function writeLinesAtomic(path: string, lines: Iterable<string>): void {
  replaceFileWith(path, (fd) => {
    const buffer = new LineBuffer(fd);
    for (const line of lines) buffer.push(line);
    buffer.flush();
  });
}

/**
 * A file written as its lines come (per-query rows as queries finish): each
 * line reaches the disk when appended, so a crash keeps every finished one.
 */
export class LineFile {
  private fd: number | undefined;

  constructor(readonly path: string) {
    try {
      this.fd = openSync(path, 'w');
    } catch (error) {
      throw fileSystemError(error, `write ${path}`);
    }
  }

  append(line: string): void {
    if (this.fd === undefined) throw new Error(`${this.path} is closed`);
    try {
      writeSync(this.fd, `${scrubSecrets(line)}\n`);
    } catch (error) {
      throw fileSystemError(error, `append to ${this.path}`);
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      closeSync(fd);
    } catch (error) {
      throw fileSystemError(error, `close ${this.path}`);
    }
  }
}

/** The file's lines (without their newlines, blank ones skipped), read a chunk at a time; none for a missing file. */
export function* readLines(path: string): Generator<string> {
  if (!existsSync(path)) return;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw fileSystemError(error, `read ${path}`);
  }
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    // Bytes after the last newline seen: a line (or a UTF-8 character) may span two chunks.
    let rest = Buffer.alloc(0);
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      let data = Buffer.concat([rest, chunk.subarray(0, read)]);
      let newline = data.indexOf(0x0a);
      while (newline >= 0) {
        const line = data.subarray(0, newline).toString('utf8');
        if (line.trim()) yield line;
        data = data.subarray(newline + 1);
        newline = data.indexOf(0x0a);
      }
      rest = Buffer.from(data);
    }
    const last = rest.toString('utf8');
    if (last.trim()) yield last;
  } finally {
    closeSync(fd);
  }
}
