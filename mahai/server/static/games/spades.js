// Spades table: four (or two) players around the felt, each trick card in front of the player
// who played it; a completed trick stays (holdAfter) and then flies to its winner. Bids, tricks,
// nil and blind-nil markers at each seat; blind nil decided before the hand is shown; the
// blind-nil exchange: choose three cards, then one "pass" button. Lays out mahai.games.spades'
// view; card names and action labels come from the server (msg.labels, msg.legal).
let selected = new Set();
let selectionKey = "";
// The card a first tap on a touch screen raised (null: none). A finger on a phone's fan of 13
// cards has a strip of 26 px per card and played the one next to it at once: now the first tap
// raises the card and says that a second tap plays it; a tap on another card raises that one
// instead. A mouse click or the keyboard (Enter, Space) still plays at once.
let raised = null;
const touchTap = (ev) => Boolean(ev) && ev.detail !== 0 && (ev.pointerType === "touch" || ev.pointerType === "pen"
  || (ev.pointerType === undefined && window.matchMedia("(pointer: coarse)").matches));

// A tap outside the hand lowers the raised card (the page is not re-drawn: the tap goes on).
document.addEventListener("pointerdown", (ev) => {
  if (raised === null || !(ev.target instanceof Element) || ev.target.closest("#hand")) return;
  raised = null;
  for (const el of document.querySelectorAll("#hand .raised")) el.classList.remove("raised", "selected");
  const hint = document.getElementById("hand-hint");
  if (hint && hint.classList.contains("next")) { hint.textContent = ""; hint.classList.remove("next"); }
});

// A sentence that starts with a card's name (lower case in running text: docs/glossary.md).
const capital = (s) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

const is = (e, verb) => e.action === verb || e.action.startsWith(`${verb} `);
const cardsOf = (e) => e.action.split(" ").slice(1);  // the card codes an action's id names

// The words a joker's face prints, in the player's language (komodina in Basque: docs/glossary.md).
const jokerWords = (code, ui) => (code === "BJ" || code === "LJ"
  ? { joker: ui.tg("face.joker"), size: ui.tg(`face.${code}`) } : undefined);

function card(code, ui, opts = {}) {
  return ui.cardEl(ui.h, ui.frenchFace(code, jokerWords(code, ui)), opts.label || ui.label(code), { fly: code, ...opts });
}

function bidText(b, ui) {
  if (b === null || b === undefined) return null;
  if (b === "nil") return ui.t("Nil");
  if (b === "blind_nil") return ui.t("Blind nil");
  const blind = /^blind_(\d+)$/.exec(String(b));  // a blind bid (SPR-17): "blind_6"
  if (blind) return ui.t("{n} blind", { n: blind[1] });
  return String(b);
}

function sideName(view, side, ui) {
  return view.sides[side].seats.map((s) => ui.seatName(s)).join(" + ");
}

const isNil = (b) => b === "nil" || b === "blind_nil";

// What sits at a seat: dealer mark, bid (nil and blind nil stand out), tricks won, cards left.
function seatExtras(v, s, ui) {
  const { h } = ui;
  const bid = bidText(v.bids[s], ui);
  const nil = isNil(v.bids[s]);
  // during the play a nil says how it stands, apart from the side's contract (SPR-5, SPR-11):
  // no trick yet, or failed at its first trick (the seat's "Tricks: 0" said it only by adding up).
  // Two chips, each on one line: "Nil itsua: bazarik gabe" in one broke in two in a third of 360 px.
  const failed = nil && v.phase === "play" && v.tricks_won[s] > 0;
  const nilClass = `chip bid nil ${failed ? "failed" : ""}`;
  return [
    s === v.dealer ? h("span", { class: "chip dealer", title: ui.t("dealer") }, ui.t("dealer")) : null,
    bid !== null ? [h("span", { class: nil ? nilClass : "chip bid" }, nil ? bid : ui.t("Bid: {n}", { n: bid })),
      nil && v.phase === "play" ? h("span", { class: `${nilClass} state` }, failed ? ui.t("failed") : ui.t("no trick yet")) : null]
      // the seat whose turn it is to bid: every seat yet to bid said "bidding…", the dealer who bids
      // last among them while the player was asked (SPR-4: one bid at a time, from the dealer's left).
      // Said as the players' list says "to act": "eskaintzen…" read like a word cut short.
      : v.phase === "bid" && v.turn === s ? h("span", { class: "chip muted" }, ui.t("to bid")) : null,
    h("span", { class: "chip tricks" }, ui.t("Tricks: {n}", { n: v.tricks_won[s] })),
    h("span", { class: "chip count", title: ui.t("{n} card", { n: v.hand_sizes[s] }) }, h("span", { class: "mini-back", "aria-hidden": "true" }), ` ${v.hand_sizes[s]}`),
  ];
}

