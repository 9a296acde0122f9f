import { describe, expect, it } from "vitest";
import { backoff } from "./api";
import { actionName, cardName } from "./cards";
import { chooseLang, translator } from "./i18n";

describe("language", () => {
  it("takes ?lang= first, then the browser's languages", () => {
    expect(chooseLang("?lang=ja", ["en-GB"])).toBe("ja");
    expect(chooseLang("?lang=en", ["ja-JP"])).toBe("en");
    expect(chooseLang("", ["ja-JP", "en"])).toBe("ja");
    expect(chooseLang("?lang=xx", ["fr"])).toBe("en");
  });

  it("fills the words in", () => {
    expect(translator("en")("turn_of", { name: "Ann" })).toBe("Ann to play");
    expect(translator("ja")("turn_of", { name: "Ann" })).toBe("Ann の番です");
  });
});

describe("cards as the rules write them", () => {
  it("names cards and bids with suit signs", () => {
    expect(cardName("10H")).toBe("10♥");
    expect(cardName("JK")).toBe("Joker");
    expect(cardName("JK:S")).toBe("Joker (♠)");
    expect(actionName("bid 8NT")).toBe("bid 8NT");
    expect(actionName("discard 4D 10S")).toBe("discard 4♦ 10♠");
  });
});

describe("reconnecting", () => {
  it("backs off doubling from half a second up to ten", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoff)).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000]);
  });
});
