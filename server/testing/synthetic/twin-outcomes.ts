import { isPositiveOutcome, type TwinRow } from "../../../domain/testing/fairness";

/**
 * The model's outcome for every row of a population, by twin set, kept as compact columns (a set id, an
 * attribute id, a group id, a number) rather than row objects, until the scores' median is known and the
 * rows can be judged positive or not for the counterfactual flip rates.
 */
export class TwinOutcomes {
  private readonly names = { sets: new Names(), attributes: new Names(), groups: new Names() };
  private readonly sets: number[] = [];
  private readonly attributes: number[] = [];
  private readonly groups: number[] = [];
  /** Scores: the score; decisions: 1 when positive, 0 when not. */
  private readonly outcomes: number[] = [];

  constructor(private readonly outcomeType: "binary" | "score") {}

  /** One row with an outcome (rows without one are not twins of anything). */
  add(twinSet: string, attribute: string, group: string, outcome: { score: number } | { positive: boolean }): void {
    this.sets.push(this.names.sets.id(twinSet));
    this.attributes.push(this.names.attributes.id(attribute));
    this.groups.push(this.names.groups.id(group));
    this.outcomes.push("score" in outcome ? outcome.score : outcome.positive ? 1 : 0);
  }

  /** The rows as the counterfactual analysis reads them; scores are positive strictly above the sample's median. */
  *rows(medianScore: number | undefined): Generator<TwinRow> {
    for (let i = 0; i < this.sets.length; i++) {
      const outcome = this.outcomes[i];
      const score = this.outcomeType === "score" ? outcome : null;
      const positive =
        this.outcomeType === "score" ? isPositiveOutcome(String(outcome), { outcome_type: "score", median_score: medianScore }) === true : outcome === 1;
      yield {
        twin_set: this.names.sets.name(this.sets[i]),
        attribute: this.names.attributes.name(this.attributes[i]),
        group: this.names.groups.name(this.groups[i]),
        positive,
        score,
      };
    }
  }
}

/** Each distinct text once, by a number. */
class Names {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];

  id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.texts.push(text);
      this.ids.set(text, id);
    }
    return id;
  }

  name(id: number): string {
    return this.texts[id];
  }
}
