// The table kit shared by every game renderer, the live table and the replay: our own SVG card
// faces (no font glyphs: pips and pictograms are paths), card elements, seats around the table,
// and motion (cards fly from where they were to where they land; prefers-reduced-motion: none).
const NS = "http://www.w3.org/2000/svg";

// ------------------------------------------------------------------ SVG helpers
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

// Lines of at most ~maxChars, breaking at spaces and hyphens (never mid-word), at most `max` lines.
export function wrap(text, maxChars, max = 3) {
  const words = String(text).replace(/-/g, "- ").split(/\s+/).filter(Boolean);
  const out = [];
  for (const w of words) {
    const cur = out[out.length - 1];
    const glue = cur && !cur.endsWith("-") ? " " : "";
    if (cur !== undefined && (cur + glue + w).length <= maxChars) out[out.length - 1] = cur + glue + w;
    else out.push(w);
  }
  if (out.length > max) out.splice(max - 1, out.length, out.slice(max - 1).join(" "));
  return out;
}

// One line of text that never overflows `width` (SVG textLength squeezes a long line).
function line(x, y, text, size, width, attrs = "") {
  const fit = text.length * size * 0.56 > width ? ` textLength="${width}" lengthAdjust="spacingAndGlyphs"` : "";
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle"${fit} ${attrs}>${esc(text)}</text>`;
}

function svg(body, w = 100, hgt = 140) {
  return `<svg viewBox="0 0 ${w} ${hgt}" xmlns="${NS}" aria-hidden="true" focusable="false">${body}</svg>`;
}

// ------------------------------------------------------------------ French-suited faces (Spades)
export const SUIT_PATH = {
  S: "M50 4C38 26 6 42 6 64c0 17 20 25 36 14l-6 18h28l-6-18c16 11 36 3 36-14C94 42 62 26 50 4z",
  H: "M50 94C36 77 5 58 5 32 5 16 17 5 30 5c10 0 17 6 20 15 3-9 10-15 20-15 13 0 25 11 25 27 0 26-31 45-45 62z",
  D: "M50 3 88 50 50 97 12 50z",
  C: "M50 6a20 20 0 1 1 0 40a20 20 0 1 1 0-40zM28 36a20 20 0 1 1 0 40a20 20 0 1 1 0-40zM72 36a20 20 0 1 1 0 40a20 20 0 1 1 0-40zM44 46h12l6 48H38z",
};
const SUIT_COLOUR = { S: "#111", C: "#111", H: "#c0182b", D: "#c0182b" };
const RANK_TEXT = { T: "10" };
const PIPS = {
  2: [[50, 28], [50, 112, 1]],
  3: [[50, 28], [50, 70], [50, 112, 1]],
  4: [[31, 28], [69, 28], [31, 112, 1], [69, 112, 1]],
  5: [[31, 28], [69, 28], [50, 70], [31, 112, 1], [69, 112, 1]],
  6: [[31, 28], [69, 28], [31, 70], [69, 70], [31, 112, 1], [69, 112, 1]],
  7: [[31, 28], [69, 28], [50, 49], [31, 70], [69, 70], [31, 112, 1], [69, 112, 1]],
  8: [[31, 28], [69, 28], [50, 49], [31, 70], [69, 70], [50, 91, 1], [31, 112, 1], [69, 112, 1]],
  9: [[31, 28], [69, 28], [31, 56], [69, 56], [50, 70], [31, 84, 1], [69, 84, 1], [31, 112, 1], [69, 112, 1]],
  10: [[31, 28], [69, 28], [50, 42], [31, 56], [69, 56], [31, 84, 1], [69, 84, 1], [50, 98, 1], [31, 112, 1], [69, 112, 1]],
};

function pip(suit, x, y, size, flip) {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : "";
  return `<path d="${SUIT_PATH[suit]}" fill="${SUIT_COLOUR[suit]}" transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})${rot}"/>`;
}

const faceCache = new Map();

