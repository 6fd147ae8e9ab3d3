import type { Reading } from '@groundplan/grounding';

/**
 * A reading as a person reads it: "Read by the model as a request: put mug -> dishwasher; things:
 * mug (mug_2), dishwasher (dishwasher); not to touch: mug 2 (mug_2)".
 */
export function describeReading(reading: Reading): string {
  const who = reading.by === 'model' ? 'the model' : 'the rules';
  const what = reading.kind === 'question' ? `a ${reading.form} question` : 'a request';
  const details = reading.details;
  if (!details) return `Read by ${who} as ${what}: ${reading.asks.join(' ')}`;
  const nearest = (phrase: string) => details.grounding.find((g) => g.phrase === phrase)?.nodes[0]?.id;
  const named = (phrase: string) => {
    const id = nearest(phrase);
    return id === undefined ? phrase : `${phrase} (${id})`;
  };
  const parts = [
    ...details.requests.map((r) => `${r.verb} ${r.thing}${r.to ? ` -> ${r.to}` : ''}`),
    ...(details.things.length > 0 ? [`things: ${details.things.map(named).join(', ')}`] : []),
    ...(details.excluded.length > 0 ? [`not to touch: ${details.excluded.map(named).join(', ')}`] : []),
  ];
  return `Read by ${who} as ${what}${parts.length > 0 ? `: ${parts.join('; ')}` : ''}`;
}
