/**
 * Reading a large OSCAL catalog: NIST SP 800-53 rev. 5 (about 1,200 controls and enhancements, some 10 MB),
 * read from disk as a stream into a framework draft. Reference in the same run: reading the file whole and
 * `JSON.parse` of its text (the floor for a reader that is not a streaming parser). Prints the time, its ratio
 * to the reference, the peak RSS growth and the heap the draft keeps; fails when reading takes more than 10×
 * the reference or the peak grows by more than 400 MB.
 *
 * The catalog is not part of the repository: set OSCAL_CATALOG to its path. NIST publishes it (public domain) at
 * https://github.com/usnistgov/oscal-content/blob/main/nist.gov/SP800-53/rev5/json/NIST_SP-800-53_rev5_catalog.json
 */
import { createReadStream, readFileSync, statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { readOscalCatalog } from "../server/frameworks/oscal";

const MB = 1024 * 1024;
const TIME_RATIO_BUDGET = 10;
const PEAK_BUDGET_MB = 400;

const path = process.env.OSCAL_CATALOG;
if (!path) {
  console.log(
    "bench:oscal skipped: set OSCAL_CATALOG to an OSCAL catalog JSON, e.g. NIST SP 800-53 rev. 5 from " +
      "https://raw.githubusercontent.com/usnistgov/oscal-content/main/nist.gov/SP800-53/rev5/json/NIST_SP-800-53_rev5_catalog.json",
  );
  process.exit(0);
}
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with --expose-gc (npm run bench:oscal does).");

const size = statSync(path).size;
gc();
const heapBefore = process.memoryUsage().heapUsed;
const rssPeakBefore = process.resourceUsage().maxRSS * 1024;
const rssBefore = process.memoryUsage().rss;

const started = performance.now();
const draft = await readOscalCatalog(createReadStream(path), { maxBytes: Math.max(size, 20 * MB) });
const readMs = performance.now() - started;
// maxRSS is the process's peak so far: its growth over the reading is what the reading needed at most.
const peakGrowth = process.resourceUsage().maxRSS * 1024 - Math.max(rssPeakBefore, rssBefore);
gc();
const kept = process.memoryUsage().heapUsed - heapBefore;

const parseStarted = performance.now();
JSON.parse(readFileSync(path, "utf8"));
const parseMs = performance.now() - parseStarted;

const ratio = readMs / parseMs;
console.log(`catalog: ${draft.title} (${(size / MB).toFixed(1)} MB): ${draft.groups.length} groups, ${draft.requirements.length} requirements, ${draft.requirements.filter((r) => r.withdrawn).length} withdrawn`);
console.log(`read:    ${readMs.toFixed(0)} ms (read whole + JSON.parse ${parseMs.toFixed(0)} ms, ×${ratio.toFixed(1)}; budget ×${TIME_RATIO_BUDGET})`);
console.log(`memory:  peak RSS growth ${(peakGrowth / MB).toFixed(1)} MB (budget ${PEAK_BUDGET_MB} MB), heap kept by the draft ${(kept / MB).toFixed(1)} MB`);
if (ratio > TIME_RATIO_BUDGET || peakGrowth > PEAK_BUDGET_MB * MB) {
  console.error("bench:oscal: over budget");
  process.exit(1);
}
