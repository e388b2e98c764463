import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "domain/**/*.test.ts",
      "server/**/*.test.ts",
      "src/**/*.test.{ts,tsx}",
      "tests/api/**/*.test.ts",
      "tests/reference/**/*.test.ts",
      "locales/**/*.test.ts",
      "lint/**/*.test.ts",
      // These need a PostgreSQL server of their own to disturb: only the PostgreSQL stage runs them.
      ...(process.env.TEST_DATABASE_URL ? ["tests/postgres/**/*.test.ts"] : []),
    ],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 60000,
    // These packages' ESM builds import MUI directories, which Node's own resolver refuses; Vite resolves them.
    // Refine's router binding goes through Vite too, so it shares the tests' copy of react-router (one context).
    server: { deps: { inline: [/@mui\/x-/, /@refinedev\/mui/, /@refinedev\/react-router/] } },
  },
});
