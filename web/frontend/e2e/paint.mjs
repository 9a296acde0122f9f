// benchmarks/web.py's first paint: `node e2e/paint.mjs URL COUNT`. Loads the table page COUNT times, each in
// a fresh browser context (nothing cached), and reads from the navigation's start the first paint and the
// app's mark `fives-table-drawn` (the table drawn after its GET). Prints {ok, first_paint: [...], drawn: [...]}.
import { chromium } from "playwright-core";
import { ARGS, CHROMIUM } from "./browser.mjs";

const [url, count] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS, timeout: 60_000 });
try {
  const paints = [];
  const drawn = [];
  for (let k = 0; k < Number(count); k++) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    await page.goto(url, { timeout: 60_000 });
    await page.waitForFunction(() => performance.getEntriesByName("fives-table-drawn").length > 0, null, { timeout: 60_000 });
    const [paint, table] = await page.evaluate(() => [
      performance.getEntriesByName("first-paint")[0]?.startTime ?? NaN,
      performance.getEntriesByName("fives-table-drawn")[0].startTime,
    ]);
    paints.push(paint);
    drawn.push(table);
    await context.close();
  }
  console.log(JSON.stringify({ ok: paints.every((p) => Number.isFinite(p)), first_paint: paints, drawn }));
} finally {
  await browser.close();
}
