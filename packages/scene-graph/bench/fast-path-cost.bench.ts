// What the format's bounds cost on a valid 10^5-node scene, in one warm process: the fast shape
// check, parseScene (the fast path a valid file takes) and the full checker, each repeated and the
// median kept. `tsx bench/fast-path-cost.bench.ts [--label after]` appends a run to
// bench-results/fast-path-cost.json; run it on two checkouts to compare them on the same machine.
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hasSceneShape } from '../src/format/shape-fast-path.js';
import { checkSceneFile, parseScene } from '../src/format/validate.js';
import { generateSceneFile } from '../src/generate/generate-scene.js';

const { values } = parseArgs({
  options: { label: { type: 'string', default: 'this checkout' }, out: { type: 'string' } },
});
const out = values.out ?? fileURLToPath(new URL('../bench-results/fast-path-cost.json', import.meta.url));
const options = { seed: 1, floors: 2, roomsPerFloor: 50, assetsPerRoom: 10, objectsPerAsset: 99 };
// Through JSON text, as a loaded file would be: plain objects with no shared structure.
const input: unknown = JSON.parse(JSON.stringify(generateSceneFile(options)));

function medianMs(runs: number, work: () => boolean): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    if (!work()) throw new Error('a valid generated scene was refused');
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)]! * 10) / 10;
}

const run = {
  label: values.label,
  measuredAt: new Date().toISOString(),
  node: process.version,
  loadAverageBefore: loadavg().map((l) => Math.round(l * 100) / 100),
  nodes: (input as { nodes: unknown[] }).nodes.length,
  hasSceneShapeMedianMs: medianMs(15, () => hasSceneShape(input)),
  parseSceneMedianMs: medianMs(5, () => parseScene(input).ok),
  checkSceneFileMedianMs: medianMs(5, () => checkSceneFile(input).ok),
};
console.log(JSON.stringify(run));
const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { runs: unknown[] }).runs : [];
await writeFile(
  out,
  `${JSON.stringify({ scene: { generated: options }, runs: [...previous, run] }, null, 2)}\n`,
);
