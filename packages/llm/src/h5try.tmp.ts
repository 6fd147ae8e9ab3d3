import { collapse, loadSceneFile, renderView, visibleNodes } from '@groundplan/scene-graph';
import { semanticSearchAnswerSchema } from './contracts/semantic-search-answer.js';
import { semanticSearchMessages } from './prompts/semantic-search.js';
import { localModelProvider } from './providers/local-model.js';
import { askStructured } from './structured-call.js';

const g = await loadSceneFile('/work/main/datasets/office.json');
if (!g.ok) throw new Error('x');
const v = collapse(g.value);
const p = localModelProvider({ modelPath: process.argv[2]!, threads: Number(process.argv[3] ?? 2) });
for (const instruction of ['Find me a carrot.', 'Find me a ripe banana.']) {
  const t = performance.now();
  const r = await askStructured(p, {
    messages: semanticSearchMessages({ instruction, renderedView: renderView(g.value, v), memory: [] }),
    contract: semanticSearchAnswerSchema(visibleNodes(g.value, v)),
    schemaName: 'semantic_search_step',
  });
  console.log(
    Math.round(performance.now() - t),
    JSON.stringify(r.ok ? { v: r.value.value, rep: r.value.report } : r.error),
  );
}
process.exit(0);
