// The table page's seat controls, a module that table.js starts (startSeats) and feeds with every
// message of its one WebSocket (seatMessage): the person's name at the table, leaving (after a
// confirmation that names the bot taking over; the invitation link takes the seat back), the
// rematch at game over (each person's page moves to the new table with its new seat token), and
// links to "How to play" and, for the creator, the invitations page. Never a link to the DenboraZup
// chronology: during a game it is the answer key.
//
// It renders into #seat-welcome (the name prompt, made before #status; atop <aside> on a desktop), #seat-panel (made after
// the first panel of <aside>) and #over-actions (the rematch and the way back to the lobby, in the
// game-over panel table.js makes: fillOverActions). From table.js's connection (one per viewer:
// the server allows 100 sockets per address) it reads `state`/`update` (who sits where, whether
// the game is over) and `rematch` (the new table and this seat's new token), and it sends
// `hand_to_bot` through it.
import { currentLang, fill, getJson, h, postJson, t } from "./i18n.js";
import { NAME_MAX, creatorToken, fitField, lastName, leftToken, nameLength, remember, setLastName } from "./keep.js";

const tableId = location.pathname.split("/")[2];
let token = null;
let last = null;
let info = null;       // /api/games/<name>: the bots (strongest first) and the rules page
let moving = false;
let leaving = false;
let welcome = null;
let panel = null;
let dialog = null;
let notice = null;       // #seat-invalid: this seat link opened no seat
let invalid = false;     // the page came with an empty ?seat=, or the server refused its token
let noticeDone = false;  // the person chose to watch
let send = () => false;  // table.js's connection: send(object) → whether it went out
let seated = () => {};   // table.js: the name prompt went, bring the question or the hand into view
// The server's welcome said this seat was already open on another page when this one sat down (a
// forwarded invitation took the seat silently): the name prompt says so, and how to go on.
let elsewhere = false;

// Whether this browser's person at this seat has a name at the table: per seat, so a second person
// sitting down in the same browser (one phone passed round) is still asked; the table-wide mark of
// older versions still counts.
function named() {
  const seat = last ? last.seat : null;
  return localStorage.getItem(`mahai.named.${tableId}`) === "1"
    || (seat !== null && seat !== undefined && localStorage.getItem(`mahai.named.${tableId}.${seat}`) === "1");
}

// Called once by table.js, its catalogs (web, core) loaded: `conn.token` is the seat token it says
// hello with (null: watching), `conn.send(object)` sends on its WebSocket, `conn.badLink`: the
// address had a `?seat=` with no token in it, `conn.seated()` is called once the person sat down.
export function startSeats(conn) {
  if (panel) return;
  token = conn.token;
  send = conn.send;
  seated = conn.seated || seated;
  invalid = Boolean(conn.badLink);
  if (token && token === leftToken(tableId)) remember("left", tableId, null);  // back with the link
  if (!document.querySelector("link[href='/static/css/seats.css']")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/css/seats.css" }));
  }
  welcome = h("section", { id: "seat-welcome", class: "panel", hidden: true, "aria-labelledby": "seat-welcome-title" });
  // Over the status on a phone (one column: the first thing of the table); on a desktop at the top
  // of the side column, beside the table (above the status it pushed the table 190 px down until
  // the person sat). Moved again when the window crosses the width where the side column appears.
  const wide = matchMedia("(min-width: 1000px)");
  const place = () => {
    const side = document.getElementById("side");
    const status = document.getElementById("status");
    if (wide.matches && side) side.prepend(welcome);
    else if (status) status.before(welcome);
    else document.body.append(welcome);
  };
  place();
  wide.addEventListener("change", place);
  // A seat link that opens no seat (cut short, mistyped, another table's) said nothing: the page
  // silently watched. It says so over the table, with the two ways on.
  notice = h("section", { id: "seat-invalid", class: "panel", role: "alert", hidden: true,
                          "aria-labelledby": "seat-invalid-title" });
  // over the game-over panel too: on a finished table it came under the panel and its score
  // sheet, below a phone's first screen (the play test of session 15)
  const above = document.getElementById("gameover") || document.getElementById("status");
  if (above) above.before(notice); else document.body.prepend(notice);
  panel = h("section", { id: "seat-panel", class: "panel", "aria-labelledby": "seat-panel-title" });
  // after the side column's first panel, the seats (not after the name prompt atop it on a desktop)
  const firstPanel = document.getElementById("seats-box") || document.querySelector("aside .panel");
  if (firstPanel) firstPanel.after(panel); else (document.querySelector("main") || document.body).append(panel);
}

