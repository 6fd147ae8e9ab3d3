// How the CLI and the web view write a run's times: plain functions, safe in the browser too.

/** "12.3 s", "4 min 49 s", "2 h 03 min". */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const s = Math.round(seconds);
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** "2026-11-27 20:48:45", in UTC. */
export function startedText(iso: string): string {
  return iso.slice(0, 19).replace('T', ' ');
}
