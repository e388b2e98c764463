import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    sourcemap: false,
    // bench/bundle-size.ts reads it to sum each route's initial JavaScript.
    manifest: true,
    chunkSizeWarningLimit: 1500,
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