// A joker (SPR-14): a jester in a three-pointed cap, the word stacked in two corners as printed
// jokers have it; the big joker in colour, the little one in black and grey, each with its size
// word under the jester. `words`: {joker: "KOMODINA", size: "handia"} in the player's language
// (the Spades catalog's face.joker, face.BJ / face.LJ); without it, "JOKER" and no size word.
function jokerFace(code, words = {}) {
  const big = code === "BJ";
  const ink = big ? "#b3261e" : "#111";
  const [a, b, c] = big ? ["#c0182b", "#e0a800", "#1d4e89"] : ["#222", "#8a8a8a", "#4a4a4a"];
  const word = [...String(words.joker || "JOKER").toUpperCase()].slice(0, 9);
  const step = Math.min(11, 92 / word.length);
  const corner = (flip) => `<g${flip ? ' transform="rotate(180 50 70)"' : ""}>` + word.map((ch, i) =>
    `<text x="11" y="${15 + i * step}" font-size="${Math.min(11, step)}" font-weight="800" text-anchor="middle" fill="${ink}" font-family="DejaVu Sans, Liberation Sans, sans-serif">${esc(ch)}</text>`).join("") + "</g>";
  const jester = `<g transform="translate(50 66) scale(${big ? 1 : 0.86})">` +
    // the cap: three points with bells
    `<path d="M-17 4C-22-6-30-14-36-16C-28-16-20-12-14-6C-12-18-6-28 0-32C6-28 12-18 14-6C20-12 28-16 36-16C30-14 22-6 17 4Z" fill="${b}" stroke="${ink}" stroke-width="1.2"/>` +
    `<path d="M-17 4C-22-6-30-14-36-16C-28-16-20-12-14-6Z" fill="${a}"/><path d="M17 4C22-6 30-14 36-16C28-16 20-12 14-6Z" fill="${c}"/>` +
    `<path d="M-7 2C-8-12-4-24 0-32C4-24 8-12 7 2Z" fill="${a}"/>` +
    `<circle cx="-36" cy="-16" r="3.6" fill="${b}" stroke="${ink}"/><circle cx="0" cy="-33" r="3.6" fill="${b}" stroke="${ink}"/><circle cx="36" cy="-16" r="3.6" fill="${b}" stroke="${ink}"/>` +
    `<rect x="-18" y="1" width="36" height="5" rx="2" fill="${c}"/>` +
    // the face: eyes, a smile, round cheeks
    `<circle cx="0" cy="16" r="12" fill="${big ? "#fde7c8" : "#f1f1f1"}" stroke="${ink}" stroke-width="1.2"/>` +
    `<circle cx="-4.5" cy="13" r="1.6" fill="${ink}"/><circle cx="4.5" cy="13" r="1.6" fill="${ink}"/>` +
    `<path d="M-6 19q6 6 12 0" fill="none" stroke="${ink}" stroke-width="1.6" stroke-linecap="round"/>` +
    `<circle cx="-8" cy="19" r="2" fill="${big ? "#f29aa0" : "#bbb"}"/><circle cx="8" cy="19" r="2" fill="${big ? "#f29aa0" : "#bbb"}"/>` +
    // the collar
    `<path d="M-20 30l5-4 5 5 5-5 5 5 5-5 5 5 5-5 5 4-4 6h-32z" fill="${a}" stroke="${ink}" stroke-width="1"/>` +
    "</g>";
  const size = words.size ? line(50, 125, String(words.size), 15, 58, `font-weight="700" fill="${ink}" font-family="DejaVu Sans, Liberation Sans, sans-serif"`) : "";
  return svg(`<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#444" stroke-width="1.5"/>` +
    `<rect x="22" y="8" width="56" height="124" rx="5" fill="${big ? "#fff3d6" : "#f3f3f3"}"/>` + corner(false) + corner(true) + jester + size);
}

