import { describe, expect, it } from "vitest";
import { type Box, endPoint, type GeoTile, HALF_WIDTH, place } from "./layout";

const overlap = (a: Box, b: Box): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
const box = (p: { x0: number; y0: number; x1: number; y1: number }): Box => [p.x0, p.y0, p.x1, p.y1];

/** A line of `n` simple tiles east of the lead, each on the one before. */
function line(n: number, dir = 0): GeoTile[] {
  const tiles: GeoTile[] = [{ a: 6, b: 5, parent: -1, dir: 0, double: false, spinner: false }];
  for (let k = 1; k <= n; k++) tiles.push({ a: 5, b: 4, parent: k - 1, dir, double: false, spinner: false });
  return tiles;
}

describe("place", () => {
  it("lays a short line straight, each tile touching the one before", () => {
    const spots = place(line(3));
    expect(spots.map((s) => s.heading)).toEqual([0, 0, 0, 0]);
    for (let k = 1; k < spots.length; k++) expect(spots[k].x0).toBe(spots[k - 1].x1);
  });

  it("winds a long line inside the columns without any tile covering another", () => {
    const spots = place(line(24));
    for (const s of spots) {
      expect(s.x0).toBeGreaterThanOrEqual(-HALF_WIDTH);
      expect(s.x1).toBeLessThanOrEqual(HALF_WIDTH);
    }
    for (let i = 0; i < spots.length; i++)
      for (let j = i + 1; j < spots.length; j++) expect(overlap(box(spots[i]), box(spots[j]))).toBe(false);
  });

  it("winds sooner on a phone's narrow board", () => {
    const spots = place(line(12), 12);
    for (const s of spots) expect(s.x1).toBeLessThanOrEqual(12);
    expect(spots.some((s) => s.heading === 2)).toBe(true); // a row runs back west
  });

  it("sends a spinner's arms out of its long sides, crosswise double in the middle", () => {
    const spots = place([
      { a: 6, b: 6, parent: -1, dir: 0, double: true, spinner: true },
      { a: 6, b: 3, parent: 0, dir: 2, double: false, spinner: false },
      { a: 6, b: 2, parent: 0, dir: 0, double: false, spinner: false },
      { a: 6, b: 4, parent: 0, dir: 1, double: false, spinner: false },
      { a: 6, b: 1, parent: 0, dir: 3, double: false, spinner: false },
    ]);
    expect(spots.map((s) => s.heading)).toEqual([0, 2, 0, 1, 3]);
    expect(spots[3].y1).toBe(spots[0].y0); // north arm above the spinner
    expect(spots[4].y0).toBe(spots[0].y1);
    for (let i = 0; i < spots.length; i++)
      for (let j = i + 1; j < spots.length; j++) expect(overlap(box(spots[i]), box(spots[j]))).toBe(false);
  });

  it("keeps a winding line out of the column of a spinner's arms", () => {
    const tiles: GeoTile[] = [{ a: 6, b: 6, parent: -1, dir: 0, double: true, spinner: true }];
    for (let k = 1; k <= 8; k++) tiles.push({ a: 5, b: 4, parent: k - 1, dir: 0, double: false, spinner: false });
    const spots = place(tiles, 12);
    for (const s of spots.slice(1)) {
      const column = s.x0 < spots[0].x1 && spots[0].x0 < s.x1;
      expect(column, `tile at ${s.x0},${s.y0}`).toBe(false);
    }
  });

  it("shows the touching half against the parent whichever way the line runs", () => {
    const spots = place([
      { a: 6, b: 5, parent: -1, dir: 0, double: false, spinner: false },
      { a: 6, b: 2, parent: 0, dir: 2, double: false, spinner: false },
    ]);
    expect([spots[0].first, spots[0].second]).toEqual([6, 5]);
    expect([spots[1].first, spots[1].second]).toEqual([2, 6]); // west of the lead: its 6 on the right
  });

  it("puts an end's marker beyond the tile, clear of every tile", () => {
    const spots = place(line(2));
    const [x, y] = endPoint(spots, 2, 0);
    expect(x).toBeGreaterThan(spots[2].x1);
    expect(y).toBeCloseTo((spots[2].y0 + spots[2].y1) / 2);
  });
});
