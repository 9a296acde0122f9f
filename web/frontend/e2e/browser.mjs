// Launching the system's Chromium (Debian's /usr/bin/chromium) through playwright-core: no browser is
// downloaded. Shared by the browser tests and the screenshot script.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.FIVES_CHROMIUM || "/usr/bin/chromium";
export const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** A browser context over a fresh profile; `close()` removes the profile. */
export async function launch(options = {}) {
  const profile = mkdtempSync(join(tmpdir(), "fives-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1100, height: 800 },
    timeout: 60_000,
    ...options,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
