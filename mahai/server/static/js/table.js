// The live table: WebSocket client, seat token, paced updates, the pause after a hand or leg,
// the game-over screen, live announcements, keyboard and focus.
// Every text comes from the server in the player's language: event sentences (ev.text), action
// labels (legal: [{action, label}]; the notation is only an id to send back), seat names (names)
// and card names (labels). A game's /static/games/<name>.js lays out its table:
//   render(root, msg, ui)      the table (every legal action gets its one control there, or is
//                              claimed with ui.claim(entries) when a composite control makes it);
//   holdAfter(msg, ui) → ms    optional: keep this update on screen before the next (a trick);
//   summary(msg, ui) → Node    optional: the last hand or leg's score breakdown (the pause);
//   final(msg, ui) → Node      optional: the final scores by team;
//   outcome(msg, ui) → text    optional: the game-over panel's result line instead of the
//                              winners, or null (a solo game's rating: nobody is its "winner").
//   result(msg, ui) → text     optional: the status line's result from the state, or null, when
//                              the log has no result event (instead of "You won!").
// Legal actions the renderer neither placed nor claimed get a button in #actions.
// the person's name, leaving (confirmed), rematch, "How to play", invitations: fed by this page's
// one WebSocket (one connection per viewer)
import { confirmLeave, fillOverActions, played, seatMessage, startSeats } from "./seats.js";
import { animate, fitNames, nameWords, reducedMotion, snapshotPlaces } from "./cards.js";
import { currentLang, fill, h, langSelect, loadCatalogs, t } from "./i18n.js";
import { copyText } from "./keep.js";
import { makeUi } from "./ui.js";

const tableId = location.pathname.split("/")[2];
const params = new URLSearchParams(location.search);
const tokenKey = `mahai.seat.${tableId}`;
// An address with `?seat=` but no token (a link cut short) opens no seat: seats.js says so.
const badLink = params.has("seat") && !(params.get("seat") || "").trim();
if (params.has("seat")) {
  if (!badLink) localStorage.setItem(tokenKey, params.get("seat"));
  history.replaceState(null, "", `/t/${tableId}`);
}
const spectate = params.get("spectate") === "1";
const token = spectate ? null : localStorage.getItem(tokenKey);
// How long a completed trick stays, a reveal turns each card, a card flies (ms); tests may set
// window.mahaiTiming before the page loads.
const timing = { trick: 1500, reveal: 650, fly: 320, ...(window.mahaiTiming || {}) };

let ws = null;
let last = null;
let gameModule = null;
let gameName = null;
let retry = 500;
let queue = Promise.resolve();
let sending = false;
let claimed = new Set();
let dismissed = null;   // the hold (version) this page already continued from
let firstRender = true;
let lastFocus = null;   // the control of the table that had keyboard focus last (a selector), or null
let pending = 0;        // messages received, not yet shown
let skipHold = null;    // ends the current hold early
let gone = false;       // the server knows no such table: no reconnecting
let handPlayable = false; // the hand (the board's [data-home]) had a move at the last render
let homeVerbs = "";        // the kinds of move (the notation's first words) it offered then
let moveElsewhere = false; // at the last render your move was on the table, outside the hand
let lastPrompt = null;     // the id of the question (the board's .prompt with answers) at the last render
let promptFirst = false;   // that question came before the hand (urgent, or the hand has no move)
let promptWaits = false;   // that question came while the person typed (their name): shown when they leave the field
const log = [];

const $ = (id) => document.getElementById(id);

