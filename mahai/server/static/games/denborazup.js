// DenboraZup table: the coin, the reference card (or the long timeline, in a panel that scrolls by
// itself), the players, your hand of events (dates hidden). Secret placement: tap a card, then a
// slot. The "DenboraZup!" call is an act of its own (a toggle you must press, DZR-8), so a missed
// call can be caught. The reveal turns the cards over one by one with their dates; the star
// choice explains each option (DZR-10). Lays out mahai.games.denborazup's view (dates only ever
// appear on revealed cards); action labels and sentences come from the server.
import { formatNumber, getJson } from "/static/js/i18n.js";

let chosen = null;
let calling = false;
let roundKey = "";
let scrollLeft = 0;

const is = (e, verb) => e.action === verb || e.action.startsWith(`${verb} `);
const words = (e) => e.action.split(" ");  // the card id and slot an action's id names
// The era's words hold together (no-break spaces, as mahai.games.denborazup.cards._BC): a card a
// third of a phone wide broke "~37 000 av. J.-C." after "av.", leaving "J.-C." alone on a line.
const BC = { eu: (y) => `K.a. ${y}`, en: (y) => `${y} BC`, es: (y) => `${y} a.\u00a0C.`, fr: (y) => `${y} av.\u00a0J.-C.` };
// A year's number as the language writes it (mahai.games.denborazup.cards.year_number): five digits
// or more grouped as formatNumber groups them ("K.a. 37.000", "37,000 BC", "37 000 av. J.-C."),
// four never ("1936", not "1.936").
export function yearNumber(n, lang) {
  return n < 10000 ? String(n) : formatNumber(n, lang);
}

function title(card, ui) {
  return card.title[ui.lang()] || card.title.en || card.title.eu;
}

// The explanation in the reader's language only: a table never mixes languages (every card has all four).
function explanation(card, ui) {
  return (card.explanation && card.explanation[ui.lang()]) || (ui.lang() === "eu" ? card.explanation_eu : "") || "";
}

// Month names as mahai.games.denborazup.cards._MONTHS (the log and the chronology write the
// same dates: format_parts).
const MONTHS = {
  eu: ["urtarrila", "otsaila", "martxoa", "apirila", "maiatza", "ekaina", "uztaila", "abuztua", "iraila", "urria", "azaroa", "abendua"],
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
};

// The day and month as the language's readers write them: "irailaren 27a", "27 September",
// "27 de septiembre", "27 septembre" ("1er septembre"); a month alone: "iraila", "September" …;
// "" without a month.
export function dayMonth(month, day, lang) {
  if (!month) return "";
  const name = (MONTHS[lang] || MONTHS.en)[month - 1];
  if (!day) return name;
  if (lang === "eu") return `${name}ren ${day}a`;  // the genitive: iraila → irailaren
  if (lang === "es") return `${day} de ${name}`;
  return `${lang === "fr" && day === 1 ? "1er" : day} ${name}`;
}

function formatYear(card, ui) {
  const lang = ui.lang();
  return `${card.precision === "approx" ? "~" : ""}${card.year < 0 ? BC[lang](yearNumber(-card.year, lang)) : yearNumber(card.year, lang)}`;
}

// The whole date in one line (a card's accessible name): "1937, apirilaren 26a", "1937, 26 April".
function formatDate(card, ui) {
  const md = dayMonth(card.month, card.day, ui.lang());
  return md ? `${formatYear(card, ui)}, ${md}` : formatYear(card, ui);
}

// A card's motion key: its title, the same in a hand (where a hidden card goes by a per-game
// handle, not its id) and on the timeline (where it shows its id), so that a placed card flies
// from the hand to its slot. The server sends each card's title in the page's language alone
// (mahai.games.denborazup.view.wire_view).
const flyKey = (c) => `ev-${(c.title && Object.values(c.title)[0]) || c.id}`;

