// Our own SVG card faces: text + symbol + colour (colour is never the only cue).
const NS = "http://www.w3.org/2000/svg";

function el(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Wrap long labels on up to three lines of ~maxChars.
function lines(text, maxChars) {
  const words = String(text).split(/\s+/);
  const out = [""];
  for (const w of words) {
    const cur = out[out.length - 1];
    if (cur && (cur + " " + w).length > maxChars) out.push(w); else out[out.length - 1] = cur ? cur + " " + w : w;
  }
  return out.slice(0, 4);
}

// face: {corner, big, label, colour, band, icon, hatch}
export function cardSvg(face) {
  const svg = el("svg", { viewBox: "0 0 100 144", role: "img", "aria-hidden": "true" });
  svg.append(el("rect", { x: 1, y: 1, width: 98, height: 142, rx: 9, fill: "#fffdf7", stroke: face.colour || "#333", "stroke-width": 3 }));
  if (face.band) svg.append(el("rect", { x: 6, y: 6, width: 88, height: 24, rx: 4, fill: face.band }));
  if (face.hatch) {
    const p = el("pattern", { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    p.append(el("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: face.colour, "stroke-width": 3, opacity: 0.35 }));
    svg.append(p, el("rect", { x: 6, y: 112, width: 88, height: 26, rx: 4, fill: "url(#hatch)" }));
  }
  if (face.corner) svg.append(el("text", { x: 10, y: 24, "font-size": 18, "font-weight": 700, fill: face.band ? "#fff" : face.colour || "#222" }, face.corner));
  if (face.icon) svg.append(el("text", { x: 50, y: face.big ? 70 : 82, "font-size": 34, "text-anchor": "middle", fill: face.colour || "#222" }, face.icon));
  if (face.big) svg.append(el("text", { x: 50, y: 106, "font-size": 30, "font-weight": 800, "text-anchor": "middle", fill: face.colour || "#222" }, face.big));
  if (face.label) {
    const ls = lines(face.label, 13);
    ls.forEach((l, i) => svg.append(el("text", { x: 50, y: (face.big ? 124 : 108) + i * 12 - (ls.length - 1) * 4, "font-size": 11.5, "font-weight": 600, "text-anchor": "middle", fill: "#111" }, l)));
  }
  return svg;
}

// A card element: a <button> when clickable, else a <span>; always with an ARIA label.
export function cardEl(h, face, ariaLabel, opts = {}) {
  const attrs = { class: `card ${opts.small ? "small" : ""} ${opts.cls || ""}`, "aria-label": ariaLabel, title: ariaLabel };
  let node;
  if (opts.onclick) node = h("button", { type: "button", ...attrs, onclick: opts.onclick, ...(opts.attrs || {}) });
  else node = h("span", { role: "img", ...attrs, ...(opts.attrs || {}) });
  node.append(cardSvg(face));
  return node;
}
