import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "src/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "locales/**/*.test.ts"],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 60000,
    // These packages' ESM builds import MUI directories, which Node's own resolver refuses; Vite resolves them.
    server: { deps: { inline: [/@mui\/x-/, /@refinedev\/mui/] } },
  },
});