// The centre: each trick card in front of its player (the completed one with its winner).
function centre(v, msg, ui, slots) {
  const { h } = ui;
  const done = !msg.settled ? (msg.recent || []).filter((e) => e.kind === "trick").pop() : null;
  const cards = done ? done.cards : v.trick;
  const winner = done ? done.winner : null;
  const spots = cards.map((p) => h("div", { class: `spot at-${slots[p.seat]} ${winner === p.seat ? "won" : ""}` },
    card(p.card, ui, { from: `seat-${p.seat}`, attrs: winner !== null ? { "data-exit": `seat-${winner}` } : {},
                       label: `${ui.seatName(p.seat)}: ${ui.label(p.card)}` })));
  const shown = v.stock && v.stock.shown && v.phase === "draw" ? v.stock.shown : null;
  let middle = null;
  if (v.stock && v.phase === "draw") {
    middle = h("div", { class: "stock" },
      ui.cardEl(h, ui.backFace(), ui.t("Stock: {n} card", { n: v.stock.left }), { small: true, attrs: { "data-place": "stock" } }),
      shown ? card(shown, ui, { from: "stock" }) : null);
  }
  const led = v.led_suit ? ui.t("Led: {suit}", { suit: ui.tg(v.led_suit) }) : "";
  // Side cards reach up beside the top one only when there is one (CSS .with-top): a lone side
  // card reached up over the top player's plate on a phone (tests/web/test_playtest_phone_spades.py).
  const withTop = cards.some((p) => ["top", "tl", "tr"].includes(slots[p.seat]));
  return h("div", { class: `centre trick-area ${withTop ? "with-top" : ""}`, id: "trick", "data-winner": winner === null ? null : String(winner),
                    role: "group", "aria-label": ui.t("Trick") },
    spots, middle,
    // Two statuses, two lines: "Led: spades" / "Spades are broken." (never run together).
    h("p", { class: "trick-note" }, winner !== null ? done.text || ""
      : [led ? h("span", { class: "led" }, led) : null,
         v.spades_broken ? h("span", { class: "broken" }, ui.t("Spades are broken.")) : null]));
}

// A one-hand game (option `length`, as the OpenSpiel edition) ends after its hand: no target to show.
const single = (v) => v.options.length === "single_hand";

// Once the bids are in, a side's tricks toward its contract out of it, "Tricks / contract: 4 / 7"
// (a card player added the two seats' tricks in their head, and "contract: 7" or "6 of 7" did not
// say which number was which), then its bags, those of this hand growing beside the counter
// ("bags: 3 +2"). Two nils make no contract (SPR-10): their chips say how each stands.
function sideLine(v, i, ui) {
  const { h } = ui;
  const sd = v.sides[i];
  const now = sd.hand || null; // counted by the server (Spades.wire_view, side_hand), as the terminal
  const made = now && now.counted >= now.contract;
  // "sacs : 0" as French writes it (": " after the word wrote "sacs: 0")
  const bags = [ui.t("bags: {n}", { n: sd.bags }),
    now && now.bags ? [" ", h("strong", { class: "gain", title: ui.t("This hand") }, `+${now.bags}`)] : null];
  if (!now || !now.contract) return h("span", { class: "muted" }, bags);
  return [h("span", { class: `toward ${made ? "made" : ""}` }, ui.t("Tricks / contract: {made} / {bid}", { made: now.counted, bid: now.contract })),
    h("span", { class: "muted" }, bags)];
}

