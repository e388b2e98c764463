import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "src/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "locales/**/*.test.ts"],
    environment: "node",
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
