import { z } from 'zod';

// How many allowed values an error may still list; beyond it the prompt's own listing has to do
// (the office's visible nodes made an 881-character error that never said which id was wrong).
const LISTED = 8;

/**
 * An enum of the allowed values whose error names the value the model gave: `"fridge_9" is not
 * one of the 41 node ids allowed here (see the graph above)`.
 */
export function oneOf(values: readonly string[], noun: string) {
  const unique = [...new Set(values)];
  if (unique.length === 0) throw new Error(`an output contract needs at least one ${noun}`);
  return z.enum(unique as [string, ...string[]], {
    error: (issue) => {
      if (typeof issue.input !== 'string') return undefined;
      const given = JSON.stringify(issue.input.slice(0, 80));
      if (unique.length === 1)
        return `${given} is not the one ${noun} allowed here, ${JSON.stringify(unique[0])}`;
      const listed =
        unique.length <= LISTED
          ? `: ${unique.map((v) => JSON.stringify(v)).join(', ')}`
          : ' (see the prompt)';
      return `${given} is not one of the ${unique.length} ${noun}s allowed here${listed}`;
    },
  });
}
