// Spades table: bidding (blind nil offered before the hand is shown), the blind-nil exchange,
// tricks, score and bags per side, hand history. Renders mahai.games.spades' view JSON.
import { cardEl } from "../js/cards.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_WORD = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RED = { H: true, D: true };
const RANK_WORD = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
let selected = new Set();
let selectionKey = "";

export function cardName(code, ui) {
  const rank = RANK_WORD[code[0]] || code[0];
  return ui.t("{rank} of {suit}", { rank, suit: ui.has(SUIT_WORD[code[1]]) ? ui.tg(SUIT_WORD[code[1]]) : SUIT_WORD[code[1]] });
}

function face(code) {
  const colour = RED[code[1]] ? "#b3261e" : "#111";
  const rank = RANK_WORD[code[0]] || code[0];
  return { corner: `${rank}${SUIT[code[1]]}`, icon: SUIT[code[1]], big: rank, colour };
}

export function card(code, ui, opts = {}) {
  return cardEl(ui.h, face(code), cardName(code, ui), opts);
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

export function actionLabel(n, ui) {
  const w = n.split(" ");
  if (w[0] === "bid") return w[1] === "nil" ? ui.t("Bid nil") : w[1] === "blind_nil" ? ui.t("Bid blind nil") : ui.t("Bid {n}", { n: w[1] });
  if (w[0] === "look") return ui.t("Look at my cards");
  if (w[0] === "play") return ui.t("Play {card}", { card: cardName(w[1], ui) });
  if (w[0] === "pass") return ui.t("Pass {cards}", { cards: w.slice(1).map((c) => cardName(c, ui)).join(", ") });
  if (w[0] === "keep") return ui.t("Keep this card");
  if (w[0] === "discard") return ui.t("Discard this card");
  return n;
}

export function describeEvent(ev, ui) {
  const who = ev.seat !== undefined ? ui.seatName(ev.seat) : "";
  switch (ev.kind) {
    case "bid": return ui.t("{who} bid {bid}.", { who, bid: bidText(ev.bid, ui) });
    case "play": return ui.t("{who} played {card}.", { who, card: cardName(ev.card, ui) });
    case "trick": return ui.t("{who} won the trick.", { who: ui.seatName(ev.winner) });
    case "pass": return ev.cards ? ui.t("{who} passed {cards}.", { who, cards: ev.cards.map((c) => cardName(c, ui)).join(", ") })
      : ui.t("{who} passed cards.", { who });
    case "spades_broken": return ui.t("Spades are broken.");
    case "hand_scored": return ui.t("Hand {n} scored.", { n: ev.hand });
    case "match_over": return ui.t("Game over.");
    case "deal": return ui.t("Hand {n}: {who} deals.", { n: ev.hand, who: ui.seatName(ev.dealer) });
    case "hand": return ui.t("{who} picked up {n} cards.", { who, n: ev.cards ? ev.cards.length : ev.count });
    case "look": return ui.t("{who} looked at their cards.", { who });
    case "shown": return ui.t("Shown to {who}: {card}.", { who, card: cardName(ev.card, ui) });
    case "draw":
      if (ev.kept) return ui.t("{who} kept {kept} and discarded {discarded}.", { who, kept: cardName(ev.kept, ui), discarded: cardName(ev.discarded, ui) });
      return ev.choice === "keep" ? ui.t("{who} kept the shown card.", { who })
        : ui.t("{who} discarded the shown card and took the next one.", { who });
    case "stock_empty": return ui.t("The stock is empty: bidding starts.");
    case "exchange": return ui.t("Blind nil exchange: {n} cards each way.", { n: ev.count });
    case "play_starts": return ui.t("Play starts: {who} leads.", { who: ui.seatName(ev.leader) });
    default: return null;
  }
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
  const passes = legal.filter((n) => n.startsWith("pass "));
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
      v.last_trick.cards.map((p) => `${ui.seatName(p.seat)} ${cardName(p.card, ui)}`).join(", "),
      " → ", ui.seatName(v.last_trick.winner)) : null);
  let hand;
  if (me !== null && v.blind_nil_decision) {
    hand = h("section", { class: "panel", id: "blind-nil" },
      h("p", {}, ui.t("Blind nil? Decide before you look at your cards.")),
      h("div", { class: "row" }, Array.from({ length: v.hand_sizes[me] }, () => back(ui))),
      h("div", { class: "row" }, legal.filter((n) => n === "bid blind_nil" || n === "look").map((n) => ui.actionButton(n))));
  } else if (v.hand) {
    const plays = new Set(legal.filter((n) => n.startsWith("play ")).map((n) => n.slice(5)));
    const cards = v.hand.map((c) => {
      if (plays.has(c)) return card(c, ui, { cls: "playable", onclick: () => ui.act(`play ${c}`), attrs: { "data-action": `play ${c}` } });
      if (passes.length) {
        return card(c, ui, { cls: selected.has(c) ? "selected" : "", attrs: { "aria-pressed": selected.has(c) ? "true" : "false" },
          onclick: () => { if (selected.has(c)) selected.delete(c); else selected.add(c); render(root, msg, ui); } });
      }
      return card(c, ui);
    });
    let passButton = null;
    if (passes.length) {
      const chosen = v.hand.filter((c) => selected.has(c));
      const notation = passes.find((n) => n.split(" ").slice(1).sort().join(" ") === [...chosen].sort().join(" "));
      passButton = h("p", {}, ui.t("Choose {n} cards to pass to your partner.", { n: v.exchange.count }), " ",
        notation ? ui.actionButton(notation, ui.t("Pass the chosen cards"), { id: "pass-selected" })
          : h("button", { type: "button", disabled: true, id: "pass-selected" }, ui.t("Pass the chosen cards")));
    }
    hand = h("section", { class: "panel", "aria-label": ui.t("Your hand") }, h("h3", {}, ui.t("Your hand")),
      h("div", { class: "row", id: "hand" }, cards), passButton,
      v.exchange.received.length ? h("p", {}, ui.t("Received"), ": ", v.exchange.received.map((c) => cardName(c, ui)).join(", ")) : null);
  }
  const bids = legal.filter((n) => n.startsWith("bid ") && n !== "bid blind_nil");
  const bidding = bids.length && !v.blind_nil_decision ? h("section", { class: "panel", id: "bidding" },
    h("h3", {}, ui.t("Your bid")), h("div", { class: "row" }, bids.map((n) => ui.actionButton(n, bidText(n.split(" ")[1], ui))))) : null;
  const stock = v.stock ? h("p", { class: "panel" }, ui.t("Stock: {n} cards", { n: v.stock.left }),
    v.stock.shown ? [" · ", ui.t("Shown"), ": ", card(v.stock.shown, ui, { small: true })] : null) : null;
  ui.fill(root, 
    h("p", {}, ui.t("Hand {n}", { n: v.hand_number }), " · ", ui.seatName(v.dealer), ` ${ui.t("dealer")}`),
    sides, seatsRow, stock, bidding, trick, hand, h("section", { class: "panel" }, scoreTable(v, ui)));
}
