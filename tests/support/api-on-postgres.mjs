// Runs the API tests a second time against real PostgreSQL when TEST_DATABASE_URL names one.
import { spawnSync } from "node:child_process";

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log("TEST_DATABASE_URL is not set: the API tests ran on embedded PGlite only.");
  process.exit(0);
}
console.log(`API tests against PostgreSQL (${new URL(url).host})`);
const result = spawnSync("npx", ["vitest", "run", "tests/api", "tests/postgres"], { stdio: "inherit", env: process.env });
process.exit(result.status ?? 1);
