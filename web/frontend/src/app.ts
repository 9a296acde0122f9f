// The page: one state (the last table the server sent, what the player selected, a message) drawn whole
// on every change. Moves go out as {action, turn}; a stale turn (409) says so and shows the table as it is.

import { Api, Live, type LinkStatus } from "./api";
import { dominerenBoard, type EndTarget, fivesBoard } from "./boards";
import { cardName, fiveHundredBoard, fiveHundredInfo, handCard } from "./cards";
import { h } from "./dom";
import { handTile } from "./domino";
import type { T } from "./i18n";
import { cardsMove, endKey, endOf, groups, handReason, moveName, moveTile, movesAt, movesOf, tileKey } from "./moves";
import {
  type DominerenView,
  family,
  type FiveHundredView,
  type FivesView,
  type Legal,
  type TableState,
  type Tile,
  type View,
} from "./types";

export class App {
  state: TableState | null = null;
  selected: string | null = null; // a tile key (`6-4`) or a card (`10H`)
  chosen = new Set<string>(); // cards picked for a discard or a call
  choices: Legal[] | null = null; // several moves fit the tap: the player picks one
  message = "";
  link: LinkStatus = "connecting";
  busy = false;
  waitingFrom: number | null = null; // the turn a move was taken at, until a newer table is shown
  dragging: string | null = null; // the hand item being dragged (a pointer device), until it is dropped
  hinted: { turn: number; move: string } | null = null; // the hint's move, lit on the turn it was asked for
  private readonly live: Live;

  constructor(
    readonly root: HTMLElement,
    readonly api: Api,
    readonly t: T,
  ) {
    this.live = new Live(
      api,
      () => this.state?.turn ?? -1,
      (state) => this.show(state),
      (status) => {
        this.link = status;
        this.render();
      },
    );
  }

  async start(): Promise<void> {
    this.render();
    // the turn timer counts down on the page's own clock (as Discord shows the board's relative time)
    window.setInterval(() => this.tick(), 1000);
    try {
      this.show(await this.api.table());
    } catch (error) {
      this.message = this.t("no_game", { error: String((error as Error).message) });
      this.render();
      return;
    }
    this.live.connect();
  }

  /** A table from the server: shown unless it is older than the one on the page. */
  show(state: TableState): void {
    if (this.state && state.turn < this.state.turn) return;
    if (!this.state || state.turn !== this.state.turn) {
      this.selected = null;
      this.chosen.clear();
      this.choices = null;
      if (this.hinted && this.hinted.turn !== state.turn) this.hinted = null;
    }
    this.state = state;
    if (this.waitingFrom !== null && state.turn > this.waitingFrom) {
      this.waitingFrom = null;
      this.busy = false;
      if (this.message === this.t("sent")) this.message = "";
    }
    this.render();
  }

  async play(move: Legal): Promise<void> {
    if (!this.state || this.busy) return;
    const sentAt = this.state.turn;
    // Busy from the tap until a table after this turn is shown: the socket's push may come before or after
    // the POST's answer, and the old position must not take a second tap meanwhile.
    this.busy = true;
    this.waitingFrom = sentAt;
    this.message = this.t("sent");
    this.render();
    const answer = await this.api.act(move.text, sentAt, document.documentElement.lang || "en").catch((error: Error) => ({
      ok: false,
      status: 0,
      error: error.message,
    }));
    if (answer.ok) {
      if (this.message === this.t("sent")) this.message = "";
      if (this.waitingFrom === sentAt) window.setTimeout(() => void this.catchUp(sentAt), this.live.open ? 3000 : 0);
    } else {
      this.waitingFrom = null;
      this.busy = false;
      this.message = answer.status === 409 ? this.t("stale") : this.t("refused", { error: answer.error ?? String(answer.status) });
      await this.catchUp(sentAt); // the table as it is now (a stale page's, or after a refusal)
    }
    this.render();
  }

  /** The search's move for this seat now (a table whose host offers hints): said, and its move lit. */
  async askHint(): Promise<void> {
    if (!this.state?.you?.your_turn || this.busy) return;
    const turn = this.state.turn;
    this.message = this.t("hint_asking");
    this.render();
    const answer = await this.api.hint(turn, document.documentElement.lang || "en").catch((error: Error) => ({
      ok: false,
      status: 0,
      error: error.message,
      move: undefined,
      line: undefined,
      unrated: undefined,
    }));
    if (this.state.turn !== turn) return; // the table moved on meanwhile: the hint is of no use
    if (answer.ok && answer.move) {
      this.hinted = { turn, move: answer.move };
      this.message = `${answer.line ?? ""} ${answer.unrated ?? ""}`.trim();
    } else {
      this.message = answer.status === 409 ? this.t("stale") : this.t("refused", { error: answer.error ?? String(answer.status) });
      if (answer.status === 409) await this.catchUp(turn);
    }
    this.render();
  }

