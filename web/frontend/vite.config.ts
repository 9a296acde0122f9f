// The built page is served by the bot's aiohttp app under /web/ (web/server.py); its CSP is
// `default-src 'self'`, so everything must be an external file: no inline script, style or data URL font.
import { defineConfig } from "vitest/config";

export default defineConfig({
  base: "/web/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0, // no data: URLs for assets (the CSP allows data: images only; keep it simple)
    modulePreload: { polyfill: false }, // one entry module, nothing to preload
    target: "es2020",
  },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts"],
  },
});
