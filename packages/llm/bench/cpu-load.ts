// How busy the machine was during a benchmark measurement, from /proc (Linux): the CPU that
// processes other than the measured ones used, in cores, and the load average.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** A point in time: wall clock, the machine's busy CPU ticks, and the measured processes' ticks. */
export type CpuMark = { wall: number; busy: number; self: number; pids: readonly number[] };

/** CPU ticks (user + system) a process has used; 0 once it is gone. */
function processTicks(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields follow its last ')'.
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Marks now; `pids` are other processes that belong to the measurement (e.g. a server it queries). */
export function cpuMark(pids: readonly number[] = []): CpuMark {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = fields as number[];
  return {
    wall: performance.now(),
    busy: user! + nice! + system! + irq! + softirq! + steal!,
    self: pids.reduce((sum, pid) => sum + processTicks(pid), processTicks('self')),
    pids,
  };
}

/** CPU time (in cores) the machine spent outside this process and `since.pids` since `since`. */
export function othersCores(since: CpuMark): number {
  const now = cpuMark(since.pids);
  const ticksPerSecond = 100;
  return round(
    (now.busy - since.busy - (now.self - since.self)) / ticksPerSecond / ((now.wall - since.wall) / 1000),
  );
}

/** The 1, 5 and 15 minute load averages. */
export function loadAverage(): number[] {
  return loadavg().map(round);
}

/** One decimal. */
export function round(x: number): number {
  return Math.round(x * 10) / 10;
}