// A standard playing card: "AS", "TD", "2C" (rank, suit); a joker "BJ", "LJ" with the words of
// its face (jokerFace).
export function frenchFace(code, words) {
  if (code === "BJ" || code === "LJ") {
    const key = `${code}:${words ? `${words.joker}|${words.size}` : ""}`;
    if (!faceCache.has(key)) faceCache.set(key, jokerFace(code, words));
    return faceCache.get(key);
  }
  if (faceCache.has(code)) return faceCache.get(code);
  const rank = code[0], suit = code[1], colour = SUIT_COLOUR[suit];
  const r = RANK_TEXT[rank] || rank;
  const corner = (flip) => `<g${flip ? ' transform="rotate(180 50 70)"' : ""}>` +
    `<text x="${r.length > 1 ? 13 : 12}" y="25" font-size="${r.length > 1 ? 21 : 24}" font-weight="700" text-anchor="middle" fill="${colour}" font-family="DejaVu Sans, Liberation Sans, sans-serif" ${r.length > 1 ? 'textLength="20" lengthAdjust="spacingAndGlyphs"' : ""}>${r}</text>` +
    pip(suit, 12, 37, 15, false) + "</g>";
  let middle;
  if (PIPS[Number(r)]) {
    middle = PIPS[Number(r)].map(([x, y, f]) => pip(suit, x, y, 19, f)).join("");
  } else if (rank === "A") {
    middle = pip(suit, 50, 70, suit === "S" ? 52 : 40, false);
  } else {  // J, Q, K: a framed court with its letter and suit
    middle = `<rect x="24" y="22" width="52" height="96" rx="4" fill="${suit === "H" || suit === "D" ? "#fbe3e6" : "#e4e8f1"}" stroke="${colour}" stroke-width="1.5"/>` +
      `<text x="50" y="80" font-size="42" font-weight="700" text-anchor="middle" fill="${colour}" font-family="DejaVu Serif, Liberation Serif, serif">${rank}</text>` +
      pip(suit, 50, 100, 16, false) + pip(suit, 50, 38, 16, true);
  }
  const out = svg(`<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#444" stroke-width="1.5"/>${corner(false)}${corner(true)}${middle}`);
  faceCache.set(code, out);
  return out;
}

export function backFace(colour = "#1d4e89") {
  const key = `back:${colour}`;
  if (faceCache.has(key)) return faceCache.get(key);
  const out = svg(`<defs><pattern id="bk" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="10" fill="${colour}"/><rect width="5" height="10" fill="#ffffff" opacity=".18"/></pattern></defs>` +
    `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#444" stroke-width="1.5"/><rect x="7" y="7" width="86" height="126" rx="5" fill="url(#bk)"/>`);
  faceCache.set(key, out);
  return out;
}

// ------------------------------------------------------------------ Mille Bornes faces
const MB_KIND = {
  25: "distance", 50: "distance", 75: "distance", 100: "distance", 200: "distance",
  stop: "hazard", speed_limit: "hazard", out_of_gas: "hazard", flat_tire: "hazard", accident: "hazard",
  roll: "remedy", end_of_limit: "remedy", gasoline: "remedy", spare_tire: "remedy", repairs: "remedy",
  right_of_way: "safety", extra_tank: "safety", puncture_proof: "safety", driving_ace: "safety",
};
export const mbKind = (code) => MB_KIND[code] || "distance";
const MB_COLOUR = { hazard: "#c62828", remedy: "#2e7d32", safety: "#1f2d3a", distance: "#1565c0" };

const tyre = (cx, cy, r, c) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#222"/><circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="#ddd" stroke="${c}" stroke-width="2"/><circle cx="${cx}" cy="${cy}" r="${r * 0.15}" fill="#555"/>`;
const light = (lit) => `<rect x="38" y="24" width="24" height="56" rx="6" fill="#222"/>` +
  ["#c62828", "#f9a825", "#2e7d32"].map((c, i) => `<circle cx="50" cy="${34 + i * 18}" r="7" fill="${lit === i ? c : "#555"}"/>`).join("");
const sign = (crossed) => `<circle cx="50" cy="52" r="25" fill="#fff" stroke="${crossed ? "#555" : "#c62828"}" stroke-width="7"/>` +
  `<text x="50" y="61" font-size="24" font-weight="800" text-anchor="middle" fill="#111" font-family="DejaVu Sans, sans-serif">50</text>` +
  (crossed ? `<path d="M33 70 69 34M30 66 65 31M36 74 72 38" stroke="#333" stroke-width="2.5"/>` : "");