// A seat as the server names it for this viewer ("Zu", a bot's name, "2. jokalekua"), capitalised.
function seatName(seat) {
  if (seat === null || seat === undefined) return t("Spectator");
  const name = (last && last.names && last.names[seat]) || t("Seat {n}", { n: seat + 1 });
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const ui = makeUi({
  game: () => gameName,
  message: () => last,
  seatName,
  timing,
  live: true,
  act,
  // Legal actions a composite control makes (e.g. three chosen cards, then "pass").
  claim(entries) { for (const e of entries) claimed.add(e.action); },
  // A button for one legal action {action, label}: shows `text` (default: the label); its
  // accessible name is always the server's full label.
  actionButton(entry, text, extra = {}) {
    return h("button", { type: "button", "data-action": entry.action, onclick: () => act(entry.action),
                         "aria-label": text && text !== entry.label ? entry.label : null, ...extra },
      text ?? entry.label);
  },
  rerender: () => { if (last) render(); },
  events: () => log,
});

// The table is busy while a move is on its way, or while it shows a trick or a reveal and
// newer updates wait (a move made on what is shown would be stale).
function busy() {
  document.body.dataset.busy = sending || (pending > 0 && document.body.dataset.holding === "1") ? "1" : "0";
}

// A move made while the connection is down (or sent on a socket that then closed before an
// answer came) is kept in `unsent` and sent again once the page is connected and the table is as
// it was (same version, the move still legal); the page says it waits. A tap while reconnecting
// did nothing and said nothing, and a move on a closing socket was lost silently.
let unsent = null;  // {version, action}

function act(notation) {
  if (!last || sending) return;
  if (pending > 0) { if (skipHold) skipHold(); return; }  // catch up first: the click was on an old table
  sending = true;
  busy();
  for (const b of document.querySelectorAll("[data-action]")) b.disabled = true;
  unsent = { version: last.version, action: notation };
  played();
  if (!ws || ws.readyState !== 1) {
    $("error").textContent = t("No connection: your move will be sent when the connection is back.");
    $("error").dataset.code = "offline";
    $("error").classList.remove("note");
    return;
  }
  ws.send(JSON.stringify({ type: "act", version: last.version, action: notation }));
}

// Legal actions alike but for one number come as one entry (a long DenboraZup timeline's slots:
// mahai.server.text.legal_json): one entry each again, "{n}" filled in its notation and label.
function expandLegal(legal) {
  return legal.flatMap((e) => (e.each ? e.each.map((n) => ({ action: e.action.replaceAll("{n}", n),
    label: e.label.replaceAll("{n}", n + e.shown) })) : [e]));
}

// The table as the server sent it on (re)connecting: send the move kept in `unsent` again if it
// still applies, else forget it (the server took it, or the table moved on).
function resend(msg) {
  const move = unsent;
  if (!move) return false;
  if (msg.version === move.version && msg.legal.some((e) => e.action === move.action) && ws && ws.readyState === 1) {
    ws.send(JSON.stringify({ type: "act", version: move.version, action: move.action }));
    return true;
  }
  unsent = null;
  return false;
}

function setConn(text, ok) {
  $("conn").textContent = text;
  $("conn").className = `pill conn ${ok ? "ok" : "bad"}`;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}?lang=${currentLang()}`);
  setConn(t("Connecting…"), false);
  ws.onopen = () => {
    retry = 500;
    setConn(t("Connected"), true);
    ws.send(JSON.stringify({ type: "hello", token, lang: currentLang() }));
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "error" && msg.code === "unknown_table") gone = true;
    seatMessage(msg).catch(console.error);
    pending += 1;
    busy();
    queue = queue.then(() => { pending -= 1; return onMessage(msg); }).catch(console.error).then(busy);
  };
  ws.onclose = () => {
    // No such table (a mistyped or expired link): say so once; reconnecting cannot help (it
    // tried again every half second, "Reconnecting…" for ever).
    if (gone) { $("conn").style.display = "none"; return; }
    setConn(t("Reconnecting…"), false);
    document.body.dataset.connected = "0";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 5000);
  };
}

async function onMessage(msg) {
  if (msg.type === "welcome") {
    if (!gameName) await setup(msg.table);
    document.body.dataset.connected = "1";
  } else if (msg.type === "log") {
    log.length = 0;
    log.push(...msg.events);
    renderLog();
    if (last && last.over) renderStatus(last);  // the result line is the log's last event
  } else if (msg.type === "state" || msg.type === "update") {
    msg.legal = expandLegal(msg.legal);
    const stood = standIns(msg);
    const events = [...stood, ...(msg.events || [])];
    if (events.length) { log.push(...events); renderLog(); $("error").textContent = ""; }
    if (unsent && msg.version !== unsent.version) unsent = null;  // the move was taken (or the table moved on)
    // the table on (re)connecting: a move kept while the connection was down goes now
    sending = msg.type === "state" && resend(msg);
    if (!unsent && $("error").dataset.code === "offline") { $("error").textContent = ""; delete $("error").dataset.code; }
    msg.ends = msg.turn_left !== null && msg.turn_left !== undefined ? Date.now() + msg.turn_left * 1000 : null;
    msg.recent = msg.events || [];  // the game's own events (a stand-in's line is the page's)
    const wasMine = last && last.legal && last.legal.length > 0;
    last = msg;
    window.mahaiLast = msg; // the viewer's own projection, for tests and the console
    render();
    announce(events, !wasMine && msg.legal.length > 0);
    const hold = gameModule && gameModule.holdAfter ? gameModule.holdAfter(msg, ui) : 0;
    if (hold > 0) {
      document.body.dataset.holding = "1";
      busy();
      await new Promise((resolve) => { skipHold = resolve; setTimeout(resolve, hold); });
      skipHold = null;
      document.body.dataset.holding = "0";
      msg.settled = true;
      if (last === msg) render();
    }
  } else if (msg.type === "error") {
    sending = false;
    unsent = null;
    busy();
    // A move refused as stale while the page already shows the table it was refused against
    // (the seat's other device moved first): nothing is wrong here, and "look again and retry"
    // stood under the newer table. A gentle note instead; a refusal that comes before the newer
    // table keeps the error, which that table's events then clear.
    const movedOn = msg.code === "stale_version" && last && msg.params
      && typeof msg.params.current === "number" && last.version >= msg.params.current;
    $("error").classList.toggle("note", Boolean(movedOn));
    if (movedOn) {
      $("error").textContent = t("The table moved on before your move: it was not made.");
      $("error").dataset.code = "moved_on";
    } else if (msg.code !== "bad_token") {  // a refused seat token: seats.js's notice says it
      $("error").textContent = msg.message;
      $("error").dataset.code = msg.code;
    }
    // No such table: the empty players, seat and moves panels beside the refusal said nothing
    // (a phone showed three empty boxes under "This table does not exist"); the way on instead.
    if (msg.code === "unknown_table" && !last && !$("gone-home")) {
      $("side").hidden = true;
      $("error").after(h("p", { id: "gone-home" }, h("a", { href: "/" }, t("Back to the lobby"))));
    }
    if (last) render();
  }
}

async function setup(table) {
  gameName = table.game;
  await loadCatalogs(currentLang(), ["web", "core", gameName]);
  try {
    gameModule = await import(`/static/games/${gameName}.js`);
  } catch (e) {
    gameModule = await import("/static/games/generic.js");
  }
  document.body.dataset.game = gameName;
  const title = table.title;
  $("title").textContent = title;
  $("edition").textContent = table.edition_title;
  document.title = `${title} — Mahai`;
  labelPage();
}

function labelPage() {
  $("seats-title").textContent = t("Players");
  $("log-title").textContent = t("Log");
  $("log").setAttribute("aria-label", t("Log"));
  $("board").setAttribute("aria-label", t("Table"));
  $("actions").setAttribute("aria-label", t("Your possible moves"));
  $("home").textContent = t("Lobby");
  $("side").setAttribute("aria-label", t("Players and log"));
  $("langbox").replaceChildren(langSelect(() => location.reload()));
}

function renderLog() {
  const items = log.filter((ev) => ev.text).slice(-80).map((ev) => h("li", {}, ev.text));
  $("log").replaceChildren(...items);
  // A table whose first move has no line yet (DenboraZup before the coin flip) says so: an empty
  // box under "Jokaldiak" read as broken
  $("log").hidden = !items.length;
  $("log-empty").hidden = Boolean(items.length);
  $("log-empty").textContent = items.length ? "" : t("No moves yet.");
  $("log").scrollTop = $("log").scrollHeight;
}

// A turn timer that ran out: the strongest bot moved for a person (table.stand_ins: {version,
// seat, bot}). Said in the log (and aloud) before the move's own lines, in an update that brings
// it: "Karta hau hartu duzu: 50 km." alone read as the person's own move, made by nobody. The
// stand-ins a (re)connection's state lists are older: the log the server sent holds their moves,
// each after its note (Table.log).
const stoodIn = new Set();
function standIns(msg) {
  const all = (msg.table && msg.table.stand_ins) || [];
  const since = msg.type === "update" && last ? last.version : Infinity;
  const out = [];
  for (const s of all) {
    if (stoodIn.has(s.version)) continue;
    stoodIn.add(s.version);
    if (s.version <= since || s.version > msg.version) continue;
    out.push({ text: s.seat === msg.seat ? t("Your time ran out: a bot played for you.")
      : t("{name}: the time ran out; a bot played for them.", { name: seatName(s.seat) }) });
  }
  return out;
}

// Screen readers hear each move once (the log itself is not live).
function announce(events, myTurn) {
  const said = events.filter((e) => e.text).map((e) => e.text);
  if (myTurn) said.push(t("Your turn."));
  if (said.length) $("announce").textContent = said.join(" ");
}

// What identifies a control across renders (to keep keyboard focus in place).
function focusKey(el) {
  if (!el || el === document.body) return null;
  if (el.dataset && el.dataset.action) return `[data-action="${CSS.escape(el.dataset.action)}"]`;
  if (el.dataset && el.dataset.pick) return `[data-pick="${CSS.escape(el.dataset.pick)}"]`;
  // a card that is a control of its own (a DenboraZup timeline card opens its story)
  if (el.dataset && el.dataset.card && el.tagName === "BUTTON") return `button[data-card="${CSS.escape(el.dataset.card)}"]`;
  if (el.id) return `#${CSS.escape(el.id)}`;
  return null;
}

