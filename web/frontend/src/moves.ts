// Which legal move a tap means: a tile or card of the hand, then (for dominoes) an open end on the board.
// Pure functions over the view's JSON, so that Vitest checks them without a browser.

import { actionName } from "./cards";
import type { Key, T } from "./i18n";
import type { DominerenView, FivesView, HandResult, Legal, Tile, View } from "./types";

/** Why a hand ended, as the hand's result in Discord says it (presenters' `hand_summary`); a reason it has
 * no words for (a Domineren type's own) as the engine names it. */
export function handReason(result: HandResult, name: (seat: number) => string, t: T): string {
  const detail = result.detail ?? {};
  const seat = (key: string) => (typeof detail[key] === "number" ? name(detail[key] as number) : null);
  const contract = typeof detail.contract === "string" ? actionName(detail.contract) : "";
  switch (result.reason) {
    case "domino":
      return seat("goer") !== null ? t("reason_domino", { player: seat("goer") ?? "" }) : result.reason;
    case "blocked":
      return t("reason_blocked");
    case "made":
    case "set":
      return seat("declarer") !== null ? t(`reason_${result.reason}`, { player: seat("declarer") ?? "", contract }) : result.reason;
    case "all-pass":
      return t("reason_all_pass");
    case "pool":
      return t("reason_pool", { pool: Number(detail.pool ?? 0) });
    case "billitonnen":
      return seat("winner") !== null ? t("reason_billitonnen", { player: seat("winner") ?? "", pool: Number(detail.pool ?? 0) }) : result.reason;
    default:
      return result.reason;
  }
}

/** A move as the Discord controls label it (presenters/dominoes.py `play_label`): "5-3 on 5-5 (north)",
 * "Lead 6-6", "Draw", "6-6 on 6-4 · Block"; anything else (bids, discards) with the cards' suit signs. */
export function moveName(text: string, t: T): string {
  const [head, ...extra] = text.split(" ");
  const said = (key: string, otherwise: string) => (SAID.has(key) ? t(key as Key) : otherwise);
  if (/^\d+-\d+/.test(head)) {
    let out: string;
    const at = head.indexOf("@");
    if (at >= 0) {
      const [target, side] = head.slice(at + 1).split(":");
      out = t("move_on", { tile: head.slice(0, at), target });
      if (side) out += ` ${t("move_side", { side: said(`compass_${side}`, side) })}`;
    } else out = t("move_lead", { tile: head });
    return [out, ...extra.map((w) => said(`word_${w}`, w))].join(" · ");
  }
  if (!extra.length && SAID.has(`word_${head}`)) return said(`word_${head}`, head);
  return actionName(text);
}

const SAID = new Set<string>([
  ...["draw", "pass", "declare", "decline", "solo", "concede", "claim", "peek", "muggins", "block"].map((w) => `word_${w}`),
  ...["N", "E", "S", "W"].map((c) => `compass_${c}`),
]);

export function tileKey(t: Tile): string {
  return `${t[0]}-${t[1]}`;
}

/** The tile an action plays, as the hand holds it (higher half first). */
export function moveTile(move: Legal): string | null {
  if (move.tile) return tileKey([Math.max(...move.tile), Math.min(...move.tile)]);
  if (move.cards && move.cards.length === 1 && (move.kind === "play" || move.kind === undefined)) return move.cards[0];
  return null;
}

/** An end of the board: its layout index and the view's direction of the tile that would go there. */
export interface EndRef {
  index: number;
  dir: number;
  number: number;
}

const COMPASS = "ENWS";

function sameTile(label: string, a: number, b: number): boolean {
  const [x, y] = label.split("-").map(Number);
  return (x === a && y === b) || (x === b && y === a);
}

/** Where a fives-family move goes: `5-3@5-5` (by its 5 onto 5-5), `...:N` (that side of the target). */
export function fivesEnd(view: FivesView, move: Legal): EndRef | null {
  const text = move.text.replace(/ muggins$/, "");
  const at = text.indexOf("@");
  if (at < 0) return null; // a lead, a draw or a pass
  const [tileLabel, rest] = [text.slice(0, at), text.slice(at + 1)];
  const [targetLabel, side] = rest.split(":");
  const touch = Number(tileLabel.split("-")[0]);
  const index = view.layout.findIndex((p) => sameTile(targetLabel, p.a, p.b));
  if (index < 0) return null;
  const ends = view.ends.filter(([number, node, dir]) => {
    if (node !== index) return false;
    return side ? dir === COMPASS.indexOf(side) : number === touch;
  });
  if (!ends.length) return null;
  const [number, , dir] = ends[0];
  return { index, dir, number };
}

export function dominerenEnd(view: DominerenView, move: Legal): EndRef | null {
  if (move.target === undefined || move.target < 0 || move.dir === undefined || move.dir < 0) return null;
  const end = view.ends.find((e) => e.node === move.target && e.dir === move.dir);
  return { index: move.target, dir: move.dir, number: end ? end.number : -1 };
}

export function endOf(view: View, move: Legal): EndRef | null {
  if (view.game_id === "five-hundred") return null;
  if (view.game_id === "domineren") return dominerenEnd(view as DominerenView, move);
  return fivesEnd(view as FivesView, move);
}

export function endKey(end: EndRef): string {
  return `${end.index}:${end.dir}`;
}

/** The moves a hand item (tile or card) takes part in. */
export function movesOf(view: View, item: string): Legal[] {
  return view.legal.filter((m) => moveTile(m) === item);
}

/** The moves of the selected item that go to an end. */
export function movesAt(view: View, item: string, end: string): Legal[] {
  return movesOf(view, item).filter((m) => {
    const e = endOf(view, m);
    return e !== null && endKey(e) === end;
  });
}

/** The discard (or call) whose cards are exactly the selected ones, if one is legal. */
export function cardsMove(view: View, kind: string, selected: ReadonlySet<string>): Legal | null {
  return (
    view.legal.find(
      (m) => m.kind === kind && m.cards && m.cards.length === selected.size && m.cards.every((c) => selected.has(c)),
    ) ?? null
  );
}

/** Moves grouped for the generic list: by kind where the view has kinds, else draw/pass apart. */
export function groups(view: View): [string, Legal[]][] {
  const out = new Map<string, Legal[]>();
  for (const m of view.legal) {
    const kind = m.kind ?? (m.tile ? "play" : m.text.split(" ")[0]);
    if (!out.has(kind)) out.set(kind, []);
    out.get(kind)!.push(m);
  }
  return [...out.entries()];
}
