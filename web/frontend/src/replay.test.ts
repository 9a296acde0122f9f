import { describe, expect, it } from "vitest";
import { keyStep, pieceName } from "./replay";

describe("the replay's timeline", () => {
  it("steps by the arrow keys within the frames, and Home and End go to either end", () => {
    expect(keyStep("ArrowRight", 0, 5)).toBe(1);
    expect(keyStep("ArrowRight", 4, 5)).toBe(4);
    expect(keyStep("ArrowLeft", 0, 5)).toBe(0);
    expect(keyStep("ArrowLeft", 3, 5)).toBe(2);
    expect(keyStep("Home", 3, 5)).toBe(0);
    expect(keyStep("End", 1, 5)).toBe(4);
    expect(keyStep("a", 1, 5)).toBeNull();
  });

  it("names a held tile by its notation whatever its JSON shape, and a card as written", () => {
    expect(pieceName([6, 4])).toBe("6-4");
    expect(pieceName({ a: 3, b: 5 })).toBe("3-5");
    expect(pieceName("10H")).toBe("10H");
  });
});

