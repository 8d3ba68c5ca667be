// The live table: WebSocket client, seat token, action bar, log, game-over screen.
// Every text comes from the server in the player's language: event sentences (ev.text), action
// labels (legal: [{action, label}]; the notation is only an id to send back), seat names (names)
// and card names (labels). A game's /static/games/<name>.js only lays out its table:
// render(root, msg, ui).
import { botLabel, currentLang, fill, h, has, langSelect, loadCatalogs, t, tr } from "./i18n.js";

const tableId = location.pathname.split("/")[2];
const params = new URLSearchParams(location.search);
const tokenKey = `mahai.seat.${tableId}`;
if (params.get("seat")) {
  localStorage.setItem(tokenKey, params.get("seat"));
  history.replaceState(null, "", `/t/${tableId}`);
}
const spectate = params.get("spectate") === "1";
const token = spectate ? null : localStorage.getItem(tokenKey);

let ws = null;
let last = null;
let gameModule = null;
let gameName = null;
let retry = 500;
let queue = Promise.resolve();
let sending = false;
const log = [];

const $ = (id) => document.getElementById(id);

// A seat as the server names it for this viewer ("You", a bot's name, "Seat 2"), as a title.
function seatName(seat) {
  if (seat === null || seat === undefined) return t("Spectator");
  const name = (last && last.names && last.names[seat]) || t("Seat {n}", { n: seat + 1 });
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export const ui = {
  t, h, fill,
  tg: (msgid, p) => tr(gameName, msgid, p),
  has: (msgid) => has(gameName, msgid),
  seatName,
  act,
  // The name of a card code the view shows (sent by the server), else the code.
  label: (code) => (last && last.labels && last.labels[code]) || String(code),
  // A button for one legal action {action, label}: shows `text` (default: the label);
  // its accessible name is always the server's full label.
  actionButton(entry, text, extra = {}) {
    return h("button", { type: "button", "data-action": entry.action, onclick: () => act(entry.action),
                         "aria-label": text && text !== entry.label ? entry.label : null, ...extra },
      text ?? entry.label);
  },
};

function act(notation) {
  if (!ws || ws.readyState !== 1 || !last || sending) return;
  sending = true;
  for (const b of document.querySelectorAll("[data-action]")) b.disabled = true;
  ws.send(JSON.stringify({ type: "act", version: last.version, action: notation }));
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}`);
  $("conn").textContent = t("Connecting…");
  ws.onopen = () => {
    retry = 500;
    $("conn").textContent = t("Connected");
    ws.send(JSON.stringify({ type: "hello", token, lang: currentLang() }));
  };
  ws.onmessage = (ev) => { queue = queue.then(() => onMessage(JSON.parse(ev.data))).catch(console.error); };
  ws.onclose = () => {
    $("conn").textContent = t("Reconnecting…");
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
  } else if (msg.type === "state" || msg.type === "update") {
    if (msg.events) { log.push(...msg.events); renderLog(); }
    if (msg.events && msg.events.length) $("error").textContent = "";
    sending = false;
    last = msg;
    window.mahaiLast = msg; // the viewer's own projection, for tests and the console
    render();
  } else if (msg.type === "error") {
    sending = false;
    $("error").textContent = msg.message;
    $("error").dataset.code = msg.code;
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
  const title = table.title;
  $("title").textContent = `${title} · ${table.edition_title}`;
  document.title = `${title} — Mahai`;
  $("seats-title").textContent = t("Seats");
  $("log-title").textContent = t("Log");
  $("board").setAttribute("aria-label", t("Table"));
  $("actions").setAttribute("aria-label", t("Your possible moves"));
  $("langbox").replaceChildren(langSelect(() => location.reload()));
}

function renderLog() {
  const items = log.filter((ev) => ev.text).slice(-60).map((ev) => h("li", {}, ev.text));
  $("log").replaceChildren(...items);
  $("log").scrollTop = $("log").scrollHeight;
}

function render() {
  const msg = last;
  document.body.dataset.version = String(msg.version);
  document.body.dataset.seat = msg.seat === null ? "" : String(msg.seat);
  document.body.dataset.over = msg.over ? "1" : "0";
  // seats: "Seat 2 — Bot: heuristic", "Seat 1 — you"
  const seatNo = (seat) => (seat === null ? t("Spectator") : t("Seat {n}", { n: seat + 1 }));
  const who = (s) => (s.seat === msg.seat ? t("you") : s.kind === "bot" ? botLabel(s.bot) : t("Person"));
  $("seats").replaceChildren(...msg.table.seats.map((s) => h("li", {
    class: [s.online ? "online" : "", s.seat === msg.seat ? "me" : ""].join(" "),
    "aria-label": `${seatNo(s.seat)}: ${who(s)}${s.online ? ", " + t("online") : ""}`,
  }, seatNo(s.seat), " — ", who(s),
     msg.to_act.includes(s.seat) ? h("span", { class: "pill ok" }, " ", t("to act")) : null)));
  $("seat-tools").replaceChildren(
    msg.seat !== null && !msg.over ? h("button", { type: "button", id: "leave", onclick: () => {
      ws.send(JSON.stringify({ type: "hand_to_bot", bot: "random" }));
      localStorage.removeItem(tokenKey);
    } }, t("Leave: a bot takes my seat")) : null,
    h("p", {}, h("a", { href: `/t/${tableId}/replay` }, t("Step-by-step replay"))),
    h("p", {}, h("button", { type: "button", onclick: () =>
      navigator.clipboard?.writeText(new URL(`/t/${tableId}?spectate=1`, location.href).href) }, t("Copy the spectator link"))));
  // status
  let status;
  if (msg.over) status = t("Game over.");
  else if (msg.seat !== null && msg.legal.length) status = t("Your turn.");
  else status = t("Waiting for {who}.", { who: msg.to_act.map(seatName).join(", ") });
  $("status").textContent = `${seatNo(msg.seat)} · ${status}`;
  // board
  const board = $("board");
  try {
    gameModule.render(board, msg, ui);
  } catch (e) {
    console.error(e);
    import("/static/games/generic.js").then((g) => g.render(board, msg, ui));
  }
  // action bar: every legal action, keyboard shortcuts 1-9
  const MAX = 60;
  const labels = msg.legal.slice(0, MAX).map((e, i) => ui.actionButton(e, null, { "data-key": i < 9 ? String(i + 1) : null }));
  labels.forEach((b, i) => { if (i < 9) b.prepend(h("kbd", {}, String(i + 1))); });
  const more = msg.legal.length > MAX ? h("p", { class: "muted" }, t("…and {n} more: choose on the table.", { n: msg.legal.length - MAX })) : null;
  fill($("actions"), ...(msg.legal.length ? [h("h2", { class: "visually-hidden" }, t("Your possible moves")), ...labels, more] : []));
  if (sending) for (const b of document.querySelectorAll("[data-action]")) b.disabled = true;
  // game over
  const over = $("gameover");
  if (msg.over) {
    const names = msg.winners.map(seatName).join(", ");
    over.hidden = false;
    over.replaceChildren(h("h2", {}, t("Game over.")),
      h("p", { id: "winners" }, msg.winners.length ? t("Winners: {names}", { names }) : t("No winner.")),
      msg.seat !== null ? h("p", {}, msg.winners.includes(msg.seat) ? t("You won!") : t("You did not win this time.")) : null,
      h("p", {}, h("a", { href: `/t/${tableId}/replay` }, t("Step-by-step replay")), " · ", h("a", { href: "/" }, t("New table"))));
  } else {
    over.hidden = true;
  }
}

document.addEventListener("keydown", (ev) => {
  if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
  const b = document.querySelector(`#actions button[data-key="${ev.key}"]`);
  if (b && !b.disabled) { ev.preventDefault(); b.click(); }
});

connect();
