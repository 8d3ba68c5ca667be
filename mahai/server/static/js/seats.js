// The table page's seat controls, in a module of their own that table.js loads with one line
// (`import "./seats.js";`): the person's name at the table, leaving (after a confirmation that
// names the bot taking over; the invitation link takes the seat back), the rematch at game over
// (each person's page moves to the new table with its new seat token), and links to "How to play"
// and, for the creator, the invitations page. Never a link to the DenboraZup chronology: during a
// game it is the answer key.
//
// It renders into #seat-welcome (the name prompt, made before #status) and #seat-panel (made after
// the first panel of <aside>), and listens on a WebSocket of its own to the table (same hello as
// table.js): `state`/`update` say who sits where and whether the game is over, `rematch` carries the
// new table and this seat's new token.
import { currentLang, h, loadCatalogs, t } from "./i18n.js";
import { creatorToken, lastName, leftToken, remember, seatToken, setLastName } from "./keep.js";

const tableId = location.pathname.split("/")[2];
let token = null;
let last = null;
let info = null;       // /api/games/<name>: the bots (strongest first) and the rules page
let moving = false;
let leaving = false;
let retry = 500;
let welcome = null;
let panel = null;
let dialog = null;

function named() { return localStorage.getItem(`mahai.named.${tableId}`) === "1"; }

async function init() {
  if (panel) return;
  const params = new URLSearchParams(location.search);
  token = params.get("spectate") === "1" ? null : (params.get("seat") || seatToken(tableId));
  if (token && token === leftToken(tableId)) remember("left", tableId, null);  // back with the link
  if (!document.querySelector("link[href='/static/css/seats.css']")) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/css/seats.css" }));
  }
  await loadCatalogs(currentLang(), ["web", "core"]);
  welcome = h("section", { id: "seat-welcome", class: "panel", hidden: true, "aria-labelledby": "seat-welcome-title" });
  const status = document.getElementById("status");
  if (status) status.before(welcome); else document.body.append(welcome);
  panel = h("section", { id: "seat-panel", class: "panel", "aria-labelledby": "seat-panel-title" });
  const firstPanel = document.querySelector("aside .panel");
  if (firstPanel) firstPanel.after(panel); else (document.querySelector("main") || document.body).append(panel);
  connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}?lang=${currentLang()}`);
  ws.onopen = () => { retry = 500; ws.send(JSON.stringify({ type: "hello", token, lang: currentLang() })); };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data), ws);
  // No such table: reconnecting cannot help (table.js says so on the page).
  ws.onclose = () => { if (!moving && !gone) setTimeout(connect, retry); retry = Math.min(retry * 2, 5000); };
}

let gone = false;

async function onMessage(msg, ws) {
  if (msg.type === "error" && msg.code === "unknown_table") gone = true;
  if (msg.type === "welcome") {
    panel.ws = ws;
    if (!info) {
      info = await (await fetch(`/api/games/${msg.table.game}?lang=${currentLang()}`)).json();
      render();  // the rules link and the bot's name
    }
  } else if (msg.type === "state" || msg.type === "update") {
    if (leaving && msg.seat === null) { reloadAsSpectator(); return; }
    last = msg;
    render();
    if (msg.over && msg.table.rematch && token && msg.seat !== null && !moving) joinRematch(false);
  } else if (msg.type === "rematch") {
    if (msg.token) moveTo(msg.table, msg.token);
    else render();
  }
}

// The rematch of this finished table: created by the first person who asks; each person's page
// moves there with its new seat token.
async function joinRematch(ask) {
  const body = { token: token || creatorToken(tableId) };
  if (!body.token) return;
  const res = await fetch(`/api/tables/${tableId}/rematch?lang=${currentLang()}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await res.json();
  if (!res.ok) { if (ask) say(data.message || ""); return; }
  if (data.token) moveTo(data.id, data.token);
  else if (ask && creatorToken(tableId)) { carry(data.id); location.href = `/t/${data.id}/invite`; }
  else if (ask) location.href = `/t/${data.id}?spectate=1`;
}

function carry(newId) {
  const creator = creatorToken(tableId);
  if (creator) remember("creator", newId, creator);
  if (named()) remember("named", newId, "1");
}

function moveTo(newId, newToken) {
  if (moving) return;
  moving = true;
  remember("seat", newId, newToken);
  carry(newId);
  location.href = `/t/${newId}`;
}

