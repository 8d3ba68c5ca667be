// DenboraZup table: reference card, coin, secret placement, reveal with dates and explanations,
// votes, DenboraZup call and catch, stars, solo rating, long timeline. Renders the view JSON of
// mahai.games.denborazup (dates only ever appear on revealed cards).
import { currentLang } from "../js/i18n.js";

let chosen = null;

export function title(card) {
  const lang = currentLang();
  return card.title[lang] || card.title.en || card.title.eu;
}

const BC = { eu: (y) => `K.a. ${y}`, en: (y) => `${y} BC`, es: (y) => `${y} a. C.`, fr: (y) => `${y} av. J.-C.` };

export function formatDate(card) {
  const y = card.year < 0 ? BC[currentLang()](-card.year) : String(card.year);
  const md = card.month ? ` (${card.day ? card.day + "/" : ""}${card.month})` : "";
  return `${card.precision === "approx" ? "~" : ""}${y}${md}`;
}

// A revealed card (date shown) or a hand card (no date: "?").
export function eventCard(ui, card, opts = {}) {
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

function cardTitle(id, msg) {
  const v = msg && msg.view;
  const all = v ? [...(v.hand || []), ...((v.tiebreak && v.tiebreak.options) || [])] : [];
  const c = all.find((x) => x.id === id);
  return c ? title(c) : id;
}

export function actionLabel(n, ui, msg) {
  const w = n.split(" ");
  switch (w[0]) {
    case "flip": return ui.t("Flip the coin");
    case "pass": return ui.t("Pass");
    case "place": {
      const slot = w.indexOf("slot");
      let text = ui.t("Place {card}", { card: cardTitle(w[1], msg) });
      if (slot > 0) text += ` · ${ui.t("slot {k}", { k: w[slot + 1] })}`;
      if (w[w.length - 1] === "call") text += ` · ${ui.t("DenboraZup!")}`;
      return text;
    }
    case "vote": return w[1] === "yes" ? ui.t("Yes, replace the reference card") : ui.t("No, keep the reference card");
    case "catch": return ui.t("Catch {who}: no DenboraZup call!", { who: ui.seatName(Number(w[1])) });
    case "waive": return ui.t("Let it go");
    case "star": return w[1] === "replace" ? ui.t("Star: replace the reference card") : ui.t("Star: give the top card to {who}", { who: ui.seatName(Number(w[2])) });
    case "choose": return ui.t("Choose {card}", { card: cardTitle(w[1], msg) });
    default: return n;
  }
}

export function describeEvent(ev, ui) {
  const who = ev.seat !== undefined ? ui.seatName(ev.seat) : "";
  switch (ev.kind) {
    case "flip": return `${who}: ${coinText(ev.coin, ui)}`;
    case "decided": return ui.t("{who} has decided.", { who });
    case "reveal": return ui.t("Reveal: {n} cards placed.", { n: (ev.placements || []).length });
    case "draw": return ui.t("{who} draws {n}.", { who, n: ev.count });
    case "game_over": return ui.t("Game over.");
    case "tiebreak_draw": return ui.t("{who} draws {n}.", { who, n: ev.count });
    case "draw_skipped": return ui.t("No card is left to draw.");
    case "reshuffle": return ui.t("The discard pile was shuffled into a new deck of {n} cards.", { n: ev.count });
    case "catch": return ui.t("{who} caught {caught}: no DenboraZup call!", { who, caught: ui.seatName(ev.caught) });
    case "waive": return ui.t("{who} let it go.", { who });
    case "voted": return ui.t("{who} has voted.", { who });
    case "chosen": return ui.t("{who} has chosen.", { who });
    case "star": return ev.choice === "replace" ? ui.t("{who} used a star: the reference card is replaced.", { who })
      : ui.t("{who} used a star: {to} takes the top card.", { who, to: ui.seatName(ev.to) });
    case "all_passed": return ui.t("Everybody passed.");
    case "missed_call": return ui.t("No DenboraZup call from {who}: they can be caught.", { who: (ev.seats || []).map((s) => ui.seatName(s)).join(", ") });
    case "new_reference": return ui.t("New reference card: {card}.", { card: `${title(ev.reference)} — ${formatDate(ev.reference)}` });
    case "vote_result": return ev.yes ? ui.t("Vote: the reference card is replaced.") : ui.t("Vote: the reference card stays.");
    case "tiebreak": return ui.t("Tie-break between {who}.", { who: (ev.seats || []).map((s) => ui.seatName(s)).join(", ") });
    case "tiebreak_reveal": return ui.t("Tie-break: {choices}.", { choices: (ev.choices || []).map((ch) =>
      `${ui.seatName(ch.seat)} ${title(ch.card)} — ${formatDate(ch.card)}`).join("; ") });
    default: return null;
  }
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

export function render(root, msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const legal = msg.legal || [];
  const places = legal.filter((n) => n.startsWith("place "));
  const byCard = {};
  for (const n of places) (byCard[n.split(" ")[1]] ||= []).push(n);
  if (chosen && !byCard[chosen]) chosen = null;
  const others = legal.filter((n) => !n.startsWith("place "));

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
    const slotFor = (k) => (chosen ? (byCard[chosen] || []).filter((n) => n.includes(` slot ${k}`)) : []);
    const items = [];
    v.timeline.forEach((c, k) => {
      for (const n of slotFor(k)) items.push(ui.actionButton(n, `⤓ ${k}`, { class: "slot", "aria-label": actionLabel(n, ui, msg) }));
      items.push(eventCard(ui, c, { cls: k === v.reference_index ? "reference" : "" }));
    });
    for (const n of slotFor(v.timeline.length)) items.push(ui.actionButton(n, `⤓ ${v.timeline.length}`, { class: "slot", "aria-label": actionLabel(n, ui, msg) }));
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
      v.my_decision ? h("p", { class: "pill" }, ui.t("Your decision: {d}", { d: v.my_decision })) : null,
      h("div", { class: "row", id: "hand" }, v.hand.map((c) => eventCard(ui, c, {
        cls: byCard[c.id] ? "playable" : "", pressed: chosen === c.id,
        onclick: byCard[c.id] ? () => { chosen = chosen === c.id ? null : c.id; render(root, msg, ui); } : null }))),
      chosen && v.mode !== "long" ? h("div", { class: "row" }, byCard[chosen].map((n) => ui.actionButton(n, actionLabel(n, ui, msg)))) : null,
      chosen && v.mode === "long" ? h("p", {}, ui.t("Choose a slot in the timeline.")) : null);
  }
  const prompts = [];
  if (v.phase === "vote") prompts.push(h("p", { class: "panel", role: "status" }, ui.t("Everybody passed: replace the reference card with the top card of the deck?")));
  if (v.tiebreak && v.tiebreak.options) {
    prompts.push(h("section", { class: "panel", id: "tiebreak" }, h("h3", {}, ui.t("Tie-break: choose the event closest to the reference")),
      h("div", { class: "row" }, v.tiebreak.options.map((c) => h("div", {}, eventCard(ui, c),
        legal.includes(`choose ${c.id}`) ? ui.actionButton(`choose ${c.id}`, ui.t("Choose")) : null)))));
  }
  if (others.length) prompts.push(h("div", { class: "row", id: "dz-actions" }, others.map((n) => ui.actionButton(n, actionLabel(n, ui, msg)))));
  const rating = v.rating ? h("p", { class: "panel", id: "rating" }, ui.t("Rating"), ": ", h("strong", {}, ui.has(v.rating) ? ui.tg(v.rating) : v.rating)) : null;
  ui.fill(root, header, rating, centre, lastReveal(v, ui), ...prompts, status, hand,
    h("p", {}, h("a", { href: "/chronology/denborazup" }, ui.t("DenboraZup chronology"))));
}
