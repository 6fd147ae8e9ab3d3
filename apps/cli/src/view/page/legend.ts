import type { SceneGraph } from '@groundplan/scene-graph/model';
import { LAYERS, layerOf } from './layered-layout.js';
import { EDGE_COLORS, LAYER_COLORS, MARKS } from './scene-drawing.js';

type Entry = { key: string; text: string; color: string; shape?: 'line' | 'box' };

/** Every colour and mark of the drawing, named: the layers with their counts, the edges, the overlay's marks. */
export function showLegend(scene: SceneGraph, floors: number, groups = 0): void {
  const counts = new Map<string, number>();
  scene.forEachNode((_id, attributes) => {
    const layer = layerOf(attributes.kind);
    counts.set(layer, (counts.get(layer) ?? 0) + 1);
  });
  const layerText: Record<string, string> = {
    building: `building and floors (${floors} floor${floors === 1 ? '' : 's'})`,
    room: 'rooms',
    navigation: 'poses (navigation)',
    asset: 'assets (furniture)',
    object: 'objects',
  };
  const entries: Entry[] = [
    ...LAYERS.map((layer) => ({
      key: layer,
      text: `${layerText[layer]} ${counts.get(layer) ?? 0}`,
      color: LAYER_COLORS[layer],
    })),
    // A large building's groups of rooms (its rooms counted above are those drawn so far).
    ...(groups > 0
      ? [
          {
            key: 'group',
            text: `groups of rooms ${groups}: click one to open or close it`,
            color: MARKS.group,
          },
        ]
      : []),
    { key: 'start', text: 'start: where the robot stands', color: MARKS.start },
    { key: 'touched', text: 'touched by the plan', color: MARKS.touched },
    { key: 'explored', text: 'looked around (an exploration)', color: MARKS.explored },
    { key: 'route', text: 'route, driven', color: MARKS.route, shape: 'line' },
    { key: 'route-ahead', text: 'route, still ahead', color: MARKS.routeAhead, shape: 'line' },
    { key: 'faded', text: 'hidden from the planner at this search step', color: MARKS.faded },
    {
      key: 'expanded',
      text: 'boxed label: expanded at this step, on the route, or picked',
      color: '#fff',
      shape: 'box',
    },
    { key: 'edge-hierarchy', text: 'edge: contains', color: EDGE_COLORS.hierarchy, shape: 'line' },
    { key: 'edge-navigation', text: 'edge: can drive', color: EDGE_COLORS.navigation, shape: 'line' },
  ];
  document.getElementById('legend')!.replaceChildren(
    ...entries.map(({ key, text, color, shape }) => {
      const span = document.createElement('span');
      span.dataset.legend = key;
      if (LAYERS.includes(key as never)) span.dataset.layer = key;
      const mark = document.createElement('i');
      mark.style.background = color;
      if (shape) mark.className = shape;
      span.append(mark, text);
      return span;
    }),
  );
}
