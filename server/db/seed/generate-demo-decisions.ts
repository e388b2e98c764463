/**
 * Writes the demo's made-up shortlisting decisions (server/db/seed/files/demo-decisions.csv), once:
 * `npx tsx server/db/seed/generate-demo-decisions.ts`. Seeded, so running it again writes the same file. The rates
 * are invented to show a realistic picture: a gap for women, for Black and Hispanic candidates and for those over
 * 40, and groups small enough to be excluded under the 2% rule. No real person is in it.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROWS = 3000;

/** mulberry32: a small, well-known seeded generator (uniform in [0, 1)). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value drawn by its share; each entry: [value, share, factor on the chance of being shortlisted]. */
type Weighted = readonly (readonly [string, number, number])[];
const SEX: Weighted = [["Female", 0.47, 0.82], ["Male", 0.5, 1], ["Non-binary", 0.015, 0.9], ["", 0.015, 1]];
const RACE_ETHNICITY: Weighted = [
  ["White", 0.42, 1],
  ["Hispanic or Latino", 0.19, 0.88],
  ["Black or African American", 0.16, 0.74],
  ["Asian", 0.16, 1.02],
  ["Two or More Races", 0.04, 0.9],
  ["Native Hawaiian or Other Pacific Islander", 0.01, 0.8],
  ["American Indian or Alaska Native", 0.01, 0.8],
  ["", 0.01, 1],
];
const AGE_BAND: Weighted = [["Under 40", 0.62, 1], ["40 and over", 0.38, 0.78]];
const BASE_RATE = 0.32;

function draw(random: () => number, weighted: Weighted): readonly [string, number, number] {
  let x = random() * weighted.reduce((sum, [, share]) => sum + share, 0);
  for (const entry of weighted) if ((x -= entry[1]) < 0) return entry;
  return weighted[weighted.length - 1];
}

export function demoDecisions(seed = 2026): string {
  const random = mulberry32(seed);
  const lines = ["candidate_id,sex,race_ethnicity,age_band,selected,qualified"];
  for (let i = 1; i <= ROWS; i++) {
    const [sex, , sexFactor] = draw(random, SEX);
    const [race, , raceFactor] = draw(random, RACE_ETHNICITY);
    const [age, , ageFactor] = draw(random, AGE_BAND);
    const selected = random() < BASE_RATE * sexFactor * raceFactor * ageFactor;
    const qualified = random() < (selected ? 0.7 : 0.25);
    // A few decisions were never recorded: left out of the sample, counted in the provenance.
    const outcome = random() < 0.003 ? "" : selected ? "1" : "0";
    lines.push([`C-${String(i).padStart(5, "0")}`, sex, race, age, outcome, qualified ? "1" : "0"].join(","));
  }
  return lines.join("\n") + "\n";
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL("./files/demo-decisions.csv", import.meta.url), demoDecisions());
}
