import type { TaskRecord } from './record.js';

export type ProgressReporter = {
  started(id: string): void;
  finished(id: string, record: TaskRecord): void;
  close(): void;
};

/** A one-line progress bar on a TTY; one plain line per finished task otherwise. */
export function progressReporter(
  total: number,
  mode: 'auto' | 'bar' | 'lines' | 'none',
  stream: NodeJS.WriteStream = process.stderr,
): ProgressReporter {
  const kind = mode === 'auto' ? (stream.isTTY ? 'bar' : 'lines') : mode;
  const started = Date.now();
  const running = new Set<string>();
  let finished = 0;
  let passed = 0;
  const passedOf = (r: TaskRecord) => (r.search ? r.search.success : (r.planning?.correct ?? false));
  const draw = () => {
    const width = 30;
    const filled = Math.round((finished / Math.max(1, total)) * width);
    const elapsed = (Date.now() - started) / 1000;
    const eta = finished > 0 ? Math.round((elapsed / finished) * (total - finished)) : undefined;
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${finished}/${total} passed ${passed} | ${Math.round(elapsed)}s${eta === undefined ? '' : ` eta ${eta}s`} | ${[...running].slice(0, 2).join(', ')}`;
    stream.write(`\r\x1b[2K${line.slice(0, (stream.columns ?? 120) - 1)}`);
  };
  return {
    started(id) {
      running.add(id);
      if (kind === 'bar') draw();
    },
    finished(id, record) {
      running.delete(id);
      finished += 1;
      if (passedOf(record)) passed += 1;
      if (kind === 'bar') draw();
      else if (kind === 'lines')
        stream.write(
          `${finished}/${total} ${id}: ${record.status}${passedOf(record) ? ' pass' : ' fail'}${record.errorTypes.length ? ` (${record.errorTypes.join(', ')})` : ''} ${(record.latencyMs / 1000).toFixed(1)}s\n`,
        );
    },
    close() {
      if (kind === 'bar') stream.write('\n');
    },
  };
}
