import { describe, expect, it } from "vitest";
import { boldParts, chartOf, niceStep, playedPiece, samePiece } from "./analysis";

describe("the analysis page", () => {
  it("shows the server's bold marks as bold parts, never as markup", () => {
    expect(boldParts("1. Move 5 (hand 1): you played **6-4@5-5**, best was **<b>x</b>** (−3.0 expected)")).toEqual([
      { text: "1. Move 5 (hand 1): you played ", bold: false },
      { text: "6-4@5-5", bold: true },
      { text: ", best was ", bold: false },
      { text: "<b>x</b>", bold: true },
      { text: " (−3.0 expected)", bold: false },
    ]);
    expect(boldParts("No move cost you anything in expectation.")).toEqual([{ text: "No move cost you anything in expectation.", bold: false }]);
  });

  it("picks round gridlines of 1, 2 or 5 times a power of ten", () => {
    expect(niceStep(20)).toBe(5);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(0.3)).toBeCloseTo(0.1);
    expect(niceStep(0)).toBeGreaterThan(0);
  });

  it("draws the expected margin in a range that holds the even line, left to right", () => {
    const chart = chartOf([3, 12, -4, 8], 300, 100);
    expect(chart.lo).toBeLessThanOrEqual(-4);
    expect(chart.hi).toBeGreaterThanOrEqual(12);
    expect(chart.ticks).toContain(0);
    expect(chart.points.map(([x]) => x)).toEqual([0, 100, 200, 300]);
    const [, highest] = chart.points[1];
    const [, lowest] = chart.points[2];
    expect(highest).toBeLessThan(lowest); // up is more
    for (const [, y] of chart.points) expect(y >= 0 && y <= 100).toBe(true);
  });

  it("puts one move in the middle, and an all-even game still has a range", () => {
    expect(chartOf([5], 300, 100).points[0][0]).toBe(150);
    const flat = chartOf([0, 0], 300, 100);
    expect(flat.hi).toBeGreaterThan(flat.lo);
    expect(flat.points.every(([, y]) => Number.isFinite(y))).toBe(true);
  });

  it("finds the piece a move played in the hand held then, a tile either way round", () => {
    expect(playedPiece("6-4@5-5:n")).toBe("6-4");
    expect(playedPiece("5-0")).toBe("5-0");
    expect(playedPiece("10H")).toBe("10H");
    expect(samePiece("4-6", "6-4")).toBe(true);
    expect(samePiece("6-4", "6-4")).toBe(true);
    expect(samePiece("6-3", "6-4")).toBe(false);
    expect(samePiece("10H", "10H")).toBe(true);
    expect(samePiece("10H", "JH")).toBe(false);
  });
});
