// Spades table: bidding (blind nil offered before the hand is shown), the blind-nil exchange,
// tricks, score and bags per side, hand history. Lays out mahai.games.spades' view JSON; every
// card name and action label comes from the server (msg.labels, msg.legal).
import { cardEl } from "../js/cards.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = { H: true, D: true };
const RANK_WORD = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
let selected = new Set();
let selectionKey = "";

function face(code) {
  const colour = RED[code[1]] ? "#b3261e" : "#111";
  const rank = RANK_WORD[code[0]] || code[0];
  return { corner: `${rank}${SUIT[code[1]]}`, icon: SUIT[code[1]], big: rank, colour };
}

function card(code, ui, opts = {}) {
  return cardEl(ui.h, face(code), opts.label || ui.label(code), opts);
}

function back(ui) {
  return cardEl(ui.h, { icon: "✦", colour: "#1d4e89", band: "#1d4e89" }, ui.t("a hidden card"), { small: true });
}

function bidText(b, ui) {
  if (b === null || b === undefined) return "—";
  if (b === "nil") return ui.t("Nil");
  if (b === "blind_nil") return ui.t("Blind nil");
  return String(b);
}

function sideName(view, side, ui) {
  return view.sides[side].seats.map((s) => ui.seatName(s)).join(" + ");
}

function scoreTable(view, ui) {
  const { h } = ui;
  const rows = view.history.map((hd) => h("tr", {}, h("td", {}, ui.t("Hand {n}", { n: hd.hand })),
    hd.sides.map((sd) => h("td", {}, `${sd.points >= 0 ? "+" : ""}${sd.points} (${ui.t("bags")}: ${sd.bags})`)),
    hd.sides.map((sd) => h("td", {}, String(sd.total)))));
  return h("table", { class: "score", id: "score-sheet" },
    h("caption", {}, ui.t("Score sheet (to {target})", { target: view.options.target })),
    h("thead", {}, h("tr", {}, h("th", {}, ""),
      [0, 1].map((s) => h("th", { scope: "col" }, ui.t("{side}: this hand", { side: sideName(view, s, ui) }))),
      [0, 1].map((s) => h("th", { scope: "col" }, ui.t("{side}: total", { side: sideName(view, s, ui) }))))),
    h("tbody", {}, rows,
      h("tr", {}, h("td", {}, h("strong", {}, ui.t("Now"))), view.sides.map((sd) => h("td", {}, ui.t("bags") + `: ${sd.bags}`)),
        view.sides.map((sd) => h("td", {}, h("strong", {}, String(sd.points)))))));
}

