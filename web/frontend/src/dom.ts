// Small helpers to build HTML and SVG nodes without a framework (and without innerHTML, so no text from
// the server is ever parsed as markup).

const SVG_NS = "http://www.w3.org/2000/svg";

type Attrs = Record<string, string | number | boolean | undefined>;

function setAttrs(node: Element, attrs: Attrs): void {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(key, value === true ? "" : String(value));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | null | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children) if (child != null) node.append(child);
  return node;
}

export function s(tag: string, attrs: Attrs = {}, ...children: (Node | string | null | undefined)[]): SVGElement {
  const node = document.createElementNS(SVG_NS, tag) as SVGElement;
  setAttrs(node, attrs);
  for (const child of children) if (child != null) node.append(child);
  return node;
}

/** An SVG drawing that scales to its box and stays crisp at any size. */
export function svgBox(x: number, y: number, w: number, hgt: number, label: string): SVGSVGElement {
  const node = s("svg", {
    viewBox: `${x} ${y} ${w} ${hgt}`,
    role: "img",
    "aria-label": label,
    preserveAspectRatio: "xMidYMid meet",
  }) as SVGSVGElement;
  return node;
}