function render() {
  const msg = last;
  const board = $("board");
  const active = document.activeElement;
  const inPlay = lastFocus !== null && (!active || active === document.body || $("play").contains(active));
  const key = active && $("play").contains(active) ? focusKey(active) : lastFocus;
  const before = firstRender ? null : snapshotPlaces(document.body);
  document.body.dataset.version = String(msg.version);
  document.body.dataset.seat = msg.seat === null ? "" : String(msg.seat);
  document.body.dataset.over = msg.over ? "1" : "0";
  renderSeats(msg);
  renderStatus(msg);
  claimed = new Set();
  try {
    gameModule.render(board, msg, ui);
  } catch (e) {
    console.error(e);
    import("/static/games/generic.js").then((g) => g.render(board, msg, ui));
  }
  // legal actions the table did not place: one button each, here
  const placed = new Set([...board.querySelectorAll("[data-action]")].map((b) => b.dataset.action));
  const rest = msg.legal.filter((e) => !placed.has(e.action) && !claimed.has(e.action));
  fill($("actions"), rest.length ? [h("h2", { class: "visually-hidden" }, t("Your possible moves")),
    ...rest.map((e) => ui.actionButton(e))] : []);
  $("actions").hidden = !rest.length;
  if (sending) for (const b of document.querySelectorAll("[data-action]")) b.disabled = true;
  numberKeys();
  renderPause(msg);
  renderOver(msg);
  fitNames();
  const playable = !msg.over && Boolean(board.querySelector(
    "[data-home] [data-action]:not([disabled]), [data-home] [data-pick]:not([disabled])"));
  // a question put to you, its answers in it, comes before the hand when it is urgent (Mille
  // Bornes' coup fourré, the extension, DenboraZup's catch), else only when the hand has no move
  // (Spades' exchange asks for hand cards: the hand comes first). A fast game's coup fourré lets
  // the hand move too (the safety, the remedy): on a phone scrolled to the hand, or turned
  // sideways, the question stood above the screen and the safety was played plainly.
  const prompt = msg.over ? null : board.querySelector(".prompt:has([data-action]:not([disabled]))");
  const first = Boolean(prompt) && (!playable || prompt.classList.contains("urgent"));
  const asked = first && prompt.id !== lastPrompt;
  // the hand has become playable (your turn, or a flip made), or the question before it went, or
  // it offers other moves (the draw made in a fast game, whose redraw let the hand move before it:
  // on a phone turned sideways, scrolled up to the pile, the hand to play stayed below): into view
  const verbs = playable ? [...new Set(msg.legal.map((e) => e.action.split(" ")[0]))].sort().join() : "";
  if (playable && !asked && (!handPlayable || (lastPrompt && !prompt) || verbs !== homeVerbs)) showHome();
  handPlayable = playable;
  homeVerbs = verbs;
  if (asked) showPrompt(prompt);
  // A keyboard player at the table: the question asked takes the focus (a section, not its first
  // answer: Enter twice never bids nil), the next Tab reaches its answers. Spades' bid stood above
  // the hand, 24 Tabs round the page (the play test's keyboard-only game). Focusable, so that the
  // focus stays on it across updates (table.js keeps it by the prompt's id).
  for (const p of board.querySelectorAll(".prompt[id]")) p.setAttribute("tabindex", "-1");
  if (asked && keyboardAtTable()) prompt.focus({ preventScroll: true });
  else if (!first) promptWaits = false;
  // your move is on the table, not in the hand (Mille Bornes' draw pile, DenboraZup's coin): into
  // view when it comes (on a phone turned sideways, scrolled down to the hand, the pile to tap
  // stood above the screen every turn, "Sakatu piloa…" by the hand)
  const elsewhere = playable || prompt || msg.over ? null : board.querySelector("[data-action]:not([disabled])");
  if (elsewhere && !moveElsewhere) intoView(elsewhere);
  // and the keyboard's place with it, for a keyboard player at the table: the draw pile stood above
  // the hand, 12 Tabs round the page every turn (the play test's keyboard-only Mille Bornes)
  if (elsewhere && !moveElsewhere && keyboardAtTable()) elsewhere.focus({ preventScroll: true });
  if (!sending) moveElsewhere = Boolean(elsewhere);
  lastPrompt = prompt ? prompt.id : null;
  promptFirst = first;
  // keep keyboard focus where it was (the same control), else on the table
  if (inPlay && (!document.activeElement || document.activeElement === document.body)) {
    const again = key && document.querySelector(key);
    if (again && !again.disabled) again.focus({ preventScroll: true });
    else (board.querySelector("[data-home]") || board).focus({ preventScroll: true });
  }
  animate(document.body, before, timing.fly);
  if (firstRender) {
    firstRender = false;
    document.body.dataset.rendered = String(Math.round(performance.now()));
  }
}

