/** `npm run bench`: every benchmark; prints figures, ratios and whether each budget holds. */
import { buildSpaIfStale } from "../server/spa-build";
import { reportBundles } from "./bundle-size";
import { reportStartup } from "./startup";
import { reportApplications } from "./applications";
import { reportExports } from "./exports";
import { postgresReachable, reportApplicationsOnPostgres } from "./applications-postgres";
import { reportPages } from "./pages";
import { reportTestingFairness } from "./testing-fairness";
import { reportTestingLlm } from "./testing-llm";
import { reportAuditChain } from "./audit-chain";

buildSpaIfStale((line) => console.log(line));
const results: Record<string, boolean> = {
  bundles: reportBundles(),
  startup: await reportStartup(),
  applications: await reportApplications(),
  testing: await reportTestingFairness(),
  testingLlm: await reportTestingLlm(),
  auditChain: await reportAuditChain(),
  exports: await reportExports(),
};
if (await postgresReachable()) {
  results.listsOnPostgres = await reportApplicationsOnPostgres();
  results.pagesOnPostgres = await reportPages();
} else console.log("\nApplication lists and pages on PostgreSQL: skipped, no server at BENCH_DATABASE_URL (or the local one).");
const over = Object.entries(results).filter(([, ok]) => !ok).map(([name]) => name);
console.log(over.length ? `\nOver budget: ${over.join(", ")}` : "\nAll budgets hold.");
