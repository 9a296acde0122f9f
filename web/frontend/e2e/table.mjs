// Browser checks of the live table, run by tests/web/test_browser.py against a running browser demo
// (`python -m bot --demo GAME --web`): `node e2e/table.mjs SCENARIO PLAYER_URL WATCH_URL [SHOT]`.
// Prints one JSON line with what it saw; exits non-zero with the reason when a check fails.
// Every wait is for a condition on the page (the app exposes its state as window.fivesApp), never a sleep.
import { launch } from "./browser.mjs";
import { activity } from "./activity.mjs";
import { analysis } from "./analysis.mjs";
import { replay } from "./replay.mjs";

const [scenario, playerUrl, watchUrl, shot] = process.argv.slice(2);
const WAIT = 60_000; // a slow, loaded machine: a computer's reply may take seconds

function fail(message, extra = {}) {
  console.log(JSON.stringify({ ok: false, scenario, message, ...extra }));
  process.exit(1);
}

let lastPage = null; // for the report of a failure: what the page showed
const trace = []; // and what it was sent and answered, last first

async function openPage(context, url) {
  const page = await context.newPage();
  lastPage = page;
  page.on("websocket", (ws) =>
    ws.on("framereceived", (frame) => {
      const m = JSON.parse(String(frame.payload));
      trace.push(`ws ${m.type} turn ${m.turn} over ${m.public?.over} mine ${m.you?.your_turn}`);
    }),
  );
  page.on("response", (r) => trace.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`));
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url, { timeout: WAIT });
  await page.waitForFunction(() => window.fivesApp?.state !== null && window.fivesApp?.state !== undefined, null, {
    timeout: WAIT,
  });
  return { page, errors };
}

/** Waits until the seat may act (not busy) or the game is over; which of the two. */
async function ready(page) {
  await page.waitForFunction(
    () => {
      const app = window.fivesApp;
      const s = app.state;
      return s && !app.busy && (s.public.over || (s.you?.your_turn && s.you.view.legal.length > 0));
    },
    null,
    { timeout: WAIT },
  );
  return page.evaluate(() => (window.fivesApp.state.public.over ? "over" : "turn"));
}

/** One move the way a player makes it: a piece, then an end on the board, or a move button. */
async function playOne(page) {
  const before = await page.evaluate(() => window.fivesApp.state.turn);
  const piece = page.locator("[data-testid=hand] button.piece:not([disabled])").first();
  let how;
  const discard = await page.evaluate(() => window.fivesApp.state.you.view.discard_count ?? 0);
  if (discard > 0) {
    // Five Hundred's widow: tap as many cards as must go, then the discard button that appears
    how = "discard";
    const pieces = page.locator("[data-testid=hand] button.piece:not([disabled])");
    for (let k = 0; k < discard; k++) await pieces.nth(k).click();
    await page.locator("[data-testid=hand] button.move.primary").click();
  } else if ((await piece.count()) > 0) {
    await piece.click();
    const end = page.locator("[data-testid=board] .end.target").first();
    const move = page.locator("[data-testid=moves] button.move").first();
    // the click either played at once (a lead, a card) or asks for an end or a choice
    await page.waitForFunction(
      (turn) => {
        const app = window.fivesApp;
        return app.busy || app.state.turn !== turn || app.selected !== null || app.choices !== null;
      },
      before,
      { timeout: WAIT },
    );
    if ((await end.count()) > 0) {
      how = "end";
      await end.click();
      // one move goes there (played), or several (Domineren's play and block): the player picks one
      await page.waitForFunction(
        (turn) => window.fivesApp.busy || window.fivesApp.state.turn !== turn || window.fivesApp.choices !== null,
        before,
        { timeout: WAIT },
      );
      if (await page.evaluate(() => window.fivesApp.choices !== null && !window.fivesApp.busy)) {
        how = "end+choice";
        await move.click();
      }
    } else if (await page.evaluate(() => window.fivesApp.choices !== null && !window.fivesApp.busy)) {
      how = "choice";
      await move.click();
    } else how = "piece";
  } else {
    how = "button";
    await page.locator("[data-testid=moves] button.move").first().click();
  }
  await page.waitForFunction((turn) => window.fivesApp.state.turn !== turn, before, { timeout: WAIT });
  return how;
}

async function wholeGame(context) {
  const { page, errors } = await openPage(context, playerUrl);
  const ways = {};
  const handsOver = []; // every hand's end the player was shown on their turn
  for (let moves = 0; moves < 400; moves++) {
    const now = await ready(page);
    const ended = await page.evaluate(() => document.querySelector("[data-testid=hand-over]")?.innerText ?? null);
    if (ended && !handsOver.includes(ended)) handsOver.push(ended);
    if (now === "over") {
      await page.locator("[data-testid=game-over]").waitFor({ timeout: WAIT });
      const text = await page.locator("[data-testid=game-over]").innerText();
      if (shot) await page.screenshot({ path: shot, fullPage: true });
      if (errors.length) fail("errors on the page", { errors });
      const hands = await page.evaluate(() => window.fivesApp.state.public.hands.length);
      return { moves, ways, banner: text, hands, handsOver };
    }
    const how = await playOne(page);
    ways[how] = (ways[how] ?? 0) + 1;
  }
  fail("the game did not end in 400 moves");
}

function handsIn(payload) {
  // every non-empty `hand` anywhere in a payload (the seat's own view is the only place one may be)
  if (Array.isArray(payload)) return payload.flatMap(handsIn);
  if (payload && typeof payload === "object") {
    const own = Array.isArray(payload.hand) && payload.hand.length ? [payload.hand] : [];
    return [...own, ...Object.values(payload).flatMap(handsIn)];
  }
  return [];
}

async function spectator(context) {
  const watcher = await context.newPage();
  const frames = [];
  const bodies = [];
  watcher.on("websocket", (ws) => ws.on("framereceived", (frame) => frames.push(String(frame.payload))));
  watcher.on("response", async (response) => {
    if (response.url().includes("/api/games/")) bodies.push(await response.text().catch(() => ""));
  });
  await watcher.goto(watchUrl, { timeout: WAIT });
  await watcher.waitForFunction(() => window.fivesApp?.link === "open", null, { timeout: WAIT });
  const start = await watcher.evaluate(() => window.fivesApp.state.turn);
  // the player moves twice in their own page; the spectator's page follows through its socket
  const { page } = await openPage(context, playerUrl);
  for (let k = 0; k < 2; k++) {
    if ((await ready(page)) === "over") break;
    await playOne(page);
  }
  const seen = await page.evaluate(() => window.fivesApp.state.turn);
  await watcher.waitForFunction((turn) => window.fivesApp.state.turn >= turn, seen, { timeout: WAIT });
  const payloads = [...frames, ...bodies].map((text) => {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  });
  const tables = payloads.filter((p) => p && p.type === "table");
  const leaked = payloads.flatMap(handsIn);
  if (leaked.length) fail("a spectator received hand tiles", { leaked });
  if (tables.length < 2) fail("the spectator's socket did not bring the moves", { frames: frames.length });
  if ((await watcher.locator("[data-testid=hand]").count()) !== 0) fail("a spectator's page shows a hand");
  const status = await watcher.locator("[data-testid=status]").innerText();
  if (shot) await watcher.screenshot({ path: shot, fullPage: true });
  return { start, seen, frames: frames.length, tables: tables.length, status };
}

async function stale(context) {
  const { page } = await openPage(context, playerUrl);
  if ((await ready(page)) === "over") fail("the game is over before the stale check");
  // This page stops listening, and the same player moves elsewhere (another tab): the page is stale.
  await page.evaluate(() => window.fivesApp.live.stop());
  const { turn, token, game, action } = await page.evaluate(() => {
    const s = window.fivesApp.state;
    return { turn: s.turn, token: window.fivesApp.api.token, game: s.game_no, action: s.you.view.legal[0].text };
  });
  const elsewhere = await fetch(new URL(`/api/games/${game}/act`, playerUrl), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ action, turn }),
  });
  if (elsewhere.status !== 200) fail("the move made elsewhere was refused", { status: elsewhere.status });
  await page.locator("[data-testid=all-moves] summary").click();
  await page.locator("[data-testid=all-moves] button.move").first().click();
  const message = page.locator("[data-testid=message]");
  await message.waitFor({ timeout: WAIT });
  await page.waitForFunction((old) => window.fivesApp.state.turn > old, turn, { timeout: WAIT });
  return { message: await message.innerText(), turn, now: await page.evaluate(() => window.fivesApp.state.turn) };
}

async function japanese(context) {
  const { page } = await openPage(context, `${playerUrl}&lang=ja`);
  await page.locator("[data-testid=status]").waitFor({ timeout: WAIT });
  const watch = await openPage(context, `${watchUrl}&lang=ja`);
  const result = {
    lang: await page.evaluate(() => document.documentElement.lang),
    status: await page.locator("[data-testid=status]").innerText(),
    hand: await page.locator("[data-testid=hand] h2").innerText(),
    watcher: await watch.page.locator("[data-testid=status]").innerText(),
  };
  if (shot) await page.screenshot({ path: shot, fullPage: true });
  return result;
}

/** Plays FIVES_MOVES moves, then photographs the page on a desktop and on a phone; first paint times. */
async function screenshots(context) {
  const { page, errors } = await openPage(context, playerUrl);
  const moves = Number(process.env.FIVES_MOVES ?? "6");
  const ways = {};
  let played = 0;
  for (; played < moves; played++) {
    if ((await ready(page)) === "over") break;
    const how = await playOne(page);
    ways[how] = (ways[how] ?? 0) + 1;
  }
  const over = (await ready(page)) === "over";
  const selectable = page.locator("[data-testid=hand] button.piece:not([disabled])").first();
  if (process.env.FIVES_SELECT && (await selectable.count()) > 0) await selectable.click(); // show the ends lit
  await page.screenshot({ path: shot, fullPage: true });
  if (process.env.FIVES_PHONE === "0") return { played, ways, over };
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(playerUrl, { timeout: WAIT });
  await phone.locator("[data-testid=board] svg").waitFor({ timeout: WAIT });
  await phone.screenshot({ path: shot.replace(/\.png$/, "-phone.png"), fullPage: true });
  // milliseconds from navigation: the first paint, and the table drawn (after its GET)
  const paint = await phone.evaluate(() => {
    const at = (name) => {
      const entry = performance.getEntriesByName(name)[0];
      return entry ? Math.round(entry.startTime) : null;
    };
    return { first_paint: at("first-contentful-paint"), table_drawn: at("fives-table-drawn") };
  });
  if (errors.length) fail("errors on the page", { errors });
  return { paint, played, ways, over };
}

/** A move with the keyboard alone: a tile by its name, then an end by its name, each pressed with Enter. */
async function keyboard(context) {
  const { page } = await openPage(context, playerUrl);
  if ((await ready(page)) === "over") fail("the game is over before the keyboard check");
  const before = await page.evaluate(() => window.fivesApp.state.turn);
  const names = await page.locator("[data-testid=hand] button.piece").evaluateAll((nodes) =>
    nodes.map((n) => n.getAttribute("aria-label")),
  );
  const playable = await page.locator("[data-testid=hand] button.piece:not([disabled])").first().getAttribute("aria-label");
  const tile = page.getByRole("button", { name: playable, exact: true });
  await tile.focus();
  await page.keyboard.press("Enter");
  const ends = page.locator("[data-testid=board] [role=button]");
  let endName = null;
  await page.waitForFunction((turn) => window.fivesApp.selected !== null || window.fivesApp.state.turn !== turn, before, {
    timeout: WAIT,
  });
  if ((await ends.count()) > 0) {
    endName = await ends.first().getAttribute("aria-label");
    await page.getByRole("button", { name: endName, exact: true }).focus();
    await page.keyboard.press("Enter");
  }
  await page.waitForFunction((turn) => window.fivesApp.state.turn !== turn, before, { timeout: WAIT });
  return { names, playable, endName, before, after: await page.evaluate(() => window.fivesApp.state.turn) };
}

/** The socket drops; the page says so, reconnects by itself `since` its turn and shows a move made elsewhere. */
async function reconnect(context) {
  const { page } = await openPage(context, playerUrl);
  if ((await ready(page)) === "over") fail("the game is over before the reconnect check");
  await page.waitForFunction(() => window.fivesApp.link === "open", null, { timeout: WAIT });
  const urls = [];
  page.on("websocket", (ws) => urls.push(new URL(ws.url()).searchParams.get("since")));
  const { turn, token, game, action } = await page.evaluate(() => {
    const s = window.fivesApp.state;
    return { turn: s.turn, token: window.fivesApp.api.token, game: s.game_no, action: s.you.view.legal[0].text };
  });
  await page.evaluate(() => window.fivesApp.live.ws.close()); // as a network drop would
  await page.waitForFunction(() => window.fivesApp.link === "lost", null, { timeout: WAIT });
  const lost = await page.locator("[data-testid=link]").innerText();
  await page.waitForFunction(() => window.fivesApp.link === "open", null, { timeout: WAIT });
  const moved = await fetch(new URL(`/api/games/${game}/act`, playerUrl), {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ action, turn }),
  });
  if (moved.status !== 200) fail("the move made elsewhere was refused", { status: moved.status });
  await page.waitForFunction((old) => window.fivesApp.state.turn > old, turn, { timeout: WAIT });
  return { lost, since: urls, turn, now: await page.evaluate(() => window.fivesApp.state.turn) };
}

/** The turn timer on the player's turn, as the board says it, counting down; the spectator sees it too. */
async function timer(context) {
  const { page } = await openPage(context, playerUrl);
  if ((await ready(page)) === "over") fail("the game is over before the timer check");
  const shown = page.locator("[data-testid=timer]");
  await shown.waitFor({ timeout: WAIT });
  const first = await shown.innerText();
  await page.waitForFunction((text) => document.querySelector("[data-testid=timer]")?.textContent !== text, first, {
    timeout: WAIT,
  });
  const later = await shown.innerText();
  const watch = await openPage(context, watchUrl);
  const watcher = watch.page.locator("[data-testid=timer]");
  await watcher.waitFor({ timeout: WAIT });
  return { first, later, watcher: await watcher.innerText(), role: await shown.getAttribute("role") };
}

/** A move by drag and drop with the mouse: a tile pressed, the ends it may go to lit while it is dragged,
 * dropped on one (or, for a lead, anywhere on the board). */
async function drag(context) {
  const { page, errors } = await openPage(context, playerUrl);
  if ((await ready(page)) === "over") fail("the game is over before the drag check");
  const before = await page.evaluate(() => window.fivesApp.state.turn);
  const piece = page.locator("[data-testid=hand] button.piece[draggable=true]").first();
  const name = await piece.getAttribute("aria-label");
  const from = await piece.boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y - 20, { steps: 5 });
  const lit = await page.locator("[data-testid=board] .end.drop-ok").count();
  const target = lit ? page.locator("[data-testid=board] .end.drop-ok").first() : page.locator("[data-testid=board] svg");
  const to = await target.boundingBox();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  // one move there is played; several (play or block) leave a choice
  await page.waitForFunction(
    (turn) => window.fivesApp.state.turn !== turn || window.fivesApp.choices !== null,
    before,
    { timeout: WAIT },
  );
  const chose = await page.evaluate(() => window.fivesApp.choices !== null && window.fivesApp.state.turn);
  if (chose !== false) await page.locator("[data-testid=moves] button.move").first().click();
  await page.waitForFunction((turn) => window.fivesApp.state.turn !== turn, before, { timeout: WAIT });
  if (errors.length) fail("errors on the page", { errors });
  return { name, lit, before, after: await page.evaluate(() => window.fivesApp.state.turn), chose: chose !== false };
}

const SCENARIOS = {
  drag,
  timer,
  reconnect,
  keyboard,
  "whole-game": wholeGame,
  spectator,
  stale,
  japanese,
  screenshots,
  replay: (context) => replay(context, playerUrl, watchUrl, WAIT, fail),
  analysis: (context) => analysis(context, playerUrl, watchUrl, WAIT, fail, shot),
  activity: (context) => activity(context, playerUrl, watchUrl, WAIT, fail),
};
const run = SCENARIOS[scenario];
if (!run) fail(`unknown scenario ${scenario}`);
const browser = await launch();
try {
  const result = await run(browser.context);
  console.log(JSON.stringify({ ok: true, scenario, ...result }));
} catch (error) {
  const shown = await lastPage
    ?.evaluate(() => {
      const app = window.fivesApp;
      const s = app.state;
      return {
        turn: s?.turn,
        yourTurn: s?.you?.your_turn,
        legal: s?.you?.view.legal.map((m) => m.text).slice(0, 20),
        hand: s?.you?.view.hand,
        selected: app.selected,
        choices: app.choices?.map((m) => m.text),
        message: app.message,
        busy: app.busy,
        text: document.body.innerText.slice(0, 1500),
      };
    })
    .catch(() => null);
  fail(String(error?.stack ?? error), { shown, trace: trace.slice(-12) });
} finally {
  await browser.close();
}
