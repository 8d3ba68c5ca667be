// Mille Bornes table: each team's tableau laid out like the physical one (battle pile, speed pile,
// distance by value, safeties with coups fourrés crosswise), opponents at the top, your team
// nearest you; the draw and discard piles in the middle; your hand at the bottom. Choose a card,
// then where it goes (your tableau, an opponent's, the discard pile). A hazard you may answer and
// the extension question come first, as a prompt. Lays out mahai.games.mille_bornes' view; card
// names and action labels come from the server (msg.labels, msg.legal).
let chosen = null;      // the hand card chosen (its code)
let redrawing = false;  // fast game: choosing cards to discard and draw back to six
let picked = [];        // ... those cards (codes, with repeats)
let chosenKey = "";
let waived = null;      // the coup-fourré window whose prompt this player set aside

const DIST = ["25", "50", "75", "100", "200"];
const is = (e, verb) => e.action === verb || e.action.startsWith(`${verb} `);
const words = (e) => e.action.split(" ");  // the card and team an action's id names

function kindWord(code, ui) {
  const kind = { 25: 1, 50: 1, 75: 1, 100: 1, 200: 1 }[code] ? "distance" : null;
  return ui.t(`mb.kind.${kind || kindOf(code)}`);
}
const HAZ = ["stop", "speed_limit", "out_of_gas", "flat_tire", "accident"];
const REM = ["roll", "end_of_limit", "gasoline", "spare_tire", "repairs"];
const kindOf = (c) => (HAZ.includes(c) ? "hazard" : REM.includes(c) ? "remedy" : DIST.includes(c) ? "distance" : "safety");

function card(code, ui, opts = {}) {
  return ui.cardEl(ui.h, ui.mbFace(code, ui.label(code)), opts.label || `${ui.label(code)} (${kindWord(code, ui)})`, opts);
}

function teamName(view, team, ui) {
  return view.teams[team].map((s) => ui.seatName(s)).join(" + ");
}

// A button's label that breaks on a phone breaks after its colon, each half whole (CSS: spans of
// .big are inline blocks): "Segituko dut: 1.000 km-ra / arte" left a word alone on a line.
function atColon(h, label) {
  const i = label.indexOf(": ");
  return i < 0 ? label : [h("span", {}, label.slice(0, i + 1)), " ", h("span", {}, label.slice(i + 2))];
}

function pile(cards, ui, name, place, opts = {}) {
  const { h } = ui;
  const top = cards && cards.length ? cards[cards.length - 1] : null;
  return h("div", { class: "pile", "data-place": place },
    h("div", { class: "stack" }, top ? card(top, ui, { small: true, fly: opts.fly ? `${opts.fly}:${cards.length}` : null, from: opts.from })
      : h("span", { class: "card small empty", role: "img", "aria-label": ui.t("{pile}: empty", { pile: name }) })),
    h("div", { class: "pile-name", "aria-hidden": "true" }, name));
}

