/** `npm run bench`: every benchmark; prints figures, ratios and whether each budget holds. */
import { buildSpaIfStale } from "../server/spa-build";
import { reportBundles } from "./bundle-size";
import { reportStartup } from "./startup";
import { reportApplications } from "./applications";

buildSpaIfStale((line) => console.log(line));
const results = { bundles: reportBundles(), startup: await reportStartup(), applications: await reportApplications() };
const over = Object.entries(results).filter(([, ok]) => !ok).map(([name]) => name);
console.log(over.length ? `\nOver budget: ${over.join(", ")}` : "\nAll budgets hold.");
