// Mille Bornes table: every team's tableau, hand, draw/discard, coup fourré and extension prompts,
// leg score sheet. Renders the view JSON of mahai.games.mille_bornes (see its package docstring).
import { cardEl } from "../js/cards.js";

const KIND = {
  "25": "distance", "50": "distance", "75": "distance", "100": "distance", "200": "distance",
  stop: "hazard", speed_limit: "hazard", out_of_gas: "hazard", flat_tire: "hazard", accident: "hazard",
  roll: "remedy", end_of_limit: "remedy", gasoline: "remedy", spare_tire: "remedy", repairs: "remedy",
  right_of_way: "safety", extra_tank: "safety", puncture_proof: "safety", driving_ace: "safety",
};
const ICON = {
  stop: "■", speed_limit: "50", out_of_gas: "∅", flat_tire: "◎", accident: "✖",
  roll: "▶", end_of_limit: "⊘", gasoline: "▮", spare_tire: "◉", repairs: "✚",
  right_of_way: "★", extra_tank: "★", puncture_proof: "★", driving_ace: "★",
};
const COLOUR = { distance: "#1d4e89", hazard: "#b3261e", remedy: "#2e7d32", safety: "#7a5b00" };
const KIND_LABEL = { distance: "KM", hazard: "!", remedy: "+", safety: "★" };

export function cardName(code, ui) {
  if (ui.has(`card.${code}`)) return ui.tg(`card.${code}`);
  return KIND[code] === "distance" ? `${code} km` : ui.t(`mb.card.${code}`);
}

function face(code, ui) {
  const kind = KIND[code] || "distance";
  if (kind === "distance") return { corner: code, big: code, label: "km", colour: COLOUR.distance, icon: "⚑" };
  return { corner: KIND_LABEL[kind], icon: ICON[code], label: cardName(code, ui), colour: COLOUR[kind],
           band: COLOUR[kind], hatch: kind === "hazard" };
}

export function card(code, ui, opts = {}) {
  const kindWord = ui.t(`mb.kind.${KIND[code] || "distance"}`);
  return cardEl(ui.h, face(code, ui), `${cardName(code, ui)} (${kindWord})`, opts);
}

function teamName(view, team, ui) {
  const seats = view.teams[team].map((s) => ui.seatName(s)).join(" + ");
  return view.teams.length === view.players ? seats : `${ui.t("Team {n}", { n: team + 1 })}: ${seats}`;
}

export function actionLabel(n, ui) {
  const w = n.split(" ");
  const c = (code) => cardName(code, ui);
  switch (w[0]) {
    case "draw": return w[1] === "discard" ? ui.t("Take the top discard") : ui.t("Draw a card");
    case "play": case "remedy": return ui.t("Play {card}", { card: c(w[1]) });
    case "hazard": return ui.t("{card} on team {team}", { card: c(w[1]), team: Number(w[2]) + 1 });
    case "safety": return ui.t("Lay {card}", { card: c(w[1]) });
    case "coup_fourre": return ui.t("Coup fourré with {card}!", { card: c(w[1]) });
    case "decline": return ui.t("No coup fourré");
    case "discard": return ui.t("Discard {card}", { card: c(w[1]) });
    case "redraw": return ui.t("Discard {cards} and draw back to six", { cards: w.slice(1).map(c).join(", ") });
    case "extend": return w[1] === "yes" ? ui.t("Extension: go on to 1000 km") : ui.t("No extension: end the leg");
    default: return n;
  }
}

