// The page opened without a game number: the Activity (its URL mapping's root, `/`), launched in a channel.
// It logs in (inside Discord through the Embedded App SDK; elsewhere a `?token=`), asks which games the
// channel holds (`GET /api/games?channel=`, a spectator's included) and goes straight to the one game there,
// else offers a picker: the channel's games when there are several, the user's own elsewhere when none.

import { refusal } from "./api";
import { h } from "./dom";
import { type Lang, type T, translator } from "./i18n";
import type { Seat } from "./types";

export interface GameEntry {
  game_no: number;
  game_id: string;
  channel_id: string;
  thread_id: string | null;
  seated: boolean;
  your_turn: boolean;
  here: boolean;
  seats: Seat[];
}

export type Choice = { go: number } | { pick: GameEntry[]; here: boolean };

/** Where the Activity of a channel leads: its one game, else a choice (the channel's several, or none of
 * the channel's and the user's own games of the server). */
export function choose(games: readonly GameEntry[]): Choice {
  const here = games.filter((g) => g.here);
  if (here.length === 1) return { go: here[0].game_no };
  if (here.length > 1) return { pick: here, here: true };
  return { pick: games.filter((g) => g.seated), here: false };
}

interface Login {
  token: string;
  channel: string | null;
  lang?: Lang | null; // the user's Discord locale, as the server read it at the login
}

/** Inside Discord: the SDK's authorize, the server's code exchange, then authenticate. */
async function discordLogin(params: URLSearchParams, t: T): Promise<Login> {
  const config = (await (await fetch("/api/activity")).json()) as { client_id: string | null };
  if (!config.client_id) throw new Error(t("activity_login_off"));
  const { DiscordSDK } = await import("@discord/embedded-app-sdk"); // only the Activity loads the SDK
  const sdk = new DiscordSDK(config.client_id);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const answer = await fetch("/api/auth/activity", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, guild_id: sdk.guildId ?? params.get("guild_id") }),
  });
  // the login's refusal (web/refusals.py, in the browser's language) keeps its status, as its tests read it
  if (!answer.ok) throw new Error(`${answer.status} ${await answer.text()}`);
  const session = (await answer.json()) as { access_token: string; session: string; lang: Lang | null };
  await sdk.commands.authenticate({ access_token: session.access_token });
  return { token: session.session, channel: sdk.channelId ?? params.get("channel_id"), lang: session.lang };
}

export async function startActivity(root: HTMLElement, t: T, params: URLSearchParams, token: string | null): Promise<void> {
  root.replaceChildren(h("p", { class: "loading" }, t("activity_finding")));
  let login: Login;
  try {
    // Discord opens an Activity with its frame's id in the address; elsewhere (the tests, a link) a token
    login = params.get("frame_id") ? await discordLogin(params, t) : { token: token ?? "", channel: params.get("channel") };
    if (!login.token) throw new Error(t("activity_no_session"));
  } catch (error) {
    root.replaceChildren(h("p", { class: "message", role: "alert" }, t("no_game", { error: String((error as Error).message) })));
    return;
  }
  sessionStorage.setItem("fives_token", login.token); // the table page of this tab uses it
  // The page speaks the user's Discord language (unless the address names one); the table page after it too
  const lang = params.get("lang") ?? login.lang ?? null;
  if (lang && !params.get("lang")) {
    t = translator(lang === "ja" ? "ja" : "en");
    document.documentElement.lang = lang;
  }
  // the page's language named, so that a refusal reads as the rest of the page
  const query = `?lang=${encodeURIComponent(lang ?? (document.documentElement.lang || "en"))}${login.channel ? `&channel=${encodeURIComponent(login.channel)}` : ""}`;
  // Until the channel has a game (the Activity opened beside a lobby), it looks again now and then and goes
  // to the game as soon as one begins there.
  for (let look = 0; ; look++) {
    const answer = await fetch(`/api/games${query}`, { headers: { Authorization: `Bearer ${login.token}` } });
    if (!answer.ok) {
      root.replaceChildren(h("p", { class: "message", role: "alert" }, t("no_game", { error: await refusal(answer) })));
      return;
    }
    const choice = choose(((await answer.json()) as { games: GameEntry[] }).games);
    if ("go" in choice) {
      location.replace(`/table/${choice.go}${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`);
      return;
    }
    if (look === 0 || choice.here) root.replaceChildren(picker(choice, t, lang));
    if (choice.here || !login.channel) return; // several games here: the player picks one
    await new Promise((resolve) => window.setTimeout(resolve, LOOK_AGAIN_MS));
  }
}

const LOOK_AGAIN_MS = 4000; // a game started in the channel opens here within a few seconds

function picker(choice: { pick: GameEntry[]; here: boolean }, t: T, lang: string | null): HTMLElement {
  const page = h("div", { class: "page picker", "data-testid": "picker" });
  page.append(h("h1", {}, t(choice.here ? "activity_several" : "activity_none")));
  if (!choice.pick.length) {
    page.append(h("p", { "data-testid": "picker-empty" }, t("activity_nothing")));
    return page;
  }
  if (!choice.here) page.append(h("p", {}, t("activity_yours")));
  const list = h("ul", { class: "games", "aria-label": t("activity_games") });
  for (const game of choice.pick) {
    const names = game.seats.map((s) => s.name).join(", ");
    const role = game.your_turn ? t("your_turn") : game.seated ? t("activity_seated") : t("activity_watch");
    const href = `/table/${game.game_no}${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`;
    const link = h("a", { href, class: "move", "data-game": game.game_no }, `${t("title", { no: game.game_no })} · ${game.game_id} · ${names} — ${role}`);
    list.append(h("li", {}, link));
  }
  page.append(list);
  return page;
}
