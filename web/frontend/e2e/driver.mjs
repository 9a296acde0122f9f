// Headless Chromium driven step by step from Python (tests/web/driver.py), for the browser tests whose other
// half runs in the test's own event loop (the real bot on simcord, restarted mid-game; a fake Discord
// client around the Activity): `node e2e/driver.mjs`, then one JSON command a line on stdin, one JSON answer
// a line on stdout (`{id, ok, value}` or `{id, ok: false, error}`).
//
// Commands (`op`): open {page, url, viewport?} · eval {page, fn, arg?, frame?} · wait {page, fn, arg?,
// timeout?, frame?} · click {page, selector, frame?} · frames {page} (every socket frame the page received,
// as text) · sockets {page} (the URLs of its sockets) · errors {page} · close {page} · quit.
// `fn` is a function's source (`(turn) => window.fivesApp.state.turn > turn`); `frame: true` runs it in
// the page's first child frame (the Activity inside its fake Discord client).
import { createInterface } from "node:readline";
import { launch } from "./browser.mjs";

const WAIT = 60_000; // a loaded machine; the tests keep their own, shorter, deadlines where they matter

const browser = await launch();
const pages = new Map();

function entry(name) {
  const found = pages.get(name);
  if (!found) throw new Error(`no page named ${name}`);
  return found;
}

function target(name, frame) {
  const { page } = entry(name);
  if (!frame) return page;
  const [child] = page.mainFrame().childFrames();
  if (!child) throw new Error(`page ${name} has no child frame`);
  return child;
}

function compile(source) {
  return new Function(`return (${source});`)(); // a real function: Playwright sends its source to the page
}

const ops = {
  async open({ page: name, url, viewport }) {
    const page = await browser.context.newPage();
    const record = { page, frames: [], sockets: [], errors: [] };
    pages.set(name, record);
    if (viewport) await page.setViewportSize(viewport);
    page.on("websocket", (ws) => {
      record.sockets.push(ws.url());
      ws.on("framereceived", (frame) => record.frames.push(String(frame.payload)));
    });
    page.on("pageerror", (error) => record.errors.push(error.message));
    await page.goto(url, { timeout: WAIT });
    return page.url();
  },
  async eval({ page, fn, arg, frame }) {
    return target(page, frame).evaluate(compile(fn), arg);
  },
  async wait({ page, fn, arg, timeout, frame }) {
    const handle = await target(page, frame).waitForFunction(compile(fn), arg, { timeout: timeout ?? WAIT });
    return handle.jsonValue();
  },
  async click({ page, selector, frame }) {
    await target(page, frame).locator(selector).first().click({ timeout: WAIT });
    return null;
  },
  async frames({ page }) {
    return entry(page).frames;
  },
  async sockets({ page }) {
    return entry(page).sockets;
  },
  async errors({ page }) {
    return entry(page).errors;
  },
  async close({ page }) {
    await entry(page).page.close();
    pages.delete(page);
    return null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let command;
  try {
    command = JSON.parse(line);
  } catch (error) {
    console.log(JSON.stringify({ id: null, ok: false, error: `not JSON: ${line}` }));
    continue;
  }
  if (command.op === "quit") break;
  const run = ops[command.op];
  try {
    if (!run) throw new Error(`unknown op ${command.op}`);
    const value = await run(command);
    console.log(JSON.stringify({ id: command.id, ok: true, value: value ?? null }));
  } catch (error) {
    console.log(JSON.stringify({ id: command.id, ok: false, error: String(error?.stack ?? error) }));
  }
}
await browser.close();