export function describeEvent(ev, ui) {
  const who = ev.seat !== undefined ? ui.seatName(ev.seat) : "";
  const c = (code) => (code ? cardName(code, ui) : "");
  switch (ev.kind) {
    case "draw": return ev.card ? ui.t("{who} drew {card}.", { who, card: c(ev.card) }) : ui.t("{who} drew a card.", { who });
    case "discard": return ui.t("{who} discarded {card}.", { who, card: c(ev.card) });
    case "distance": case "remedy": case "safety":
      return ui.t("{who} played {card}.", { who, card: c(ev.card) });
    case "hazard": return ui.t("{who} played {card} on team {team}.", { who, card: c(ev.card), team: Number(ev.team) + 1 });
    case "coup_fourre": return ui.t("{who}: coup fourré with {card}!", { who, card: c(ev.card) });
    case "leg_end": return ui.t("The leg is over.");
    case "game_end": return ui.t("Game over.");
    case "leg_start": return ui.t("Leg {n} starts: the trip is {target} km.", { n: ev.leg, target: ev.target });
    case "deal": return ui.t("{who} was dealt {n} cards.", { who, n: ev.cards ? ev.cards.length : ev.count });
    case "decline": return ui.t("{who}: no coup fourré.", { who });
    case "redraw": return ui.t("{who} discarded {cards} and drew back to six.", { who, cards: (ev.cards || []).map(c).join(", ") });
    case "window": return ui.t("{card} against team {team}: coup fourré possible until the window closes.", { card: c(ev.hazard), team: Number(ev.team) + 1 });
    case "extension_question": return ui.t("{who} completed the trip: extension or not?", { who });
    case "extension": return ev.yes ? ui.t("{who}: extension, the trip is now 1000 km.", { who }) : ui.t("{who}: no extension.", { who });
    case "reshuffle": return ui.t("The discard pile was shuffled into a new draw pile of {n} cards.", { n: ev.draw_pile });
    default: return null;
  }
}

function pile(cards, ui, label) {
  const top = cards && cards.length ? cards[cards.length - 1] : null;
  return ui.h("div", { class: "pile" }, ui.h("div", { class: "muted" }, label),
    top ? card(top, ui, { small: true }) : ui.h("span", { class: "card small", role: "img", "aria-label": ui.t("empty") }, ""));
}

function tableau(view, tb, msg, ui, byTeam) {
  const { h } = ui;
  const mine = msg.seat !== null && view.team_of[msg.seat] === tb.team;
  const turn = tb.seats.includes(view.turn);
  const status = [];
  if (tb.rolling) status.push(h("span", { class: "pill ok" }, "▶ ", ui.t("rolling")));
  else status.push(h("span", { class: "pill bad" }, "■ ", tb.hazard ? cardName(tb.hazard, ui) : ui.t("stopped")));
  if (tb.speed_limited) status.push(h("span", { class: "pill bad" }, "50 ", ui.t("speed limit")));
  const counts = {};
  for (const d of tb.distance) counts[d] = (counts[d] || 0) + 1;
  const attacks = (byTeam[tb.team] || []).map((n) => ui.actionButton(n, `${actionLabel(n, ui)}`));
  return h("section", { class: `team ${turn ? "turn" : ""}`, "aria-label": teamName(view, tb.team, ui), "data-team": tb.team },
    h("h3", {}, teamName(view, tb.team, ui), mine && tb.seats.length > 1 ? ` (${ui.t("your team")})` : "", " — ",
      h("strong", { class: "km" }, `${tb.km} km`), ` / ${view.target} km`),
    h("div", { class: "row" }, ...status),
    h("div", { class: "row" },
      pile(tb.battle, ui, ui.t("Battle pile")), pile(tb.speed, ui, ui.t("Speed pile")),
      h("div", {}, h("div", { class: "muted" }, ui.t("Safeties")),
        h("div", { class: "row" }, tb.safeties.map((s) => card(s, ui, { small: true,
          cls: tb.coups_fourres.includes(s) ? "crosswise" : "",
          attrs: tb.coups_fourres.includes(s) ? { "data-coup-fourre": "1", style: "transform: rotate(90deg)" } : {} })))),
      h("div", {}, h("div", { class: "muted" }, ui.t("Distance")),
        h("div", {}, Object.entries(counts).map(([d, n]) => h("span", { class: "pill" }, `${d} km × ${n}`))))),
    attacks.length ? h("div", { class: "row" }, attacks) : null);
}