function tableau(v, tb, msg, ui, targets, mine) {
  const { h } = ui;
  const counts = {};
  for (const d of tb.distance) counts[d] = (counts[d] || 0) + 1;
  const status = [];
  if (tb.rolling) status.push(h("span", { class: "pill ok" }, ui.t("rolling")));
  else status.push(h("span", { class: "pill bad" }, tb.hazard ? ui.label(tb.hazard) : ui.t("stopped")));
  if (tb.speed_limited) status.push(h("span", { class: "pill bad" }, ui.t("speed limit")));
  const lastSeat = (msg.recent || []).filter((e) => e.team === tb.team && e.seat !== undefined).map((e) => e.seat).pop();
  const from = lastSeat !== undefined ? `seat-${lastSeat}` : null;
  const plates = tb.seats.map((s) => ui.plate(s, [h("span", { class: "chip count", title: ui.t("{n} card", { n: v.hand_sizes[s] }) },
    h("span", { class: "mini-back", "aria-hidden": "true" }), ` ${v.hand_sizes[s]}`)]));
  const pct = Math.min(100, Math.round((100 * tb.km) / v.target));
  // as the centre's "Target 1.000 km" writes it (ui.num): the plate said "0 / 1000 km" beside it
  const km = `${ui.num(tb.km)} / ${ui.num(v.target)} km`;
  return h("section", { class: `tableau ${mine ? "mine" : ""} ${targets.length ? "target" : ""}`, "data-team": String(tb.team),
                        "data-place": `team-${tb.team}`, "aria-label": ui.t("Tableau of {team}", { team: teamName(v, tb.team, ui) }) },
    h("div", { class: "tableau-head" }, plates, h("span", { class: "km" }, km)),
    h("div", { class: "road", role: "img", "aria-label": km }, h("span", { style: `width:${pct}%` })),
    h("div", { class: "piles" },
      pile(tb.battle, ui, ui.t("Battle pile"), `battle-${tb.team}`, { fly: `battle-${tb.team}`, from }),
      pile(tb.speed, ui, ui.t("Speed pile"), `speed-${tb.team}`, { fly: `speed-${tb.team}`, from }),
      h("div", { class: "pile" },
        h("div", { class: "distance-rows", role: "group", "aria-label": ui.t("Distance") }, DIST.filter((d) => counts[d]).map((d) =>
          h("div", { class: "distance-col", title: `${d} km × ${counts[d]}` },
            Array.from({ length: counts[d] }, (_, i) => card(d, ui, { small: true, fly: `dist-${tb.team}-${d}-${i}`, from,
              label: i === counts[d] - 1 ? `${d} km × ${counts[d]}` : null, attrs: i < counts[d] - 1 ? { "aria-hidden": "true" } : {} }))))),
        h("div", { class: "pile-name", "aria-hidden": "true" }, ui.t("Distance"))),
      h("div", { class: "safeties", role: "group", "aria-label": ui.t("Safeties") },
        tb.safeties.map((s) => card(s, ui, { small: true, fly: `safety-${s}`, from,
          cls: tb.coups_fourres.includes(s) ? "crosswise" : "",
          label: tb.coups_fourres.includes(s) ? `${ui.label(s)} (${ui.t("coup fourré")})` : null,
          attrs: tb.coups_fourres.includes(s) ? { "data-coup-fourre": "1" } : {} })),
        h("div", { class: "status-pills" }, status))),
    targets);
}

