import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { datasetScene } from './src/test-support/datasets.ts';
import { describedNowhere } from './src/missing-things.ts';
import { nounPhraseSpans } from './src/noun-phrases.ts';
import { stem } from './src/building-words.ts';
const base = process.argv[2] ?? '/work/runs/base';
const scenes = { office: await datasetScene('office'), home: await datasetScene('home') };
let flagged: Record<string, number> = {};
for (const set of readdirSync(base)) {
  const dir = `${base}/${set}`;
  const planner = readdirSync(dir).find((d) => existsSync(`${dir}/${d}/results.jsonl`));
  if (!planner) continue;
  const tasks = set === 'sayplan' ? {} : Object.fromEntries(JSON.parse(readFileSync(`/work/main/datasets/tasks/${set}-tasks.json`, 'utf8')).tasks.map((t: any) => [t.id, t]));
  for (const line of readFileSync(`${dir}/${planner}/results.jsonl`, 'utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line);
    if (!r.goals || r.status !== 'verified') continue;
    const scene = (scenes as any)[r.environment];
    const objects = new Set<string>((r.goals as string[]).map((g) => /\(([^,)]+)/.exec(g)?.[1]).filter((x): x is string => !!x && x !== 'robot'));
    const ok = r.planning?.correct ?? r.search?.success;
    const cat = tasks[r.id]?.category ?? 'sayplan';
    for (const obj of objects) {
      const head = stem(obj.replace(/[_-]?\d+$/, '').split(/[_-]/).at(-1)!);
      for (const span of nounPhraseSpans(r.instruction)) {
        const words = span.phrase.split(' ');
        const at = words.findIndex((w) => stem(w) === head);
        if (at < 0) continue;
        const phrase = words.slice(0, at + 1).join(' ');
        const nowhere = describedNowhere(scene, [phrase]);
        if (nowhere.length > 0) {
          const k = `${cat}:${ok ? 'right' : 'wrong'}`;
          flagged[k] = (flagged[k] ?? 0) + 1;
          console.log(k, r.id, obj, JSON.stringify(phrase), '|', r.instruction.slice(0, 140));
        }
      }
    }
  }
}
console.log(flagged);