const pump = (c) => `<rect x="34" y="30" width="26" height="46" rx="3" fill="${c}"/><rect x="38" y="35" width="18" height="12" fill="#fff"/>` +
  `<path d="M60 40h6v26a4 4 0 0 0 8 0V44l-6-8" fill="none" stroke="${c}" stroke-width="3.5"/><rect x="30" y="75" width="34" height="5" fill="#333"/>`;
const car = (x, y, c) => `<path d="M${x} ${y}h34l-6-10H${x + 8}z" fill="${c}"/><rect x="${x - 4}" y="${y}" width="42" height="10" rx="3" fill="${c}"/>` +
  `<circle cx="${x + 6}" cy="${y + 11}" r="4" fill="#222"/><circle cx="${x + 28}" cy="${y + 11}" r="4" fill="#222"/>`;
const PICTO = {
  stop: () => light(0),
  roll: () => light(2),
  speed_limit: () => sign(false),
  end_of_limit: () => sign(true),
  out_of_gas: () => pump("#777") + `<path d="M28 30 72 76M72 30 28 76" stroke="#c62828" stroke-width="6" stroke-linecap="round"/>`,
  gasoline: () => pump("#2e7d32"),
  flat_tire: () => tyre(50, 54, 24, "#c62828") + `<path d="M62 28l8 10-10 2 6 10-12-4" fill="#f9a825" stroke="#c62828" stroke-width="1.5"/>`,
  spare_tire: () => tyre(50, 54, 24, "#2e7d32"),
  accident: () => car(14, 56, "#546e7a") + `<g transform="rotate(25 70 50)">${car(52, 40, "#c62828")}</g>` +
    `<path d="M50 22l4 10 10-4-5 10 10 4-11 3 3 10-9-6-6 8-1-11-11 1 8-7-8-8 11 1z" fill="#f9a825"/>`,
  repairs: () => `<path d="M34 72 62 44a12 12 0 1 0-6-6L28 66a4 4 0 0 0 6 6z" fill="#2e7d32"/><circle cx="66" cy="34" r="5" fill="#fff"/>`,
  right_of_way: () => `<path d="M34 60a16 16 0 0 1 32 0z" fill="#e53935"/><rect x="30" y="60" width="40" height="8" rx="2" fill="#ddd"/>` +
    `<path d="M50 24v10M28 34l7 7M72 34l-7 7M22 52h9M78 52h-9" stroke="#fbc02d" stroke-width="4" stroke-linecap="round"/>`,
  extra_tank: () => `<rect x="18" y="36" width="48" height="26" rx="13" fill="#fbc02d"/><rect x="66" y="42" width="16" height="20" rx="3" fill="#90a4ae"/>` +
    `<circle cx="30" cy="66" r="6" fill="#222"/><circle cx="56" cy="66" r="6" fill="#222"/><circle cx="74" cy="66" r="6" fill="#222"/>`,
  puncture_proof: () => tyre(46, 54, 22, "#fbc02d") + `<path d="M62 30l14 5v12c0 10-7 15-14 18-7-3-14-8-14-18V35z" fill="#fbc02d" stroke="#1f2d3a" stroke-width="2"/>`,
  driving_ace: () => `<circle cx="50" cy="52" r="24" fill="none" stroke="#fbc02d" stroke-width="7"/><circle cx="50" cy="52" r="6" fill="#fbc02d"/>` +
    `<path d="M50 52V76M50 52 29 42M50 52l21-10" stroke="#fbc02d" stroke-width="5"/>`,
};
const milestone = (km) => `<path d="M26 86V44a24 24 0 0 1 48 0v42z" fill="#fff" stroke="#333" stroke-width="2"/><path d="M26 44a24 24 0 0 1 48 0v4H26z" fill="#c62828"/>` +
  `<rect x="20" y="86" width="60" height="6" fill="#555"/>` + line(50, 76, String(km), km >= 100 ? 22 : 26, 42, 'font-weight="800" fill="#1565c0" font-family="DejaVu Sans, sans-serif"');