export function render(root, msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const legal = msg.legal || [];
  const me = msg.seat;
  const myTeam = me !== null ? v.team_of[me] : v.team_of[0];
  const key = `${v.leg}:${msg.version}`;
  if (key !== chosenKey) { chosenKey = key; }
  // where each action goes: by the card its id names
  const byCard = {};
  const redraws = legal.filter((e) => is(e, "redraw"));
  for (const e of legal) {
    const w = words(e);
    if (["play", "remedy", "safety", "discard", "hazard"].includes(w[0])) (byCard[w[1]] ||= []).push(e);
  }
  if (chosen && !byCard[chosen]) chosen = null;
  if (!redraws.length) { redrawing = false; picked = []; }
  ui.claim(redraws);
  for (const acts of Object.values(byCard)) ui.claim(acts);  // made by choosing the card, then its place

  // the decision owed now comes first: coup fourré, the extension, a fast game's remedy
  const prompts = [];
  const cf = legal.filter((e) => is(e, "coup_fourre"));
  const decline = legal.filter((e) => is(e, "decline"));
  const windowKey = v.window ? `${v.leg}:${v.window.team}:${v.window.hazard}:${v.window.attacker}:${v.draw_pile}` : null;
  if (v.window && !cf.length && decline.length && v.decision === "coup_fourre"
      && !legal.some((e) => is(e, "remedy"))) {
    // Nothing to call (no safety for it in your hand, no fast-game remedy), and yet asked, as every
    // attacked player is (MBR-10: whether a seat is asked must not tell what it holds): one light
    // line, said once, and "no coup fourré" as the thing to do, not an alarm.
    prompts.push(h("section", { class: "prompt light over", id: "window", role: "status" },
      h("div", { class: "row" },
        h("p", {}, ui.t("Hazard: {hazard}. You have no safety against it.", { hazard: ui.label(v.window.hazard) })),
        decline.map((e) => ui.actionButton(e, null, { class: "primary", id: "decline" })))));
  } else if (v.window && (cf.length || decline.length) && windowKey !== waived) {
    const outOfTurn = legal.filter((e) => is(e, "remedy") && v.decision === "coup_fourre");
    // "over": on a tablet or a desktop it lies over the draw and discard piles (CSS), adding no
    // height (standing above the table it pushed the bottom of the hand below a 1280 × 800 screen)
    // and hiding neither the attacker's plate (over the opponents' tableau it did) nor your pile
    prompts.push(h("section", { class: "prompt urgent over", id: "window", role: "alert" },
      h("div", { class: "row" }, card(v.window.hazard, ui, { small: true }),
        h("p", {}, cf.length ? ui.t("Hazard: {hazard}. Your safety: {safety}.", { hazard: ui.label(v.window.hazard), safety: ui.label(words(cf[0])[1]) })
          : ui.t("Hazard: {hazard}.", { hazard: ui.label(v.window.hazard) }))),
      h("div", { class: "row" },
        cf.map((e) => ui.actionButton(e, null, { class: "primary big", id: "coup-fourre" })),
        outOfTurn.map((e) => ui.actionButton(e, null, { class: "big" })),
        decline.length ? decline.map((e) => ui.actionButton(e, null, { class: "big", id: "decline" }))
          // on your own turn "no" is simply to play on: the prompt goes, the window stays open
          : h("button", { type: "button", class: "big", id: "decline", onclick: () => { waived = windowKey; ui.rerender(); } },
            ui.t("No, carry on")))));
  }
  if (v.decision === "extension") {
    prompts.push(h("section", { class: "prompt urgent", id: "extension", role: "alert" },
      h("p", {}, ui.t("You completed the trip. Go on with the extension?")),
      h("div", { class: "row" }, legal.filter((e) => is(e, "extend")).map((e) =>
        ui.actionButton(e, atColon(h, e.label), { class: e.action === "extend yes" ? "primary big" : "big" })))));
  }

  // targets for the chosen card: your tableau, an opponent's, the discard pile
  const targetsFor = (team) => (chosen ? byCard[chosen].filter((e) => (is(e, "hazard") ? Number(words(e)[2]) === team
    : !is(e, "discard") && team === myTeam)) : []).map((e) => ui.actionButton(e, null, { class: `target-btn ${is(e, "hazard") ? "" : "good"}` }));
  const order = v.tableaux.map((tb) => tb.team).filter((t) => t !== myTeam);
  const others = h("div", { class: "mb-others" }, order.map((t) => tableau(v, v.tableaux[t], msg, ui, targetsFor(t), false)));
  const mine = tableau(v, v.tableaux[myTeam], msg, ui, targetsFor(myTeam), me !== null);

  const draw = legal.find((e) => e.action === "draw");
  const drawDiscard = legal.find((e) => e.action === "draw discard");
  const discardTargets = chosen ? byCard[chosen].filter((e) => is(e, "discard")) : [];
  const middle = h("div", { class: "mb-middle", role: "group", "aria-label": ui.t("Draw and discard piles") },
    h("div", { class: "pile", "data-place": "deck" },
      draw ? ui.cardEl(h, ui.backFace("#b3261e"), draw.label, { onclick: () => ui.act(draw.action), cls: "playable", attrs: { "data-action": draw.action } })
        : ui.cardEl(h, ui.backFace("#b3261e"), ui.t("Draw pile: {n}", { n: v.draw_pile }), { cls: "small" }),
      h("div", { class: "pile-name" }, ui.t("Draw pile: {n}", { n: v.draw_pile }))),
    h("div", { class: "pile", "data-place": "discard" },
      v.discard_top ? card(v.discard_top, ui, { fly: `discard:${v.discard.length}`, from: lastFrom(msg), small: !drawDiscard,
                                                onclick: drawDiscard ? () => ui.act(drawDiscard.action) : null,
                                                attrs: drawDiscard ? { "data-action": drawDiscard.action } : {} })
        : h("span", { class: "card small empty", role: "img", "aria-label": ui.t("{pile}: empty", { pile: ui.t("Discard pile") }) }),
      h("div", { class: "pile-name" }, ui.t("Discard pile")),
      discardTargets.map((e) => ui.actionButton(e, null, { class: "target-btn discard" }))),
    h("div", { class: "muted" }, ui.t("Leg {n}", { n: v.leg }), h("br"), ui.t("Target {km} km", { km: v.target })));

  // your hand: choose a card (then its place), or several to redraw (fast game)
  let dock = null;
  if (v.hand) {
    const cards = v.hand.map((code, i) => {
      if (redrawing) {
        const n = picked.filter((c) => c === code).length;
        const before = v.hand.slice(0, i).filter((c) => c === code).length;
        const on = before < n;
        return card(code, ui, { fly: `hand-${code}-${before}`, cls: "hand-card", attrs: { "data-pick": code, "aria-pressed": on ? "true" : "false" }, onclick: () => {
          if (on) picked.splice(picked.indexOf(code), 1); else picked.push(code);
          ui.rerender();
        } });
      }
      const acts = byCard[code] || [];
      const before = v.hand.slice(0, i).filter((c) => c === code).length;
      if (!acts.length) return card(code, ui, { fly: `hand-${code}-${before}`, cls: `hand-card ${Object.keys(byCard).length ? "unplayable" : ""}` });
      const on = chosen === code && before === 0;
      return card(code, ui, { fly: `hand-${code}-${before}`, cls: "hand-card playable",
        attrs: { "data-pick": code, "aria-pressed": on ? "true" : "false" },
        onclick: (ev) => {
          chosen = chosen === code ? null : code;
          ui.rerender();
          focusPick(code);
          showTargets();
          // chosen with the keyboard (Enter, Space: a click of detail 0): its place on the table
          // takes the focus, as a tap goes there next (it was 15 Tabs round the page, above the hand)
          if (chosen && ev.detail === 0) focusTarget();
        } });
    });
    const redrawPick = redraws.length ? h("button", { type: "button", "data-pick": "redraw", "aria-pressed": redrawing ? "true" : "false",
      onclick: () => { redrawing = !redrawing; picked = []; chosen = null; ui.rerender(); } }, ui.t("Discard several and draw back to six")) : null;
    const entry = redrawing ? redraws.find((e) => words(e).slice(1).sort().join(" ") === [...picked].sort().join(" ")) : null;
    // what to do now, over the hand: draw (the pile glowed, nothing said so), choose, place
    const hint = chosen ? ui.t("Now choose where {card} goes.", { card: ui.label(chosen) })
      : Object.keys(byCard).length ? ui.t("Choose a card.")
        : draw && !prompts.length ? ui.t("Press the draw pile to draw a card.") : null;
    dock = h("div", { class: "dock", "data-home": "", tabindex: "-1" },
      hint ? h("p", { class: "hint" }, hint) : null,
      ui.fan(h, cards, { id: "hand", class: "hand hand-cards", "data-count": String(cards.length), role: "group", "aria-label": ui.t("Your hand") }),
      redrawPick || entry ? h("div", { class: "row", style: "justify-content:center" }, redrawPick,
        redrawing ? (entry ? ui.actionButton(entry, ui.t("Discard and draw"), { class: "primary", id: "redraw" })
          : h("button", { type: "button", disabled: true, class: "primary", id: "redraw" }, ui.t("Discard and draw"))) : null) : null);
  }
  ui.fill(root, prompts, h("div", { class: "mb-table" }, others, middle, mine), dock,
    h("details", { class: "panel scores", open: msg.over || null }, h("summary", {}, ui.t("Score sheet")), h("div", { class: "scroll-x", tabindex: "0", role: "group", "aria-label": ui.t("Score sheet") }, scoreSheet(v, ui))));
}

