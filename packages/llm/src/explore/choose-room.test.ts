import { memorySceneStore, ok } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { createLlmActivities } from '../activities.js';
import type { CompletionRequest, LlmProvider } from '../provider.js';
import { countUsage } from '../usage.js';

/** A model that always answers `choice`, keeping every request it was sent. */
function answering(choice: string): LlmProvider & { requests: CompletionRequest[] } {
  const requests: CompletionRequest[] = [];
  return {
    name: 'fixed',
    model: 'fixed',
    requests,
    async complete(request) {
      requests.push(request);
      const text = JSON.stringify({ choice });
      return ok({
        text,
        json: { choice },
        usage: countUsage(request.messages, text),
        latencyMs: 0,
        provider: 'fixed',
        model: 'fixed',
        attempts: 1,
      });
    },
  };
}

const options = [
  { room: 'corridor_f1_r2', roomType: 'corridor', distance: 6 },
  { room: 'kitchen_f1_r5', roomType: 'kitchen', distance: 18.4 },
];

describe('chooseRoomToExplore (SayNav: the model picks the next room)', () => {
  it('shows the targets by name, never by their generated ids, and takes the room the model picks', async () => {
    const model = answering('kitchen_f1_r5');
    const { chooseRoomToExplore } = createLlmActivities({ provider: model, scenes: memorySceneStore() });
    const result = await chooseRoomToExplore({
      targets: ['mug_f1_r5_a0_o1'],
      options,
      explored: ['office_f1_r1'],
    });
    expect(result.room).toBe('kitchen_f1_r5');
    expect(result.calls).toBe(1);
    const prompt = model.requests[0]!.messages.map((message) => message.content).join('\n');
    expect(prompt).toContain('Looking for: mug');
    expect(prompt).not.toContain('mug_f1_r5');
    expect(prompt).toContain('- kitchen_f1_r5: a kitchen, 18 m away');
  });

  it('falls back to the nearest room when the model keeps naming a room that is not offered, counting every try', async () => {
    const model = answering('attic');
    const { chooseRoomToExplore } = createLlmActivities({
      provider: model,
      scenes: memorySceneStore(),
      maxInvalidRetries: 2,
    });
    const result = await chooseRoomToExplore({ targets: ['apple'], options, explored: [] });
    expect(result.room).toBe('corridor_f1_r2');
    expect(result.calls).toBe(3);
    expect(model.requests).toHaveLength(3);
  });

  it('asks nothing when only one room is left', async () => {
    const model = answering('corridor_f1_r2');
    const { chooseRoomToExplore } = createLlmActivities({ provider: model, scenes: memorySceneStore() });
    const result = await chooseRoomToExplore({
      targets: ['apple'],
      options: options.slice(0, 1),
      explored: [],
    });
    expect(result).toMatchObject({ room: 'corridor_f1_r2', calls: 0 });
    expect(model.requests).toHaveLength(0);
  });

  it('with the scores chooser, takes the room whose reply the model scores likeliest per token, in one call', async () => {
    const candidates: string[][] = [];
    const model: LlmProvider = {
      ...answering('corridor_f1_r2'),
      // Summed, the corridor's reply wins (-3 against -4); per token the kitchen's (-0.5 against -1).
      async score(request) {
        candidates.push([...request.candidates]);
        return ok({
          logProbs: [-3, -4],
          tokens: [3, 8],
          usage: { promptTokens: 120, completionTokens: 0 },
          latencyMs: 0,
          provider: 'fixed',
          model: 'fixed',
          attempts: 1,
        });
      },
    };
    const { chooseRoomToExplore } = createLlmActivities({ provider: model, scenes: memorySceneStore() });
    const result = await chooseRoomToExplore({
      targets: ['apple'],
      options,
      explored: [],
      chooser: 'scores',
    });
    expect(result).toMatchObject({ room: 'kitchen_f1_r5', calls: 1 });
    expect(result.usage.usage.completionTokens).toBe(0);
    expect(candidates).toEqual([['{"choice": "corridor_f1_r2"}', '{"choice": "kitchen_f1_r5"}']]);
  });
});
