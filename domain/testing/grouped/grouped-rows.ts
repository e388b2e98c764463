import { GrowableInt32 } from "./growable";

/** A row's code in a column whose value is empty. */
export const UNKNOWN = -1;

/** A cell as the analyses read it: trimmed, empty when missing. */
export const clean = (cell: string | null | undefined) => (cell ?? "").trim();

/** A protected attribute's groups by name, with a group code per row (UNKNOWN when its value is empty). */
export class GroupColumn {
  readonly codes = new GrowableInt32();
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  unknown = 0;

  constructor(readonly attribute: string) {}

  push(value: string): void {
    if (value === "") {
      this.unknown++;
      this.codes.push(UNKNOWN);
      return;
    }
    let code = this.index.get(value);
    if (code === undefined) {
      code = this.names.length;
      this.names.push(value);
      this.index.set(value, code);
    }
    this.codes.push(code);
  }

  /**
   * Each group's tally over the first `rows` rows: `add` is given the group's tally, the row and the group's code
   * for every row with a known value. Groups in the order first seen.
   */
  tally<T>(rows: number, empty: () => T, add: (tally: T, row: number, code: number) => void): Map<string, T> {
    const tallies = this.names.map(empty);
    const codes = this.codes.view();
    for (let row = 0; row < rows; row++) {
      const code = codes[row]!;
      if (code !== UNKNOWN) add(tallies[code]!, row, code);
    }
    return new Map(this.names.map((name, code) => [name, tallies[code]!] as const));
  }
}

/**
 * The skeleton of the analyses that stream rows in and judge groups: a compact column of group codes per protected
 * attribute (never the rows as text), so a file of hundreds of thousands of rows fits. Subclasses keep their own
 * per-row figures beside these columns and tally them per group when they finish.
 */
export abstract class GroupedRows {
  protected readonly columns: GroupColumn[];

  constructor(attributes: readonly string[]) {
    this.columns = attributes.map((attribute) => new GroupColumn(attribute));
  }

  /** The rows read so far. */
  abstract get rowsRead(): number;

  /** A row's protected values, cleaned, into their columns (in the order of the attributes); answers them cleaned. */
  protected addGroups(protectedValues: readonly (string | null | undefined)[]): string[] {
    return this.columns.map((column, i) => {
      const value = clean(protectedValues[i]);
      column.push(value);
      return value;
    });
  }
}

/** Whether a group is left out of choosing the reference (under `exclusionShare` of all rows) or too small to flag. */
export function groupStanding(count: number, total: number, rules: { exclusionShare: number; smallRows: number }): { excluded: boolean; small: boolean } {
  const excluded = count / total < rules.exclusionShare;
  return { excluded, small: excluded || count < rules.smallRows };
}

/** Largest group first, then by name, so tables read the same on every run. */
export const bySizeThenName = <T extends { group: string }>(size: (g: T) => number) => (x: T, y: T) =>
  size(y) - size(x) || (x.group < y.group ? -1 : x.group > y.group ? 1 : 0);

/**
 * The reference group among those not excluded: the highest rate; a tie goes to the larger group, then to the name
 * that sorts first, so the choice is stable.
 */
export function referenceGroup<T extends { group: string }>(groups: readonly T[], rate: (g: T) => number, size: (g: T) => number): T | null {
  let best: T | null = null;
  for (const g of groups) {
    if (!best) best = g;
    else {
      const r = rate(g);
      const bestRate = rate(best);
      if (r > bestRate || (r === bestRate && (size(g) > size(best) || (size(g) === size(best) && g.group < best.group)))) best = g;
    }
  }
  return best;
}

/** What a run's list row and the trend chart need: whether any group is flagged, how many, and per attribute the lowest ratio of the groups not excluded. */
export function summarizeGroups<G extends { excluded: boolean; adverse_impact: boolean }>(
  sections: readonly { key: string; groups: readonly G[] }[],
  ratio: (g: G) => number | null,
): { flagged: boolean; adverse_impact_groups: number; lowest_impact_ratio: Record<string, number | null> } {
  let adverse = 0;
  const lowest: Record<string, number | null> = {};
  for (const section of sections) {
    adverse += section.groups.filter((g) => g.adverse_impact).length;
    const ratios = section.groups.flatMap((g) => {
      const r = ratio(g);
      return g.excluded || r === null ? [] : [r];
    });
    lowest[section.key] = ratios.length > 0 ? Math.min(...ratios) : null;
  }
  return { flagged: adverse > 0, adverse_impact_groups: adverse, lowest_impact_ratio: lowest };
}
