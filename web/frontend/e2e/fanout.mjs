// benchmarks/web.py's fan-out to real pages: `node e2e/fanout.mjs BASE GAME MOVES MOVER1 MOVER2 PAGE...`.
// Opens each PAGE (a spectator's table) in headless Chromium, then MOVES times posts a move of whichever
// MOVER (a session token) is to act, as the page posts a tap, and times from the POST's start to each page
// showing the new move (the app's own `show`, stamped in the page on the machine's clock).
// Prints one JSON line: {ok, samples, p50, p95, max}.
import { launch } from "./browser.mjs";

const [base, gameNo, moves, mover1, mover2, ...pages] = process.argv.slice(2);
const WAIT = 10_000;

function percentile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.round((q / 100) * (sorted.length - 1)))];
}

async function get(token) {
  const answer = await fetch(`${base}/api/games/${gameNo}`, { headers: { Authorization: `Bearer ${token}` } });
  return answer.json();
}

const browser = await launch();
try {
  const opened = [];
  for (const url of pages) {
    const page = await browser.context.newPage();
    await page.goto(url, { timeout: 60_000 });
    await page.waitForFunction(() => window.fivesApp?.state && window.fivesApp.link === "open", null, { timeout: 60_000 });
    await page.evaluate(() => {
      const app = window.fivesApp;
      const show = app.show.bind(app);
      window.shownAt = {};
      app.show = (state) => {
        show(state);
        if (!(state.turn in window.shownAt)) window.shownAt[state.turn] = performance.timeOrigin + performance.now();
      };
    });
    opened.push(page);
  }
  const samples = [];
  for (let k = 0; k < Number(moves); k++) {
    let mover = mover1;
    let state = await get(mover1);
    if (!state.you.your_turn) {
      mover = mover2;
      state = await get(mover2);
    }
    if (!state.you.your_turn) throw new Error("nobody is to act");
    const started = Date.now();
    const answer = await fetch(`${base}/api/games/${gameNo}/act`, {
      method: "POST",
      headers: { Authorization: `Bearer ${mover}`, "Content-Type": "application/json" },
      body: JSON.stringify({ action: state.you.view.legal[0].text, turn: state.turn }),
    });
    if (answer.status !== 200) throw new Error(`move refused: ${answer.status} ${await answer.text()}`);
    const turn = (await get(mover)).turn;
    for (const page of opened) {
      const at = await page.waitForFunction((t) => window.shownAt[t], turn, { timeout: WAIT });
      samples.push((await at.jsonValue()) - started);
    }
  }
  console.log(JSON.stringify({ ok: true, samples, p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples) }));
} catch (error) {
  console.log(JSON.stringify({ ok: false, message: String(error) }));
  process.exitCode = 1;
} finally {
  await browser.close();
}