// A Mille Bornes face: category colour and band, pictogram, the card's name (in the page's language:
// the rule sheet's Basque name in eu) on at most three lines that never overflow the card.
export function mbFace(code, name) {
  const key = `mb:${code}:${name}`;
  if (faceCache.has(key)) return faceCache.get(key);
  const kind = mbKind(code), colour = MB_COLOUR[kind];
  const body = [];
  body.push(`<rect x="1" y="1" width="98" height="138" rx="8" fill="${kind === "safety" ? "#fff8dc" : "#fffdf8"}" stroke="${colour}" stroke-width="3"/>`);
  if (kind === "distance") {
    body.push(`<rect x="6" y="6" width="88" height="96" rx="5" fill="#e3effb"/>`, milestone(code));
    body.push(line(20, 24, code, 16, 26, `font-weight="800" fill="${colour}" font-family="DejaVu Sans, sans-serif"`));
  } else {
    const band = kind === "safety" ? "#1f2d3a" : colour;
    body.push(`<rect x="6" y="6" width="88" height="88" rx="5" fill="${kind === "hazard" ? "#fde7e6" : kind === "remedy" ? "#e6f4e7" : "#2b3e50"}"/>`);
    if (kind === "safety") body.push(`<rect x="6" y="6" width="88" height="14" rx="4" fill="${band}"/><path d="M50 8l2.4 5 5.4.6-4 3.7 1.1 5.3L50 20l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6z" fill="#fbc02d"/>`);
    else body.push(`<rect x="6" y="6" width="88" height="8" rx="3" fill="${band}"/>`);
    body.push(`<g transform="translate(0 6)">${PICTO[code] ? PICTO[code]() : ""}</g>`);
  }
  const lines = wrap(name, 11, 3);
  const size = lines.length > 2 ? 14 : 16;
  const top = kind === "distance" ? 118 : 112;
  lines.forEach((l, i) => body.push(line(50, top + i * (size + 1) - (lines.length - 1) * 4, l, size, 90,
    `font-weight="700" fill="#111" font-family="DejaVu Sans Condensed, DejaVu Sans, sans-serif"`)));
  const out = svg(body.join(""));
  faceCache.set(key, out);
  return out;
}

// ------------------------------------------------------------------ card elements
// A card: a <button> when it does something (onclick), else an image; always labelled.
// opts: {cls, onclick, attrs, fly (motion key), from (where it comes from), small}
export function cardEl(h, faceSvg, label, opts = {}) {
  const attrs = { class: `card ${opts.small ? "small" : ""} ${opts.cls || ""}`.trim(), "aria-label": label, title: label,
                  "data-fly": opts.fly || null, "data-from": opts.from || null, ...(opts.attrs || {}) };
  const node = opts.onclick ? h("button", { type: "button", ...attrs, onclick: opts.onclick })
    : h("span", { role: "img", ...attrs });
  node.insertAdjacentHTML("beforeend", faceSvg);
  return node;
}

// A fan of cards that always fits its row: when the row is too narrow each card's box shrinks to
// the strip left visible (so a tap or a click lands on the card one sees) and cards overlap (CSS .fan).
export function fan(h, cards, attrs = {}) {
  return h("div", { ...attrs, class: `fan ${attrs.class || ""}`.trim() }, cards);
}

// ------------------------------------------------------------------ seats around the table
// Where each seat sits, seen by `me` (bottom; a spectator sees seat 0 there): the seat after you
// in play order to your left, a partner opposite. Slots are CSS grid areas of .felt.
const SLOTS = {
  1: ["bottom"], 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "tl", "tr", "right"], 6: ["bottom", "left", "tl", "top", "tr", "right"],
  7: ["bottom", "left", "tl", "top", "tr", "right", "br"], 8: ["bottom", "bl", "left", "tl", "top", "tr", "right", "br"],
};
export function seatSlots(players, me, clockwise = true) {
  const base = me === null || me === undefined ? 0 : me;
  const slots = SLOTS[players] || SLOTS[8];
  const out = {};
  for (let s = 0; s < players; s++) {
    let r = (s - base + players) % players;
    if (!clockwise && r) r = players - r;
    out[s] = slots[r] || "top";
  }
  return out;
}

