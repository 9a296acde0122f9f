import { describe, expect, it } from "vitest";
import { backoff } from "./api";
import { clockText } from "./app";
import { actionName, cardName } from "./cards";
import { chooseLang, translator } from "./i18n";

describe("language", () => {
  it("takes ?lang= first, then the browser's languages", () => {
    expect(chooseLang("?lang=ja", ["en-GB"])).toBe("ja");
    expect(chooseLang("?lang=en", ["ja-JP"])).toBe("en");
    expect(chooseLang("", ["ja-JP", "en"])).toBe("ja");
    expect(chooseLang("?lang=xx", ["fr"])).toBe("en");
  });

  it("keeps the language the tab was given on an earlier page, unless ?lang= names another", () => {
    expect(chooseLang("", ["en-GB"], "ja")).toBe("ja");
    expect(chooseLang("?frame=3", ["en-GB"], "ja")).toBe("ja");
    expect(chooseLang("?lang=en", ["ja-JP"], "ja")).toBe("en");
    expect(chooseLang("", ["ja-JP"], "en")).toBe("en");
    expect(chooseLang("", ["ja-JP"], "xx")).toBe("ja");
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

describe("the turn timer", () => {
  it("counts down as a clock, never below zero", () => {
    expect(clockText(9.2)).toBe("0:10");
    expect(clockText(245)).toBe("4:05");
    expect(clockText(3723)).toBe("1:02:03");
    expect(clockText(-5)).toBe("0:00");
    expect(translator("en")("time_left", { left: "4:05" })).toBe("Time runs out in 4:05");
    expect(translator("ja")("time_left", { left: "4:05" })).toBe("持ち時間の残り 4:05");
  });
});