  /** Reads the table when the socket has not brought one newer than `turn` (it is down, or slow). */
  private async catchUp(turn: number): Promise<void> {
    if (this.state && this.state.turn > turn && this.waitingFrom === null) return;
    try {
      this.show(await this.api.table());
    } catch {
      /* the socket will bring it back */
    }
    if (this.waitingFrom === turn) {
      this.waitingFrom = null; // the move was taken but nothing moved on (should not happen): tappable again
      this.busy = false;
      this.render();
    }
  }

  private mine(): View | null {
    return this.state?.you?.view ?? null;
  }

  private name(seat: number | null | undefined): string {
    if (seat === null || seat === undefined || !this.state) return "";
    return this.state.seats[seat]?.name ?? `#${seat + 1}`;
  }

  // -- taps ----------------------------------------------------------------------------------------
  private pick(item: string): void {
    const view = this.mine();
    if (!view) return;
    if (view.game_id === "five-hundred" && (view as FiveHundredView).discard_count) {
      if (this.chosen.has(item)) this.chosen.delete(item);
      else this.chosen.add(item);
      this.render(`hand:${item}`);
      return;
    }
    const moves = movesOf(view, item);
    const placed = moves.filter((m) => endOf(view, m) !== null);
    if (moves.length === 1 && !placed.length) {
      void this.play(moves[0]); // a card, a lead, a set: nothing more to choose
      return;
    }
    this.selected = this.selected === item ? null : item;
    this.choices = null;
    this.message = this.selected ? this.t("pick_end") : "";
    if (this.selected && !placed.length) {
      this.choices = moves;
      this.message = this.t("pick_move");
    }
    this.render(`hand:${item}`);
  }

  // -- drag and drop (a pointer device): a piece onto an end of the board, or a card or lead onto the board --
  private draggable(button: HTMLElement, item: string): void {
    button.setAttribute("draggable", "true");
    button.addEventListener("dragstart", (event) => {
      this.dragging = item;
      event.dataTransfer?.setData("text/plain", item);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = "move";
      const view = this.mine();
      // the ends it may go to light up as a tap's would, without drawing the page again mid-drag
      for (const zone of this.root.querySelectorAll<SVGElement>("[data-end]")) {
        if (view && movesAt(view, item, zone.dataset.end ?? "").length) zone.classList.add("drop-ok");
      }
    });
    button.addEventListener("dragend", () => {
      this.dragging = null;
      for (const zone of this.root.querySelectorAll(".drop-ok, .drop-over")) zone.classList.remove("drop-ok", "drop-over");
    });
  }

  /** What a piece dropped on an end (`end`) or anywhere else on the board (null) plays: its move there, or
   * several to choose from, or nothing. */
  private dropMoves(item: string, end: string | null): Legal[] {
    const view = this.mine();
    if (!view || this.busy || !this.state?.you?.your_turn) return [];
    if (end !== null) return movesAt(view, item, end);
    const moves = movesOf(view, item);
    return moves.length === 1 && endOf(view, moves[0]) === null ? moves : []; // a card, a lead: one move
  }

  private drop(item: string, end: string | null): void {
    const fits = this.dropMoves(item, end);
    if (fits.length === 1) void this.play(fits[0]);
    else if (fits.length > 1) {
      this.selected = item;
      this.choices = fits;
      this.message = this.t("pick_move");
      this.render();
    }
  }

  private dropZones(): void {
    const zones: [Element, string | null][] = [...this.root.querySelectorAll<SVGElement>("[data-end]")].map((z) => [z, z.dataset.end ?? null]);
    const board = this.root.querySelector("[data-testid=board]");
    if (board) zones.push([board, null]);
    for (const [zone, end] of zones) {
      zone.addEventListener("dragover", (event) => {
        if (this.dragging === null || !this.dropMoves(this.dragging, end).length) return;
        event.preventDefault(); // this zone takes the piece
        event.stopPropagation(); // an end inside the board takes it before the board does
        zone.classList.add("drop-over");
      });
      zone.addEventListener("dragleave", () => zone.classList.remove("drop-over"));
      zone.addEventListener("drop", (event) => {
        const item = this.dragging ?? (event as DragEvent).dataTransfer?.getData("text/plain") ?? "";
        if (!item || !this.dropMoves(item, end).length) return;
        event.preventDefault();
        event.stopPropagation();
        zone.classList.remove("drop-over");
        this.dragging = null;
        this.drop(item, end);
      });
    }
  }

