import { describe, expect, it } from "vitest";
import { choose, type GameEntry } from "./activity";

function game(game_no: number, here: boolean, seated: boolean): GameEntry {
  return { game_no, game_id: "draw", channel_id: "1", thread_id: null, seated, your_turn: false, here, seats: [] };
}

describe("the Activity's channel leads to its game", () => {
  it("goes straight to the one game of the channel, seated or watching", () => {
    expect(choose([game(4, true, false)])).toEqual({ go: 4 });
    expect(choose([game(3, false, true), game(4, true, true)])).toEqual({ go: 4 });
  });

  it("offers the channel's games when there are several", () => {
    const several = [game(3, true, false), game(4, true, true), game(5, false, true)];
    expect(choose(several)).toEqual({ pick: several.slice(0, 2), here: true });
  });

  it("offers the user's own games elsewhere when the channel has none", () => {
    expect(choose([game(5, false, true)])).toEqual({ pick: [game(5, false, true)], here: false });
    expect(choose([])).toEqual({ pick: [], here: false });
  });
});
