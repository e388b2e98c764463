import { intersectionalGroup, RACE_ETHNICITY, SEX, SEX_RACE_ETHNICITY, type FairnessResults } from "../../entities/testing-task";
import { clean, GroupColumn, GroupedRows, GrowableFloat64, GrowableInt8 } from "../grouped";
import { categoryResults, emptyTally, type GroupTally } from "./category";
import { medianInPlace } from "./statistics";

export interface AccumulatorOptions {
  outcome_type: "binary" | "score";
  /** Binary outcomes: the value meaning selected ("1" when absent), compared trimmed and case-insensitively (numbers by value). */
  positive_value?: string;
  /** A label column (the actual outcome, 1 or 0) is mapped. */
  has_label: boolean;
  /** The protected attributes, in the order `add` receives their values. */
  attributes: readonly string[];
}

const DEFAULT_POSITIVE = "1";
const NO_LABEL = -1;

/** A cell equal to the positive value: as numbers when both are numbers ("1.0" is 1), else as text ignoring case. */
export function matchesPositive(cell: string, positiveValue = DEFAULT_POSITIVE): boolean {
  const value = positiveValue.trim();
  const a = Number(cell);
  const b = Number(value);
  if (cell !== "" && value !== "" && Number.isFinite(a) && Number.isFinite(b)) return a === b;
  return cell.toLowerCase() === value.toLowerCase();
}

/** The actual outcome of a label cell: 1, 0, or none (empty or anything else). */
function labelOf(cell: string | null | undefined): number {
  const value = clean(cell);
  if (value === "") return NO_LABEL;
  const n = Number(value);
  return n === 1 ? 1 : n === 0 ? 0 : NO_LABEL;
}

/**
 * Whether an outcome cell is a positive decision: for binary outcomes the positive value, for scores a
 * score strictly above the median of the whole sample. Null when the cell holds no outcome.
 */
export function isPositiveOutcome(cell: string | null | undefined, options: { outcome_type: "binary" | "score"; positive_value?: string; median_score?: number }): boolean | null {
  const value = clean(cell);
  if (value === "") return null;
  if (options.outcome_type === "binary") return matchesPositive(value, options.positive_value);
  const score = Number(value);
  if (!Number.isFinite(score)) return null;
  return options.median_score === undefined ? null : score > options.median_score;
}

/**
 * Reads decision rows one at a time and keeps only compact columns (the outcome as a number, the label as
 * a byte, a group code per category), so a file of hundreds of thousands of rows is never held as text.
 * Scores need the whole sample's median before any row is a decision, hence the columns rather than tallies.
 */
export class FairnessAccumulator extends GroupedRows {
  private readonly outcomes = new GrowableFloat64();
  private readonly labels = new GrowableInt8();
  private readonly intersection: { column: GroupColumn; sex: number; race: number } | null;
  private read = 0;
  private withoutOutcome = 0;

  constructor(private readonly options: AccumulatorOptions) {
    super(options.attributes);
    const sex = options.attributes.indexOf(SEX);
    const race = options.attributes.indexOf(RACE_ETHNICITY);
    this.intersection = sex >= 0 && race >= 0 ? { column: new GroupColumn(SEX_RACE_ETHNICITY), sex, race } : null;
  }

  get rowsRead(): number {
    return this.read;
  }

  get rowsWithoutOutcome(): number {
    return this.withoutOutcome;
  }

  add(outcome: string | null | undefined, label: string | null | undefined, protectedValues: readonly (string | null | undefined)[]): void {
    this.read++;
    const value = this.outcomeOf(clean(outcome));
    if (value === null) {
      this.withoutOutcome++;
      return;
    }
    this.outcomes.push(value);
    this.labels.push(this.options.has_label ? labelOf(label) : NO_LABEL);
    const values = this.addGroups(protectedValues);
    if (this.intersection) {
      const { column, sex, race } = this.intersection;
      column.push(values[sex] && values[race] ? intersectionalGroup(values[sex], values[race]) : "");
    }
  }

  /** Binary: 1 or 0; score: the number. Null when the row has no usable outcome. */
  private outcomeOf(cell: string): number | null {
    if (cell === "") return null;
    if (this.options.outcome_type === "binary") return matchesPositive(cell, this.options.positive_value) ? 1 : 0;
    const score = Number(cell);
    return Number.isFinite(score) ? score : null;
  }

  finish(): Pick<FairnessResults, "sample_size" | "outcome_type" | "median_score" | "categories"> {
    const outcomes = this.outcomes.view();
    const labels = this.labels.view();
    const sampleSize = outcomes.length;
    const median = this.options.outcome_type === "score" && sampleSize > 0 ? medianInPlace(Float64Array.from(outcomes)) : undefined;
    const positive = (i: number) => (median === undefined ? outcomes[i] === 1 : outcomes[i]! > median);

    const ordered = this.intersection ? this.orderedColumns() : this.columns;
    const categories = ordered.map((column) => {
      const byGroup = column.tally(sampleSize, emptyTally, (tally, i) => tallyRow(tally, positive(i), labels[i]!));
      return categoryResults(column.attribute, byGroup, column.unknown, sampleSize, this.options.has_label);
    });
    return { sample_size: sampleSize, outcome_type: this.options.outcome_type, ...(median === undefined ? {} : { median_score: median }), categories };
  }

  /** sex, race/ethnicity and their intersection first (the categories the law names), then the other attributes in mapping order. */
  private orderedColumns(): GroupColumn[] {
    const named = (key: string) => this.columns.filter((c) => c.attribute === key);
    const others = this.columns.filter((c) => c.attribute !== SEX && c.attribute !== RACE_ETHNICITY);
    return [...named(SEX), ...named(RACE_ETHNICITY), this.intersection!.column, ...others];
  }
}

function tallyRow(tally: GroupTally, positive: boolean, label: number): void {
  tally.count++;
  if (positive) tally.positives++;
  if (label === 1) {
    tally.actualPositives++;
    if (positive) tally.truePositives++;
  } else if (label === 0) {
    tally.actualNegatives++;
    if (positive) tally.falsePositives++;
  }
}
