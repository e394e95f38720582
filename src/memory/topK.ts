import { compareHits } from './types.js';

interface Candidate {
  index: number;
  id: string;
  score: number;
}

/**
 * Keeps the best `limit` of a stream of scored items in a bounded heap
 * (worst kept item at the root), so choosing 10 of 10,000 costs O(n log 10).
 */
export class TopK {
  private readonly heap: Candidate[] = [];

  constructor(private readonly limit: number) {}

  /** True when an item with this score could still enter; lets callers skip work. */
  admits(score: number): boolean {
    if (this.limit <= 0) return false;
    return this.heap.length < this.limit || score >= this.heap[0]!.score;
  }

  offer(index: number, id: string, score: number): void {
    if (this.limit <= 0) return;
    const candidate = { index, id, score };
    if (this.heap.length < this.limit) {
      this.heap.push(candidate);
      this.siftUp(this.heap.length - 1);
    } else if (worse(this.heap[0]!, candidate)) {
      this.heap[0] = candidate;
      this.siftDown(0);
    }
  }

  /** Best first, ties by id descending. */
  sorted(): Candidate[] {
    return [...this.heap].sort(compareHits);
  }

  private siftUp(position: number): void {
    const heap = this.heap;
    while (position > 0) {
      const parent = (position - 1) >> 1;
      if (!worse(heap[position]!, heap[parent]!)) break;
      [heap[position], heap[parent]] = [heap[parent]!, heap[position]!];
      position = parent;
    }
  }

  private siftDown(position: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * position + 1;
      const right = left + 1;
      let worst = position;
      if (left < heap.length && worse(heap[left]!, heap[worst]!)) worst = left;
      if (right < heap.length && worse(heap[right]!, heap[worst]!)) worst = right;
      if (worst === position) return;
      [heap[position], heap[worst]] = [heap[worst]!, heap[position]!];
      position = worst;
    }
  }
}

/** a ranks below b in the final order. */
function worse(a: Candidate, b: Candidate): boolean {
  return compareHits(a, b) > 0;
}
