// One domino drawn in SVG: a rounded body of 4 x 2 grid units (the grid unit is a quarter of a tile's
// length, as in rendering/fives/geometry.py), a dividing line and pips for 0 to 9 (double-nine sets).

import { s } from "./dom";

// Pip centres on a 3 x 3 grid of a half (0..2 each way), per number.
const PIPS: Record<number, [number, number][]> = {
  0: [],
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  7: [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [2, 2]],
  8: [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
  9: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
};

export function pipCount(n: number): number {
  return (PIPS[n] ?? []).length;
}

function half(n: number, x: number, y: number): SVGElement[] {
  // a half is a 2 x 2 square at (x, y); pips sit on a 3 x 3 grid inside it
  return (PIPS[n] ?? []).map(([i, j]) =>
    s("circle", { cx: x + 0.45 + i * 0.55, cy: y + 0.45 + j * 0.55, r: 0.2, class: "pip" }),
  );
}

/** A tile at (x, y): `first` on the left (or top when `vertical`), `second` on the right (bottom). */
export function tileSvg(x: number, y: number, first: number, second: number, vertical: boolean, cls = ""): SVGElement {
  const w = vertical ? 2 : 4;
  const hgt = vertical ? 4 : 2;
  const g = s("g", { class: `tile ${cls}`.trim() });
  g.append(s("rect", { x: x + 0.06, y: y + 0.06, width: w - 0.12, height: hgt - 0.12, rx: 0.3, class: "body" }));
  if (vertical) {
    g.append(s("line", { x1: x + 0.3, y1: y + 2, x2: x + 1.7, y2: y + 2, class: "divider" }));
    g.append(...half(first, x, y), ...half(second, x, y + 2));
  } else {
    g.append(s("line", { x1: x + 2, y1: y + 0.3, x2: x + 2, y2: y + 1.7, class: "divider" }));
    g.append(...half(first, x, y), ...half(second, x + 2, y));
  }
  return g;
}

/** A face-down tile (Billitonnen's rows). */
export function backSvg(x: number, y: number, vertical: boolean): SVGElement {
  const w = vertical ? 2 : 4;
  const hgt = vertical ? 4 : 2;
  return s("rect", { x: x + 0.06, y: y + 0.06, width: w - 0.12, height: hgt - 0.12, rx: 0.3, class: "tile-back" });
}

/** A stand-alone tile picture for a hand button, `a-b` upright. */
export function handTile(a: number, b: number): SVGSVGElement {
  const svg = s("svg", { viewBox: "0 0 2 4", class: "hand-tile", "aria-hidden": "true" }) as SVGSVGElement;
  svg.append(tileSvg(0, 0, a, b, true));
  return svg;
}
