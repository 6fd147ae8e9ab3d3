import { it } from 'vitest';
import { actedOnPhrases } from './acted-on-phrases.js';
import { instructionClauses } from './clauses.js';
import { missingThings } from './missing-things.js';
import { datasetScene } from './test-support/datasets.js';

it('m', async () => {
  const g = await datasetScene((process.env.SC ?? 'office') as 'office');
  const t = process.env.T ?? '';
  console.log(
    'CL',
    instructionClauses(t),
    'ACT',
    actedOnPhrases(instructionClauses(t)),
    'MISS',
    missingThings(g, instructionClauses(t)),
  );
});
