import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { datasetScene } from './src/test-support/datasets.ts';
import { missingThings } from './src/missing-things.ts';
import { actedOnPhrases } from './src/acted-on-phrases.ts';
import { instructionClauses } from './src/clauses.ts';
const scenes: any = { office: await datasetScene('office'), home: await datasetScene('home') };
const out: Record<string, any> = {};
for (const f of readdirSync('/work/main/datasets/tasks')) {
  if (!/^(sayplan|held-out|blind\d*)-tasks\.json$/.test(f)) continue;
  const set = f.replace('-tasks.json', '');
  const reqf = set === 'sayplan' ? 'requirements.json' : `${set}-requirements.json`;
  const R = Object.fromEntries(JSON.parse(readFileSync(`/work/main/datasets/tasks/${reqf}`, 'utf8')).tasks.map((t: any) => [t.id, t]));
  for (const t of JSON.parse(readFileSync(`/work/main/datasets/tasks/${f}`, 'utf8')).tasks) {
    const clauses = instructionClauses(t.instruction);
    const m = missingThings(scenes[t.environment], clauses);
    out[t.id] = { expect: R[t.id]?.expect ?? 'plan', missing: m, acted: actedOnPhrases(clauses), instruction: t.instruction };
  }
}
writeFileSync(process.argv[2]!, JSON.stringify(out, null, 1));
console.log(Object.keys(out).length);