export function render(root, msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const legal = msg.legal || [];
  const me = msg.seat;
  const key = `${v.hand_number}:${v.phase}`;
  if (key !== selectionKey) { selected = new Set(); selectionKey = key; }
  const is = (e, verb) => e.action === verb || e.action.startsWith(`${verb} `);
  const cardsOf = (e) => e.action.split(" ").slice(1);  // the card codes an action's id names
  const passes = legal.filter((e) => is(e, "pass"));
  const order = [...Array(v.players).keys()];
  const seatsRow = h("div", { class: "row", id: "players" }, order.map((s) => h("div", {
    class: `team ${v.turn === s ? "turn" : ""}`, "data-seat": s },
    h("h3", {}, ui.seatName(s), s === v.dealer ? ` · ${ui.t("dealer")}` : ""),
    h("div", {}, ui.t("Bid"), ": ", h("strong", {}, bidText(v.bids[s], ui))),
    h("div", {}, ui.t("Tricks"), ": ", h("strong", {}, String(v.tricks_won[s]))),
    h("div", { class: "muted" }, ui.t("{n} cards", { n: v.hand_sizes[s] })),
    v.voids[s].length ? h("div", { class: "muted" }, ui.t("Void in"), ": ", v.voids[s].map((x) => SUIT[x[0].toUpperCase()] + " " + (ui.has(x) ? ui.tg(x) : x)).join(", ")) : null)));
  const sides = h("div", { class: "row" }, v.sides.map((sd, i) => h("div", { class: "panel", "data-side": i },
    h("strong", {}, sideName(v, i, ui)), ": ", ui.t("{points} points", { points: sd.points }), " · ",
    ui.t("bags"), `: ${sd.bags}`, sd.contract !== null ? ` · ${ui.t("contract")}: ${sd.contract}` : "")));
  const trick = h("section", { class: "panel", "aria-label": ui.t("Trick") },
    h("h3", {}, ui.t("Trick"), v.led_suit ? ` — ${ui.t("led")}: ${SUIT[v.led_suit[0].toUpperCase()]}` : "",
      v.spades_broken ? ` · ${ui.t("Spades are broken.")}` : ""),
    h("div", { class: "row", id: "trick" }, v.trick.map((p) => h("figure", { style: "margin:0" }, card(p.card, ui),
      h("figcaption", {}, ui.seatName(p.seat))))),
    v.last_trick ? h("p", { class: "muted" }, ui.t("Last trick"), ": ",
      v.last_trick.cards.map((p) => `${ui.seatName(p.seat)} ${ui.label(p.card)}`).join(", "),
      " → ", ui.seatName(v.last_trick.winner)) : null);
  let hand;
  if (me !== null && v.blind_nil_decision) {
    hand = h("section", { class: "panel", id: "blind-nil" },
      h("p", {}, ui.t("Blind nil? Decide before you look at your cards.")),
      h("div", { class: "row" }, Array.from({ length: v.hand_sizes[me] }, () => back(ui))),
      h("div", { class: "row" }, legal.map((e) => ui.actionButton(e))));
  } else if (v.hand) {
    const plays = new Map(legal.filter((e) => is(e, "play")).map((e) => [cardsOf(e)[0], e]));
    const cards = v.hand.map((c) => {
      const play = plays.get(c);
      if (play) return card(c, ui, { cls: "playable", label: play.label, onclick: () => ui.act(play.action), attrs: { "data-action": play.action } });
      if (passes.length) {
        return card(c, ui, { cls: selected.has(c) ? "selected" : "", attrs: { "aria-pressed": selected.has(c) ? "true" : "false" },
          onclick: () => { if (selected.has(c)) selected.delete(c); else selected.add(c); render(root, msg, ui); } });
      }
      return card(c, ui);
    });
    let passButton = null;
    if (passes.length) {
      const chosen = v.hand.filter((c) => selected.has(c));
      const entry = passes.find((e) => cardsOf(e).sort().join(" ") === [...chosen].sort().join(" "));
      passButton = h("p", {}, ui.t("Choose {n} cards to pass to your partner.", { n: v.exchange.count }), " ",
        entry ? ui.actionButton(entry, ui.t("Pass the chosen cards"), { id: "pass-selected" })
          : h("button", { type: "button", disabled: true, id: "pass-selected" }, ui.t("Pass the chosen cards")));
    }
    hand = h("section", { class: "panel", "aria-label": ui.t("Your hand") }, h("h3", {}, ui.t("Your hand")),
      h("div", { class: "row", id: "hand" }, cards), passButton,
      v.exchange.received.length ? h("p", {}, ui.t("Received"), ": ", v.exchange.received.map((c) => ui.label(c)).join(", ")) : null);
  }
  const bids = legal.filter((e) => is(e, "bid"));
  const bidding = bids.length && !v.blind_nil_decision ? h("section", { class: "panel", id: "bidding" },
    h("h3", {}, ui.t("Your bid")), h("div", { class: "row" }, bids.map((e) => ui.actionButton(e)))) : null;
  const stock = v.stock ? h("p", { class: "panel" }, ui.t("Stock: {n} cards", { n: v.stock.left }),
    v.stock.shown ? [" · ", ui.t("Shown"), ": ", card(v.stock.shown, ui, { small: true })] : null) : null;
  ui.fill(root, 
    h("p", {}, ui.t("Hand {n}", { n: v.hand_number }), " · ", ui.seatName(v.dealer), ` ${ui.t("dealer")}`),
    sides, seatsRow, stock, bidding, trick, hand, h("section", { class: "panel scores" }, scoreTable(v, ui)));
}
