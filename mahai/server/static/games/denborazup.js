// DenboraZup table: reference card, coin, secret placement, reveal with dates and explanations,
// votes, DenboraZup call and catch, stars, solo rating, long timeline. Lays out the view JSON of
// mahai.games.denborazup (dates only ever appear on revealed cards); action labels and the log's
// sentences come from the server (msg.legal, ev.text).
import { currentLang } from "../js/i18n.js";

let chosen = null;

function title(card) {
  const lang = currentLang();
  return card.title[lang] || card.title.en || card.title.eu;
}

const BC = { eu: (y) => `K.a. ${y}`, en: (y) => `${y} BC`, es: (y) => `${y} a. C.`, fr: (y) => `${y} av. J.-C.` };

function formatDate(card) {
  const y = card.year < 0 ? BC[currentLang()](-card.year) : String(card.year);
  const md = card.month ? ` (${card.day ? card.day + "/" : ""}${card.month})` : "";
  return `${card.precision === "approx" ? "~" : ""}${y}${md}`;
}

// A revealed card (date shown) or a hand card (no date: "?").
function eventCard(ui, card, opts = {}) {
  const { h } = ui;
  const revealed = card.year !== undefined;
  const label = `${title(card)}${revealed ? " — " + formatDate(card) : ""}${card.star ? " ★" : ""}`;
  const kids = [
    h("div", { class: "ev-date", "aria-hidden": "true" }, revealed ? formatDate(card) : "?"),
    h("div", { class: "ev-title" }, title(card)),
    card.star ? h("div", { class: "ev-star" }, "★ ", ui.t("star")) : null,
    opts.explain && card.explanation_eu ? h("div", { class: "ev-explain" }, card.explanation_eu) : null,
  ];
  const cls = `event ${revealed ? "revealed" : "hidden-date"} ${opts.cls || ""}`;
  if (opts.onclick) return h("button", { type: "button", class: cls, "aria-label": label, "aria-pressed": opts.pressed ? "true" : "false", onclick: opts.onclick, "data-card": card.id }, kids);
  return h("div", { class: cls, role: "group", "aria-label": label, "data-card": card.id }, kids);
}

function coinText(coin, ui) {
  if (coin === "up") return `▲ ${ui.t("GORA (after the reference)")}`;
  if (coin === "down") return `▼ ${ui.t("BEHERA (before the reference)")}`;
  return ui.t("The coin has not been flipped yet.");
}

function lastReveal(v, ui) {
  const { h } = ui;
  if (!v.last_reveal || !v.last_reveal.length) return null;
  return h("section", { class: "panel", id: "reveal", "aria-label": ui.t("Last reveal") },
    h("h3", {}, ui.t("Last reveal")),
    h("div", { class: "row" }, v.last_reveal.map((r) => h("div", {},
      h("div", {}, ui.seatName(r.seat), " ", r.correct ? h("span", { class: "pill ok" }, "✓ ", ui.t("correct"))
        : h("span", { class: "pill bad" }, "✗ ", ui.t("wrong")), r.call ? h("span", { class: "pill" }, ui.t("DenboraZup!")) : null),
      eventCard(ui, r.card, { explain: true })))));
}

// The decision sent this round: "pass" or "place <card id> …" (its id names the card).
function decision(v, ui) {
  const id = v.my_decision.split(" ")[1];
  const c = id && v.hand.find((x) => x.id === id);
  return c ? title(c) : ui.t("Pass");
}