// Every message of table.js's connection, as it arrives.
export async function seatMessage(msg) {
  if (!panel) return;
  if (msg.type === "error" && msg.code === "bad_token") {
    invalid = true;
    showNotice();
  } else if (msg.type === "welcome") {
    elsewhere = Boolean(msg.elsewhere) && msg.seat !== null && msg.seat !== undefined;
    if (msg.seat !== null && msg.seat !== undefined) invalid = false;  // a kept token sat us down
    showNotice();
    if (!info) {
      const res = await getJson(`/api/games/${msg.table.game}?lang=${currentLang()}`);
      if (!res.ok) return;  // the rules link and the bot's name only: the panel works without them
      info = res.data;
      render();  // the rules link and the bot's name
    }
  } else if (msg.type === "state" || msg.type === "update") {
    if (leaving && msg.seat === null) { reloadAsSpectator(); return; }
    // The seat this browser sits at, for the lobby's "My tables" and the invitations page ("Your
    // seat"): only the creator's browser knew it (the lobby's first person).
    if (token && msg.seat !== null && msg.seat !== undefined) remember("own", tableId, String(msg.seat));
    last = msg;
    render();
    showNotice();
    if (msg.over && msg.table.rematch && token && msg.seat !== null && !moving) joinRematch(false);
  } else if (msg.type === "rematch") {
    if (msg.token) moveTo(msg.table, msg.token);
    else render();
  }
}

// "This seat link is not valid", while the page watches because of it: watch (the notice goes,
// and so does the refused token this browser kept) or go back to the lobby.
function showNotice() {
  if (!notice) return;
  const watching = !last || last.seat === null || last.seat === undefined;
  if (!invalid || noticeDone || !watching) { notice.hidden = true; return; }
  if (!notice.hidden) return;
  const watch = h("button", { type: "button", id: "seat-invalid-watch", class: "primary", onclick: () => {
    noticeDone = true;
    if (token && localStorage.getItem(`mahai.seat.${tableId}`) === token) remember("seat", tableId, null);
    notice.hidden = true;
    (document.getElementById("board") || document.body).focus({ preventScroll: true });
  } }, t("Watch the game"));
  notice.replaceChildren(
    h("h2", { id: "seat-invalid-title" }, t("This seat link is not valid")),
    h("p", {}, t("It may have been cut short, or belong to another table. You can watch the game as a spectator, or go back to the lobby and ask for your link again.")),
    h("p", { class: "seat-invalid-ways" }, watch, " ",
      h("a", { href: "/", id: "seat-invalid-lobby", class: "button" }, t("Back to the lobby"))));
  notice.hidden = false;
  // in sight, if the page had scrolled down meanwhile (to a finished game's panel, under it)
  if (notice.getBoundingClientRect().top < 0) notice.scrollIntoView({ block: "start" });
}

// The rematch of this finished table: created by the first person who asks; each person's page
// moves there with its new seat token.
async function joinRematch(ask) {
  const body = { token: token || creatorToken(tableId) };
  if (!body.token) return;
  const res = await postJson(`/api/tables/${tableId}/rematch?lang=${currentLang()}`, body);
  const data = res.data;
  if (!res.ok) { if (ask) say(data.message || ""); return; }
  if (data.token) moveTo(data.id, data.token);
  else if (ask && creatorToken(tableId)) { carry(data.id); location.href = `/t/${data.id}/invite`; }
  else if (ask) location.href = `/t/${data.id}?spectate=1`;
}

function carry(newId) {
  const creator = creatorToken(tableId);
  if (creator) remember("creator", newId, creator);
  if (named() && last && last.seat !== null) remember("named", `${newId}.${last.seat}`, "1");
}

function moveTo(newId, newToken) {
  if (moving) return;
  moving = true;
  remember("seat", newId, newToken);
  carry(newId);
  location.href = `/t/${newId}`;
}

function say(text) {
  const box = document.getElementById(last && last.over && document.getElementById("over-message") ? "over-message" : "seat-message");
  if (box) box.textContent = text;
}

// The bot that takes a seat its person leaves: the server's default_bot (else the strongest).
const standIn = () => (info && info.bots.length
  ? info.bots.find((b) => b.name === info.default_bot) || info.bots[0] : null);
const botTitle = () => (standIn() ? standIn().title : "");

