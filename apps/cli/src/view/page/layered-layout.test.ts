import type { SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { floorPlan, layeredPositions } from './layered-layout.js';

let home: SceneGraph;
let office: SceneGraph;

beforeAll(async () => {
  home = await datasetScene('home');
  office = await datasetScene('office');
});

describe("the view's layout of floors", () => {
  it("puts every room, pose, asset and object of the home on one of its three floors, in the floors' order", () => {
    const plan = floorPlan(home);
    expect(plan.floors).toEqual(['floor0', 'floor1', 'floor2']);
    home.forEachNode((id, attributes) => {
      if (['room', 'pose', 'asset', 'object', 'agent'].includes(attributes.kind))
        expect([id, plan.floorOf.get(id)]).toEqual([id, expect.stringMatching(/^floor[012]$/)]);
    });
    // A room's floor is the one its hierarchy edge names.
    home.forEachEdge((_edge, attributes, source, target) => {
      if (attributes.kind === 'hierarchy' && home.getNodeAttribute(source, 'kind') === 'floor')
        expect(plan.floorOf.get(target)).toBe(source);
    });
  });

  it("draws the home's floors side by side in the layered view: no floor's rooms among another's", () => {
    const plan = floorPlan(home);
    const drawn = layeredPositions(home, plan);
    const spans = plan.floors.map((floor) => {
      const xs = home
        .filterNodes((id, attributes) => attributes.kind === 'room' && plan.floorOf.get(id) === floor)
        .map((id) => drawn.get(id)!.x);
      expect(xs.length).toBeGreaterThan(0);
      return [Math.min(...xs), Math.max(...xs)] as const;
    });
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThan(spans[i - 1]![1]);
  });

  it('keeps the office, one floor, where its positions say, seen from above', () => {
    const plan = floorPlan(office);
    expect(plan.floors).toEqual(['floor0']);
    office.forEachNode((id, attributes) => {
      if (attributes.position)
        expect(plan.points.get(id)).toEqual({ x: attributes.position[0], y: attributes.position[1] });
    });
  });
});
