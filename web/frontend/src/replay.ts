// The replay page /replay/{game_no}: an ended game stepped through as /replay steps through it (the frames
// of GET /api/games/{no}/replay), on a timeline: a slider to scrub, a step back and on, play and pause, the
// first and last frame; the arrow keys, Home, End and the space bar do the same. Each frame shows the board
// as the public saw it, what was played, and every seat's hand where /replay reveals it (deals and plays).

import type { Api } from "./api";
import { dominerenBoard, type EndTarget, fivesBoard } from "./boards";
import { cardName, fiveHundredBoard, fiveHundredInfo, handCard } from "./cards";
import { h } from "./dom";
import { handTile } from "./domino";
import type { T } from "./i18n";
import { handReason, moveName, tileKey } from "./moves";
import { type DominerenView, family, type FiveHundredView, type FivesView, type HandResult, type Seat, type Tile, type View } from "./types";

export interface ReplayFrame {
  position: number;
  kind: "deal" | "play" | "hand_end" | "game_end";
  hand_no: number;
  play: { seat: number; action: string; points: number[]; kind: string } | null;
  public: View;
  held: unknown[][] | null;
  hands_ended: { hand_no: number; result: HandResult; scores: number[] }[];
}

export interface Replay {
  game_no: number;
  game_id: string;
  status: string;
  seats: Seat[];
  finished: boolean;
  hands: number;
  moves: number;
  frames: ReplayFrame[];
  you?: number | null; // the seat the session's user held, offered their own analysis
}

/** A frame's board as the public saw it, in the page's own SVG (the replay's and the analysis's positions). */
export function frameBoard(replay: Replay, frame: ReplayFrame, t: T): HTMLElement {
  const wrap = h("section", { class: "board-wrap", "data-testid": "board" });
  const none = new Map<string, EndTarget>();
  const kind = family(replay.game_id);
  if (kind === "fives") wrap.append(fivesBoard(frame.public as FivesView, none, t));
  else if (kind === "domineren") wrap.append(dominerenBoard(frame.public as DominerenView, none, t));
  else {
    wrap.append(fiveHundredBoard(frame.public as FiveHundredView, replay.seats, null, t));
    wrap.append(fiveHundredInfo(frame.public as FiveHundredView, replay.seats, t));
  }
  return wrap;
}

/** A held piece's picture: a tile from its notation, a card as written. */
export function heldPicture(item: string, cards: boolean): SVGElement {
  return cards ? handCard(item) : handTile(...(item.split("-").map(Number) as [number, number]));
}

export const PLAY_MS = 900; // one frame a little under a second while playing

/** A held piece as its name: a tile `6-4` (from `[6, 4]` or `{a, b}`), a card as written (`10H`). */
export function pieceName(item: unknown): string {
  if (typeof item === "string") return item;
  if (Array.isArray(item)) return tileKey(item as Tile);
  if (item && typeof item === "object" && "a" in item && "b" in item) {
    const tile = item as { a: number; b: number };
    return tileKey([tile.a, tile.b]);
  }
  return String(item);
}