function scoreboard(v, ui) {
  const { h } = ui;
  return h("div", { class: "scoreboard", id: "sides" }, v.sides.map((sd, i) => h("div", { class: "side", "data-side": i },
    // "Zu + Ane: 120 puntu" (without the colon "Ausazkoa 3 -395 puntu" ran a bot's number into the score)
    // the names as words ("…" on a word wider than the line: 24 W's ran off a phone), the colon
    // as the language writes it after the last one
    h("strong", { class: "side-name" }, ui.name(sideName(v, i, ui), ui.t("{side}:", { side: "" }))),
    h("span", { class: "points" }, ui.t("{n} point", { n: sd.points })),
    sideLine(v, i, ui))),
  h("span", { class: "muted target" }, ui.t("Hand {n}", { n: v.hand_number }),
    single(v) ? null : [" · ", ui.t("to {target}", { target: v.options.target })]));
}

// Each side named once over its two columns, this hand and the total (the heads "Zu: this hand",
// "Ausazkoa: this hand", "Zu: total", … named every player twice, and a phone scrolled sideways).
function scoreTable(view, ui) {
  const { h } = ui;
  const rows = view.history.map((hd) => h("tr", {}, h("th", { scope: "row" }, ui.t("Hand {n}", { n: hd.hand })),
    hd.sides.map((sd) => [h("td", {}, `${sd.points >= 0 ? "+" : ""}${ui.num(sd.points)}`), h("td", { class: "sum" }, ui.num(sd.total))])));
  return h("table", { class: "score", id: "score-sheet" },
    // one hand: the folded sheet's own heading says "Score sheet" (it was said twice, one over the other)
    single(view) ? h("caption", { class: "visually-hidden" }, ui.t("Score sheet"))
      : h("caption", {}, ui.t("Score sheet (to {target})", { target: view.options.target })),
    h("thead", {},
      h("tr", {}, h("td", { rowspan: "2" }),
        [0, 1].map((s) => h("th", { scope: "colgroup", colspan: "2", class: "side-head" }, ui.name(sideName(view, s, ui))))),
      h("tr", {}, [0, 1].map(() => [h("th", { scope: "col" }, ui.t("This hand")), h("th", { scope: "col" }, ui.t("Total"))]))),
    h("tbody", {}, rows));
}

// Why a card of your hand may not be played now, as the engine refuses it (state._verify_play,
// the spades catalog's words, with the highlighted cards to choose from): the suit led must be
// followed (SPR-8, naming the suit); the first trick is led with the lowest club (first_lead:
// two_of_clubs, SPR-14's 3♣ with jokers); no spade lead on the first trick (SPR-15); no spade lead
// before spades are broken (SPR-7). `playable`: the codes of the cards you may play.
function whyNot(v, playable, ui) {
  const choose = ui.t("Choose one of the highlighted cards.");
  if (v.trick.length) return `${ui.tg("must_follow_suit", { suit: ui.tg(v.led_suit) })} ${choose}`;
  const opening = v.tricks_won.every((n) => n === 0);
  if (opening && v.options.first_lead === "two_of_clubs" && playable.length === 1 && /^[23]C$/.test(playable[0])) {
    return `${ui.tg("must_lead_card", { card: ui.label(playable[0]) })} ${choose}`;
  }
  if (opening && v.options.spades_lead === "after_first_trick") return `${ui.tg("spades_not_on_first_trick")} ${choose}`;
  if (!v.spades_broken && v.options.spades_lead === "after_broken") return `${ui.tg("spades_not_broken")} ${choose}`;
  return ui.t("You cannot play that card now: choose one of the highlighted cards.");
}

export function holdAfter(msg, ui) {
  return (msg.recent || []).some((e) => e.kind === "trick") ? ui.timing.trick : 0;
}

