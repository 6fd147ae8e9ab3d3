import { readFileSync, readdirSync } from 'node:fs';
import { datasetScene } from './src/test-support/datasets.ts';
import { isPersonOf } from './src/people.ts';
import { ambiguousOwners } from './src/pronoun-people.ts';
const scenes: any = { office: await datasetScene('office'), home: await datasetScene('home') };
for (const f of readdirSync('/work/main/datasets/tasks')) {
  if (!/^(sayplan|held-out|blind\d*)-tasks\.json$/.test(f)) continue;
  const set = f.replace('-tasks.json', '');
  const reqf = set === 'sayplan' ? 'requirements.json' : `${set}-requirements.json`;
  const R = Object.fromEntries(JSON.parse(readFileSync(`/work/main/datasets/tasks/${reqf}`, 'utf8')).tasks.map((t: any) => [t.id, t]));
  for (const t of JSON.parse(readFileSync(`/work/main/datasets/tasks/${f}`, 'utf8')).tasks) {
    const g = scenes[t.environment];
    const a = ambiguousOwners(g, t.instruction, (w) => isPersonOf(g, w));
    if (a.length) console.log(t.category ?? 'sayplan', R[t.id]?.expect, t.id, JSON.stringify(a), R[t.id]?.options ?? '');
  }
}