  private endTargets(view: View): Map<string, EndTarget> {
    const targets = new Map<string, EndTarget>();
    if (!this.selected || !this.state?.you?.your_turn) return targets;
    const item = this.selected;
    for (const move of movesOf(view, item)) {
      const end = endOf(view, move);
      if (!end) continue;
      const key = endKey(end);
      if (targets.has(key)) continue;
      const points = move.points ?? move.gain;
      targets.set(key, {
        label: this.t("play_at", { tile: item, number: end.number }) + (points ? ` (${this.t("points", { points })})` : ""),
        onPick: () => {
          const fits = movesAt(view, item, key);
          if (fits.length === 1) void this.play(fits[0]);
          else {
            this.choices = fits;
            this.message = this.t("pick_move");
            this.render();
          }
        },
      });
    }
    return targets;
  }

  // -- drawing -------------------------------------------------------------------------------------
  render(focus?: string): void {
    const active = focus ?? (document.activeElement as HTMLElement | null)?.dataset?.focus;
    const t = this.t;
    const state = this.state;
    const page = h("div", { class: "page" });
    const head = h("header", {}, h("h1", {}, state ? t("title", { no: state.game_no }) : t("loading")));
    const link = this.link === "open" ? "live" : this.link === "lost" ? "reconnecting" : this.link === "expired" ? "expired" : "connecting";
    head.append(h("span", { class: `link ${this.link}`, "data-testid": "link" }, t(link)));
    page.append(head);
    if (this.message) page.append(h("p", { class: "message", role: "alert", "data-testid": "message" }, this.message));
    if (state) page.append(...this.table(state));
    this.root.replaceChildren(page);
    this.dropZones();
    if (state && !performance.getEntriesByName("fives-table-drawn").length) performance.mark("fives-table-drawn");
    if (active) (this.root.querySelector(`[data-focus="${CSS.escape(active)}"]`) as HTMLElement | null)?.focus();
  }

  private table(state: TableState): HTMLElement[] {
    const t = this.t;
    const pub = state.public;
    const mine = this.mine();
    const out: HTMLElement[] = [];
    out.push(this.statusLine(state));
    const board = h("section", { class: "board-wrap", "data-testid": "board" });
    const targets = mine ? this.endTargets(mine) : new Map<string, EndTarget>();
    const kind = family(state.game_id);
    if (kind === "fives") {
      const v = pub as FivesView;
      board.append(fivesBoard(v, targets, t));
      const facts = [t("hand_no", { no: v.hand_no })];
      if (v.boneyard) facts.push(t("boneyard", { count: v.boneyard }));
      if (v.muggins_unit) facts.push(t("end_count", { count: v.end_count }));
      board.append(h("p", { class: "facts" }, facts.join(" · ")));
    } else if (kind === "domineren") {
      const v = pub as DominerenView;
      board.append(dominerenBoard(v, targets, t));
      const facts = [t("hand_no", { no: v.hand_no })];
      if (v.game_type) facts.push(t("game_type", { id: v.game_type.id, name: v.game_type.name }));
      if (v.talon) facts.push(t("talon", { count: v.talon }));
      if (v.pool) facts.push(t("pool", { count: v.pool }));
      if (v.billitonnen) facts.push(t("billitonnen"));
      board.append(h("p", { class: "facts" }, facts.join(" · ")));
      const declared = v.declared.map((tiles, seat) => (tiles.length ? `${this.name(seat)}: ${tiles.map(tileKey).join(" ")}` : "")).filter(Boolean);
      if (declared.length) board.append(h("p", { class: "facts" }, `${t("declared")}: ${declared.join("; ")}`));
    } else {
      const v = pub as FiveHundredView;
      board.append(fiveHundredBoard(v, state.seats, state.you?.seat ?? null, t));
      board.append(fiveHundredInfo(v, state.seats, t));
    }
    out.push(board);
    out.push(this.scores(state));
    const ended = this.ending(state);
    if (ended) out.push(ended);
    if (mine) out.push(this.hand(state, mine));
    if (mine && state.you?.your_turn && mine.legal.length) out.push(...this.moves(mine));
    return out;
  }

