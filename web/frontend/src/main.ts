// The pages /table/{game_no}, /replay/{game_no} and /analysis/{game_no}: read the game and the session from the address, then run
// the table or the replay.

import "./style.css";
import { AnalysisApp } from "./analysis";
import { Api } from "./api";
import { App } from "./app";
import { startActivity } from "./activity";
import { chooseLang, translator } from "./i18n";
import { ReplayApp } from "./replay";

function boot(): void {
  const root = document.getElementById("app");
  if (!root) return;
  const match = /\/(table|replay|analysis)\/(\d+)/.exec(location.pathname);
  const lang = chooseLang(location.search, navigator.languages ?? [navigator.language], sessionStorage.getItem("fives_lang"));
  document.documentElement.lang = lang;
  const params = new URLSearchParams(location.search);
  // the tab keeps the language its login named, so the replay and the analysis it links to speak it too
  if (params.get("lang") === lang) sessionStorage.setItem("fives_lang", lang);
  const token = params.get("token") ?? sessionStorage.getItem("fives_token");
  if (token) sessionStorage.setItem("fives_token", token); // a reload of the tab keeps its session
  const t = translator(lang);
  if (!match && location.pathname === "/") {
    void startActivity(root, t, params, token); // the Activity's root: the channel's game, or a picker
    return;
  }
  if (!match) {
    root.textContent = t("no_game", { error: location.pathname });
    return;
  }
  const api = new Api(Number(match[2]), token, lang);
  if (match[1] === "analysis") {
    const analysis = new AnalysisApp(root, api, t, lang);
    (window as unknown as { fivesAnalysis: AnalysisApp }).fivesAnalysis = analysis; // for the browser tests
    void analysis.start();
    return;
  }
  if (match[1] === "replay") {
    const replay = new ReplayApp(root, api, t, `/table/${api.gameNo}`);
    (window as unknown as { fivesReplay: ReplayApp }).fivesReplay = replay; // for the browser tests
    void replay.start(Number(params.get("frame") ?? 0) || 0);
    return;
  }
  const app = new App(root, api, t);
  (window as unknown as { fivesApp: App }).fivesApp = app; // for the browser tests to look at
  // the board winds its lines to the screen's width: drawn again when a phone turns or a window narrows
  window.matchMedia("(max-width: 600px)").addEventListener("change", () => app.render());
  void app.start();
}

boot();