// ------------------------------------------------------------------ motion
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// Remember where every [data-fly] element (and every named place, [data-place]) is now.
export function snapshotPlaces(root) {
  const rects = new Map();
  for (const el of root.querySelectorAll("[data-fly],[data-place]")) {
    const r = el.getBoundingClientRect();
    if (r.width) rects.set(el.dataset.fly ? `fly:${el.dataset.fly}` : `place:${el.dataset.place}`, { r, el, exit: el.dataset.exit });
  }
  return rects;
}

// After a render: each [data-fly] element glides from where the same key was (or from its
// data-from place) to where it is; a card gone with data-exit glides to that place and fades.
export function animate(root, before, ms = 320) {
  if (reducedMotion() || !before || !ms) return;
  const now = snapshotPlaces(root);
  for (const el of root.querySelectorAll("[data-fly]")) {
    const key = `fly:${el.dataset.fly}`;
    const old = before.get(key) || (el.dataset.from && before.get(`place:${el.dataset.from}`)) ||
      (el.dataset.from && now.get(`place:${el.dataset.from}`));
    if (!old || (before.get(key) === undefined && !el.dataset.from)) continue;
    glide(el, old.r, el.getBoundingClientRect(), ms);
  }
  for (const [key, old] of before) {
    if (!key.startsWith("fly:") || !old.exit || now.has(key)) continue;
    const to = now.get(`place:${old.exit}`);
    if (!to) continue;
    const ghost = old.el.cloneNode(true);
    ghost.removeAttribute("id");
    ghost.classList.add("ghost");
    Object.assign(ghost.style, { position: "fixed", left: `${old.r.left}px`, top: `${old.r.top}px`, width: `${old.r.width}px`,
                                 height: `${old.r.height}px`, margin: "0", zIndex: "50", pointerEvents: "none" });
    ghost.setAttribute("aria-hidden", "true");
    document.body.append(ghost);
    const dx = to.r.left + to.r.width / 2 - (old.r.left + old.r.width / 2);
    const dy = to.r.top + to.r.height / 2 - (old.r.top + old.r.height / 2);
    const anim = ghost.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0.2 }],
      { duration: ms * 1.4, easing: "ease-in" });
    anim.onfinish = () => ghost.remove();
  }
}

