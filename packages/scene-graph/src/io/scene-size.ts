import { constants } from 'node:buffer';
import { getHeapStatistics } from 'node:v8';

// A loaded scene takes about 7 bytes of heap per byte of its JSON file (measured: a 10^6-node,
// 231 MB file peaks at 1.5 GB), and V8 cannot hold a text longer than MAX_STRING_LENGTH at all.
const HEAP_BYTES_PER_FILE_BYTE = 7;

/** The largest scene file, in bytes, this process can load, and why. */
export function sceneFileLimit(): { bytes: number; why: string } {
  const heap = getHeapStatistics().heap_size_limit;
  const byHeap = Math.floor(heap / HEAP_BYTES_PER_FILE_BYTE);
  return byHeap <= constants.MAX_STRING_LENGTH
    ? {
        bytes: byHeap,
        why: `a scene takes about ${HEAP_BYTES_PER_FILE_BYTE}x its file size in memory and this process's heap limit is ${size(heap)}; raise it with NODE_OPTIONS=--max-old-space-size=<MB> or split the scene`,
      }
    : {
        bytes: constants.MAX_STRING_LENGTH,
        why: 'that is the longest text this JavaScript engine can hold; split the scene',
      };
}

/** One line saying the scene file is too large for this process, or undefined when it fits. */
export function sceneTooLarge(path: string, bytes: number): string | undefined {
  const limit = sceneFileLimit();
  if (bytes <= limit.bytes) return undefined;
  return `scene file ${path} is ${size(bytes)}, more than the ${size(limit.bytes)} this process can load: ${limit.why}`;
}

function size(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}