export function render(root, msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const legal = msg.legal || [];
  const me = msg.seat;
  const key = `${v.hand_number}:${v.phase}`;
  if (key !== selectionKey) { selected = new Set(); selectionKey = key; raised = null; }
  const slots = ui.seatSlots(v.players, me);
  const plates = [...Array(v.players).keys()].map((s) => h("div", { class: `seat-slot slot-${slots[s]}` },
    ui.plate(s, seatExtras(v, s, ui))));

  // your decision, where it happens: blind nil or look, bids, the exchange, the stock deal
  let prompt = null;
  const bids = legal.filter((e) => is(e, "bid") && e.action !== "bid blind_nil");
  if (v.blind_nil_decision && me !== null && legal.some((e) => e.action === "look")) {  // (a replay has no moves)
    prompt = h("section", { class: "prompt", id: "blind-nil", "aria-labelledby": "blind-nil-q" },
      h("p", { id: "blind-nil-q" }, ui.t("Blind nil? Decide before you look at your cards.")),
      h("div", { class: "row" }, legal.filter((e) => e.action === "bid blind_nil" || e.action === "look").map((e) =>
        ui.actionButton(e, null, { class: e.action === "look" ? "primary" : "" }))));
  } else if (bids.length) {
    prompt = h("section", { class: "prompt", id: "bidding", "aria-labelledby": "bid-q" },
      h("p", { id: "bid-q" }, ui.t("Your bid: how many tricks will you take?")),
      h("div", { class: "bids" }, bids.map((e) => ui.actionButton(e, e.action === "bid nil" ? ui.t("Nil") : e.action.split(" ")[1],
        { class: e.action === "bid nil" ? "nil" : "" }))));
  } else if (v.phase === "draw" && legal.some((e) => e.action === "keep")) {
    prompt = h("section", { class: "prompt", id: "stock-deal" },
      h("p", {}, ui.t("Keep the card shown, or discard it and take the next one?")),
      h("div", { class: "row" }, legal.map((e) => ui.actionButton(e, null, { class: e.action === "keep" ? "primary" : "" }))));
  }

  // your hand at the bottom
  let hand = null;
  const passes = legal.filter((e) => is(e, "pass"));
  if (me !== null && v.blind_nil_decision) {
    hand = ui.fan(h, Array.from({ length: v.hand_sizes[me] }, () => ui.cardEl(h, ui.backFace(), ui.t("a hidden card"))),
      { id: "hand", class: "hand", role: "group", "aria-label": ui.t("Your hand") });
  } else if (v.hand) {
    const plays = new Map(legal.filter((e) => is(e, "play")).map((e) => [cardsOf(e)[0], e]));
    const myTurn = plays.size > 0;
    if (!plays.has(raised)) raised = null;
    const cards = v.hand.map((c) => {
      const play = plays.get(c);
      if (play) {
        return card(c, ui, { cls: `playable ${raised === c ? "selected raised" : ""}`, label: play.label,
          attrs: { "data-action": play.action },
          onclick: (ev) => {
            if (raised === c || !touchTap(ev)) { raised = null; ui.act(play.action); return; }
            raised = c;  // the first tap on a touch screen: raise it, say what a second tap does
            ui.rerender();
            const again = document.querySelector(`#hand [data-action="${play.action}"]`);
            if (again) again.focus({ preventScroll: true });
          } });
      }
      if (passes.length) {
        return card(c, ui, { cls: selected.has(c) ? "selected" : "", attrs: { "aria-pressed": selected.has(c) ? "true" : "false", "data-pick": c },
          onclick: (ev) => {
            if (selected.has(c)) selected.delete(c); else if (selected.size < v.exchange.count) selected.add(c);
            ui.rerender();
            // the last card chosen with the keyboard (Enter, Space: a click of detail 0): the pass
            // button takes the focus, in view (it stands over the hand: 19 Tabs round the page),
            // as Mille Bornes' chosen card hands it to its place
            const pass = document.getElementById("pass-selected");
            if (ev.detail === 0 && selected.size === v.exchange.count && pass && !pass.disabled) { pass.focus(); return; }
            const again = document.querySelector(`[data-pick="${c}"]`);
            if (again) again.focus({ preventScroll: true });
          } });
      }
      // On your turn a card you may not play says why it did nothing when tapped (it was silent),
      // in the rule's words: the suit led to follow, spades not broken yet (whyNot).
      if (myTurn) {
        return card(c, ui, { cls: "unplayable", attrs: { "aria-disabled": "true" }, onclick: () => {
          const hint = document.getElementById("hand-hint");
          if (hint) { hint.classList.remove("next"); hint.textContent = whyNot(v, [...plays.keys()], ui); }
        } });
      }
      return card(c, ui, {});
    });
    hand = ui.fan(h, cards, { id: "hand", class: "hand", role: "group", "aria-label": ui.t("Your hand") });
    if (passes.length) {
      ui.claim(passes);
      const chosen = [...selected].sort().join(" ");
      const entry = passes.find((e) => cardsOf(e).sort().join(" ") === chosen);
      prompt = h("section", { class: "prompt", id: "exchange" },
        h("p", {}, ui.t("Choose {n} card to pass to your partner.", { n: v.exchange.count }),
          " ", h("strong", {}, `${selected.size}/${v.exchange.count}`)),
        entry ? ui.actionButton(entry, ui.t("Pass the chosen cards"), { id: "pass-selected", class: "primary" })
          : h("button", { type: "button", disabled: true, id: "pass-selected", class: "primary" }, ui.t("Pass the chosen cards")));
    }
  }
  const received = v.exchange && v.exchange.received && v.exchange.received.length && v.phase !== "over"
    ? h("p", { class: "muted received" }, ui.t("Received: {cards}", { cards: v.exchange.received.map((c) => ui.label(c)).join(", ") })) : null;

  ui.fill(root,
    scoreboard(v, ui),
    h("div", { class: `felt felt-${v.players}`, "data-players": String(v.players) }, plates, centre(v, msg, ui, slots)),
    prompt ? h("div", { class: "prompt-area" }, prompt) : null,
    h("div", { class: "dock", "data-home": "", tabindex: "-1" }, hand, received,
      hand ? h("p", { class: `hand-hint ${raised ? "next" : ""}`, id: "hand-hint", role: "status" },
        raised ? capital(ui.t("{card}: tap it again to play it.", { card: ui.label(raised) })) : null) : null),
    h("details", { class: "panel scores", open: msg.over || null }, h("summary", {}, ui.t("Score sheet")), h("div", { class: "scroll-x", tabindex: "0", role: "group", "aria-label": ui.t("Score sheet") }, scoreTable(v, ui))));
}