// The hand has a move now: bring it (the table's [data-home], in the flow under the table) into
// view if it is (partly) off the screen, with the least scrolling (nothing hides behind it).
// A keyboard player (Tab or a number key pressed, no pointer since) whose focus is on the table.
function keyboardAtTable() {
  const active = document.activeElement;
  return document.body.classList.contains("kbd") && lastFocus !== null
    && (!active || active === document.body || $("play").contains(active));
}

function showHome() {
  const home = $("board").querySelector("[data-home]");
  if (home) intoView(home);
}

// `el` into view, with the least scrolling, if it is (partly) off the screen; not over the
// summary, nor while the person types (their name): the page does not jump under their fingers.
function intoView(el) {
  if (!$("summary").hidden || document.activeElement instanceof HTMLInputElement) return;
  const r = el.getBoundingClientRect();
  if (r.height && (r.bottom > window.innerHeight || r.top < 0)) {
    el.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  }
}

// A question put to you now (Mille Bornes' extension or coup fourré, a bid…) stands at the top of
// the table: into view, with the least scrolling, if it is (partly) off the screen. On a phone
// scrolled down to the hand, "Ibilbidea osatu duzu. Segituko duzu luzapenarekin?" was above the
// screen's top edge, and the table seemed stuck. Not while the person types (their name): the
// page does not jump under their fingers; it waits until they leave the field ("Eseri", a tap
// elsewhere). It came once only: a question asked while typing was never shown.
function showPrompt(prompt) {
  promptWaits = document.activeElement instanceof HTMLInputElement;
  if (!$("summary").hidden || promptWaits) return;
  const r = prompt.getBoundingClientRect();
  if (r.height && (r.top < 0 || r.bottom > window.innerHeight)) {
    prompt.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  }
}

