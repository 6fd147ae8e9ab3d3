/** One line of the chart: view tokens after each search step of one task. */
export type TokenSeries = { label: string; group: string; tokens: number[] };

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e'];

/**
 * SayPlan's Figure 3 as an SVG: prompt tokens of the view over semantic-search steps, one thin
 * line per task, coloured by group (environment), with each group's full-graph size as a dashed
 * line. Log scale, since the full graph is an order of magnitude above any view. Written by hand
 * because a plotting library would be a large dependency for one chart.
 */
export function tokenChartSvg(
  series: readonly TokenSeries[],
  fullGraph: Record<string, number>,
  title: string,
): string {
  const width = 760;
  const height = 420;
  const margin = { left: 70, right: 150, top: 40, bottom: 50 };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const all = [...series.flatMap((s) => s.tokens), ...Object.values(fullGraph)].filter((t) => t > 0);
  const maxSteps = Math.max(1, ...series.map((s) => s.tokens.length - 1));
  const lo = Math.floor(Math.log10(Math.max(1, Math.min(...all, 100))));
  const hi = Math.ceil(Math.log10(Math.max(10, ...all)));
  const x = (step: number) => margin.left + (step / maxSteps) * plotW;
  const y = (tokens: number) =>
    margin.top + plotH - ((Math.log10(Math.max(1, tokens)) - lo) / Math.max(1, hi - lo)) * plotH;
  const groups = [...new Set([...series.map((s) => s.group), ...Object.keys(fullGraph)])];
  const colour = (group: string) => COLOURS[groups.indexOf(group) % COLOURS.length]!;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
  );
  for (let p = lo; p <= hi; p++) {
    out.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${y(10 ** p)}" y2="${y(10 ** p)}" stroke="#ddd"/>`,
      `<text x="${margin.left - 6}" y="${y(10 ** p) + 4}" text-anchor="end">${(10 ** p).toLocaleString('en')}</text>`,
    );
  }
  const tick = Math.max(1, Math.ceil(maxSteps / 12));
  for (let s = 0; s <= maxSteps; s += tick)
    out.push(`<text x="${x(s)}" y="${margin.top + plotH + 18}" text-anchor="middle">${s}</text>`);
  out.push(
    `<line x1="${margin.left}" x2="${margin.left}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#333"/>`,
    `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${margin.top + plotH}" y2="${margin.top + plotH}" stroke="#333"/>`,
    `<text x="${margin.left + plotW / 2}" y="${height - 12}" text-anchor="middle">semantic-search step</text>`,
    `<text transform="translate(18 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle">prompt tokens of the graph (log)</text>`,
  );
  for (const s of series) {
    const points = s.tokens.map((t, i) => `${x(i).toFixed(1)},${y(t).toFixed(1)}`).join(' ');
    out.push(
      `<polyline points="${points}" fill="none" stroke="${colour(s.group)}" stroke-opacity="0.45" stroke-width="1.5"><title>${escapeXml(s.label)}</title></polyline>`,
    );
  }
  for (const [group, tokens] of Object.entries(fullGraph))
    out.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${y(tokens)}" y2="${y(tokens)}" stroke="${colour(group)}" stroke-dasharray="6 4" stroke-width="2"/>`,
    );
  groups.forEach((group, i) => {
    const ly = margin.top + 10 + i * 36;
    const lx = margin.left + plotW + 12;
    out.push(
      `<line x1="${lx}" x2="${lx + 24}" y1="${ly}" y2="${ly}" stroke="${colour(group)}" stroke-width="2"/>`,
      `<text x="${lx + 30}" y="${ly + 4}">${escapeXml(group)} view</text>`,
      `<line x1="${lx}" x2="${lx + 24}" y1="${ly + 16}" y2="${ly + 16}" stroke="${colour(group)}" stroke-dasharray="6 4" stroke-width="2"/>`,
      `<text x="${lx + 30}" y="${ly + 20}">${escapeXml(group)} full graph</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