// A card's explanation: a short one as it is; a long one shows its first lines and opens to the
// whole text (a <details>: a tap, Enter or Space; a screen reader hears it all and that it opens).
// "Read more" / "Show less" are data attributes the CSS shows, so the text itself is only the
// explanation.
const SHORT = 110;
function explainBox(card, ui) {
  const { h } = ui;
  const text = explanation(card, ui);
  if (!text) return null;
  if (text.length <= SHORT) return h("div", { class: "ev-explain" }, text);
  const box = h("details", { class: "ev-explain long", "data-card": null },
    h("summary", { "data-more": ui.t("Read more"), "data-less": ui.t("Show less") }, h("span", { class: "ev-text" }, text)));
  const key = `${card.id}:${text.length}`;
  if (openExplain.has(key)) box.open = true;
  box.addEventListener("toggle", () => { if (box.open) openExplain.add(key); else openExplain.delete(key); });
  return box;
}
const openExplain = new Set();  // the explanations this page opened (kept across re-renders)

// A title whose longest word is wider than its card gets smaller type, half a pixel at a time down
// to 65% (titles wrap only between words, and after a hyphen; Debian's chromium has no hyphenation
// dictionaries, `hyphens: auto` cut nothing): on a phone's 7.6 rem hand cards,
// "enperatrizarentzat", "Unibertsitatearen", "angloportuguesas" were cut in the middle.
// The cards side by side (a hand, a reveal's row) then all take the smallest size among them: one
// card in smaller type than its neighbours looked like a misprint ("Gernikako Estatutua
// erreferendumean" at 360 px, the play test of session 20).
function fitTitles(root) {
  const rows = new Map();  // a row of cards → the smallest size one of its titles took
  for (const el of root.querySelectorAll(".ev-title")) {
    el.style.fontSize = "";
    el.style.overflowWrap = "";
    const row = el.closest(".event")?.parentElement;
    if (!el.clientWidth || el.scrollWidth <= el.clientWidth + 1) continue;
    const start = parseFloat(getComputedStyle(el).fontSize);
    let size = start;
    while (el.scrollWidth > el.clientWidth + 1 && size > start * 0.65) {
      size -= 0.5;
      el.style.fontSize = `${size}px`;
    }
    // narrower than any phone we lay out for (320 px): the word is cut rather than the page scrolled
    if (el.scrollWidth > el.clientWidth + 1) el.style.overflowWrap = "anywhere";
    if (row) rows.set(row, Math.min(size, rows.get(row) ?? size));
  }
  for (const [row, size] of rows) {
    for (const el of row.querySelectorAll(":scope > .event .ev-title")) {
      if (parseFloat(getComputedStyle(el).fontSize) > size) el.style.fontSize = `${size}px`;
    }
  }
}

// ...and again when the page's width changes (a phone turned, a window resized): the last reveal's
// cards are a third of the screen wide, and a word fitted at 390 px stood out of its card at 360 px
// (the page scrolled sideways).
let fitted = null;  // the root last rendered
let refit = 0;
window.addEventListener("resize", () => {
  if (refit || !fitted) return;
  refit = requestAnimationFrame(() => {
    refit = 0;
    if (!fitted.isConnected) return;
    fitTitles(fitted);
    const tl = fitted.querySelector("#timeline");  // and the timeline's arrows: more may lie beyond now
    if (tl) showMore(tl);
  });
});

// A revealed card (date shown) or a hand card (no date: "?").
function eventCard(ui, card, opts = {}) {
  const { h } = ui;
  const revealed = card.year !== undefined && card.year !== null;
  const label = `${title(card, ui)}${revealed ? " — " + formatDate(card, ui) : ""}${card.star ? " ★" : ""}`;
  const kids = [
    opts.verdict || null,
    h("div", { class: "ev-date", "aria-hidden": "true" }, revealed ? formatYear(card, ui) : "?",
      revealed && card.month ? h("span", { class: "ev-day" }, dayMonth(card.month, card.day, ui.lang())) : null),
    h("div", { class: "ev-title", lang: ui.lang() }, title(card, ui)),
    card.star ? h("div", { class: "ev-star" }, "★ ", ui.t("star")) : null,
    opts.explain ? explainBox(card, ui) : null,
  ];
  const cls = `event ${revealed ? "revealed" : "hidden-date"} ${opts.cls || ""}`;
  const common = { class: cls, "aria-label": label, "data-card": card.id, "data-fly": opts.fly || null, "data-from": opts.from || null, style: opts.style || null };
  if (opts.onclick) return h("button", { type: "button", ...common, "aria-pressed": opts.pressed ? "true" : "false", onclick: opts.onclick, ...(opts.attrs || {}) }, kids);
  if (opts.opens) return h("button", { type: "button", ...common, "aria-haspopup": "dialog", tabindex: opts.tabindex, onclick: opts.opens }, kids);
  return h("div", { role: "group", ...common }, kids);
}

