/** The parts of vader-sentiment (the JavaScript port of VADER) that Steward calls: its scorer's own rule steps. */
declare module "vader-sentiment" {
  /** What the scorer's steps read of a text: its words as VADER splits them, and whether only some are in capitals. */
  export interface SentiTextLike {
    words_and_emoticons: string[];
    is_cap_diff: boolean;
  }

  export interface PolarityScores {
    neg: number;
    neu: number;
    pos: number;
    /** The normalised sum of the valences, in [−1, 1], to 4 decimals. */
    compound: number;
  }

  export class SentimentIntensityAnalyzer {
    static polarity_scores(text: string): PolarityScores;
    static sentiment_valence(valence: number, sentiText: SentiTextLike, item: string, index: number, sentiments: number[]): number[];
    static but_check(words: string[], sentiments: number[]): number[];
    static score_valence(sentiments: number[], text: string): PolarityScores;
  }

  const vader: { SentimentIntensityAnalyzer: typeof SentimentIntensityAnalyzer };
  export default vader;
}
