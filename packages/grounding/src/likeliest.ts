/**
 * The index of the likeliest reply by the model's scores, per token: each reply's summed token
 * log-probability over its number of tokens. Summed, a shorter reply wins for being short: in
 * LookPlanGraph's choice, done's reply (the shortest) won every turn of a first run.
 */
export function likeliestPerToken(logProbs: readonly number[], tokens: readonly number[]): number {
  if (logProbs.length === 0 || logProbs.length !== tokens.length)
    throw new Error(`${logProbs.length} scores for ${tokens.length} token counts`);
  const perToken = logProbs.map((logProb, i) => logProb / Math.max(1, tokens[i]!));
  return perToken.indexOf(Math.max(...perToken));
}
