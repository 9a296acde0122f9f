// Five Hundred's cards in SVG and the table round them: the trick in the middle, each seat's cards left
// and tricks won, the auction or contract. Cards come in record notation (`10H`, `JK`, a joker led at no
// trump as `JK:H`) and are named as the rules write them (`10♥`, `Joker`).

import { h, s, svgBox } from "./dom";
import type { T } from "./i18n";
import type { FiveHundredView, Seat } from "./types";

const SUIT: Record<string, string> = { S: "♠", C: "♣", D: "♦", H: "♥" };

export function cardName(card: string): string {
  const [base, named] = card.split(":");
  if (base === "JK") return named ? `Joker (${SUIT[named] ?? named})` : "Joker";
  const suit = base.slice(-1);
  return base.slice(0, -1) + (SUIT[suit] ?? suit);
}

/** A bid or an action with its cards written as the rules write them: `bid 8H` → `bid 8♥`. */
export function actionName(text: string): string {
  return text.replace(/\b(10|[2-9JQKA])([SCDH])\b/g, (_, r: string, su: string) => r + SUIT[su]);
}

function isRed(card: string): boolean {
  const suit = card.split(":")[0].slice(-1);
  return suit === "D" || suit === "H";
}

/** A card face at (x, y), 5 x 7 units. */
export function cardSvg(card: string, x = 0, y = 0, cls = ""): SVGElement {
  const base = card.split(":")[0];
  const joker = base === "JK";
  const g = s("g", { class: `card ${isRed(card) ? "red" : "black"} ${cls}`.trim() });
  g.append(s("rect", { x: x + 0.1, y: y + 0.1, width: 4.8, height: 6.8, rx: 0.5, class: "card-body" }));
  const rank = joker ? "★" : base.slice(0, -1);
  const suit = joker ? "" : (SUIT[base.slice(-1)] ?? "");
  g.append(s("text", { x: x + 0.5, y: y + 1.7, class: "card-rank" }, rank));
  g.append(s("text", { x: x + 0.5, y: y + 3.0, class: "card-suit-small" }, suit));
  g.append(s("text", { x: x + 2.5, y: y + 5.4, class: "card-suit", "text-anchor": "middle" }, joker ? "JOKER" : suit));
  return g;
}

export function handCard(card: string): SVGSVGElement {
  const svg = s("svg", { viewBox: "0 0 5 7", class: "hand-card", "aria-hidden": "true" }) as SVGSVGElement;
  svg.append(cardSvg(card));
  return svg;
}

/** The table: the trick in the middle, a place per seat (the viewer's at the bottom). */
export function fiveHundredBoard(view: FiveHundredView, seats: Seat[], viewer: number | null, t: T): SVGSVGElement {
  const n = view.players;
  const svg = svgBox(-20, -15, 40, 30, t("trick"));
  svg.classList.add("board", "cards-board");
  svg.append(s("rect", { x: -20, y: -15, width: 40, height: 30, rx: 2, class: "felt" }));
  const bottom = viewer ?? 0;
  const played = new Map(view.trick.map(([seat, card]) => [seat, card]));
  for (let seat = 0; seat < n; seat++) {
    // seats round an ellipse, clockwise from the bottom
    const angle = Math.PI / 2 + ((seat - bottom + n) % n) * ((2 * Math.PI) / n);
    const px = Math.cos(angle) * 15;
    const py = Math.sin(angle) * 10.5;
    const name = seats[seat]?.name ?? `#${seat + 1}`;
    const turn = view.current_seat === seat;
    const label = `${name} · ${t("cards_left", { count: view.hand_sizes[seat] ?? 0 })} · ${t("tricks", {
      count: view.tricks[seat] ?? 0,
    })}`;
    // labels of the seats at the sides are anchored inside the felt, so a long name is never cut off
    const side = Math.abs(px) > 3;
    const anchor = !side ? "middle" : px < 0 ? "start" : "end";
    const lx = !side ? px : px < 0 ? -19.4 : 19.4;
    const ly = side ? py + 5 : py + (py > 0 ? 3.6 : -3.2);
    svg.append(
      s(
        "text",
        { x: lx, y: ly, class: `seat-label${turn ? " to-play" : ""}`, "text-anchor": anchor },
        (turn ? "▶ " : "") + label,
      ),
    );
    const card = played.get(seat);
    if (card) {
      const g = cardSvg(card, px * 0.45 - 2.5, py * 0.45 - 3.5, "played");
      g.setAttribute("aria-label", `${name}: ${cardName(card)}`);
      g.setAttribute("role", "img");
      svg.append(g);
    }
  }
  return svg;
}

/** The words beside the cards: contract or auction, trumps, the widow, the last trick. */
export function fiveHundredInfo(view: FiveHundredView, seats: Seat[], t: T): HTMLElement {
  const name = (seat: number | null): string => (seat === null ? "" : (seats[seat]?.name ?? `#${seat + 1}`));
  const box = h("div", { class: "info" });
  if (view.contract && view.declarer !== null) {
    box.append(h("p", {}, t("contract", { contract: actionName(view.contract), name: name(view.declarer) })));
    box.append(h("p", {}, view.trump ? t("trump", { suit: SUIT[view.trump] ?? view.trump }) : t("no_trump")));
  } else if (view.auction.length || view.phase === "auction") {
    box.append(h("p", {}, t("bidding")));
    if (view.high_bid) box.append(h("p", {}, t("high_bid", { bid: actionName(view.high_bid), name: name(view.high_bidder) })));
    const list = h("ol", { class: "auction" });
    for (const [seat, bid] of view.auction) list.append(h("li", {}, `${name(seat)}: ${actionName(bid)}`));
    box.append(list);
  }
  if (view.widow_size) box.append(h("p", {}, t("widow", { count: view.widow_size })));
  if (view.last_trick.length) {
    const words = view.last_trick.map(([seat, card]) => `${name(seat)} ${cardName(card)}`).join(", ");
    const winner = view.last_trick_winner === null ? "" : ` → ${name(view.last_trick_winner)}`;
    box.append(h("p", { class: "last-trick" }, `${t("last_trick")}: ${words}${winner}`));
  }
  if (view.exposed) box.append(h("p", {}, "⊙ " + view.exposed.map(cardName).join(" ")));
  return box;
}
