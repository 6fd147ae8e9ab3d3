/**
 * A binary min-heap of dense node numbers keyed by float distances, stored in typed arrays.
 * Written here rather than taken from a library because a generic heap (mnemonist's, used by
 * graphology-shortest-path) allocates an array per entry and calls a comparator closure per
 * comparison; this one allocates once per navigation index, supports decrease-key through a
 * position table (so it never holds more than one entry per node), and is reused across queries.
 */
export class MinHeap {
  size = 0;
  private readonly keys: Float64Array;
  private readonly nodes: Int32Array;
  /** Where each node sits in the heap, or -1 when it is not in it. */
  private readonly position: Int32Array;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.nodes = new Int32Array(capacity);
    this.position = new Int32Array(capacity).fill(-1);
  }

  /** Inserts node with key, or lowers its key when it is already queued with a higher one. */
  push(node: number, key: number): void {
    let i = this.position[node]!;
    if (i === -1) {
      i = this.size++;
    } else if (key >= this.keys[i]!) {
      return;
    }
    this.siftUp(i, node, key);
  }

  /** Removes and returns the node with the smallest key; call only when size > 0. */
  pop(): number {
    const top = this.nodes[0]!;
    this.position[top] = -1;
    const last = --this.size;
    if (last > 0) this.siftDown(this.nodes[last]!, this.keys[last]!);
    return top;
  }

  /** The smallest key; meaningful only when size > 0. */
  peekKey(): number {
    return this.keys[0]!;
  }

  /** Empties the heap, touching only the entries still queued so a reset costs what the query used. */
  clear(): void {
    for (let i = 0; i < this.size; i++) this.position[this.nodes[i]!] = -1;
    this.size = 0;
  }

  private siftUp(start: number, node: number, key: number): void {
    const { keys, nodes, position } = this;
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const parentKey = keys[parent]!;
      if (parentKey <= key) break;
      const parentNode = nodes[parent]!;
      keys[i] = parentKey;
      nodes[i] = parentNode;
      position[parentNode] = i;
      i = parent;
    }
    keys[i] = key;
    nodes[i] = node;
    position[node] = i;
  }

  private siftDown(node: number, key: number): void {
    const { keys, nodes, position } = this;
    const size = this.size;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && keys[right]! < keys[child]!) child = right;
      const childKey = keys[child]!;
      if (childKey >= key) break;
      const childNode = nodes[child]!;
      keys[i] = childKey;
      nodes[i] = childNode;
      position[childNode] = i;
      i = child;
    }
    keys[i] = key;
    nodes[i] = node;
    position[node] = i;
  }
}