function render() {
  if (!last) return;
  const seat = last.seat;
  const row = seat !== null ? last.table.seats[seat] : null;
  const creator = creatorToken(tableId);
  // The name prompt: once per table, when the person first sits (not once the game is over:
  // it stood between the result and the table, asking for a name nobody would see play). A seat
  // the creator named (an invitation "for Bob") is not asked: the bar stood over a phone's board
  // all game; the panel's "Change my name" is there (the play test of session 20).
  if (row && !named() && !last.over && (!row.name || elsewhere)) {
    if (welcome.hidden) renderWelcome(row);
  } else if (!typing()) {  // not while a new name is typed ("Change my name")
    welcome.hidden = true;
  }
  const left = leftToken(tableId);
  const rules = info && info.rules ? `${info.rules}?lang=${currentLang()}` : null;
  const over = last.over;
  const kids = [h("h2", { id: "seat-panel-title" }, t("Your seat"))];
  if (row) {
    kids.push(h("p", {}, row.name ? t("You play as {name}.", { name: row.name }) : t("You have not chosen a name yet."), " ",
      // no name yet: "Choose a name" ("Change my name" beside "You have not chosen a name yet.")
      named() || row.name ? h("button", { type: "button", id: "rename", onclick: () => renderWelcome(row, true) },
        row.name ? t("Change my name") : t("Choose a name")) : null));
  } else if (left) {
    kids.push(h("p", {}, t("You left this seat: a bot plays it.")),
      h("p", {}, h("a", { href: `/t/${tableId}?seat=${encodeURIComponent(left)}`, id: "take-back" }, t("Take my seat back"))));
  } else {
    kids.push(h("p", { class: "muted" }, t("You are watching.")));
  }
  kids.push(h("p", { id: "seat-message", role: "status" }));
  const links = [];
  if (rules) links.push(h("li", {}, h("a", { href: rules, target: "_blank", rel: "noopener", id: "rules-link" }, t("How to play"))));
  if (creator) links.push(h("li", {}, h("a", { href: `/t/${tableId}/invite`, id: "invitations-link" }, t("Invitations"))));
  if (links.length) kids.push(h("ul", {}, links));
  if (row && !over) {
    kids.push(h("p", {}, h("button", { type: "button", id: "seat-leave", class: "danger", onclick: confirmLeave },
      t("Leave the table…"))));
  }
  const focused = document.activeElement && panel.contains(document.activeElement) ? document.activeElement.id : null;
  panel.replaceChildren(...kids);
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  fillOverActions();
}

// The game-over panel's way on (#over-actions, made by table.js): the rematch (for a person who
// sat here, or the creator), else watching it; the step-by-step replay; back to the lobby.
export function fillOverActions() {
  const box = document.getElementById("over-actions");
  if (!box || !last || !last.over) return;
  const row = last.seat !== null ? last.table.seats[last.seat] : null;
  const kids = [];
  if (row || creatorToken(tableId)) {
    // one seat (a DenboraZup solo game): nobody to have a rematch with, the person plays again
    const label = last.table.seats.length === 1 ? t("Play again")
      : last.table.rematch ? t("Join the rematch") : t("Rematch: same people, new deal");
    kids.push(h("button", { type: "button", id: "rematch", class: "primary", onclick: () => joinRematch(true) }, label));
  } else if (last.table.rematch) {
    kids.push(h("a", { href: `/t/${last.table.rematch}?spectate=1`, id: "watch-rematch", class: "button primary" }, t("Watch the rematch")));
  }
  kids.push(h("a", { href: "/", id: "back-to-lobby", class: "button" }, t("Back to the lobby")),
    h("a", { href: `/t/${tableId}/replay`, id: "over-replay" }, t("Step-by-step replay")));
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
  box.replaceChildren(...kids, h("p", { id: "over-message", role: "status" }));
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
}

// table.js, as this page sends a move: the person plays, so they sit here; the name prompt goes
// (unless they are typing in it) and the panel keeps "Choose a name" for later.
export function played() {
  if (!welcome || welcome.hidden || !last || last.seat === null || typing()) return;
  remember("named", `${tableId}.${last.seat}`, "1");
  welcome.hidden = true;
  render();
}

// Whether the name form is being used: focused, or holding a name typed and not sent yet (a phone's
// keyboard put away to look at the board, or a card played, closed it and lost the name: session 20).
function typing() {
  const input = welcome.querySelector("#seat-name");
  return !welcome.hidden && (welcome.contains(document.activeElement) || (input !== null && input.value !== input.defaultValue));
}

