// The domino boards in SVG, from the public view: the layout with a marker beyond every open end (a
// button when the selected tile may go there), the tile just played outlined.

import { s, svgBox } from "./dom";
import { backSvg, tileSvg } from "./domino";
import type { T } from "./i18n";
import { bounds, endPoint, type GeoTile, HALF_WIDTH, PHONE_HALF_WIDTH, place } from "./layout";
import { type EndRef, endKey } from "./moves";
import type { DominerenView, FivesView } from "./types";

export interface EndTarget {
  label: string; // the button's accessible name
  onPick: () => void;
}

interface Marker {
  end: EndRef;
  text: string;
  cls: string;
}

function drawLayout(
  geo: GeoTile[],
  markers: Marker[],
  targets: Map<string, EndTarget>,
  lastIndex: number,
  t: T,
): SVGSVGElement {
  // a phone's narrow board winds the lines sooner, so that its tiles stay large enough to read and tap
  const half = window.matchMedia("(max-width: 600px)").matches ? PHONE_HALF_WIDTH : HALF_WIDTH;
  const spots = place(geo, half);
  const points = markers.map((m) => endPoint(spots, m.end.index, m.end.dir, half));
  const [x0, y0, x1, y1] = bounds(spots, points);
  const label = geo.length ? t("board", { count: geo.length }) : t("empty_board");
  const svg = svgBox(x0, y0, x1 - x0, y1 - y0, label);
  svg.classList.add("board");
  svg.append(s("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, class: "felt" }));
  spots.forEach((p, k) => {
    const g = tileSvg(p.x0, p.y0, p.first, p.second, p.vertical, k === lastIndex ? "last" : "");
    svg.append(g);
  });
  markers.forEach((m, k) => {
    const [cx, cy] = points[k];
    const target = targets.get(endKey(m.end));
    const g = s("g", { class: `end ${m.cls}${target ? " target" : ""}`, "data-end": endKey(m.end) }); // a drop zone too
    g.append(s("circle", { cx, cy, r: 1.05 }));
    g.append(s("text", { x: cx, y: cy + 0.4, "text-anchor": "middle" }, m.text));
    if (target) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", target.label);
      g.dataset.focus = `end:${endKey(m.end)}`;
      g.addEventListener("click", target.onPick);
      g.addEventListener("keydown", (event) => {
        const key = (event as KeyboardEvent).key;
        if (key === "Enter" || key === " ") {
          event.preventDefault();
          target.onPick();
        }
      });
    }
    svg.append(g);
  });
  return svg;
}

export function fivesBoard(view: FivesView, targets: Map<string, EndTarget>, t: T): SVGSVGElement {
  const markers = view.ends.map(([number, index, dir, arm]) => ({
    end: { index, dir, number },
    text: String(number),
    cls: arm ? "arm" : "",
  }));
  return drawLayout(view.layout, markers, targets, view.layout.length - 1, t);
}

const LINE_TYPES = new Set(["1", "4", "11", "12"]); // the types whose set has two ends only

export function dominerenBoard(view: DominerenView, targets: Map<string, EndTarget>, t: T): SVGSVGElement {
  const bill = view.billitonnen;
  if (bill) return billitonnenBoard(view, targets, t);
  const branches = view.game_type !== null && !LINE_TYPES.has(view.game_type.id);
  const geo = view.layout.map((p, k) => ({
    a: p.a,
    b: p.b,
    parent: p.parent,
    dir: k ? p.dir : 0,
    double: p.tile[0] === p.tile[1] && (k === 0 || p.rule !== "russian"),
    spinner: k === 0 && branches,
  }));
  const need: Record<string, string> = { double: " D", "double-or-matador": " D/M", matador: " M" };
  const markers = view.ends.map((e) => ({
    end: { index: e.node, dir: e.dir, number: e.number },
    text: `${e.number}${need[e.need] ?? ""}`,
    cls: `${e.open ? e.rule : "waiting"}${e.directed ? " directed" : ""}`,
  }));
  return drawLayout(geo, markers, targets, view.layout.length - 1, t);
}

function billitonnenBoard(view: DominerenView, targets: Map<string, EndTarget>, t: T): SVGSVGElement {
  const bill = view.billitonnen!;
  const geo = bill.line.map((p, k) => ({
    a: p.a,
    b: p.b,
    parent: p.parent,
    dir: k ? p.dir : 0,
    double: p.tile[0] === p.tile[1],
    spinner: false,
  }));
  const tips: Record<number, number> = { 0: 0, 2: 0 };
  bill.line.forEach((p, k) => {
    if (k) tips[p.dir] = k;
  });
  const markers: Marker[] = bill.line.length
    ? [
        { end: { index: tips[2], dir: 2, number: bill.end_w }, text: String(bill.end_w), cls: "normal" },
        { end: { index: tips[0], dir: 0, number: bill.end_e }, text: String(bill.end_e), cls: "normal" },
      ]
    : [];
  const svg = drawLayout(geo, markers, targets, bill.line.length - 1, t);
  // each seat's row below the line: face down, or face up once turned
  const box = svg.viewBox.baseVal;
  let y = box.y + box.height + 1;
  const width = Math.max(box.width, ...bill.rows.map((r) => r.length * 2.4 + 2));
  for (const row of bill.rows) {
    row.forEach((tile, k) => {
      const x = box.x + 1 + k * 2.4;
      svg.append(tile ? tileSvg(x, y, tile[0], tile[1], true) : backSvg(x, y, true));
    });
    y += 5;
  }
  svg.setAttribute("viewBox", `${box.x} ${box.y} ${width} ${y - box.y}`);
  svg.querySelector("rect.felt")?.setAttribute("height", String(y - box.y));
  svg.querySelector("rect.felt")?.setAttribute("width", String(width));
  return svg;
}
