// The Activity's page (scenario `activity` of e2e/table.mjs): `/` opened in a channel, as Discord opens the
// Activity (here with a `?token=` and `?channel=` instead of the SDK's login and context). The channel of
// the demo's game (0) leads a spectator straight to its table; a channel without a game offers the player
// their own game, and a spectator nothing; in Japanese too.

export async function activity(context, playerUrl, watchUrl, wait, fail) {
  const url = new URL(playerUrl);
  const player = url.searchParams.get("token");
  const watcher = new URL(watchUrl).searchParams.get("token");
  const gameNo = url.pathname.split("/").pop();

  const straight = await context.newPage();
  await straight.goto(`${url.origin}/?token=${watcher}&channel=0`, { timeout: wait });
  await straight.waitForURL(`**/table/${gameNo}`, { timeout: wait });
  await straight.waitForFunction(() => window.fivesApp?.state, null, { timeout: wait });
  const watching = await straight.evaluate(() => ({ you: window.fivesApp.state.you, status: document.querySelector("[data-testid=status]")?.textContent }));
  if (watching.you !== null) fail("the spectator was given a seat", watching);

  const mine = await context.newPage();
  await mine.goto(`${url.origin}/?token=${player}&channel=77`, { timeout: wait });
  await mine.locator("[data-testid=picker]").waitFor({ timeout: wait });
  const heading = await mine.locator("[data-testid=picker] h1").innerText();
  const offered = await mine.locator("[data-testid=picker] a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  await mine.locator("[data-testid=picker] a").first().press("Enter"); // keyboard: the link is focusable
  await mine.waitForFunction(() => window.fivesApp?.state, null, { timeout: wait });
  const seat = await mine.evaluate(() => window.fivesApp.state.you?.seat);

  const none = await context.newPage();
  await none.goto(`${url.origin}/?token=${watcher}&channel=77&lang=ja`, { timeout: wait });
  await none.locator("[data-testid=picker-empty]").waitFor({ timeout: wait });
  const japanese = await none.locator("[data-testid=picker] h1").innerText();
  return { watching: watching.status, heading, offered, seat, japanese };
}
