// `npm test`: the stages in order, stopping at the first that fails, then how long each took — so a
// slow stage is seen in every run (CI's log included) before it becomes a slow loop.
import { spawnSync } from "node:child_process";

const STAGES = [
  ["typecheck", "npm run typecheck"],
  ["lint", "npm run lint"],
  ["unit and API tests (PGlite)", "npm run test:unit"],
  ["API tests on PostgreSQL", "npm run test:postgres"],
  ["browser tests", "npm run test:e2e"],
];

const minutes = (ms) => `${Math.floor(ms / 60000)} min ${String(Math.round((ms % 60000) / 1000)).padStart(2, "0")} s`;
const times = [];
let status = 0;
const started = Date.now();
for (const [name, command] of STAGES) {
  const begin = Date.now();
  status = spawnSync(command, { stdio: "inherit", shell: true }).status ?? 1;
  times.push([name, Date.now() - begin, status === 0 ? "passed" : "FAILED"]);
  if (status !== 0) break;
}
console.log("\nnpm test, stage by stage:");
for (const [name, ms, outcome] of times) console.log(`  ${name.padEnd(30)} ${minutes(ms).padStart(12)}  ${outcome}`);
console.log(`  ${"total".padEnd(30)} ${minutes(Date.now() - started).padStart(12)}`);
process.exit(status);
