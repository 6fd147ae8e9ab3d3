/**
 * The candidates closest to a mistyped id: those containing it or contained in it first, then by
 * edit distance. Written here because it is twenty lines over the few ids a view shows.
 */
export function closestIds(id: string, candidates: readonly string[], count: number): string[] {
  const wanted = id.toLowerCase();
  const scored = candidates.map((candidate) => {
    const text = candidate.toLowerCase();
    const contains = text.includes(wanted) || wanted.includes(text);
    return { candidate, score: (contains ? 0 : 1000) + editDistance(wanted, text) };
  });
  const limit = Math.max(3, Math.ceil(wanted.length / 2));
  return scored
    .filter((s) => s.score < 1000 || s.score - 1000 <= limit)
    .sort((a, b) => a.score - b.score || (a.candidate < b.candidate ? -1 : 1))
    .slice(0, count)
    .map((s) => s.candidate);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}