function lastFrom(msg) {
  const e = (msg.recent || []).filter((x) => x.seat !== undefined).pop();
  return e ? `seat-${e.seat}` : null;
}

// A card chosen: where it may go comes into view. On a phone scrolled down to the hand, the
// opponent's tableau (a hazard's place) was above the screen, its button cut at the top edge.
// The least scrolling that shows the highest place, at once (no smooth scroll under a tap).
function showTargets() {
  const places = [...document.querySelectorAll("#board .target-btn")];
  if (!places.length) return;
  const top = places.reduce((a, b) => (b.getBoundingClientRect().top < a.getBoundingClientRect().top ? b : a));
  const r = top.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) top.scrollIntoView({ block: "nearest", behavior: "auto" });
}

// The chosen card's own place first (your distance, your battle pile), then an opponent's, the
// discard pile last: Enter twice plays a 100 km card, it does not throw it away.
function focusTarget() {
  const el = ["good", "target-btn:not(.discard)", "target-btn"]
    .map((c) => document.querySelector(`#board .target-btn.${c}`)).find(Boolean);
  if (el) el.focus({ preventScroll: true });
}

function focusPick(code) {
  const el = document.querySelector(`[data-pick="${code}"]`);
  if (el) el.focus({ preventScroll: true });
}

// A row heading of the score sheet, capitalised as the rows under it ("Etaparen guztizkoa"): the
// catalog's score.* words are lower case, as they also go inside sentences ("kilometroak").
const itemName = (item, ui) => {
  const name = ui.has(`score.${item}`) ? ui.tg(`score.${item}`) : item.replaceAll("_", " ");
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
};