function say(text) {
  const box = document.getElementById("seat-message");
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
  // The name prompt: once per table, when the person first sits.
  if (row && !named()) {
    if (welcome.hidden) renderWelcome(row);
  } else {
    welcome.hidden = true;
  }
  const left = leftToken(tableId);
  const rules = info && info.rules ? `${info.rules}?lang=${currentLang()}` : null;
  const over = last.over;
  const kids = [h("h2", { id: "seat-panel-title" }, t("Your seat"))];
  if (row) {
    kids.push(h("p", {}, row.name ? t("You play as {name}.", { name: row.name }) : t("You have not chosen a name yet."), " ",
      named() ? h("button", { type: "button", id: "rename", onclick: () => renderWelcome(row, true) }, t("Change my name")) : null));
  } else if (left) {
    kids.push(h("p", {}, t("You left this seat: a bot plays it.")),
      h("p", {}, h("a", { href: `/t/${tableId}?seat=${encodeURIComponent(left)}`, id: "take-back" }, t("Take my seat back"))));
  } else {
    kids.push(h("p", { class: "muted" }, t("You are watching.")));
  }
  if (over && (row || creator)) {
    kids.push(h("p", {}, last.table.rematch
      ? h("button", { type: "button", id: "rematch", onclick: () => joinRematch(true) }, t("Join the rematch"))
      : h("button", { type: "button", id: "rematch", onclick: () => joinRematch(true) }, t("Rematch: same people, new deal"))));
  } else if (over && last.table.rematch) {
    kids.push(h("p", {}, h("a", { href: `/t/${last.table.rematch}?spectate=1`, id: "watch-rematch" }, t("Watch the rematch"))));
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
}

function renderWelcome(row, again = false) {
  const input = h("input", { type: "text", id: "seat-name", maxlength: "24", autocomplete: "nickname",
                             value: (again || row.name) ? (row.name || "") : lastName() });
  const formEl = h("form", { onsubmit: async (ev) => {
    ev.preventDefault();
    const res = await fetch(`/api/tables/${tableId}/name?lang=${currentLang()}`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, name: input.value }) });
    const data = await res.json();
    if (!res.ok) { say(data.message || ""); return; }
    remember("named", tableId, "1");
    setLastName(data.name);
    welcome.hidden = true;
    render();
  } },
    h("label", { for: "seat-name" }, t("Your name")), input,
    h("button", { type: "submit", id: "seat-name-save" }, t("Sit down")));
  welcome.replaceChildren(h("h2", { id: "seat-welcome-title" }, t("Welcome to the table")),
    h("p", {}, t("Choose the name the others will see at the table and in the log.")), formEl);
  welcome.hidden = false;
  if (again) input.focus();
}

function confirmLeave() {
  if (dialog) dialog.remove();
  const bot = botTitle();
  const stay = h("button", { type: "button", id: "leave-cancel", onclick: () => dialog.close() }, t("Stay"));
  dialog = h("dialog", { id: "leave-dialog", "aria-labelledby": "leave-title", "aria-describedby": "leave-text" },
    h("h2", { id: "leave-title" }, t("Leave the table?")),
    h("p", { id: "leave-text" }, t("{bot} will play your seat from now on. Your invitation link takes it back.",
      { bot: t("Bot: {name}", { name: bot }) })),
    h("div", { class: "buttons" }, stay,
      h("button", { type: "button", id: "leave-confirm", class: "danger", onclick: leave }, t("Leave"))));
  document.body.append(dialog);
  dialog.showModal();
  stay.focus();
}

function leave() {
  const ws = panel.ws;
  if (!ws || ws.readyState !== 1) return;
  const bot = standIn() ? standIn().name : null;
  remember("left", tableId, token);
  remember("seat", tableId, null);
  leaving = true;
  ws.send(JSON.stringify({ type: "hand_to_bot", bot }));
  dialog.close();
  setTimeout(reloadAsSpectator, 3000);  // in case the answer is lost
}

// table.js keeps the token it started with: once the bot has the seat, a fresh page watches.
function reloadAsSpectator() {
  if (moving) return;
  moving = true;
  location.replace(`/t/${tableId}`);
}

setTimeout(init, 0);  // after table.js has run (it stores a ?seat= token in this browser)
