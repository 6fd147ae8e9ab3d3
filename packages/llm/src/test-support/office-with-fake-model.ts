import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openRetrieval, type SceneIndexCache } from '@groundplan/retrieval';
import { loadSceneFile, memorySceneStore, type SceneGraph } from '@groundplan/scene-graph';
import { afterAll, beforeAll } from 'vitest';
import { createLlmActivities, type LlmActivitiesConfig } from '../activities.js';
import { openAiCompatibleProvider } from '../providers/openai-compatible.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.js';

const officePath = new URL('../../../../datasets/office.json', import.meta.url).pathname;

/** What a test file gets: the office, its reference in the store, the fake model's server, the real activities. */
export type OfficeWithFakeModel = {
  office: SceneGraph;
  sceneRef: string;
  server: FakeOpenAiServer;
  activities: (config?: FixtureConfig) => ReturnType<typeof createLlmActivities>;
};

/** A provider here answers instead of the fake server (the local model, for what only it can do). */
type FixtureConfig = Partial<Pick<LlmActivitiesConfig, 'maxInvalidRetries' | 'provider'>>;

/**
 * The real LLM activities over datasets/office.json with real retrieval (its index in a temporary
 * folder) and a fake OpenAI-compatible server answering as scripted, set up before the calling
 * test file's tests and taken down after them. Read the fields inside tests, not at import.
 */
export function officeWithFakeModel(): OfficeWithFakeModel {
  const cacheDir = mkdtempSync(`${tmpdir()}/groundplan-office-model-`);
  const scenes = memorySceneStore();
  let retrieval: SceneIndexCache;
  const fixture = {
    activities: (config: FixtureConfig = {}) =>
      createLlmActivities({
        provider:
          config.provider ??
          openAiCompatibleProvider({
            baseURL: fixture.server.baseURL,
            apiKey: 'k',
            model: 'm',
            maxRetries: 0,
            structuredOutput: 'json_schema',
          }),
        scenes,
        retrieval,
        ...(config.maxInvalidRetries === undefined ? {} : { maxInvalidRetries: config.maxInvalidRetries }),
      }),
  } as OfficeWithFakeModel;
  beforeAll(async () => {
    const loaded = await loadSceneFile(officePath);
    if (!loaded.ok) throw new Error('datasets/office.json does not load');
    fixture.office = loaded.value;
    fixture.sceneRef = await scenes.put(loaded.value);
    const opened = await openRetrieval({ cacheDir });
    if (!opened.ok) throw new Error(opened.error);
    retrieval = opened.value;
    fixture.server = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await fixture.server?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  return fixture;
}
