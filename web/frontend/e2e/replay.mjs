// The replay page in the browser (scenario `replay` of e2e/table.mjs): the demo's game played to its end
// through the API (as taps would), then its replay opened from the ended table's link and stepped through
// by the keyboard alone (arrows, Home, End, the space bar, the slider), played and paused; the Japanese
// page; a spectator's replay.

const PLAY_MS = 900;

export async function api(base, token, path, body) {
  for (let tries = 0; ; tries++) {
    const answer = await fetch(`${base}${path}`, {
      method: body ? "POST" : "GET",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
    });
    // a long game played by script meets the per-user limit (30 requests in 10 s): wait as a person would
    if (answer.status === 429 && tries < 10) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      continue;
    }
    return { status: answer.status, body: await answer.json().catch(() => null) };
  }
}

export async function playToTheEnd(base, token, gameNo) {
  for (let moves = 0; moves < 400; moves++) {
    const { body: state } = await api(base, token, `/api/games/${gameNo}`);
    if (state.status !== "active" || state.public.over) return moves;
    if (!state.you?.your_turn) throw new Error(`not the visitor's turn at move ${state.turn}`);
    const move = state.you.view.legal[0].text;
    const answer = await api(base, token, `/api/games/${gameNo}/act`, { action: move, turn: state.turn });
    if (answer.status !== 200) throw new Error(`move ${move} refused: ${answer.status}`);
  }
  throw new Error("the game did not end in 400 moves");
}

const index = (page) => page.evaluate(() => window.fivesReplay.index);

export async function replay(context, playerUrl, watchUrl, wait, fail) {
  const url = new URL(playerUrl);
  const token = url.searchParams.get("token");
  const gameNo = url.pathname.split("/").pop();
  const early = await api(url.origin, token, `/api/games/${gameNo}/replay`);
  if (early.status !== 409) fail("a game still played had a replay", { status: early.status });
  // the Japanese page of a replay not yet open: the refusal is told in Japanese, the server's line included
  const refusing = await context.newPage();
  await refusing.goto(`${url.origin}/replay/${gameNo}?token=${token}&lang=ja`, { timeout: wait });
  await refusing.locator("[data-testid=message]").waitFor({ timeout: wait });
  const refused = await refusing.locator("[data-testid=message]").innerText();
  await refusing.close();
  const moves = await playToTheEnd(url.origin, token, gameNo);

  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(playerUrl, { timeout: wait });
  await page.locator("[data-testid=replay-link]").click({ timeout: wait }); // the ended table links to it
  await page.waitForFunction(() => window.fivesReplay?.replay, null, { timeout: wait });
  const frames = await page.evaluate(() => window.fivesReplay.replay.frames.length);
  if (!page.url().includes(`/replay/${gameNo}`)) fail("the link led elsewhere", { url: page.url() });
  if ((await index(page)) !== 0) fail("the replay does not start at the deal");
  // the deal: every seat's hand shown, each tile named by its notation
  const rows = await page.locator("[data-testid=held] .held").count();
  const tiles = await page.locator("[data-testid=held] [role=listitem]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label")));
  if (rows !== 2 || !tiles.length || !tiles.every((name) => /^\d-\d$/.test(name))) fail("the deal's hands are not shown", { rows, tiles });

  // the keyboard alone: arrows step, End and Home jump
  await page.locator("body").press("ArrowRight");
  if ((await index(page)) !== 1) fail("ArrowRight did not step on");
  const first = await page.locator("[data-testid=what]").innerText();
  await page.locator("body").press("End");
  if ((await index(page)) !== frames - 1) fail("End did not go to the last step");
  const end = await page.locator("[data-testid=what]").innerText();
  const heldAtEnd = await page.locator("[data-testid=held] [role=listitem]").count();
  await page.locator("body").press("ArrowLeft");
  if ((await index(page)) !== frames - 2) fail("ArrowLeft did not step back");
  await page.locator("body").press("Home");
  if ((await index(page)) !== 0) fail("Home did not go to the deal");
  // the slider takes the arrows itself
  await page.locator("[data-testid=scrub]").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  if ((await index(page)) !== 2) fail("the slider did not scrub", { at: await index(page) });
  // play, then pause, with the space bar
  await page.locator("body").focus();
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(" ");
  await page.waitForFunction(() => window.fivesReplay.playing && window.fivesReplay.index >= 4, null, { timeout: wait });
  await page.keyboard.press(" ");
  const paused = await index(page);
  await page.waitForTimeout(PLAY_MS * 2.5); // a paused replay stays where it is
  if ((await index(page)) !== paused || (await page.evaluate(() => window.fivesReplay.playing))) fail("pause did not stop it");
  // the toggle is a labelled button, named for what it does next
  const label = await page.locator("[data-testid=toggle]").getAttribute("aria-label");
  if (errors.length) fail("errors on the page", { errors });

  const ja = await context.newPage();
  await ja.goto(`${url.origin}/replay/${gameNo}?token=${token}&lang=ja`, { timeout: wait });
  await ja.waitForFunction(() => window.fivesReplay?.replay, null, { timeout: wait });
  const japanese = { title: await ja.locator("h1").innerText(), play: await ja.locator("[data-testid=toggle]").getAttribute("aria-label") };

  const watcher = await context.newPage();
  await watcher.goto(watchUrl.replace("/table/", "/replay/"), { timeout: wait });
  await watcher.waitForFunction(() => window.fivesReplay?.replay, null, { timeout: wait });
  const watched = await watcher.evaluate(() => window.fivesReplay.replay.frames.length);
  return { moves, frames, rows, tiles: tiles.length, first, end, heldAtEnd, paused, label, japanese, watched, refused };
}