// The person sat down ("Eseri"): the name prompt went and the page moved up by its height. On a
// phone turned sideways (844 × 390), scrolled up to type, the question asked before (Spades' blind
// nil, under the table) stood below the screen, "Zure txanda da." alone in sight: in view again,
// else the hand if it has a move.
function showAfterSitting() {
  const prompt = promptFirst && lastPrompt && document.getElementById(lastPrompt);
  if (prompt) showPrompt(prompt);
  else if (handPlayable) showHome();
}

// Digits 1–9 press the first nine controls of the table, in reading order.
function numberKeys() {
  let n = 0;
  for (const el of document.querySelectorAll("#play [data-action], #play [data-pick]")) {
    el.removeAttribute("data-key");
    if (!el.disabled && n < 9 && el.offsetParent !== null) el.dataset.key = String(++n);
  }
}

// " · pertsona [txanda] ●": the online dot goes with the piece before it, so it never wraps alone
function seatTail(s, who, toAct) {
  const tail = [h("span", { class: "muted" }, ` · ${who}`)];
  if (toAct) tail.push(h("span", { class: "pill ok" }, t("to act")));
  if (!s.online) return tail;
  const last = tail.pop();
  return [...tail, h("span", { class: "with-dot" }, last, h("span", { class: "online-mark", "aria-hidden": "true" }, "●"))];
}