function scoreSheet(view, ui) {
  const { h } = ui;
  const sc = view.scores;
  if (!sc || !sc.legs || !sc.legs.length) {
    return h("p", { class: "muted" }, ui.t("Totals: {totals}", { totals: (sc ? sc.totals : []).join(" · ") }));
  }
  const teams = view.teams.map((_, i) => i);
  const rows = [];
  for (const leg of sc.legs) {
    rows.push(h("tr", {}, h("th", { colspan: String(teams.length + 1), scope: "colgroup" }, ui.t("Leg {n}", { n: leg.leg }))));
    const items = [...new Set(leg.teams.flatMap((t) => t.items.map((i) => i.name)))];
    for (const item of items) {
      rows.push(h("tr", {}, h("td", {}, ui.has(`score.${item}`) ? ui.tg(`score.${item}`) : item.replaceAll("_", " ")),
        teams.map((ti) => { const t = leg.teams.find((x) => x.team === ti); const it = t && t.items.find((x) => x.name === item); return h("td", {}, it ? String(it.points) : ""); })));
    }
    rows.push(h("tr", {}, h("td", {}, h("strong", {}, ui.t("Leg total"))),
      teams.map((ti) => { const t = leg.teams.find((x) => x.team === ti); return h("td", {}, h("strong", {}, t ? String(t.total) : "")); })));
  }
  rows.push(h("tr", {}, h("td", {}, h("strong", {}, ui.t("Game total"))), sc.totals.map((v) => h("td", {}, h("strong", {}, String(v))))));
  return h("table", { class: "score", id: "score-sheet" },
    h("caption", {}, ui.t("Score sheet (to {target})", { target: sc.game_target })),
    h("thead", {}, h("tr", {}, h("th", {}, ""), teams.map((ti) => h("th", { scope: "col" }, teamName(view, ti, ui))))),
    h("tbody", {}, rows));
}

export function render(root, msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const legal = msg.legal || [];
  const byTeam = {};
  const byCard = {};
  for (const n of legal) {
    const w = n.split(" ");
    if (w[0] === "hazard") (byTeam[Number(w[2])] ||= []).push(n);
    else if (["play", "remedy", "safety", "discard", "coup_fourre"].includes(w[0])) (byCard[w[1]] ||= []).push(n);
  }
  const prompts = [];
  if (v.window) {
    prompts.push(h("div", { class: "panel", role: "status", id: "window" },
      ui.t("{card} against team {team}: coup fourré possible until the window closes.",
        { card: cardName(v.window.hazard, ui), team: v.window.team + 1 }),
      v.decision === "coup_fourre" ? h("div", { class: "row" },
        legal.filter((n) => n.startsWith("coup_fourre") || n === "decline").map((n) => ui.actionButton(n))) : null));
  }
  if (v.decision === "extension") {
    prompts.push(h("div", { class: "panel", role: "alert", id: "extension" },
      h("p", {}, ui.t("You completed the trip. Go on with the extension?")),
      h("div", { class: "row" }, legal.filter((n) => n.startsWith("extend")).map((n) => ui.actionButton(n)))));
  }
  const hand = v.hand ? h("section", { class: "panel", "aria-label": ui.t("Your hand") },
    h("h3", {}, ui.t("Your hand")),
    h("div", { class: "row" }, v.hand.map((code) => {
      const acts = byCard[code] || [];
      return h("div", { class: "hand-card" },
        card(code, ui, { cls: acts.length ? "playable" : "" }),
        h("div", { class: "row" }, acts.map((n) => ui.actionButton(n, actionLabel(n, ui).replace(cardName(code, ui), "").trim() || actionLabel(n, ui)))));
    }))) : null;
  const others = v.hand_sizes.map((n, s) => (s === msg.seat ? null : h("span", { class: "pill" }, `${ui.seatName(s)}: ${n} 🂠`)));
  ui.fill(root, 
    h("div", { class: "panel row", id: "piles" },
      h("span", {}, ui.t("Leg {n}", { n: v.leg }), " · ", ui.t("Target {km} km", { km: v.target })),
      h("span", { class: "pill" }, ui.t("Draw pile: {n}", { n: v.draw_pile })),
      h("span", {}, ui.t("Discard pile"), ": ", v.discard_top ? card(v.discard_top, ui, { small: true }) : "—"),
      legal.includes("draw") ? ui.actionButton("draw") : null,
      legal.includes("draw discard") ? ui.actionButton("draw discard") : null,
      ...others),
    ...prompts,
    ...v.tableaux.map((tb) => tableau(v, tb, msg, ui, byTeam)),
    hand,
    h("section", { class: "panel" }, scoreSheet(v, ui)));
}
