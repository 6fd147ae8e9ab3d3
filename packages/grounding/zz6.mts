import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ancestorsOf } from '@groundplan/scene-graph';
import { datasetScene } from './src/test-support/datasets.ts';
import { isPersonOf, ownerOf, occupantName, personOfRoom } from './src/people.ts';
import { stem } from './src/building-words.ts';
const { getGender } = createRequire(import.meta.url)('gender-detection-from-name');
const scenes: any = { office: await datasetScene('office'), home: await datasetScene('home') };
function theirThings(graph: any, name: string, head: string): string[] {
  const lower = name.toLowerCase();
  const poss = lower.endsWith('s') ? [lower, `${lower}s`] : [`${lower}s`, lower];
  return graph.filterNodes((id: string, a: any) => {
    if (a.kind !== 'asset' && a.kind !== 'object') return false;
    if (stem(id.replace(/[_-]?\d+$/, '').split(/[_-]/).at(-1)!) !== stem(head)) return false;
    const owner = ownerOf(graph, id);
    if (owner !== undefined && (poss.includes(owner) || owner === lower)) return true;
    if (occupantName(graph, id) === lower) return true;
    return ancestorsOf(graph, id).some((up: string) => { const p = personOfRoom(up); return p !== undefined && poss.includes(p); });
  });
}
import { isParticiple } from './src/lexicon.ts';
const isParticipleOrAux = (w: string) => isParticiple(w) || /^(?:been|got|not|off|in|out|at|on|just|always|never|still|already|happy|due|away|back|busy|going|coming|finally)$/.test(w);
const PRON = /\b(his|her)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)/gi;
let hits: Record<string, number> = {};
for (const f of readdirSync('/work/main/datasets/tasks')) {
  if (!/^(sayplan|held-out|blind\d*)-tasks\.json$/.test(f)) continue;
  const set = f.replace('-tasks.json', '');
  const reqf = set === 'sayplan' ? 'requirements.json' : `${set}-requirements.json`;
  const R = Object.fromEntries(JSON.parse(readFileSync(`/work/main/datasets/tasks/${reqf}`, 'utf8')).tasks.map((t: any) => [t.id, t]));
  for (const t of JSON.parse(readFileSync(`/work/main/datasets/tasks/${f}`, 'utf8')).tasks) {
    const graph = scenes[t.environment];
    const ins: string = t.instruction;
    for (const m of ins.matchAll(PRON)) {
      const pron = m[1]!.toLowerCase();
      const words = m[2]!.split(/\s+/);
      const before = ins.slice(0, m.index);
      const fits = (text: string) => [...new Set([...text.matchAll(/\b([A-Z][a-z]+)(?:(['’]s)\s+([a-z]+))?\b/g)]
        .filter((x) => !(x[2] && !isParticipleOrAux(x[3]!)))
        .map((x) => x[1]!).filter((n) => isPersonOf(graph, n))
        .filter((n) => { const g = getGender(n, 'en'); return g === 'unknown' || g === (pron === 'his' ? 'male' : 'female'); }))];
      const sentStart = Math.max(...['. ', '! ', '? '].map((p) => before.lastIndexOf(p) + 1));
      const clauseStart = Math.max(sentStart, ...[', ', ' - ', ' and ', ' but ', ' so ', '; '].map((p) => { const i = before.lastIndexOf(p); return i < 0 ? -1 : i + p.length; }));
      let fit = fits(before.slice(clauseStart));
      if (fit.length === 0) fit = fits(before.slice(sentStart, clauseStart));
      if (fit.length === 0) { const sents = before.slice(0, sentStart).match(/[^.!?]+[.!?]*/g) ?? []; for (let i = sents.length - 1; i >= 0 && fit.length === 0; i--) fit = fits(sents[i]!); }
      if (fit.length < 2) continue;
      for (const head of words.slice(0, 2).reverse()) {
        const per = fit.map((n) => theirThings(graph, n, head));
        const owners = per.filter((x) => x.length > 0);
        if (owners.length >= 2) {
          const exp = R[t.id]?.expect ?? 'plan'; const cat = t.category ?? 'sayplan';
          const opts = R[t.id]?.options;
          const k = `${cat}/${exp}`; hits[k] = (hits[k] ?? 0) + 1;
          console.log(k, t.id, `"${pron} ${head}"`, fit.join(','), JSON.stringify(per), opts ? 'OPTS ' + opts : '', '|', ins.slice(0, 170));
          break;
        }
      }
    }
  }
}
console.log(hits);
