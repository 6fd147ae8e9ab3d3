import { loadavg } from 'node:os';

/** How loaded the machine was during a benchmark: the 1-minute load average, sampled. */
export type MachineLoad = {
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  /** The 1-minute load average sampled every 5 s while the benchmark ran. */
  loadAverage1m: { min: number; mean: number; max: number; samples: number };
};

/** Samples the load average from now until stop(). */
export function loadSampler(): { stop(): MachineLoad } {
  const round = (n: number) => Number(n.toFixed(2));
  const before = loadavg().map(round);
  const samples: number[] = [loadavg()[0]!];
  const timer = setInterval(() => samples.push(loadavg()[0]!), 5_000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(loadavg()[0]!);
      return {
        loadAverageBefore: before,
        loadAverageAfter: loadavg().map(round),
        loadAverage1m: {
          min: round(Math.min(...samples)),
          mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
          max: round(Math.max(...samples)),
          samples: samples.length,
        },
      };
    },
  };
}
