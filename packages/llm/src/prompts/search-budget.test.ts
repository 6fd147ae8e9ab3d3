import { appliedStep, noCall, VIEW_TOKEN_LIMIT } from '@groundplan/grounding';
import {
  buildSceneGraph,
  collapse,
  generateScene,
  generateSceneFile,
  renderView,
  searchTree,
} from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import {
  FIRST_SEARCH_PROMPT_TOKENS,
  firstPromptOverBudget,
  promptTokens,
  semanticSearchMessages,
} from './semantic-search.js';

function firstPrompt(scene: ReturnType<typeof generateScene>) {
  const renderedView = renderView(scene, collapse(scene));
  const nested = !searchTree(scene).flat;
  const messages = semanticSearchMessages({
    instruction: 'Find me a stapler.',
    renderedView,
    memory: [],
    ...(nested ? { nested } : {}),
  });
  return { messages, renderedView };
}

describe('the first search prompt of a large building', () => {
  it('stays under its budget from 37 to 3,700 rooms, and tells the model to open floors and groups', () => {
    for (const [floors, roomsPerFloor] of [
      [1, 37],
      [10, 37],
      [10, 370],
    ] as const) {
      const scene = generateScene({ seed: 2, floors, roomsPerFloor, assetsPerRoom: 3, objectsPerAsset: 3 });
      const { messages, renderedView } = firstPrompt(scene);
      expect(promptTokens(messages)).toBeLessThanOrEqual(FIRST_SEARCH_PROMPT_TOKENS);
      expect(firstPromptOverBudget(messages, renderedView)).toBeUndefined();
      expect(messages.at(-1)!.content).toContain('expand a floor, then a group of rooms');
    }
  });

  it('says so, with the numbers, when even the collapsed view cannot fit', () => {
    // Eight floors whose notes run to a thousand characters each: nothing to group, too long to list.
    const file = generateSceneFile({
      seed: 2,
      floors: 8,
      roomsPerFloor: 20,
      assetsPerRoom: 1,
      objectsPerAsset: 1,
    });
    for (const node of file.nodes)
      if (node.kind === 'floor')
        node.attributes = { ...node.attributes, notes: 'fire exits and lifts '.repeat(48) };
    const { messages, renderedView } = firstPrompt(buildSceneGraph(file));
    expect(firstPromptOverBudget(messages, renderedView)).toMatch(
      /^the scene's collapsed view is \d+ tokens, so the first search prompt is \d+ tokens, more than its budget of 2000, even with nothing expanded; /,
    );
  });
});

describe('an expansion past the view limit', () => {
  it('is refused with the numbers, the view left as it was', () => {
    // One room with 400 assets: opening it would list them all.
    const scene = generateScene({
      seed: 2,
      floors: 1,
      roomsPerFloor: 1,
      assetsPerRoom: 400,
      objectsPerAsset: 0,
    });
    const room = scene.filterNodes((_id, attributes) => attributes.kind === 'room')[0]!;
    const step = appliedStep(scene, collapse(scene), {
      command: 'expand',
      node: room,
      reasoning: '',
      chainOfThought: '',
      usage: noCall('test'),
    });
    expect(step.next).toBeUndefined();
    expect(step.error).toMatch(
      new RegExp(
        `^expanding "${room}" would make the view \\d+ tokens, more than the ${VIEW_TOKEN_LIMIT} a search prompt may give it; contract a node you no longer need first$`,
      ),
    );
  });
});
