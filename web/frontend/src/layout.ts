// Where each tile of a domino layout is drawn: a grid placement in units of a quarter tile, a simpler
// cousin of rendering/fives/geometry.py (the board images). A simple tile covers 4 x 2 units along its
// heading, a double lies crosswise (2 x 4), and a spinner's arms leave from its long sides.
//
// Tiles are placed in play order and never move when later tiles come, so the picture stays put as the
// hand goes on. A line runs straight while it can; when it would leave the columns or run into another
// tile it turns a corner (clockwise first) and turns back after one tile, so a long arm snakes inside a
// picture that suits a phone's width instead of running off as one long thin line.

export interface GeoTile {
  a: number; // the half that touches the parent (the lead: its higher half, facing W)
  b: number;
  parent: number; // index in the layout, -1 for the lead
  dir: number; // compass direction from the parent in the view's terms: 0 E, 1 N, 2 W, 3 S
  double: boolean; // lies crosswise
  spinner: boolean; // arms leave from its sides
}

export interface Spot {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  heading: number; // drawn direction, 0 E 1 N 2 W 3 S (y grows downwards)
  logical: number; // the view's direction it was played in
  across: boolean;
  spinner: boolean;
  first: number; // shown left, or on top when vertical
  second: number;
  vertical: boolean;
  uturn: number; // the heading that finishes a turn begun here, or -1
  wait: number;
  branch: string; // `k:h`: on the arm that left spinner k sideways (heading h), "" elsewhere
}

export type Box = [number, number, number, number];

const STEP: [number, number][] = [
  [1, 0],
  [0, -1],
  [-1, 0],
  [0, 1],
];
export const HALF_WIDTH = 22; // the columns either side of the lead a line may use before it turns
export const PHONE_HALF_WIDTH = 12; // on a narrow screen: fewer, larger tiles per row

const cw = (h: number): number => (h + 3) % 4;
const ccw = (h: number): number => (h + 1) % 4;

function faces(a: number, b: number, heading: number): [number, number, boolean] {
  if (heading === 0) return [a, b, false];
  if (heading === 2) return [b, a, false];
  if (heading === 3) return [a, b, true];
  return [b, a, true];
}

export function tileBox(entry: [number, number], heading: number, crosswise: boolean): Box {
  const [along, across] = crosswise ? [2, 4] : [4, 2];
  const [dx, dy] = STEP[heading];
  const mx = entry[0] + (dx * along) / 2;
  const my = entry[1] + (dy * along) / 2;
  const [w, hgt] = dx ? [along, across] : [across, along];
  return [mx - w / 2, my - hgt / 2, mx + w / 2, my + hgt / 2];
}

function centre(p: Spot): [number, number] {
  return [(p.x0 + p.x1) / 2, (p.y0 + p.y1) / 2];
}

/** Where a tile leaving `parent` along `heading` starts (the middle of its touching edge). */
export function entryPoint(parent: Spot, heading: number, arm: boolean): [number, number] {
  const [cx, cy] = centre(parent);
  const [dx, dy] = STEP[heading];
  const ph = parent.heading;
  if (parent.across) {
    const reach = heading % 2 === ph % 2 ? 1 : 2;
    return [cx + dx * reach, cy + dy * reach];
  }
  if (heading % 2 === ph % 2) return [cx + dx * 2, cy + dy * 2];
  if (arm) return [cx + dx, cy + dy];
  const [px, py] = STEP[ph]; // round a corner: start beside the parent's far half
  return [cx + px + dx, cy + py + dy];
}

function overlaps(a: Box, b: Box, margin = 0): boolean {
  return a[0] < b[2] + margin && b[0] < a[2] + margin && a[1] < b[3] + margin && b[1] < a[3] + margin;
}

function boxOf(p: Spot): Box {
  return [p.x0, p.y0, p.x1, p.y1];
}

function canTurn(p: Spot): boolean {
  return !(p.spinner || p.across);
}

/** The drawn heading a tile attached to `p` in the view's direction `dir` would try first. */
function preferred(p: Spot, dir: number): number {
  const rel = (dir - p.logical + 4) % 4;
  if (rel === 0 && p.uturn >= 0 && p.wait === 0 && canTurn(p)) return p.uturn;
  return (p.heading + rel) % 4;
}

interface Choice {
  heading: number;
  box: Box;
  cost: number;
}

/** The drawn heading and box of a tile laid on `parent` in the view's direction `dir`: straight on when it
 * fits, else round a corner where the line may turn (`free`: any way but back, for an end's marker). */
