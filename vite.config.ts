import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    // Maps are made only to be uploaded to error reporting (SENTRY_AUTH_TOKEN set), "hidden": no bundle points at
    // them, and the server never serves them.
    sourcemap: process.env.SENTRY_AUTH_TOKEN ? "hidden" : false,
    // bench/bundle-size.ts reads it to sum each route's initial JavaScript.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Bundled libraries (Refine's among them) name each function with a top-level `__name(fn, "…")` call. Those
      // calls only set `fn.name`; as side effects they would keep every unused component (and its dependencies,
      // such as a Markdown renderer) in the app, so they are treated as pure and dropped with what they name.
      treeshake: {
        manualPureFunctions: ["__name"],
        // @refinedev/mui's Markdown field (never used here) keeps react-markdown through its propTypes assignment.
        moduleSideEffects: [{ test: /node_modules\/(react-markdown|remark-gfm)\//, sideEffects: false }],
      },
    },
  },
  server: {
    // `npm run dev`: the SPA with hot reload against an API started by `npm start` on 8080.
    proxy: {
      "/v2": "http://127.0.0.1:8080",
      "/identity": "http://127.0.0.1:8080",
      "/oauth2": "http://127.0.0.1:8080",
      "/config.json": "http://127.0.0.1:8080",
      "/dev": "http://127.0.0.1:8080",
    },
  },
});