function legTable(v, leg, ui, id) {
  const { h } = ui;
  const teams = v.teams.map((_, i) => i);
  const items = [...new Set(leg.teams.flatMap((t) => t.items.map((i) => i.name)))];
  const cell = (ti, f) => { const t = leg.teams.find((x) => x.team === ti); return h("td", {}, t ? f(t) : ""); };
  return h("table", { class: "score summary-table", id },
    h("caption", {}, ui.t("Leg {n}", { n: leg.leg })),
    h("thead", {}, h("tr", {}, h("td", {}), teams.map((ti) => h("th", { scope: "col" }, ui.name(teamName(v, ti, ui)))))),
    h("tbody", {}, items.map((item) => h("tr", {}, h("th", { scope: "row" }, itemName(item, ui)),
      teams.map((ti) => cell(ti, (t) => { const it = t.items.find((x) => x.name === item); return it ? ui.num(it.points) : "—"; })))),
    h("tr", { class: "total" }, h("th", { scope: "row" }, ui.t("Leg total")), teams.map((ti) => cell(ti, (t) => ui.num(t.total)))),
    h("tr", { class: "total" }, h("th", { scope: "row" }, ui.t("Game total")), v.scores.totals.map((x) => h("td", {}, ui.num(x))))));
}

function scoreSheet(view, ui) {
  const { h } = ui;
  const sc = view.scores;
  if (!sc || !sc.legs || !sc.legs.length) {
    return h("p", { class: "muted", id: "score-sheet" }, ui.t("Totals: {totals}", { totals: (sc ? sc.totals : []).map(ui.num).join(" · ") }));
  }
  return h("div", { id: "score-sheet" }, sc.game_target ? h("p", {}, ui.t("Score sheet (to {target})", { target: sc.game_target })) : null,
    sc.legs.map((leg) => legTable(view, leg, ui, null)));
}

// The leg just played: every team's points, item by item (coups fourrés, safe trip, shut-out…).
export function summary(msg, ui) {
  const v = msg.view;
  const legs = v.scores && v.scores.legs;
  return legs && legs.length ? legTable(v, legs[legs.length - 1], ui, "leg-summary") : null;
}

export function final(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  return h("div", {}, summary(msg, ui),
    h("table", { class: "score", id: "final-scores" }, h("caption", {}, ui.t("Final scores")),
      h("tbody", {}, v.teams.map((seats, ti) => h("tr", { class: seats.some((s) => msg.winners.includes(s)) ? "winner" : "" },
        h("th", { scope: "row" }, ui.name(teamName(v, ti, ui))), h("td", {}, ui.num(v.scores.totals[ti])))))));
}
