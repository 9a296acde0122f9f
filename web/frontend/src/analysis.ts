// The analysis page /analysis/{game_no}: a player's own post-game analysis (POST /api/games/{no}/analysis,
// the same search, store and lines as /analysis in Discord), with the chart of their expected margin over
// their moves and the three costliest moves' positions drawn in the page's own SVG from the replay's frames.
// Only the player's own: the server answers nobody else (403), and another server's game is not found.

import type { Api } from "./api";
import { cardName } from "./cards";
import { h, s, svgBox } from "./dom";
import type { T } from "./i18n";
import { moveName } from "./moves";
import { frameBoard, heldPicture, pieceName, type Replay } from "./replay";
import { family } from "./types";

export interface AnalysedMove {
  number: number; // the move's number in the game (1-based), as the lines count it
  hand_no: number;
  made: string;
  best: string;
  value_made: number;
  value_best: number;
  cost: number;
  expected: number; // the expected margin by the hand's end after the move made: the chart's line
  frame: number; // the replay frame of the position the move was made in
}

export interface Analysis {
  ok: boolean;
  status: number;
  error?: string;
  game_no: number;
  game_id: string;
  seat: number;
  title: string;
  summary: string;
  costliest_title: string;
  none_costly: string;
  footer: string;
  chart_title: string;
  chart_axis: string;
  chart_empty: string;
  moves: AnalysedMove[];
  costliest: { rank: number; move: number; line: string }[];
}

/** The server's line cut at its `**bold**` marks (Discord's Markdown): the odd parts are the bold ones. */
export function boldParts(line: string): { text: string; bold: boolean }[] {
  return line
    .split("**")
    .map((text, k) => ({ text, bold: k % 2 === 1 }))
    .filter((part) => part.text !== "");
}

/** The piece a move's text plays, if it plays one: `6-4` of `6-4@5-5`, `10H` of a card's play. */
export function playedPiece(made: string): string {
  return made.split(/[@ :]/)[0];
}

/** A held piece and a played one are the same: a tile either way round (`4-6` is `6-4`). */
export function samePiece(held: string, played: string): boolean {
  if (held === played) return true;
  const [a, b] = held.split("-");
  return b !== undefined && `${b}-${a}` === played;
}

export interface Chart {
  lo: number;
  hi: number;
  ticks: number[];
  points: [number, number][];
}

/** A step of 1, 2 or 5 times a power of ten giving about four gridlines over `span`. */
export function niceStep(span: number): number {
  const raw = Math.max(span, 1e-9) / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (raw <= m * power) return m * power;
  return 10 * power;
}

/** Where the chart's line goes in a plot of `width` x `height`: the range always holds zero (the even line),
 * and its gridlines fall on round values. One move alone sits in the middle. */
export function chartOf(curve: number[], width: number, height: number): Chart {
  const step = niceStep(Math.max(...curve, 0) - Math.min(...curve, 0));
  const lo = Math.floor(Math.min(...curve, 0) / step) * step;
  let hi = Math.ceil(Math.max(...curve, 0) / step) * step;
  if (hi <= lo) hi = lo + step;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Number(v.toFixed(6)));
  const n = curve.length;
  const x = (i: number) => (n === 1 ? width / 2 : (width * i) / (n - 1));
  const y = (v: number) => height - (height * (v - lo)) / (hi - lo);
  return { lo, hi, ticks, points: curve.map((v, i) => [x(i), y(v)]) };
}

const W = 640;
const H = 240;
const LEFT = 48;
const TOP = 12;

export class AnalysisApp {
  analysis: Analysis | null = null;
  replay: Replay | null = null;
  message = "";

  constructor(
    readonly root: HTMLElement,
    readonly api: Api,
    readonly t: T,
    readonly lang: string,
  ) {}

  async start(): Promise<void> {
    this.message = this.t("analysis_working");
    this.render();
    try {
      const [analysis, replay] = await Promise.all([this.api.analysis(this.lang), this.api.replay().catch(() => null)]);
      if (!analysis.ok) {
        this.message = this.t("no_analysis", { error: analysis.error ?? String(analysis.status) });
      } else {
        this.analysis = analysis;
        this.replay = replay;
        this.message = "";
      }
    } catch (error) {
      this.message = this.t("no_analysis", { error: String((error as Error).message) });
    }
    this.render();
  }

  render(): void {
    const t = this.t;
    const found = this.analysis;
    const page = h("div", { class: "page analysis" });
    const head = h("header", {}, h("h1", { "data-testid": "analysis-title" }, found ? found.title : t("analysis_heading", { no: this.api.gameNo })));
    const links = h("nav", { class: "links", "aria-label": t("analysis_links") });
    links.append(h("a", { href: `/replay/${this.api.gameNo}`, class: "link" }, t("replay_link")), " ", h("a", { href: `/table/${this.api.gameNo}`, class: "link" }, t("replay_table")));
    head.append(links);
    page.append(head);
    if (this.message) page.append(h("p", { class: "message", role: found ? "alert" : "status", "aria-live": "polite", "data-testid": "message" }, this.message));
    if (found) {
      page.append(h("p", { class: "status", "data-testid": "summary" }, found.summary));
      page.append(this.chart(found), this.costliest(found), this.table(found), h("p", { class: "facts" }, found.footer));
    }
    this.root.replaceChildren(page);
  }

