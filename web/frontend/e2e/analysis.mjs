// A player's analysis in the browser (scenario `analysis` of e2e/table.mjs): refused while the demo's game
// is played; the game played to its end through the API, then the analysis opened from the ended table's
// link: the summary, the chart (SVG, its costliest moves numbered), the three costliest moves each with its
// position drawn in the page's SVG board and the player's hand then, the table of every move; the chart's
// first mark followed with the keyboard alone; the replay page's link; Japanese; a spectator refused.

import { api, playToTheEnd } from "./replay.mjs";

export async function analysis(context, playerUrl, watchUrl, wait, fail, shot) {
  const url = new URL(playerUrl);
  const token = url.searchParams.get("token");
  const gameNo = url.pathname.split("/").pop();
  const early = await api(url.origin, token, `/api/games/${gameNo}/analysis`, { lang: "en" });
  if (early.status !== 409) fail("a game still played was analysed", { status: early.status });
  const moves = await playToTheEnd(url.origin, token, gameNo);

  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(playerUrl, { timeout: wait });
  await page.locator("[data-testid=analysis-link]").click({ timeout: wait }); // the ended table links to it
  if (!page.url().includes(`/analysis/${gameNo}`)) fail("the link led elsewhere", { url: page.url() });
  await page.waitForFunction(() => window.fivesAnalysis?.analysis || window.fivesAnalysis?.message.startsWith("No analysis"), null, { timeout: 180_000 });
  const refused = await page.evaluate(() => (window.fivesAnalysis.analysis ? null : window.fivesAnalysis.message));
  if (refused) fail("the analysis was refused", { refused });
  const title = await page.locator("[data-testid=analysis-title]").innerText();
  const summary = await page.locator("[data-testid=summary]").innerText();
  const costly = page.locator("[data-testid=costly]");
  const lines = await costly.locator(".costly-line").allInnerTexts();
  const boards = await costly.evaluateAll((items) => items.map((li) => li.querySelectorAll("[data-testid=board] svg[role=img]").length));
  const held = await costly.evaluateAll((items) => items.map((li) => [...li.querySelectorAll(".held [role=listitem]")].map((n) => n.getAttribute("aria-label"))));
  const bold = await costly.locator(".costly-line strong").count();
  const rows = await page.locator("[data-testid=moves] tbody tr").count();
  const chartLabel = await page.locator("[data-testid=chart] svg").getAttribute("aria-label");
  const marks = await page.locator("[data-testid=chart] a.mark").count();
  const pngs = await page.locator("img").count(); // drawn in the page, not the bot's picture

  // the keyboard alone: Tab from the page's top reaches the chart's first mark; Enter goes to its move
  await page.evaluate(() => document.activeElement?.blur());
  let markName = null;
  for (let k = 0; k < 12 && markName === null; k++) {
    await page.keyboard.press("Tab");
    markName = await page.evaluate(() => (document.activeElement?.matches("a.mark") ? document.activeElement.getAttribute("aria-label") : null));
  }
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => location.hash === "#costly-1", null, { timeout: wait });
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  if (errors.length) fail("errors on the page", { errors });

  const replay = await context.newPage();
  await replay.goto(`${url.origin}/replay/${gameNo}?token=${token}`, { timeout: wait });
  await replay.waitForFunction(() => window.fivesReplay?.replay, null, { timeout: wait });
  const replayLink = await replay.locator("[data-testid=analysis-link]").getAttribute("href");

  const ja = await context.newPage();
  await ja.goto(`${url.origin}/analysis/${gameNo}?token=${token}&lang=ja`, { timeout: wait });
  await ja.waitForFunction(() => window.fivesAnalysis?.analysis, null, { timeout: wait });
  const japanese = { title: await ja.locator("[data-testid=analysis-title]").innerText(), costliest: await ja.locator("#costliest-title").innerText() };

  // the page the Japanese login opens (?lang=ja), then its links alone: the replay, then the analysis from
  // the replay's header, each still in Japanese though the browser's language is English
  const tab = await context.newPage();
  await tab.goto(`${url.origin}/table/${gameNo}?token=${token}&lang=ja`, { timeout: wait });
  await tab.locator("[data-testid=replay-link]").click({ timeout: wait });
  await tab.waitForFunction(() => window.fivesReplay?.replay, null, { timeout: wait });
  const linkedReplay = await tab.locator("h1").innerText();
  await tab.locator("[data-testid=analysis-link]").click({ timeout: wait });
  await tab.waitForFunction(() => window.fivesAnalysis?.analysis, null, { timeout: wait });
  const japaneseLinks = {
    browser: await tab.evaluate(() => navigator.language),
    replay: linkedReplay,
    analysis: await tab.locator("[data-testid=analysis-title]").innerText(),
    costliest: await tab.locator("#costliest-title").innerText(),
    lang: await tab.evaluate(() => document.documentElement.lang),
  };

  const watcher = await context.newPage();
  await watcher.goto(watchUrl.replace("/table/", "/replay/"), { timeout: wait });
  await watcher.waitForFunction(() => window.fivesReplay?.replay, null, { timeout: wait });
  const watcherLink = await watcher.locator("[data-testid=analysis-link]").count();
  await watcher.goto(watchUrl.replace("/table/", "/analysis/"), { timeout: wait });
  await watcher.waitForFunction(() => window.fivesAnalysis?.message.startsWith("No analysis"), null, { timeout: wait });
  const watcherSees = await watcher.locator("[data-testid=message]").innerText();
  const watcherCostly = await watcher.locator("[data-testid=costly]").count();
  return { moves, title, summary, lines, boards, held, bold, rows, chartLabel, marks, pngs, markName, replayLink, japanese, japaneseLinks, watcherLink, watcherSees, watcherCostly };
}
