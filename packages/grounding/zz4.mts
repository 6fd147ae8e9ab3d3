import { readFileSync, readdirSync } from 'node:fs';
import { askedParts } from './src/acted-on-phrases.ts';
import { instructionClauses } from './src/clauses.ts';
for (const f of readdirSync('/work/main/datasets/tasks')) {
  if (!/^(held-out|blind\d*)-tasks\.json$/.test(f)) continue;
  const set = f.replace('-tasks.json', '');
  const R = Object.fromEntries(JSON.parse(readFileSync(`/work/main/datasets/tasks/${set}-requirements.json`, 'utf8')).tasks.map((t: any) => [t.id, t]));
  for (const t of JSON.parse(readFileSync(`/work/main/datasets/tasks/${f}`, 'utf8')).tasks) {
    if ((R[t.id]?.expect ?? 'plan') === 'answer') continue;
    if (askedParts(instructionClauses(t.instruction)).length === 0) console.log(t.id, R[t.id]?.expect, '|', t.instruction.slice(0, 200));
  }
}
