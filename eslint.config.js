// @ts-check
// Layer boundaries: src → domain ← server. domain/ is pure (no browser, Node, React or Fastify), the web app
// and the server never import each other, and there are no import cycles. tests/ and bench/ may use any layer.
import { defineConfig } from "eslint/config";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import { noCycle } from "./lint/no-cycle.js";

/** What domain/ must not import besides Node built-ins (import-x/no-nodejs-modules): the frameworks around it. */
const NOT_IN_DOMAIN = [
  {
    group: ["react", "react/*", "react-dom", "react-dom/*", "react-*", "@mui/*", "@emotion/*", "@refinedev/*"],
    message: "domain/ is pure: no React or UI libraries; they belong in src/.",
  },
  { group: ["fastify", "fastify-*", "@fastify/*"], message: "domain/ is pure: no Fastify; it belongs in server/." },
  {
    group: ["pg", "drizzle-orm", "drizzle-orm/*", "@electric-sql/*", "@aws-sdk/*", "nodemailer", "jose", "i18next"],
    message: "domain/ is pure: no database, cloud, mail, token or i18n runtime.",
  },
];

export default defineConfig(
  // lint/fixtures/ holds deliberate faults for the lint's own test.
  { ignores: ["dist/", "node_modules/", "test-results/", "playwright-report/", "data/", ".data-*/", "lint/fixtures/"] },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 2023,
      sourceType: "module",
    },
    plugins: { "import-x": importX, "@typescript-eslint": tseslint.plugin, steward: { rules: { "no-cycle": noCycle } } },
    settings: {
      // Follow imports into TypeScript files too (by default only .js files are read), or the import-x rules see nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // Not import-x/no-cycle: it skips type-only imports, and a cycle through types is still a cycle.
      "steward/no-cycle": "error",
      "import-x/no-self-import": "error",
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./domain",
              from: ["./src", "./server"],
              message: "domain/ is shared by the web app and the server: it must not import either of them.",
            },
            {
              target: "./src",
              from: "./server",
              message: "The web app must not import the server: share code through domain/.",
            },
            {
              target: "./server",
              from: "./src",
              message: "The server must not import the web app: share code through domain/.",
            },
          ],
        },
      ],
      "@typescript-eslint/no-namespace": "error",
      "no-control-regex": "error",
      "no-debugger": "error",
      "no-dupe-keys": "error",
      "no-duplicate-case": "error",
      "no-self-compare": "error",
    },
  },
  {
    files: ["domain/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-nodejs-modules": "error",
      "no-restricted-imports": ["error", { patterns: NOT_IN_DOMAIN }],
    },
  },
  {
    // Pages reach the API through Refine's hooks and the /v2 data provider, so caching, invalidation and errors
    // behave alike everywhere; only the providers call the client by hand (tests may fake it).
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/providers/**", "src/**/*.test.{ts,tsx}", "src/test-support/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/providers/api-client"], importNames: ["api"], message: "Call the API through Refine's hooks (useCustom, useCustomMutation, the data provider), not api()." }] },
      ],
    },
  },
);
