import { datasetScene } from './src/test-support/datasets.ts';
import { missingThings } from './src/missing-things.ts';
import { nounPhraseSpans } from './src/noun-phrases.ts';
import { instructionClauses } from './src/clauses.ts';
const office = await datasetScene('office');
for (const t of process.argv.slice(2)) console.log(t, missingThings(office, instructionClauses(t)), nounPhraseSpans(t));