// A card in flight takes no taps (class "flying": pointer-events none until it lands): it passed
// over the draw pile as the opponent's discard flew to its pile, and a tap on the pile went to it
// (pressed on the pile, released on the card: no click anywhere, the draw was lost; session 8,
// tests/web/test_lost_click.py). A tap lands on what lies under the card instead.
function glide(el, from, to, ms) {
  const dx = from.left - to.left, dy = from.top - to.top;
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  const s = from.width && to.width ? from.width / to.width : 1;
  const anim = el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${s})` }, { transform: "none" }],
    { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)" });
  el.flights = (el.flights || 0) + 1;
  el.classList.add("flying");
  const landed = () => { el.flights -= 1; if (!el.flights) el.classList.remove("flying"); };
  anim.onfinish = landed;
  anim.oncancel = landed;
}

// ------------------------------------------------------------------ seat plates
// A player's plate: name, robot or online mark, lit while the seat acts, with a countdown ring
// when a turn timer runs (msg.ends: the local time, ms, the turn ends). data-place="seat-N" lets
// cards fly from and to it. `extras`: what the game shows at the seat (bid, tricks, hand size).
// A name as its words (span.word, spaces between): it wraps only between words, and a word too
// wide for its place ends in "…" (CSS) instead of being cut in the middle.
// `keepShort`: a short word at either end (a bot's number, "Ausazkoa 2"; a seat's number,
// "3. eserlekua") stays on the line of the word beside it, which ends in "…" if the two do not fit
// ("Heuristik… 2"): the number is what tells two seats apart, and a plate's name broke onto two
// lines at 390 px.
export function nameWords(h, name, keepShort = false) {
  const words = String(name).split(/\s+/).filter(Boolean);
  const word = (w, cls = "word") => h("span", { class: cls }, w);
  const short = (w) => Array.from(w).length <= 3;
  if (keepShort && words.length >= 2 && (short(words[words.length - 1]) || short(words[0]))) {
    const atEnd = short(words[words.length - 1]);
    const [a, b] = atEnd ? words.splice(-2) : words.splice(0, 2);
    // the space is kept for the text (copy, textContent); flex lays no space: column-gap does
    const tail = h("span", { class: "tail" }, atEnd ? [word(a), " ", word(b, "word keep")] : [word(a, "word keep"), " ", word(b)]);
    const rest = words.map(word);
    return atEnd ? [...rest.flatMap((w) => [w, " "]), tail] : [tail, ...rest.flatMap((w) => [" ", w])];
  }
  return words.flatMap((w, i) => (i ? [" ", word(w)] : [word(w)]));
}

// Score sheets fit their place: a name's word is cut with "…" (CSS --name-max on table.score)
// only as far as the table needs to fit its box, so "Ausazkoa" stays whole and a phone's sheet of
// three 24-letter names does not scroll sideways (tests/web/test_score_sheet_fits.py). Called
// after each render; a sheet hidden now (a closed <details>) is fitted when it opens.
export function fitNames(root = document) {
  for (const table of root.querySelectorAll("table.score")) {
    if (!table.querySelector(".name .word")) continue;
    table.style.removeProperty("--name-max");
    const box = table.parentElement;
    if (!box || !table.offsetWidth) continue;
    const cs = getComputedStyle(box);
    const room = box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    // a phone's breakdown is a block (table.css): its names overflow it, not widen it
    const wide = () => Math.max(table.offsetWidth, table.scrollWidth) > room + 0.5;
    for (let rem = 10; wide() && rem >= 3; rem -= 0.5) {
      table.style.setProperty("--name-max", `${rem}rem`);
    }
  }
}
document.addEventListener("toggle", (ev) => { if (ev.target instanceof HTMLDetailsElement && ev.target.open) fitNames(ev.target); }, true);
window.addEventListener("resize", () => fitNames());

// The first letter a plate's avatar shows: the name's first grapheme (a user-perceived character),
// not its first UTF-16 unit: "🦊 Ane" showed half a surrogate pair, "�"; a flag ("🇪🇺") or "é" as
// e + accent stay whole. Array.from's code point where Intl.Segmenter is missing.
export function initial(name) {
  const text = String(name);
  if (typeof Intl !== "undefined" && Intl.Segmenter) {
    for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) return segment;
    return "";
  }
  return Array.from(text)[0] || "";
}

export function seatPlate(ui, msg, seat, extras = [], opts = {}) {
  const { h } = ui;
  const acting = !msg.over && (msg.to_act || []).includes(seat);
  const info = msg.table && msg.table.seats ? msg.table.seats[seat] : null;
  const name = ui.seatName(seat);
  let ring = null;
  if (acting && msg.ends && info && info.kind === "person" && msg.table.turn_seconds) {
    const left = Math.max(0, (msg.ends - Date.now()) / 1000);
    const total = msg.table.turn_seconds;
    ring = h("span", { class: "ring", role: "timer", "aria-label": ui.t("{n} second left", { n: Math.round(left) }),
                       style: `--left:${left}s;--start:${(1 - left / total).toFixed(3)}` },
      h("span", { class: "ring-fill" }));
  }
  const marks = [info && info.kind === "bot" ? ui.t("robot") : null, acting ? ui.t("to act") : null].filter(Boolean);
  return h("div", {
    class: `plate ${acting ? "acting" : ""} ${seat === msg.seat ? "me" : ""} ${opts.cls || ""}`.trim(),
    "data-place": `seat-${seat}`, "data-seat": String(seat), role: "group",
    "aria-label": marks.length ? `${name} (${marks.join(", ")})` : name,
  },
  h("div", { class: "plate-name" }, ring,
    h("span", { class: `avatar ${info && info.kind === "bot" ? "bot" : ""}`, "aria-hidden": "true" }, initial(name)),
    h("span", { class: "name", title: name }, nameWords(h, name, true)),
    // presence is live news: a replay does not show who is online now
    ui.live && info && info.kind === "person" && info.online ? h("span", { class: "online-dot", title: ui.t("online"), "aria-hidden": "true" }) : null),
  extras && extras.length ? h("div", { class: "plate-extra" }, extras) : null);
}