// The last hand's breakdown for each side: contract, nil and blind nil, bags and their penalty.
export function summary(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  const hd = v.history[v.history.length - 1];
  if (!hd) return null;
  const rows = [];
  const row = (name, cells, cls = "") => rows.push(h("tr", { class: cls }, h("th", { scope: "row" }, name), cells.map((c) => h("td", {}, c))));
  const nilsOf = (side) => v.sides[side].seats.filter((s) => hd.bids[s] === "nil" || hd.bids[s] === "blind_nil");
  // A side of one player (two players, SPR-1's variant): its column's head names the player, the
  // cells say just the bid ("Zu 4 | Ausazkoa 3" under the heads "Zu | Ausazkoa" read twice).
  // Partners: one line each, "Ane: 4" ("Ausazkoa 2 3, Ausazkoa 4 3" ran a bot's number into its
  // count, and a name into the next one's).
  const lines = (parts) => parts.flatMap((p, k) => [k ? h("br") : null, p]);
  // the colon after a name as the language writes it ("Vous : 4"; a bare ":" wrote "Vous: 4")
  const colon = ui.t("{side}:", { side: "" });
  // what a player bid or took, its first word on the line of the name ("Aus… 2:" over "3" at 360 px)
  const said = (s, what) => {
    const [first, ...rest] = String(what).split(" ");
    return [ui.name(ui.seatName(s), `${colon} ${first}`), rest.length ? ` ${rest.join(" ")}` : null];
  };
  const each = (i, what) => (v.sides[i].seats.length === 1 ? String(what(v.sides[i].seats[0]))
    : lines(v.sides[i].seats.map((s) => said(s, what(s)))));
  row(ui.t("Bids"), hd.sides.map((_, i) => each(i, (s) => bidText(hd.bids[s], ui))));
  row(ui.t("Tricks"), hd.sides.map((_, i) => each(i, (s) => hd.tricks[s])));
  // "bid 7, took 6": which number is which ("6 of 7" read both ways; two nils bid no contract,
  // SPR-10, and "0 of 0" said nothing).
  // A failed nil's tricks go to bags, not to the contract (SPR-11): "bid 1, took 3" under a side
  // that took 7 said where the other 4 went (the play test of session 20). Counted toward the
  // partner (the option that lets the nil help), they are in `counted` and nothing is added.
  // The "(…)" on a line of its own, "+4" kept with the word after it (a phone's column broke it
  // "fait 3 (+2 / du nil : / sacs)").
  const byNil = (sd, i) => v.sides[i].seats.reduce((n, s) => n + hd.tricks[s], 0) - sd.counted;
  const contract = (sd, i) => {
    if (byNil(sd, i) <= 0) return ui.t("bid {bid}, took {made}", { made: sd.counted, bid: sd.contract });
    const text = ui.t("bid {bid}, took {made} (+{nil} by the nil: bags)", { made: sd.counted, bid: sd.contract, nil: byNil(sd, i) });
    const at = text.indexOf(" (");
    return at < 0 ? text : lines([text.slice(0, at), text.slice(at + 1).replace(/^(\(\+\S+) /, "$1\u00a0")]);
  };
  row(ui.t("Contract"), hd.sides.map((sd, i) => (sd.contract ? contract(sd, i) : "—")));
  row(ui.t("Contract points"), hd.sides.map((sd) => signed(sd.contract_points, ui)));
  // the points, then each nil on a line of its own: "Ane: Nil itsua, huts"
  const nilOf = (i, s) => {
    const text = `${bidText(hd.bids[s], ui)}, ${hd.tricks[s] === 0 ? ui.t("made") : ui.t("failed")}`;
    return v.sides[i].seats.length === 1 ? text : said(s, text);
  };
  row(ui.t("Nil and blind nil"), hd.sides.map((sd, i) => (nilsOf(i).length
    ? lines([signed(sd.nil_points, ui), ...nilsOf(i).map((s) => nilOf(i, s))]) : "—")));
  // "(guztira 2)" kept on one line (no-break spaces): a narrow column wrapped it "(guztira" / "2)"
  row(ui.t("Bags"), hd.sides.map((sd) => `+${sd.bags} (${ui.t("{n} in all", { n: sd.bag_count }).replace(/ /g, "\u00a0")})`));
  row(ui.t("Bag penalty"), hd.sides.map((sd) => (sd.penalties ? signed(-sd.penalties * v.options.bag_penalty, ui) : "—")));
  row(ui.t("This hand"), hd.sides.map((sd) => signed(sd.points, ui)), "total");
  row(ui.t("Total"), hd.sides.map((sd) => ui.num(sd.total)), "total");
  return h("table", { class: "score summary-table", id: "hand-summary" },
    h("caption", {}, ui.t("Hand {n}", { n: hd.hand })),
    h("thead", {}, h("tr", {}, h("td", {}), v.sides.map((_, i) => h("th", { scope: "col" }, ui.name(sideName(v, i, ui)))))),
    h("tbody", {}, rows));
}

// as the scoreboard and the log write numbers ("-2.697" in Basque; the sheets said "-2697" beside them)
const signed = (n, ui) => `${n > 0 ? "+" : ""}${ui.num(n)}`;

// a number and its word on one line (a phone's final scores broke "-394" / "points", "sacs :" / "6")
const keep = (text) => text.replace(/ /g, "\u00a0");

export function final(msg, ui) {
  const { h } = ui;
  const v = msg.view;
  return h("div", {}, summary(msg, ui),
    h("table", { class: "score", id: "final-scores" }, h("caption", {}, ui.t("Final scores")),
      h("tbody", {}, v.sides.map((sd, i) => h("tr", { class: v.winners && sd.seats.some((s) => msg.winners.includes(s)) ? "winner" : "" },
        h("th", { scope: "row" }, ui.name(sideName(v, i, ui))), h("td", {}, keep(ui.t("{n} point", { n: sd.points }))),
        h("td", {}, keep(ui.t("bags: {n}", { n: sd.bags }))))))));
}