// A seat's name in the players list as its words: a word wider than the side column ends in "…"
// (the whole name is the title; 24 W's ran past a phone's edge, and past a desktop window's)
function seatListName(seat) {
  const name = seatName(seat);
  return h("span", { class: "name", title: name }, nameWords(h, name, true));
}

function renderSeats(msg) {
  // "Ane · pertsona", "Indartsua 3 · robota": both in lower case, as the table's plates say "robota"
  const who = (s) => (s.kind === "bot" ? t("robot") : t("person"));
  $("seats").replaceChildren(...msg.table.seats.map((s) => h("li", {
    class: [s.online ? "online" : "", s.seat === msg.seat ? "me" : ""].join(" "),
    "aria-label": `${seatName(s.seat)}: ${who(s)}${s.online ? ", " + t("online") : ""}`,
  }, seatListName(s.seat), ...seatTail(s, who(s), !msg.over && msg.to_act.includes(s.seat)))));
  // the replay link once over: the game-over panel has its own, by the rematch (it was said twice)
  if ($("side-replay")) $("side-replay").hidden = Boolean(msg.over);
  if ($("seat-tools").childElementCount) return;  // made once (a re-render would drop "Copied!")
  // The copy works on a page opened as http://192.168.… too (keep.js copyText), and says so.
  const copied = h("span", { id: "spectator-copied", role: "status", class: "muted" });
  const link = new URL(`/t/${tableId}?spectate=1`, location.href).href;
  fill($("seat-tools"),
    h("p", { id: "side-replay", hidden: msg.over || null }, h("a", { href: `/t/${tableId}/replay` }, t("Step-by-step replay"))),
    h("p", {}, h("button", { type: "button", id: "copy-spectator", onclick: async () => {
      copied.textContent = (await copyText(link)) ? t("Copied!") : `${t("Could not copy: select the link and copy it.")} ${link}`;
    } }, t("Copy the spectator link")), " ", copied));
}