/** The frame a key press leads to from `index` of `count` frames (null: the key is not the timeline's). */
export function keyStep(key: string, index: number, count: number): number | null {
  if (key === "ArrowLeft" || key === "ArrowDown") return Math.max(0, index - 1);
  if (key === "ArrowRight" || key === "ArrowUp") return Math.min(count - 1, index + 1);
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

export class ReplayApp {
  replay: Replay | null = null;
  index = 0;
  playing = false;
  message = "";
  private timer: number | null = null;

  constructor(
    readonly root: HTMLElement,
    readonly api: Api,
    readonly t: T,
    readonly tableHref: string,
  ) {}

  async start(first = 0): Promise<void> {
    this.render();
    try {
      this.replay = await this.api.replay();
    } catch (error) {
      this.message = this.t("no_replay", { error: String((error as Error).message) });
      this.render();
      return;
    }
    this.index = Math.min(Math.max(0, first), this.replay.frames.length - 1);
    document.addEventListener("keydown", (event) => this.key(event));
    this.render();
  }

  go(index: number, focus?: string): void {
    if (!this.replay) return;
    this.index = Math.min(Math.max(0, index), this.replay.frames.length - 1);
    if (this.index === this.replay.frames.length - 1) this.pause();
    this.render(focus);
  }

  play(): void {
    if (!this.replay || this.playing) return;
    if (this.index >= this.replay.frames.length - 1) this.index = 0; // from the start again
    this.playing = true;
    this.timer = window.setInterval(() => this.go(this.index + 1), PLAY_MS);
    this.render("control:toggle");
  }

  pause(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    if (this.playing) {
      this.playing = false;
      this.render("control:toggle");
    }
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  private key(event: KeyboardEvent): void {
    if (!this.replay || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    if (event.key === " " && target?.tagName !== "BUTTON") {
      event.preventDefault(); // a button takes the space bar itself (a click)
      this.toggle();
      return;
    }
    if (target?.tagName === "INPUT") return; // the slider moves itself by the arrows, Home and End
    const next = keyStep(event.key, this.index, this.replay.frames.length);
    if (next === null) return;
    event.preventDefault();
    this.pause();
    this.go(next);
  }

  private name(seat: number): string {
    return this.replay?.seats[seat]?.name ?? `#${seat + 1}`;
  }

  /** What the frame shows, in a line: the deal, the play and its points, a hand's or the game's end. */
  describe(frame: ReplayFrame): string {
    const t = this.t;
    if (frame.kind === "deal") return t("replay_deal", { no: frame.hand_no });
    if (frame.kind === "game_end") return this.replay?.finished ? t("game_over") : t("replay_abandoned");
    if (frame.kind === "hand_end") return t("hand_over", { no: frame.hand_no });
    const play = frame.play;
    if (!play) return "";
    const best = Math.max(0, ...play.points);
    return t("last", { name: this.name(play.seat), action: moveName(play.action, t) }) + (best ? ` ${t("scored", { points: best })}` : "");
  }

  render(focus?: string): void {
    const active = focus ?? (document.activeElement as HTMLElement | null)?.dataset?.focus;
    const t = this.t;
    const replay = this.replay;
    const page = h("div", { class: "page replay" });
    const head = h("header", {}, h("h1", {}, replay ? t("replay_title", { no: replay.game_no }) : t("loading")));
    head.append(h("a", { href: this.tableHref, class: "link" }, t("replay_table")));
    // a player of the game is offered their own analysis (the API refuses anyone else's: nothing to link)
    if (replay && replay.you != null) head.append(h("a", { href: `/analysis/${replay.game_no}`, class: "link", "data-testid": "analysis-link" }, t("analysis_link")));
    page.append(head);
    if (this.message) page.append(h("p", { class: "message", role: "alert", "data-testid": "message" }, this.message));
    if (replay && replay.frames.length) page.append(...this.frame(replay, replay.frames[this.index]));
    this.root.replaceChildren(page);
    if (active) (this.root.querySelector(`[data-focus="${CSS.escape(active)}"]`) as HTMLElement | null)?.focus();
  }

  private frame(replay: Replay, frame: ReplayFrame): HTMLElement[] {
    const t = this.t;
    const count = replay.frames.length;
    const where = t("replay_frame", { at: this.index + 1, count, hand: frame.hand_no });
    const status = h("p", { class: "status", "data-testid": "status", "aria-live": "polite" }, `${where} · `, h("span", { "data-testid": "what" }, this.describe(frame)));
    return [status, this.timeline(count, where), this.board(replay, frame), this.scores(replay, frame), ...this.ended(frame), this.holdings(replay, frame)];
  }

  private timeline(count: number, where: string): HTMLElement {
    const t = this.t;
    const bar = h("div", { class: "timeline", role: "group", "aria-label": t("replay_timeline"), "data-testid": "timeline" });
    const button = (key: string, label: string, text: string, onClick: () => void, disabled = false): HTMLButtonElement => {
      const b = h("button", { type: "button", class: "move", "aria-label": label, "data-focus": `control:${key}`, "data-testid": key, disabled }, text);
      b.addEventListener("click", onClick);
      return b;
    };
    const last = count - 1;
    bar.append(
      button("first", t("replay_first"), "⏮", () => this.go(0, "control:first"), this.index === 0),
      button("back", t("replay_back"), "◀", () => this.go(this.index - 1, "control:back"), this.index === 0),
      button("toggle", this.playing ? t("replay_pause") : t("replay_play"), this.playing ? "⏸" : "▶", () => this.toggle()),
      button("forward", t("replay_forward"), "▶|", () => this.go(this.index + 1, "control:forward"), this.index === last),
      button("last", t("replay_last"), "⏭", () => this.go(last, "control:last"), this.index === last),
    );
    const slider = h("input", {
      type: "range",
      min: 0,
      max: last,
      step: 1,
      value: this.index,
      "aria-label": t("replay_scrub"),
      "aria-valuetext": where,
      "data-focus": "control:scrub",
      "data-testid": "scrub",
    });
    slider.addEventListener("input", () => {
      this.pause();
      this.go(Number(slider.value), "control:scrub");
    });
    bar.append(slider);
    return bar;
  }

  private board(replay: Replay, frame: ReplayFrame): HTMLElement {
    return frameBoard(replay, frame, this.t);
  }

  private scores(replay: Replay, frame: ReplayFrame): HTMLElement {
    const t = this.t;
    const pub = frame.public;
    const sides = pub.sides ?? replay.seats.map((s) => [s.index]);
    const list = h("ul", { class: "scores", "aria-label": t(replay.game_id === "domineren" ? "chips" : "scores") });
    sides.forEach((side, k) => {
      const won = pub.winner?.some((w) => side.includes(w));
      list.append(h("li", { class: won ? "won" : "" }, h("span", {}, side.map((s) => this.name(s)).join(" & ")), h("b", {}, String(pub.scores[k] ?? 0))));
    });
    return list;
  }

  private ended(frame: ReplayFrame): HTMLElement[] {
    return frame.hands_ended.map((hand) =>
      h("div", { class: "banner", role: "status" }, h("strong", {}, this.t("hand_over", { no: hand.hand_no })), ` ${handReason(hand.result, (seat) => this.name(seat), this.t)} ${hand.result.points.join(" / ")}`),
    );
  }

  private holdings(replay: Replay, frame: ReplayFrame): HTMLElement {
    const t = this.t;
    const section = h("section", { class: "hand", "aria-label": t("replay_held"), "data-testid": "held" });
    section.append(h("h2", {}, t("replay_held")));
    if (!frame.held) {
      section.append(h("p", {}, t("replay_nothing_held")));
      return section;
    }
    const cards = family(replay.game_id) === "five-hundred";
    frame.held.forEach((pieces, seat) => {
      const names = pieces.map(pieceName);
      const row = h("div", { class: "hand-row held", role: "list", "aria-label": `${this.name(seat)}: ${names.map((n) => (cards ? cardName(n) : n)).join(", ") || "—"}` });
      row.append(h("span", { class: "held-name" }, this.name(seat)));
      for (const item of names) {
        const label = cards ? cardName(item) : item;
        const picture = heldPicture(item, cards);
        row.append(h("span", { class: "piece", role: "listitem", "aria-label": label, "data-item": item }, picture));
      }
      section.append(row);
    });
    return section;
  }
}
