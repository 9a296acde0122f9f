import { describe, expect, it } from "vitest";
import { translator } from "./i18n";
import { cardsMove, endKey, fivesEnd, groups, handReason, moveName, moveTile, movesAt } from "./moves";
import type { FivesView, View } from "./types";

// A real all-fives position (2 players, turn 9), as GET /api/games/{no} sends it.
const fives = {
  game_id: "all-fives",
  layout: [
    { a: 6, b: 6, parent: -1, dir: 0, double: true, spinner: true },
    { a: 6, b: 3, parent: 0, dir: 2, double: false, spinner: false },
    { a: 6, b: 2, parent: 0, dir: 0, double: false, spinner: false },
    { a: 6, b: 4, parent: 0, dir: 1, double: false, spinner: false },
    { a: 3, b: 4, parent: 1, dir: 2, double: false, spinner: false },
    { a: 6, b: 1, parent: 0, dir: 3, double: false, spinner: false },
    { a: 4, b: 4, parent: 4, dir: 2, double: true, spinner: false },
    { a: 4, b: 2, parent: 6, dir: 2, double: false, spinner: false },
    { a: 4, b: 0, parent: 3, dir: 1, double: false, spinner: false },
  ],
  ends: [
    [2, 2, 0, false],
    [1, 5, 3, false],
    [2, 7, 2, false],
    [0, 8, 1, false],
  ],
  legal: [
    { text: "0-3@4-0", points: 0, tile: [3, 0] },
    { text: "1-0@6-1", points: 0, tile: [1, 0] },
    { text: "0-1@4-0", points: 0, tile: [1, 0] },
    { text: "2-2@6-2", points: 0, tile: [2, 2] },
    { text: "2-2@4-2", points: 5, tile: [2, 2] },
    { text: "draw" },
  ],
} as unknown as FivesView;

describe("fives moves", () => {
  it("finds the end a move goes to from its text", () => {
    expect(fivesEnd(fives, fives.legal[0])).toEqual({ index: 8, dir: 1, number: 0 });
    expect(fivesEnd(fives, fives.legal[1])).toEqual({ index: 5, dir: 3, number: 1 });
    expect(fivesEnd(fives, fives.legal[4])).toEqual({ index: 7, dir: 2, number: 2 });
    expect(fivesEnd(fives, fives.legal[5])).toBeNull(); // draw
  });

  it("reads a compass side when the move names one", () => {
    const view = { ...fives, ends: [...fives.ends, [2, 0, 1, true]] } as FivesView;
    expect(fivesEnd(view, { text: "2-2@6-6:N" })).toEqual({ index: 0, dir: 1, number: 2 });
  });

  it("tells which moves a tapped tile and end mean", () => {
    expect(moveTile(fives.legal[0])).toBe("3-0");
    const at = movesAt(fives, "1-0", endKey({ index: 8, dir: 1, number: 0 }));
    expect(at.map((m) => m.text)).toEqual(["0-1@4-0"]);
    expect(movesAt(fives, "2-2", "7:2").map((m) => m.text)).toEqual(["2-2@4-2"]);
  });

  it("groups every action for the fallback list", () => {
    expect(groups(fives).map(([kind, moves]) => [kind, moves.length])).toEqual([
      ["play", 5],
      ["draw", 1],
    ]);
  });
});

describe("card moves", () => {
  const view = {
    game_id: "five-hundred",
    legal: [
      { text: "discard 4D 5D 6D", kind: "discard", cards: ["4D", "5D", "6D"] },
      { text: "discard 4D 5D 7D", kind: "discard", cards: ["4D", "5D", "7D"] },
    ],
  } as unknown as View;

  it("finds the discard of exactly the chosen cards", () => {
    expect(cardsMove(view, "discard", new Set(["7D", "4D", "5D"]))?.text).toBe("discard 4D 5D 7D");
    expect(cardsMove(view, "discard", new Set(["4D", "5D"]))).toBeNull();
  });

  it("plays a card by the card", () => {
    expect(moveTile({ text: "10H", kind: "play", cards: ["10H"] })).toBe("10H");
    expect(moveTile({ text: "bid 6S", kind: "bid" })).toBeNull();
  });
});

describe("moves named as the Discord controls name them", () => {
  const en = translator("en");
  const ja = translator("ja");
  it("says where a tile goes, a lead, the words said with it, and plain actions", () => {
    expect(moveName("5-3@5-5", en)).toBe("5-3 on 5-5");
    expect(moveName("5-3@5-5:N", en)).toBe("5-3 on 5-5 (north)");
    expect(moveName("6-6", en)).toBe("Lead 6-6");
    expect(moveName("6-6@6-4 block", en)).toBe("6-6 on 6-4 · Block");
    expect(moveName("draw", en)).toBe("Draw");
    expect(moveName("bid 8NT", en)).toBe("bid 8NT");
    expect(moveName("discard 4D 10S", en)).toBe("discard 4♦ 10♠");
    expect(moveName("5-3@5-5:N", ja)).toBe("5-5に5-3 （北）");
    expect(moveName("pass", ja)).toBe("パス");
  });
});

describe("why a hand ended, as Discord's hand result says it", () => {
  const names = (seat: number) => ["Ann", "Bob", "Cat", "Dan"][seat];
  it("names who went out, the contract made or set, a block, in both languages", () => {
    expect(handReason({ reason: "domino", points: [15, 0], detail: { goer: 1 } }, names, translator("en"))).toBe("Bob went out.");
    expect(handReason({ reason: "domino", points: [15, 0], detail: { goer: 1 } }, names, translator("ja"))).toBe("Bobが上がりました。");
    expect(handReason({ reason: "blocked", points: [0, 5], detail: {} }, names, translator("en"))).toBe("The hand is blocked: nobody can play.");
    expect(handReason({ reason: "set", points: [-80, 10], detail: { declarer: 2, contract: "8H" } }, names, translator("en"))).toBe("Cat was set on 8♥.");
    expect(handReason({ reason: "type-3", points: [1], detail: {} }, names, translator("en"))).toBe("type-3");
  });
});