  /** The turn timer's words now: "Time runs out in 1:05", "time is up", or null without a timer. */
  private timerText(state: TableState): string | null {
    if (state.public.over || !state.deadline) return null;
    const left = state.deadline - Date.now() / 1000;
    return left > 0 ? this.t("time_left", { left: clockText(left) }) : this.t("time_up");
  }

  private tick(): void {
    const shown = this.root.querySelector("[data-testid=timer]");
    const text = this.state ? this.timerText(this.state) : null;
    if (shown && text !== null && shown.textContent !== text) shown.textContent = text;
  }

  private statusLine(state: TableState): HTMLElement {
    const t = this.t;
    const pub = state.public;
    const parts: string[] = [];
    if (pub.over) parts.push(t("game_over"));
    else if (state.you?.your_turn) parts.push(t("your_turn"));
    else if (pub.current_seat !== null) parts.push(t("turn_of", { name: this.name(pub.current_seat) }));
    parts.push(state.you ? t("you_are", { name: this.name(state.you.seat) }) : t("spectator"));
    const p = h("p", { class: `status${state.you?.your_turn ? " mine" : ""}`, "data-testid": "status" }, parts.join(" · "));
    const timer = this.timerText(state);
    // read out when it first shows, not every second (role=timer is not live by default)
    if (timer !== null) p.append(" · ", h("span", { class: "timer", role: "timer", "data-testid": "timer" }, timer));
    if (pub.last) {
      const [seat, action, points] = pub.last;
      const scored = points?.some((x) => x > 0) ? ` ${t("scored", { points: Math.max(...points) })}` : "";
      p.append(h("br"), h("span", { class: "last", "data-testid": "last" }, t("last", { name: this.name(seat), action: moveName(action, t) }) + scored));
    }
    return p;
  }


  private scores(state: TableState): HTMLElement {
    const t = this.t;
    const pub = state.public;
    const sides = pub.sides ?? state.seats.map((s) => [s.index]);
    const list = h("ul", { class: "scores", "aria-label": t(state.game_id === "domineren" ? "chips" : "scores") });
    sides.forEach((side, k) => {
      const names = side.map((seat) => this.name(seat) + (state.seats[seat]?.computer ? ` (${t("computer")})` : "")).join(" & ");
      const turn = pub.current_seat !== null && side.includes(pub.current_seat);
      const won = pub.winner?.some((w) => side.includes(w));
      list.append(h("li", { class: `${turn ? "to-play" : ""}${won ? " won" : ""}`.trim() }, h("span", {}, names), h("b", {}, String(pub.scores[k] ?? 0))));
    });
    return list;
  }

  private ending(state: TableState): HTMLElement | null {
    const t = this.t;
    const pub = state.public;
    if (pub.over) {
      const winners = (pub.winner ?? []).map((seat) => this.name(seat)).join(", ");
      const banner = h("div", { class: "banner over", role: "status", "data-testid": "game-over" }, h("strong", {}, t("game_over")), " ", t("winner", { names: winners }));
      // an ended game's every step, hands shown, on its replay page (the API refuses one still played)
      banner.append(" ", h("a", { href: `/replay/${state.game_no}`, "data-testid": "replay-link" }, t("replay_link")));
      // a player's own analysis of their moves (the API answers nobody else)
      if (state.you) banner.append(" ", h("a", { href: `/analysis/${state.game_no}`, "data-testid": "analysis-link" }, t("analysis_link")));
      return banner;
    }
    const last = pub.hands[pub.hands.length - 1];
    // The hand that just ended stays said until the viewer has had a turn in the next one (the computers
    // may have played on at once): a seat until it has played in it, a spectator for a round.
    const mine = state.you?.seat;
    const fresh = mine === undefined ? pub.history.length < state.seats.length : !pub.history.some(([seat]) => seat === mine);
    if (last && fresh) {
      return h("div", { class: "banner", role: "status", "data-testid": "hand-over" }, h("strong", {}, t("hand_over", { no: pub.hands.length })), ` ${handReason(last, (seat) => this.name(seat), t)} ${last.points.join(" / ")}`);
    }
    return null;
  }