function renderWelcome(row, again = false) {
  const input = h("input", { type: "text", id: "seat-name", autocomplete: "nickname",
                             "aria-describedby": "seat-name-limit", value: (again || row.name) ? (row.name || "") : lastName() });
  const limit = nameLimit(input, "seat-name-limit");
  const formEl = h("form", { onsubmit: async (ev) => {
    ev.preventDefault();
    const res = await postJson(`/api/tables/${tableId}/name?lang=${currentLang()}`, { token, name: input.value });
    const data = res.data;
    if (!res.ok) { say(data.message || ""); return; }
    remember("named", `${tableId}.${last.seat}`, "1");
    setLastName(data.name);
    welcome.hidden = true;
    render();
    if (!again) seated();  // the table brings its question (or the hand) back into view
  } },
    h("label", { for: "seat-name" }, t("Your name")), input,
    h("button", { type: "submit", id: "seat-name-save" }, t("Sit down")), " ",
    h("button", { type: "button", id: "seat-name-cancel", onclick: () => cancel() }, t("Cancel")), limit);
  // The way out of a form that keeps a name typed (it stays until sent, typing()): closes it, the
  // name dropped. The first bar closes for good, as after a first move (played()): the panel keeps
  // "Choose a name".
  const cancel = () => {
    if (!again && last && last.seat !== null) remember("named", `${tableId}.${last.seat}`, "1");
    welcome.hidden = true;
    render();
    const back = again && document.getElementById("rename");
    if (back) back.focus();
    else (document.getElementById("board") || document.body).focus({ preventScroll: true });
  };
  formEl.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { ev.preventDefault(); cancel(); }
  });
  // fill, not replaceChildren: the DOM's own writes the absent paragraph (null) as "null"
  fill(welcome, h("h2", { id: "seat-welcome-title" }, t("Welcome to the table")),
    elsewhere && !again ? h("p", { id: "seat-elsewhere", class: "seat-elsewhere", role: "alert" },
      t("This seat is already open on another device."), " ",
      t("If that is you, carry on here; if not, ask the person who invited you for a link of your own.")) : null,
    h("p", {}, t("Choose the name the others will see at the table and in the log.")), formEl);
  welcome.hidden = false;
  if (again) input.focus();
}

// What a name field says under it: its limit and how many characters are left, kept up to date
// as the person types (the field itself stops at NAME_MAX: fitField). `id` names it for aria-describedby.
export function nameLimit(input, id) {
  const note = h("p", { id, class: "name-limit muted" });
  const update = () => {
    fitField(input);
    const left = NAME_MAX - nameLength(input.value);
    note.textContent = `${t("At most {n} character.", { n: NAME_MAX })} ${t("{n} character left.", { n: Math.max(0, left) })}`;
    note.classList.toggle("full", left <= 0);
  };
  input.addEventListener("input", update);
  update();
  return note;
}

// Also from the hand's summary (table.js), which covers the seat panel's button: a person who
// must go did not have to press "Continue" first and keep the others waiting.
export function confirmLeave() {
  if (dialog) dialog.remove();
  const bot = botTitle();
  const stay = h("button", { type: "button", id: "leave-cancel", onclick: () => dialog.close() }, t("Stay"));
  dialog = h("dialog", { id: "leave-dialog", "aria-labelledby": "leave-title", "aria-describedby": "leave-text" },
    h("h2", { id: "leave-title" }, t("Leave the table?")),
    // "Robota: indartsua" inside the sentence read "…jokatuko duena: Robota: indartsua." (two colons)
    h("p", { id: "leave-text" }, t("From now on a bot plays your seat (level: {level}). Your invitation link takes it back.",
      { level: bot })),
    h("div", { class: "buttons" }, stay,
      h("button", { type: "button", id: "leave-confirm", class: "danger", onclick: leave }, t("Leave"))));
  document.body.append(dialog);
  dialog.showModal();
  stay.focus();
}

function leave() {
  const bot = standIn() ? standIn().name : null;
  if (!send({ type: "hand_to_bot", bot })) return;
  remember("left", tableId, token);
  remember("seat", tableId, null);
  remember("own", tableId, null);
  leaving = true;
  dialog.close();
  setTimeout(reloadAsSpectator, 3000);  // in case the answer is lost
}

// table.js keeps the token it started with: once the bot has the seat, a fresh page watches.
function reloadAsSpectator() {
  if (moving) return;
  moving = true;
  location.replace(`/t/${tableId}`);
}
