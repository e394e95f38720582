import { closeSync, openSync, readSync } from 'node:fs';

/** The largest block read ahead: rows asked for in file order are then a read per this many bytes. */
const MAX_BLOCK_BYTES = 1024 * 1024;
/** The smallest: rows asked for all over the file cost a read each, of about a row. */
const MIN_BLOCK_BYTES = 4096;
/** A block that served at least this many ranges was worth reading ahead: the next one doubles. */
const WORTH_READING_AHEAD = 8;

/** Closes a file's descriptor once nothing reads it any more. */
const closing = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed: nothing to do.
  }
});

/**
 * Byte ranges of a file read back after it was read whole: the rows of a
 * large data file the run holds the place of rather than the text (see
 * rereadRow in sourceFile.ts). A block is read at a time, from the range
 * asked for on: rows asked for in file order (a user's rows together, as
 * suites write them) cost a read per block, and while blocks serve few
 * ranges each (rows asked for all over the file) the block shrinks to about
 * a row, so no order costs more than a read per row.
 */
export class FileRanges {
  private fd?: number;
  private block = Buffer.alloc(0);
  private blockStart = 0;
  private served = 0;
  private blockBytes = MAX_BLOCK_BYTES;

  constructor(private readonly path: string) {}

  /** The bytes [start, start + length) of the file; an error when the file has become shorter. */
  read(start: number, length: number): Buffer {
    const offset = start - this.blockStart;
    if (offset >= 0 && offset + length <= this.block.length) {
      this.served += 1;
      return this.block.subarray(offset, offset + length);
    }
    if (this.block.length > 0) this.blockBytes = this.served >= WORTH_READING_AHEAD ? Math.min(MAX_BLOCK_BYTES, this.blockBytes * 2) : Math.max(MIN_BLOCK_BYTES, this.blockBytes / 4);
    const size = Math.max(length, this.blockBytes);
    const block = Buffer.allocUnsafe(size);
    const fd = this.descriptor();
    let read = 0;
    while (read < size) {
      const got = readSync(fd, block, read, size - read, start + read);
      if (got === 0) break;
      read += got;
    }
    this.block = block.subarray(0, read);
    this.blockStart = start;
    this.served = 1;
    if (read < length) throw new Error(`${this.path} is shorter than when it was read`);
    return this.block.subarray(0, length);
  }

  private descriptor(): number {
    if (this.fd === undefined) {
      this.fd = openSync(this.path, 'r');
      closing.register(this, this.fd);
    }
    return this.fd;
  }
}