// A revealed card of the long timeline opens its story: title, date, the whole explanation and
// its source, in a dialog (Escape, the close button or a tap outside close it; the focus goes
// back to the card). The timeline sends no explanations (mahai.games.denborazup.view.wire_view):
// the text comes from the table, asked by the id the card already shows, and the server answers
// only for a card face up at the table now (/api/tables/{id}/card/{card}), so that nothing about a
// hidden card ever reaches the page.
const told = new Map();  // "lang:table:card" → the answer, kept for the page's life
let dialog = null;
let opened = null;  // the card whose story is on show (its id)

async function openStory(card, msg, ui) {
  const { h } = ui;
  if (!dialog) {
    dialog = h("dialog", { id: "dz-story", "aria-labelledby": "dz-story-title" });
    // a tap on the backdrop lands on the dialog itself, outside its box
    dialog.addEventListener("click", (e) => {
      const r = dialog.getBoundingClientRect();
      if (e.target === dialog && (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom)) dialog.close();
    });
    dialog.addEventListener("close", () => refocus(`#timeline [data-card="${CSS.escape(opened)}"]`));
    dialog.addEventListener("keydown", (e) => { if (e.key !== "Escape") e.stopPropagation(); });  // the replay's arrows step
    document.body.append(dialog);
  }
  opened = card.id;
  const text = h("div", { class: "story-text", "aria-live": "polite" }, "…");
  const close = h("button", { type: "button", id: "dz-story-close", onclick: () => dialog.close() }, ui.t("Close"));
  ui.fill(dialog, h("h2", { id: "dz-story-title", lang: ui.lang() }, title(card, ui)),
    h("p", {}, h("strong", {}, formatDate(card, ui)), card.star ? ` · ★ ${ui.t("star")}` : ""),
    text, h("div", { class: "buttons" }, close));
  if (!dialog.open) dialog.showModal();
  close.focus();
  const key = `${ui.lang()}:${msg.table.id}:${card.id}`;
  if (!told.has(key)) {
    const res = await getJson(`/api/tables/${encodeURIComponent(msg.table.id)}/card/${encodeURIComponent(card.id)}?lang=${ui.lang()}`);
    if (!res.ok) { if (opened === card.id) ui.fill(text, h("p", { role: "alert" }, res.data.message)); return; }
    told.set(key, res.data);
  }
  if (opened !== card.id) return;  // another card was opened meanwhile
  const story = told.get(key);
  ui.fill(text, h("p", { lang: ui.lang() }, explanation(story, ui)),
    story.source_url ? h("p", {}, h("a", { href: story.source_url, rel: "noopener", target: "_blank" }, ui.t("source"), " ↗")) : null);
}