function renderStatus(msg) {
  let status;
  // Over: the panel above says "Game over." once; the status line, right over the table, says the
  // result (it was hidden: scrolled past a phone's tall final scores, the table said nothing).
  if (msg.over) status = overLine(msg);
  else if (msg.hold && msg.hold.waiting.length && !(msg.seat !== null && msg.hold.waiting.includes(msg.seat) && dismissed !== msg.hold.version)) {
    status = t("Waiting for {who} to continue.", { who: msg.hold.waiting.map(seatName).join(", ") });
  } else if (msg.seat !== null && msg.legal.length) status = t("Your turn.");
  else status = t("Waiting for {who}.", { who: msg.to_act.map(seatName).join(", ") });
  $("status").textContent = status;
  $("status").classList.toggle("mine", !msg.over && msg.seat !== null && msg.legal.length > 0);
  $("status").classList.toggle("over", Boolean(msg.over));
}

const verdict = (msg) => (msg.winners.includes(msg.seat) ? t("You won!") : t("You did not win this time."));

// The result in one line: the game's own result sentence, with the score (its last event: Spades'
// match_over, SPR-13; Mille Bornes' game_end; DenboraZup's game_over), else the player's verdict
// ("You won!") or, for a spectator, the winners.
const RESULT_KINDS = new Set(["match_over", "game_end", "game_over"]);
const resultEvent = () => log.filter((ev) => ev.text && RESULT_KINDS.has(ev.kind)).pop();
// The result sentence: the event's, else the game's own from the state (a finished page whose log
// lacks the event said "Irabazi duzu!" over a solo DenboraZup game, which nobody wins: DZR-12).
function resultLine(msg) {
  const result = resultEvent();
  return result ? result.text : (gameModule.result ? gameModule.result(msg, ui) : null);
}
function overLine(msg) {
  const result = resultLine(msg);
  if (result) return result;
  if (msg.seat !== null) return verdict(msg);
  const names = msg.winners.map(seatName).join(", ");
  return msg.winners.length === 1 ? t("Winner: {name}", { name: names })
    : msg.winners.length ? t("Winners: {names}", { names }) : t("No winner.");
}

// The pause after a hand or leg: the breakdown, and "Jarraitu" until this seat continued.
function renderPause(msg) {
  const box = $("summary");
  const hold = msg.hold;
  const mine = hold && msg.seat !== null && hold.waiting.includes(msg.seat) && dismissed !== hold.version;
  const watching = hold && msg.seat === null && dismissed !== hold.version;
  if (!(mine || watching) || msg.over) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  if (!box.hidden && box.dataset.version === String(hold.version)) return;  // already shown
  const body = gameModule.summary ? gameModule.summary(msg, ui) : null;
  box.dataset.version = String(hold.version);
  fill(box, h("div", { class: "sheet" },
    h("h2", { id: "summary-title" }, t("Score")),
    body,
    h("p", { class: "muted" }, t("Play goes on when everybody has pressed “Continue”.")),
    h("button", { type: "button", id: "continue", class: "primary", onclick: () => {
      dismissed = hold.version;
      if (msg.seat !== null && ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "continue" }));
      box.hidden = true;
      render();
      ($("board").querySelector("[data-home]") || $("board")).focus({ preventScroll: true });
    } }, t("Continue")),
    // the seat panel's "Leave the table…" is under the summary (the leave dialog opens above it)
    mine && $("seat-leave") ? h("p", { class: "leave-here" },
      h("button", { type: "button", id: "summary-leave", onclick: confirmLeave }, t("Leave the table…")))
      : null));
  box.hidden = false;
  $("continue").focus({ preventScroll: true });
}

