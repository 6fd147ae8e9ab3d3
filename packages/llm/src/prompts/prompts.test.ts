import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NODE_KINDS } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { planMessages } from './plan.js';
import { semanticSearchMessages } from './semantic-search.js';

const office = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../datasets/office.json', import.meta.url)), 'utf8'),
) as { nodes: { id: string }[] };

describe('the semantic-search prompt', () => {
  const messages = semanticSearchMessages({
    instruction: 'Find me a carrot.',
    renderedView: '{"nodes":[]}',
    memory: ['kitchen'],
    lastError: '"garage" is not a node',
  });

  it('ends with this turn: view, memory, last error, then the instruction', () => {
    const turn = messages.at(-1)!;
    expect(turn.role).toBe('user');
    expect(turn.content.split('\n')).toEqual([
      'View: {"nodes":[]}',
      'Memory: ["kitchen"]',
      'Last command failed: "garage" is not a node',
      'Instruction: Find me a carrot.',
    ]);
  });

  it('teaches with worked examples that answer in the contract format', () => {
    const examples = messages.filter((m) => m.role === 'assistant').map((m) => JSON.parse(m.content));
    expect(examples.map((e) => e.command)).toEqual(['expand', 'done']);
    for (const example of examples)
      expect(Object.keys(example)).toEqual(['chain_of_thought', 'command', 'node', 'reasoning']);
  });
});

describe('the in-context examples', () => {
  it('use a made-up building, not the office evaluation scene', () => {
    const exampleText = [
      ...semanticSearchMessages({ instruction: '', renderedView: '', memory: [] }).slice(0, -1),
      ...planMessages('iterative', { instruction: '', renderedGraph: '' }).slice(0, -1),
    ]
      .map((m) => m.content)
      .join('\n');
    const kinds = new Set<string>(NODE_KINDS);
    const officeOnly = office.nodes
      .map((n) => n.id)
      .filter((id) => !kinds.has(id) && exampleText.includes(`"${id}"`));
    expect(officeOnly).toEqual([]);
  });
});

describe('the planning prompts', () => {
  it('list the simulator actions and differ only in how navigation and retries work', () => {
    const [iterative, plusP, asPlanner] = (
      ['iterative', 'path-planner-only', 'without-path-planner'] as const
    ).map((mode) => planMessages(mode, { instruction: 'x', renderedGraph: '{}' })[0]!.content);
    for (const system of [iterative, plusP, asPlanner]) expect(system).toContain('- goto(place)');
    expect(iterative).toMatch(/feedback/);
    expect(plusP).toMatch(/no second attempt/);
    expect(asPlanner).toMatch(/no path planner/);
  });
});