  private hand(state: TableState, view: View): HTMLElement {
    const t = this.t;
    const yourTurn = !!state.you?.your_turn;
    const items = (view.hand ?? []).map((x) => (typeof x === "string" ? x : tileKey(x as Tile)));
    const cards = family(state.game_id) === "five-hundred";
    const discarding = cards && (view as FiveHundredView).discard_count > 0 && yourTurn;
    const section = h("section", { class: "hand", "aria-label": t("your_hand"), "data-testid": "hand" });
    section.append(h("h2", {}, t("your_hand")));
    if (discarding) section.append(h("p", {}, t("discard", { count: (view as FiveHundredView).discard_count })));
    const row = h("div", { class: "hand-row" });
    for (const item of items) {
      const moves = yourTurn ? movesOf(view, item) : [];
      const playable = discarding || moves.length > 0;
      const best = Math.max(0, ...moves.map((m) => m.points ?? 0));
      const label = cards ? cardName(item) : item;
      const pressed = discarding ? this.chosen.has(item) : this.selected === item;
      const button = h(
        "button",
        {
          type: "button",
          class: `piece${playable ? " playable" : ""}${pressed ? " selected" : ""}${best ? " scores" : ""}`,
          "aria-label": label,
          "aria-pressed": pressed ? "true" : "false",
          disabled: !playable || this.busy,
          "data-focus": `hand:${item}`,
          "data-item": item,
        },
        cards ? handCard(item) : handTile(...(item.split("-").map(Number) as [number, number])),
        best ? h("span", { class: "badge" }, `+${best}`) : null,
      );
      button.addEventListener("click", () => this.pick(item));
      if (playable && !discarding && !this.busy) this.draggable(button, item);
      row.append(button);
    }
    section.append(row);
    if (discarding) {
      const move = cardsMove(view, "discard", this.chosen);
      if (move) section.append(this.moveButton(move, "primary"));
    }
    return section;
  }

  private moveButton(move: Legal, cls = ""): HTMLButtonElement {
    const t = this.t;
    const points = move.points ?? move.gain ?? 0;
    const text = moveName(move.text, t) + (points ? ` · ${t("points", { points })}` : "");
    const hinted = this.hinted?.move === move.text && this.hinted.turn === this.state?.turn;
    const button = h(
      "button",
      {
        type: "button",
        class: `move ${cls}${points ? " scores" : ""}${hinted ? " hinted" : ""}`.trim(),
        "data-action": move.text,
        "data-focus": `move:${move.text}`,
        disabled: this.busy,
      },
      hinted ? `💡 ${text}` : text, // the hint's move says so, to the eye and to a screen reader
    );
    button.addEventListener("click", () => void this.play(move));
    return button;
  }

  private moves(view: View): HTMLElement[] {
    const t = this.t;
    const out: HTMLElement[] = [];
    const section = h("section", { class: "moves", "aria-label": t("moves"), "data-testid": "moves" });
    section.append(h("h2", {}, t("moves")));
    // The moves of the selected piece (or the choices a tap left), else every move that is not a piece's
    // (draw, pass, bids ...), else all of them when there are few.
    let shown: Legal[];
    if (this.choices) shown = this.choices;
    else if (this.selected) shown = movesOf(view, this.selected);
    else {
      const loose = view.legal.filter((m) => moveTile(m) === null && m.kind !== "discard");
      shown = loose.length ? loose : view.legal.length <= 12 ? view.legal : [];
    }
    // The hint's move is shown whatever is selected: the player sees it, and plays it with one tap.
    const hint = this.hinted && this.hinted.turn === this.state?.turn ? view.legal.find((m) => m.text === this.hinted?.move) : undefined;
    if (hint && !shown.includes(hint)) shown = [hint, ...shown];
    const list = h("div", { class: "move-list" });
    for (const move of shown.slice(0, 60)) list.append(this.moveButton(move));
    section.append(list);
    if (this.state?.hints && this.state.you?.your_turn) {
      const ask = h("button", { type: "button", class: "move hint", "data-testid": "hint", "data-focus": "hint", disabled: this.busy }, t("hint"));
      ask.addEventListener("click", () => void this.askHint());
      section.append(ask);
    }
    out.push(section);
    // The generic fallback: every legal action, whatever it is, grouped by kind.
    const all = h("details", { class: "all-moves", "data-testid": "all-moves" });
    all.append(h("summary", {}, t("all_moves", { count: view.legal.length })));
    for (const [kind, moves] of groups(view)) {
      const group = h("div", { class: "move-group" }, h("h3", {}, kind));
      for (const move of moves) group.append(this.moveButton(move));
      all.append(group);
    }
    out.push(all);
    return out;
  }
}

/** Seconds left as a clock: `0:09`, `4:05`, `1:02:03`. */
export function clockText(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  const [hours, minutes, secs] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return hours ? `${hours}:${two(minutes)}:${two(secs)}` : `${minutes}:${two(secs)}`;
}