function renderOver(msg) {
  const over = $("gameover");
  if (!msg.over) { over.hidden = true; return; }
  const names = msg.winners.map(seatName).join(", ");
  if (!over.hidden && over.dataset.version === String(msg.version)) return;
  over.dataset.version = String(msg.version);
  const appearing = over.hidden;
  over.hidden = false;
  const outcome = gameModule.outcome ? gameModule.outcome(msg, ui) : null;
  fill(over, h("h2", { id: "gameover-title", tabindex: "-1" }, t("Game over.")),
    h("p", { id: "winners", class: "winners" }, outcome || (msg.winners.length === 1 ? t("Winner: {name}", { name: names })
      : msg.winners.length ? t("Winners: {names}", { names }) : t("No winner."))),
    // the verdict, unless the status line under the panel says the result (DenboraZup's result
    // sentence is "You won!"; Spades' "Partida irabazi duzu: …" under "Irabazlea: Zu" and
    // "Irabazi duzu!" said it three times in four lines)
    msg.seat !== null && !resultLine(msg) && verdict(msg) !== $("status").textContent
      ? h("p", { class: "verdict" }, verdict(msg)) : null,
    // the rematch and the way back to the lobby first, by the result (seats.js fills it)
    h("div", { id: "over-actions", class: "over-actions" }),
    gameModule.final ? gameModule.final(msg, ui) : null);
  fillOverActions();
  // The panel is the first thing of the table (above the status and the board): it came after
  // the table and the side panels, and a phone was scrolled 1,800 px down to it. Bring it into
  // view once (the page may be scrolled down to the hand).
  // A seat link's notice over it (seats.js: "This seat link is not valid") comes first.
  const notice = $("seat-invalid");
  if (appearing) (notice && !notice.hidden ? notice : over).scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
  // The keyboard's place follows: it stayed on the hand, out of view under the panel, and the
  // next Tab went on down the page, away from the rematch (the play test's keyboard-only game).
  const active = document.activeElement;
  if (appearing && lastFocus !== null && (!active || active === document.body || $("play").contains(active))) {
    $("gameover-title").focus({ preventScroll: true });
  }
}

// Render a state message as if it had just arrived (for tests and the console).
window.mahaiRender = (msg) => { msg.recent = msg.recent || []; last = msg; render(); };

document.addEventListener("keydown", (ev) => {
  if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
  if (ev.key === "Tab" || /^[1-9]$/.test(ev.key)) document.body.classList.add("kbd");
  if (!/^[1-9]$/.test(ev.key) || ev.ctrlKey || ev.altKey || ev.metaKey) return;
  const b = document.querySelector(`#play [data-key="${ev.key}"]`);
  if (b && !b.disabled) { ev.preventDefault(); b.focus({ preventScroll: true }); b.click(); }
});
document.addEventListener("pointerdown", () => document.body.classList.remove("kbd"));
// Not a text field (the name prompt stands in #play on a phone): each update put the focus back
// in the name field the person had left, and a phone's keyboard could not be put away for good.
document.addEventListener("focusin", (ev) => {
  const table = $("play").contains(ev.target) && !(ev.target instanceof HTMLInputElement);
  lastFocus = table ? (focusKey(ev.target) || "#board") : null;
});
document.addEventListener("focusout", (ev) => {
  if (!promptWaits || !(ev.target instanceof HTMLInputElement)) return;
  setTimeout(() => {  // once focus has moved (to another field: it waits on)
    const prompt = lastPrompt && document.getElementById(lastPrompt);
    if (promptWaits && prompt) showPrompt(prompt);
  });
});

(async () => {
  await loadCatalogs(currentLang(), ["web", "core"]);  // every status in the page's language
  labelPage();
  startSeats({ token, badLink, seated: showAfterSitting, send: (obj) => {
    if (!ws || ws.readyState !== 1) return false;
    ws.send(JSON.stringify(obj));
    return true;
  } });
  connect();
})();