export function render(root, msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const legal = msg.legal || [];
  const is = (e, verb) => e.action === verb || e.action.startsWith(`${verb} `);
  const words = (e) => e.action.split(" ");  // the card id and slot an action's id names
  const places = legal.filter((e) => is(e, "place"));
  const byCard = {};
  for (const e of places) (byCard[words(e)[1]] ||= []).push(e);
  if (chosen && !byCard[chosen]) chosen = null;
  const others = legal.filter((e) => !is(e, "place") && !is(e, "choose"));

  const header = h("div", { class: "panel row", id: "coin" },
    h("span", {}, ui.t("Round {n}", { n: v.round })),
    h("strong", { class: "pill" }, coinText(v.coin, ui)),
    v.mode !== "solo" ? h("span", {}, ui.t("Flipper: {who}", { who: ui.seatName(v.flipper) })) : null,
    h("span", { class: "pill" }, ui.t("Deck: {n}", { n: v.deck_count })),
    h("span", { class: "pill" }, ui.t("Discard pile: {n}", { n: v.discard_count })),
    v.mode === "solo" ? h("span", { class: "pill" }, ui.t("Cards used: {n}", { n: v.used[0] })) : null);

  // the reference card, or the long timeline with the slots the chosen card may go to
  let centre;
  if (v.mode === "long" && v.timeline.length) {
    const slotFor = (k) => (chosen ? (byCard[chosen] || []).filter((e) => {
      const w = words(e);
      return w[w.indexOf("slot") + 1] === String(k);
    }) : []);
    const items = [];
    v.timeline.forEach((c, k) => {
      for (const e of slotFor(k)) items.push(ui.actionButton(e, `⤓ ${k}`, { class: "slot" }));
      items.push(eventCard(ui, c, { cls: k === v.reference_index ? "reference" : "" }));
    });
    for (const e of slotFor(v.timeline.length)) items.push(ui.actionButton(e, `⤓ ${v.timeline.length}`, { class: "slot" }));
    centre = h("section", { class: "panel", "aria-label": ui.t("Timeline") }, h("h3", {}, ui.t("Timeline")), h("div", { class: "timeline", id: "timeline" }, items));
  } else {
    centre = h("section", { class: "panel", id: "reference", "aria-label": ui.t("Reference card") },
      h("h3", {}, ui.t("Reference card")), eventCard(ui, v.reference, { cls: "reference", explain: true }));
  }

  const status = v.mode !== "solo" ? h("div", { class: "row", id: "seats-status" }, v.hand_counts.map((n, s) => h("span", { class: "pill" },
    `${ui.seatName(s)}: ${ui.t("{n} cards", { n })}`,
    v.phase === "decide" && v.decided.includes(s) ? ` · ${ui.t("decided")}` : "",
    v.phase === "vote" && v.voted.includes(s) ? ` · ${ui.t("voted")}` : "",
    v.catchable.includes(s) ? " · ⚠" : ""))) : null;

  let hand = null;
  if (v.hand) {
    hand = h("section", { class: "panel", "aria-label": ui.t("Your hand") },
      h("h3", {}, ui.t("Your hand"), " ", h("span", { class: "muted" }, ui.t("(dates hidden)"))),
      v.my_decision ? h("p", { class: "pill", id: "my-decision" }, ui.t("Your decision: {d}", { d: decision(v, ui) })) : null,
      h("div", { class: "row", id: "hand" }, v.hand.map((c) => eventCard(ui, c, {
        cls: byCard[c.id] ? "playable" : "", pressed: chosen === c.id,
        onclick: byCard[c.id] ? () => { chosen = chosen === c.id ? null : c.id; render(root, msg, ui); } : null }))),
      chosen && v.mode !== "long" ? h("div", { class: "row" }, byCard[chosen].map((e) => ui.actionButton(e))) : null,
      chosen && v.mode === "long" ? h("p", {}, ui.t("Choose a slot in the timeline.")) : null);
  }
  const prompts = [];
  if (v.phase === "vote") prompts.push(h("p", { class: "panel", role: "status" }, ui.t("Everybody passed: replace the reference card with the top card of the deck?")));
  if (v.tiebreak && v.tiebreak.options) {
    prompts.push(h("section", { class: "panel", id: "tiebreak" }, h("h3", {}, ui.t("Tie-break: choose the event closest to the reference")),
      h("div", { class: "row" }, v.tiebreak.options.map((c) => {
        const entry = legal.find((e) => is(e, "choose") && words(e)[1] === c.id);
        return h("div", {}, eventCard(ui, c), entry ? ui.actionButton(entry, ui.t("Choose")) : null);
      }))));
  }
  if (others.length) prompts.push(h("div", { class: "row", id: "dz-actions" }, others.map((e) => ui.actionButton(e))));
  const rating = v.rating ? h("p", { class: "panel", id: "rating" }, ui.t("Rating"), ": ", h("strong", {}, ui.has(v.rating) ? ui.tg(v.rating) : v.rating)) : null;
  // No link to the chronology here: during a game it is the answer key.
  ui.fill(root, header, rating, centre, lastReveal(v, ui), ...prompts, status, hand);
}