function choose(
  spots: readonly Spot[],
  parent: number,
  dir: number,
  double: boolean,
  half: number,
  free = false,
): Choice {
  const p = spots[parent];
  const pref = preferred(p, dir);
  const rel = (dir - p.logical + 4) % 4;
  const arm = p.spinner && rel % 2 === 1;
  const options = free || (rel === 0 && canTurn(p)) ? [pref, cw(pref), ccw(pref)] : [pref];
  let best: Choice | null = null;
  for (const heading of options) {
    const box = tileBox(entryPoint(p, heading, arm), heading, double);
    let cost = heading === pref ? 0 : 0.5;
    const others = spots.filter((_, k) => k !== parent);
    if (others.some((o) => overlaps(box, boxOf(o)))) cost += 8;
    else if (inCorridor(spots, box, branchOf(spots, parent, rel, heading))) cost += 3;
    else if (others.some((o) => overlaps(box, boxOf(o), 1))) cost += 2;
    if (box[0] < -half || box[2] > half) cost += 4;
    if (best === null || cost < best.cost) best = { cost, heading, box };
  }
  return best!;
}

/** The branch a tile laid on `parent` belongs to (see `Spot.branch`). */
function branchOf(spots: readonly Spot[], parent: number, rel: number, heading: number): string {
  const p = spots[parent];
  return p.spinner && rel % 2 === 1 ? `${parent}:${heading}` : p.branch;
}

/** Whether a box lies in the column a spinner keeps for its sideways arms, unless it is on one of them:
 * a line winding back must not cut off the arms still to come. */
function inCorridor(spots: readonly Spot[], box: Box, branch: string): boolean {
  return spots.some(
    (p, k) =>
      p.spinner &&
      !branch.startsWith(`${k}:`) &&
      box[0] < p.x1 &&
      p.x0 < box[2] &&
      (box[3] <= p.y0 || box[1] >= p.y1), // above or below it, not the line through it
  );
}

export function place(layout: readonly GeoTile[], half = HALF_WIDTH): Spot[] {
  const spots: Spot[] = [];
  for (const t of layout) {
    if (t.parent < 0 || t.parent >= spots.length) {
      const across = t.double;
      const [first, second] = faces(t.a, t.b, 0);
      spots.push({
        ...(across ? { x0: -1, y0: -2, x1: 1, y1: 2 } : { x0: -2, y0: -1, x1: 2, y1: 1 }),
        heading: 0,
        logical: 0,
        across,
        spinner: t.spinner,
        first,
        second,
        vertical: across,
        uturn: -1,
        wait: 0,
        branch: "",
      });
      continue;
    }
    const p = spots[t.parent];
    const pref = preferred(p, t.dir);
    const rel = (t.dir - p.logical + 4) % 4;
    const straight = rel === 0 && canTurn(p);
    const { heading, box } = choose(spots, t.parent, t.dir, t.double, half);
    let uturn = -1;
    let wait = 0;
    if (heading !== pref && straight) {
      uturn = (pref + 2) % 4; // head back the way the line came, one row further on
    } else if (p.uturn >= 0 && rel === 0 && heading === p.heading) {
      uturn = p.uturn;
      wait = Math.max(0, p.wait - 1);
    }
    const [first, second, vertical] = t.double ? [t.a, t.b, heading % 2 === 0] : faces(t.a, t.b, heading);
    spots.push({
      x0: box[0],
      y0: box[1],
      x1: box[2],
      y1: box[3],
      heading,
      logical: t.dir,
      across: t.double,
      spinner: t.spinner,
      first,
      second,
      vertical,
      uturn,
      wait,
      branch: branchOf(spots, t.parent, rel, heading),
    });
  }
  return spots;
}

/** The centre of the marker drawn for an open end of tile `index` in the view's direction `dir`: just
 * beyond the end, on the side where a tile laid there would go. */
export function endPoint(spots: readonly Spot[], index: number, dir: number, half = HALF_WIDTH): [number, number] {
  const p = spots[index];
  if (!p) return [0, 0];
  const rel = (dir - p.logical + 4) % 4;
  const { heading } = choose(spots, index, dir, false, half, true);
  const [ex, ey] = entryPoint(p, heading, p.spinner && rel % 2 === 1);
  const [dx, dy] = STEP[heading];
  return [ex + dx * 1.3, ey + dy * 1.3];
}

export function bounds(spots: readonly Spot[], points: readonly [number, number][] = [], pad = 1.5): Box {
  if (!spots.length && !points.length) return [-6, -4, 6, 4];
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of spots) {
    x0 = Math.min(x0, p.x0);
    y0 = Math.min(y0, p.y0);
    x1 = Math.max(x1, p.x1);
    y1 = Math.max(y1, p.y1);
  }
  for (const [x, y] of points) {
    x0 = Math.min(x0, x - 1.2);
    y0 = Math.min(y0, y - 1.2);
    x1 = Math.max(x1, x + 1.2);
    y1 = Math.max(y1, y + 1.2);
  }
  return [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
}