  private chart(found: Analysis): HTMLElement {
    const figure = h("figure", { class: "chart", "data-testid": "chart" });
    figure.append(h("figcaption", {}, h("strong", {}, found.chart_title), ` · ${found.chart_axis}`));
    const curve = found.moves.map((m) => m.expected);
    if (!curve.length) {
      figure.append(h("p", {}, found.chart_empty));
      return figure;
    }
    const plotW = W - LEFT - 12;
    const plotH = H - TOP - 20;
    const chart = chartOf(curve, plotW, plotH);
    const first = curve[0].toFixed(1);
    const last = curve[curve.length - 1].toFixed(1);
    const svg = svgBox(0, 0, W, H, `${found.chart_title}: ${this.t("analysis_chart_said", { count: curve.length, first, last })}`);
    svg.setAttribute("class", "chart-svg");
    const y = (v: number) => TOP + plotH - (plotH * (v - chart.lo)) / (chart.hi - chart.lo);
    for (const tick of chart.ticks) {
      svg.append(s("line", { x1: LEFT, x2: LEFT + plotW, y1: y(tick), y2: y(tick), class: tick === 0 ? "grid zero" : "grid" }));
      svg.append(s("text", { x: LEFT - 6, y: y(tick) + 4, class: "tick", "text-anchor": "end" }, String(tick)));
    }
    const path = chart.points.map(([px, py], i) => `${i ? "L" : "M"}${(LEFT + px).toFixed(1)},${(TOP + py).toFixed(1)}`).join(" ");
    svg.append(s("path", { d: path, class: "curve" }));
    if (curve.length <= 60) for (const [px, py] of chart.points) svg.append(s("circle", { cx: LEFT + px, cy: TOP + py, r: 2.5, class: "dot" }));
    // the costliest moves, red and numbered as in Discord's chart: each a link to its position below
    for (const costly of found.costliest) {
      const [px, py] = chart.points[costly.move];
      const label = boldParts(costly.line).map((p) => p.text).join("");
      const mark = s("a", { href: `#costly-${costly.rank}`, "aria-label": label, class: "mark", "data-testid": `mark-${costly.rank}` });
      mark.append(s("circle", { cx: LEFT + px, cy: TOP + py, r: 7 }), s("text", { x: LEFT + px, y: TOP + py + 4, "text-anchor": "middle" }, String(costly.rank)));
      svg.append(mark);
    }
    figure.append(svg);
    return figure;
  }

  private costliest(found: Analysis): HTMLElement {
    const t = this.t;
    const section = h("section", { class: "costliest", "aria-labelledby": "costliest-title", "data-testid": "costliest" });
    section.append(h("h2", { id: "costliest-title" }, found.costliest_title));
    if (!found.costliest.length) {
      section.append(h("p", {}, found.none_costly));
      return section;
    }
    const list = h("ol", { class: "costly-list" });
    for (const costly of found.costliest) {
      const move = found.moves[costly.move];
      const line = h("p", { class: "costly-line" }, ...boldParts(costly.line).map((p) => (p.bold ? h("strong", {}, p.text) : p.text)));
      const item = h("li", { id: `costly-${costly.rank}`, tabindex: -1, "data-testid": "costly", "aria-label": boldParts(costly.line).map((p) => p.text).join("") }, line);
      const frame = this.replay?.frames[move.frame];
      if (this.replay && frame) {
        item.append(h("p", { class: "facts" }, t("analysis_position", { no: move.number })));
        item.append(frameBoard(this.replay, frame, t));
        item.append(this.heldThen(this.replay, frame.held?.[found.seat] ?? null, playedPiece(move.made)));
        item.append(h("a", { href: `/replay/${found.game_no}?frame=${move.frame}`, class: "link" }, t("analysis_in_replay", { no: move.number })));
      }
      list.append(item);
    }
    section.append(list);
    return section;
  }

  private heldThen(replay: Replay, held: unknown[] | null, played: string): HTMLElement {
    const t = this.t;
    const cards = family(replay.game_id) === "five-hundred";
    const names = (held ?? []).map(pieceName);
    const row = h("div", { class: "hand-row held", role: "list", "aria-label": `${t("analysis_held")}: ${names.map((n) => (cards ? cardName(n) : n)).join(", ") || "—"}` });
    row.append(h("span", { class: "held-name" }, t("analysis_held")));
    for (const item of names) {
      const name = cards ? cardName(item) : item;
      const made = samePiece(item, played);
      const label = made ? `${name} (${t("analysis_played")})` : name;
      row.append(h("span", { class: made ? "piece made" : "piece", role: "listitem", "aria-label": label }, heldPicture(item, cards)));
    }
    return row;
  }

  private table(found: Analysis): HTMLElement {
    const t = this.t;
    const table = h("table", { class: "moves-table", "data-testid": "moves" });
    table.append(h("caption", {}, t("analysis_every_move")));
    const head = h("tr", {});
    for (const key of ["analysis_move", "analysis_hand", "analysis_made", "analysis_best", "analysis_cost"] as const) head.append(h("th", { scope: "col" }, t(key)));
    table.append(h("thead", {}, head));
    const body = h("tbody", {});
    for (const move of found.moves) {
      const row = h("tr", { class: move.cost > 1e-9 ? "cost" : "" });
      row.append(
        h("th", { scope: "row" }, String(move.number)),
        h("td", {}, String(move.hand_no)),
        h("td", {}, moveName(move.made, t)),
        h("td", {}, move.cost > 1e-9 ? moveName(move.best, t) : t("analysis_was_best")),
        h("td", { class: "num" }, move.cost > 1e-9 ? `−${move.cost.toFixed(1)}` : "0"),
      );
      body.append(row);
    }
    table.append(body);
    return h("section", { class: "moves-wrap" }, table);
  }
}
