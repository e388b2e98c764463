/** VADER's normalisation constant: score = sum ÷ √(sum² + α). */
export const SENTIMENT_ALPHA = 15;

/**
 * VADER's compound score of a text from its words' valences, as its `score_valence` computes it: the sum, pushed
 * away from 0 by the text's exclamation marks (0.292 each, up to 4) and question marks (0.18 each for two or three,
 * 0.96 for more), normalised as sum ÷ √(sum² + 15) into [−1, 1] and rounded to 4 decimals. Counted in one pass over
 * the text rather than the package's two regular-expression replacements, which cost as much as the scoring itself.
 */
export function compoundScore(valences: readonly number[], text: string): number {
  let sum = 0;
  for (const valence of valences) sum += valence;
  if (sum === 0) return 0;
  let exclamations = 0;
  let questions = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 33) exclamations++;
    else if (c === 63) questions++;
  }
  const emphasis = Math.min(exclamations, 4) * 0.292 + (questions > 1 ? (questions <= 3 ? questions * 0.18 : 0.96) : 0);
  const emphasised = sum > 0 ? sum + emphasis : sum - emphasis;
  const score = Math.max(-1, Math.min(1, emphasised / Math.sqrt(emphasised * emphasised + SENTIMENT_ALPHA)));
  return parseFloat(score.toFixed(4));
}