// The timeline's cards are one stop of the Tab key (the reference card, or the card last
// visited); the arrow keys, Home and End move between them (a 148-card timeline was 148 stops).
let visited = null;
function roam(tl) {
  tl.addEventListener("keydown", (e) => {
    const cards = [...tl.querySelectorAll("button.event")];
    const at = cards.indexOf(document.activeElement);
    const to = at < 0 ? undefined : { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: cards.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    e.stopPropagation();  // the replay's arrows step through the game
    const next = cards[Math.max(0, Math.min(cards.length - 1, to))];
    for (const c of cards) c.tabIndex = c === next ? 0 : -1;
    visited = next.dataset.card;
    next.focus();
  });
}

function coin(v, msg, ui, legal) {
  const { h } = ui;
  const flip = legal.find((e) => e.action === "flip");
  const flipped = (msg.recent || []).some((e) => e.kind === "flip");
  const text = v.coin === "up" ? ui.t("GORA (after the reference)") : v.coin === "down" ? ui.t("BEHERA (before the reference)")
    : ui.t("The coin has not been flipped yet.");
  const face = h("span", { class: "face", "aria-hidden": "true" }, v.coin === "up" ? "▲" : v.coin === "down" ? "▼" : "?");
  if (flip) return ui.actionButton(flip, null, { class: "primary big", id: "flip" });
  return h("span", { class: `coin ${flipped && ui.live && !msg.settled ? "flip" : ""}`, id: "coin", role: "status" }, face, text);
}

export function holdAfter(msg, ui) {
  const reveal = (msg.recent || []).find((e) => e.kind === "reveal");
  return reveal && msg.view.last_reveal ? msg.view.last_reveal.length * ui.timing.reveal + 400 : 0;
}

// The last reveal: each placed card turns over in turn and shows its date and verdict.
function reveal(v, msg, ui) {
  const { h } = ui;
  if (!v.last_reveal || !v.last_reveal.length) return null;
  const fresh = ui.live && !msg.settled && (msg.recent || []).some((e) => e.kind === "reveal");
  return h("section", { class: "panel", id: "reveal", "aria-label": ui.t("Last reveal") },
    h("h2", {}, ui.t("Last reveal")),
    h("div", { class: "reveal-row", tabindex: "0", role: "group", "aria-label": ui.t("Last reveal") }, v.last_reveal.map((r, i) => h("div", { class: "reveal-item" },
      h("span", { class: "who" }, ui.name(ui.seatName(r.seat)), r.call ? h("span", { class: "pill" }, " ", ui.t("DenboraZup!")) : null),
      eventCard(ui, r.card, { explain: true, cls: `${r.correct ? "correct" : "wrong"} ${fresh ? "turning" : ""}`,
        style: fresh ? `--delay:${(i * ui.timing.reveal) / 1000}s;--turn:${ui.timing.reveal / 1000}s` : null,
        verdict: h("span", { class: "verdict" }, r.correct ? `✓ ${ui.t("correct")}` : `✗ ${ui.t("wrong")}`) })))));
}

export function render(root, msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const legal = msg.legal || [];
  const me = msg.seat;
  const key = `${v.round}:${v.phase}`;
  if (key !== roundKey) { roundKey = key; chosen = null; calling = false; }
  const places = legal.filter((e) => is(e, "place"));
  const byCard = {};
  for (const e of places) (byCard[words(e)[1]] ||= []).push(e);
  if (chosen && !byCard[chosen]) chosen = null;
  ui.claim(places);  // made by choosing the card (and the call), then its slot
  const canCall = places.some((e) => words(e).includes("call"));
  if (!canCall) calling = false;
  const withCall = (e) => words(e).includes("call") === calling;
  const slotEntries = chosen ? byCard[chosen].filter(withCall) : [];
  const old = root.querySelector("#timeline");
  if (old) scrollLeft = old.scrollLeft;

  // no "the coin has not been flipped yet" once the game is over: at the table (msg.over) and on
  // the replay's last step (its frames say over: false; the view's phase says it)
  const over = msg.over || v.phase === "over";
  const top = h("div", { class: "dz-top" }, over && !v.coin ? null : coin(v, msg, ui, legal),
    v.round > 0 ? h("span", { class: "pill" }, ui.t("Round {n}", { n: v.round })) : null,  // no "round 0" before the first flip
    v.mode !== "solo" ? h("span", { class: "pill" }, ui.t("Flips the coin: {who}", { who: ui.seatName(v.flipper) })) : null,
    h("span", { class: "pill", "data-place": "deck" }, ui.t("Deck: {n}", { n: v.deck_count })),
    h("span", { class: "pill" }, ui.t("Discard pile: {n}", { n: v.discard_count })),
    v.mode === "solo" ? h("span", { class: "pill" }, ui.t("Cards used: {n}", { n: v.used[0] })) : null);

  const order = [...Array(v.players).keys()].map((i) => (i + (me === null ? 0 : me + 1)) % v.players);
  const seats = v.mode !== "solo" ? h("div", { class: "dz-seats" }, order.map((s) => ui.plate(s, [
    h("span", { class: "chip count" }, ui.t("{n} card", { n: v.hand_counts[s] })),
    v.phase === "decide" && v.decided.includes(s) ? h("span", { class: "chip" }, ui.t("decided")) : null,
    v.phase === "vote" && v.voted.includes(s) ? h("span", { class: "chip" }, ui.t("voted")) : null,
    // your own plate says "Zu": "ez duzu esan" (it said "ez du esan", as of another player)
    v.catchable.includes(s) ? h("span", { class: "chip nil" }, s === me ? ui.t("you did not call") : ui.t("did not call"))
      : null].filter(Boolean)))) : null;

  // the table: the reference card with where the chosen card may go, or the long timeline
  let centre;
  const slotButton = (e, text) => ui.actionButton(e, text, { class: "slot-btn" });
  if (v.mode === "long" && v.timeline.length) {
    const at = (k) => slotEntries.filter((e) => words(e)[words(e).indexOf("slot") + 1] === String(k));
    const items = [];
    const newest = new Set((v.last_reveal || []).filter((r) => r.correct).map((r) => r.card.id));
    const stop = v.timeline.some((c) => c.id === visited) ? visited : v.reference.id;
    v.timeline.forEach((c, k) => {
      for (const e of at(k)) items.push(slotButton(e, "⤓"));
      items.push(eventCard(ui, c, { cls: `${k === v.reference_index ? "reference" : ""} ${newest.has(c.id) ? "correct" : ""}`, fly: flyKey(c),
        opens: () => { visited = c.id; openStory(c, msg, ui); }, tabindex: c.id === stop ? "0" : "-1" }));
    });
    for (const e of at(v.timeline.length)) items.push(slotButton(e, "⤓"));
    // a timeline longer than the screen scrolls sideways inside its panel: an arrow at each end
    // with more cards beyond it says so (and scrolls a screenful on a click; showMore)
    const more = (side, text, label) => h("button", { type: "button", class: `tl-more tl-${side}`, hidden: true,
      "aria-label": ui.t(label), title: ui.t(label), "aria-controls": "timeline",
      onclick: () => { const tl = root.querySelector("#timeline"); tl.scrollBy({ left: (side === "left" ? -0.8 : 0.8) * tl.clientWidth }); } }, text);
    centre = h("section", { class: "timeline-panel", "aria-label": ui.t("Timeline") },
      // the count set apart: "Denbora-lerroa karta 1" read as the line's first card
      h("h2", {}, ui.t("Timeline"), " ", h("span", { class: "muted-light" }, "· ", ui.t("{n} card", { n: v.timeline.length }))),
      h("div", { class: "timeline-wrap" }, more("left", "◀", "Earlier events"),
        h("div", { class: "timeline", id: "timeline", tabindex: "0", role: "group", "aria-label": ui.t("Timeline") }, items),
        more("right", "▶", "Later events")));
  } else {
    const zone = slotEntries.length ? h("div", { class: "placezone" }, slotEntries.map((e) =>
      slotButton(e, v.coin === "up" ? `▲ ${ui.t("Place it after")}` : `▼ ${ui.t("Place it before")}`))) : null;
    centre = h("section", { class: "timeline-panel", id: "reference", "aria-label": ui.t("Reference card") },
      h("h2", {}, ui.t("Reference card")),
      h("div", { class: "placezone" }, v.coin === "down" ? zone : null,
        eventCard(ui, v.reference, { cls: "reference", explain: true, fly: flyKey(v.reference) }),
        v.coin !== "down" ? zone : null));
  }

  // decisions that are not placements: vote, catch, stars, tie-break
  const prompts = [];
  if (v.phase === "vote" && legal.some((e) => is(e, "vote"))) {
    prompts.push(h("section", { class: "prompt", id: "vote" },
      h("p", {}, ui.t("Everybody passed: replace the reference card with the top card of the deck?")),
      h("div", { class: "row" }, legal.filter((e) => is(e, "vote")).map((e) => ui.actionButton(e, null, { class: "big" })))));
  }
  const catches = legal.filter((e) => is(e, "catch") || e.action === "waive");
  if (catches.length) {
    prompts.push(h("section", { class: "prompt urgent", id: "catch" },
      h("p", {}, ui.t("Somebody placed their second-to-last card without calling “DenboraZup!”.")),
      h("div", { class: "row" }, catches.map((e) => ui.actionButton(e, null, { class: is(e, "catch") ? "primary big" : "big" })))));
  }
  const stars = legal.filter((e) => is(e, "star"));
  if (stars.length) {
    const replace = stars.filter((e) => e.action === "star replace");
    const give = stars.filter((e) => is(e, "star give"));
    prompts.push(h("section", { class: "prompt", id: "star" },
      h("p", {}, ui.t("Your star card was placed right: choose one.")),
      h("div", { class: "star-options" },
        replace.length ? h("div", { class: "opt" }, h("strong", {}, ui.t("Replace the reference")),
          h("p", {}, ui.t("The top card of the deck becomes the new reference card for everybody.")),
          h("div", { class: "row" }, replace.map((e) => ui.actionButton(e, ui.t("Replace the reference"))))) : null,
        give.length ? h("div", { class: "opt" }, h("strong", {}, ui.t("Give a card")),
          h("p", {}, ui.t("Draw the top card of the deck and give it to a player: one more card to place.")),
          // the others first, in turn order after you; yourself last, as "Neuk hartu" (it read "Zu"
          // among the names)
          h("div", { class: "row" }, order.flatMap((s) => give.filter((e) => Number(words(e)[2]) === s)).map((e) =>
            ui.actionButton(e, Number(words(e)[2]) === me ? ui.t("Take it myself") : ui.seatName(Number(words(e)[2])))))) : null)));
  }
  if (v.tiebreak && v.tiebreak.options) {
    prompts.push(h("section", { class: "prompt", id: "tiebreak" }, h("p", {}, ui.t("Tie-break: choose the event closest to the reference")),
      h("div", { class: "tb-row" }, v.tiebreak.options.map((c) => {
        const entry = legal.find((e) => is(e, "choose") && words(e)[1] === c.id);
        return h("div", { class: "tb-option" }, eventCard(ui, c), entry ? ui.actionButton(entry, ui.t("Choose")) : null);
      }))));
  }
  // the rating on the board of a replay; at the table the game-over panel says it (outcome)
  const rating = v.rating && !msg.over ? h("p", { class: "panel", id: "rating" }, ui.t("Rating:"), " ", h("strong", {}, ui.has(v.rating) ? ui.tg(v.rating) : v.rating)) : null;

  // your hand: tap a card, then a slot; the call; or pass
  let dock = null;
  if (v.hand) {
    const pass = legal.find((e) => e.action === "pass");
    const cards = v.hand.map((c) => eventCard(ui, c, {
      cls: byCard[c.id] ? "playable" : "", pressed: chosen === c.id, fly: flyKey(c),
      attrs: byCard[c.id] ? { "data-pick": c.id } : {},
      onclick: byCard[c.id] ? () => { chosen = chosen === c.id ? null : c.id; ui.rerender(); refocus(`[data-pick="${c.id}"]`); } : null }));
    const decided = v.my_decision ? h("p", { class: "hint", id: "my-decision" }, ui.t("Your decision: {d}", { d: decision(v, ui) })) : null;
    dock = h("div", { class: "dock", "data-home": "", tabindex: "-1" },
      decided,
      places.length ? h("p", { class: "hint" }, chosen ? (v.mode === "long" ? ui.t("Choose a slot in the timeline.") : ui.t("Now place it by the reference card."))
        : ui.t("Choose a card to place, or pass.")) : null,
      h("div", { class: "dz-hand", id: "hand", role: "group", tabindex: "0", "aria-label": ui.t("Your hand") }, cards),
      canCall || pass ? h("div", { class: "dz-call" },
        canCall ? h("button", { type: "button", class: "call", "data-pick": "call", "aria-pressed": calling ? "true" : "false",
          onclick: () => { calling = !calling; ui.rerender(); refocus('[data-pick="call"]'); } }, ui.t("DenboraZup!")) : null,
        pass ? ui.actionButton(pass, null, { id: "pass" }) : null) : null);
  }
  // the hand right under the reference card (the decision), the last reveal after it
  ui.fill(root, top, seats, prompts, rating, centre, dock, reveal(v, msg, ui));
  fitTitles(root);
  fitted = root;
  const tl = root.querySelector("#timeline");
  if (tl) {
    roam(tl);
    tl.addEventListener("scroll", () => showMore(tl), { passive: true });
    tl.scrollLeft = scrollLeft;
    showMore(tl);
    const target = tl.querySelector(".slot-btn") || ((msg.recent || []).some((e) => e.kind === "reveal") ? tl.querySelector(".event.correct") : null);
    if (target) requestAnimationFrame(() => tl.scrollTo({ left: Math.max(0, target.offsetLeft - tl.clientWidth / 2 + target.offsetWidth / 2) }));
  }
}

// The timeline's arrows: each shown while more cards lie beyond its end of the panel, in a
// gutter beside the cards once the timeline is wider than the panel (kept while it scrolls: the
// cards do not jump when an arrow comes or goes).
function showMore(tl) {
  const wrap = tl.parentElement;
  if (tl.scrollWidth > tl.clientWidth + 1) wrap.classList.add("scrolls");
  const left = tl.scrollLeft > 1;
  const right = tl.scrollLeft + tl.clientWidth < tl.scrollWidth - 1;
  wrap.querySelector(".tl-left").hidden = !left;
  wrap.querySelector(".tl-right").hidden = !right;
}

function refocus(selector) {
  const el = document.querySelector(selector);
  if (el) el.focus({ preventScroll: true });
}

// The decision sent this round: "pass" or "place <card id> …" (its id names the card).
function decision(v, ui) {
  const id = v.my_decision.split(" ")[1];
  const c = id && v.hand.find((x) => x.id === id);
  return c ? title(c, ui) : ui.t("Pass");
}

// DZR-12: a solo game has no winner but a result, the cards used and their rating ("Irabazlea:
// Zu" stood over every solo result, "Segi jolasten" too).
export function outcome(msg, ui) {
  const v = msg.view;
  if (v.mode !== "solo" || !v.rating) return null;
  return ui.t("Rating: {rating} ({n} card used)", { rating: ui.has(v.rating) ? ui.tg(v.rating) : v.rating, n: v.used[0] });
}

// The result line when the log lacks the game_over event: a solo game's (DZR-12), as that event
// says it (describe.py), from the state; the others' winners are the page's own verdict.
export function result(msg, ui) {
  const v = msg.view;
  if (v.mode !== "solo" || !v.rating) return null;
  return ui.tg("Game over: {n} card used. {rating}.", { n: v.used[0], rating: ui.has(v.rating) ? ui.tg(v.rating) : v.rating });
}

export function final(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  // solo (DZR-12): one row, "Zu · 0 karta · Erabilitako kartak: 22", under the rating that says it
  if (v.mode === "solo") return null;
  const scores = h("table", { class: "score", id: "final-scores" }, h("caption", {}, ui.t("Final scores")),
    h("tbody", {}, [...Array(v.players).keys()].map((s) => h("tr", { class: msg.winners.includes(s) ? "winner" : "" },
      h("th", { scope: "row" }, ui.seatName(s)), h("td", {}, ui.t("{n} card", { n: v.hand_counts[s] }))))));
  // A game a tie-break decided (DZR-9): how, under the scores. The play test read "Ganador: Medio 3"
  // over two players with no card left, the reason only in the log.
  const tie = [...(msg.recent || []), ...ui.events()].filter((e) => e.kind === "tiebreak_reveal" && e.text).pop();
  return tie ? h("div", { class: "final" }, scores, h("p", { id: "tiebreak-result" }, tie.text)) : scores;
}
