// Mille Bornes table: every team's tableau, hand, draw/discard, coup fourré and extension prompts,
// leg score sheet. Lays out the view JSON of mahai.games.mille_bornes; every card name and action
// label comes from the server (msg.labels, msg.legal).
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

function face(code, ui) {
  const kind = KIND[code] || "distance";
  if (kind === "distance") return { corner: code, big: code, label: "km", colour: COLOUR.distance, icon: "⚑" };
  return { corner: KIND_LABEL[kind], icon: ICON[code], label: ui.label(code), colour: COLOUR[kind],
           band: COLOUR[kind], hatch: kind === "hazard" };
}

function card(code, ui, opts = {}) {
  const kindWord = ui.t(`mb.kind.${KIND[code] || "distance"}`);
  return cardEl(ui.h, face(code, ui), `${ui.label(code)} (${kindWord})`, opts);
}

// The words of an action's label without the card's name ("Play 75 km" under the 75 km card
// → "Play"); the button's accessible name stays the whole label.
function short(entry, code, ui) {
  const rest = entry.label.replace(ui.label(code), "").replace(/\s+([.,:;!?])/g, "$1")
    .replace(/^[\s.,:;!?]+|[\s,:;]+$/g, "").replace(/\s+/g, " ");
  return /\p{L}/u.test(rest) ? rest : entry.label;
}

function teamName(view, team, ui) {
  const seats = view.teams[team].map((s) => ui.seatName(s)).join(" + ");
  return view.teams.length === view.players ? seats : `${ui.t("Team {n}", { n: team + 1 })}: ${seats}`;
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
  else status.push(h("span", { class: "pill bad" }, "■ ", tb.hazard ? ui.label(tb.hazard) : ui.t("stopped")));
  if (tb.speed_limited) status.push(h("span", { class: "pill bad" }, "50 ", ui.t("speed limit")));
  const counts = {};
  for (const d of tb.distance) counts[d] = (counts[d] || 0) + 1;
  const attacks = (byTeam[tb.team] || []).map((e) => ui.actionButton(e));
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
  const is = (e, verb) => e.action === verb || e.action.startsWith(`${verb} `);
  for (const e of legal) {  // where each action's button goes: by the card or team its id names
    const w = e.action.split(" ");
    if (w[0] === "hazard") (byTeam[Number(w[2])] ||= []).push(e);
    else if (["play", "remedy", "safety", "discard", "coup_fourre"].includes(w[0])) (byCard[w[1]] ||= []).push(e);
  }
  const prompts = [];
  if (v.window) {
    prompts.push(h("div", { class: "panel", role: "status", id: "window" },
      ui.t("{card} against team {team}: coup fourré possible until the window closes.",
        { card: ui.label(v.window.hazard), team: v.window.team + 1 }),
      v.decision === "coup_fourre" ? h("div", { class: "row" },
        legal.filter((e) => is(e, "coup_fourre") || is(e, "decline")).map((e) => ui.actionButton(e))) : null));
  }
  if (v.decision === "extension") {
    prompts.push(h("div", { class: "panel", role: "alert", id: "extension" },
      h("p", {}, ui.t("You completed the trip. Go on with the extension?")),
      h("div", { class: "row" }, legal.filter((e) => is(e, "extend")).map((e) => ui.actionButton(e)))));
  }
  const hand = v.hand ? h("section", { class: "panel", "aria-label": ui.t("Your hand") },
    h("h3", {}, ui.t("Your hand")),
    h("div", { class: "row" }, v.hand.map((code) => {
      const acts = byCard[code] || [];
      return h("div", { class: "hand-card" },
        card(code, ui, { cls: acts.length ? "playable" : "" }),
        h("div", { class: "row" }, acts.map((e) => ui.actionButton(e, short(e, code, ui)))));
    }))) : null;
  const others = v.hand_sizes.map((n, s) => (s === msg.seat ? null : h("span", { class: "pill" }, `${ui.seatName(s)}: ${n} 🂠`)));
  ui.fill(root, 
    h("div", { class: "panel row", id: "piles" },
      h("span", {}, ui.t("Leg {n}", { n: v.leg }), " · ", ui.t("Target {km} km", { km: v.target })),
      h("span", { class: "pill" }, ui.t("Draw pile: {n}", { n: v.draw_pile })),
      h("span", {}, ui.t("Discard pile"), ": ", v.discard_top ? card(v.discard_top, ui, { small: true }) : "—"),
      legal.filter((e) => is(e, "draw")).map((e) => ui.actionButton(e)),
      ...others),
    ...prompts,
    ...v.tableaux.map((tb) => tableau(v, tb, msg, ui, byTeam)),
    hand,
    h("section", { class: "panel scores" }, scoreSheet(v, ui)));
}
