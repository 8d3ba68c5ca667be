// Step-by-step replay: finished games from any seat's view, unfinished ones from the viewer's only.
// The server sends every text (event sentences, action labels, seat and card names).
import { currentLang, fill, getJson, h, langSelect, loadCatalogs, t } from "./i18n.js";
import { fitNames } from "./cards.js";
import { makeUi } from "./ui.js";

const tableId = location.pathname.split("/")[2];
const params = new URLSearchParams(location.search);
const token = localStorage.getItem(`mahai.seat.${tableId}`);
let data = null;  // the first page's answer: table, viewer, names, steps (how many frames), page
let index = 0;
// The frames by step, fetched a page at a time as the slider reaches them (the server sends
// at most data.page at once: a long game's whole replay was gigabytes), and the pages on their
// way. The page size is the server's answer, not a copy of it here: a server with other pages
// left the steps past its first page unfetched.
let frames = new Map();
let pages = new Map();
let asked = null;  // the query of the replay being shown (the viewer chosen), without its page
let gameModule = null;
const $ = (id) => document.getElementById(id);

async function load(seat) {
  const q = new URLSearchParams();
  if (token) q.set("token", token);
  if (seat !== undefined && seat !== "") q.set("seat", seat);
  q.set("lang", currentLang());
  asked = q.toString();
  frames = new Map();
  pages = new Map();
  const res = await getJson(`/api/tables/${tableId}/replay?${asked}`);
  if (!res.ok) {  // an unknown table, a server failure: say so in the page's language
    await loadCatalogs(currentLang(), ["web", "core"]);
    $("langbox").replaceChildren(langSelect(() => location.reload()));
    $("step").replaceChildren(h("span", { role: "alert", id: "load-error" }, res.data.message));
    // the way back, as the table page of an unknown table gives it (the header said only "Mahai")
    $("home").textContent = t("Lobby");
    $("step").after(h("p", { id: "gone-home" }, h("a", { href: "/" }, t("Back to the lobby"))));
    return;
  }
  data = res.data;
  keep(data);
  const game = data.table.game;
  await loadCatalogs(currentLang(), ["web", "core", game]);
  try { gameModule = await import(`/static/games/${game}.js`); } catch (e) { gameModule = await import("/static/games/generic.js"); }
  const title = data.table.title;
  $("title").textContent = `${title} · ${t("Replay")}`;
  $("controls").setAttribute("aria-label", t("Replay"));
  $("home").textContent = t("Lobby");
  $("board").setAttribute("aria-label", t("Table"));
  $("langbox").replaceChildren(langSelect(() => location.reload()));
  index = Math.min(index, data.steps - 1);
  controls();
  show();
}

function keep(page) {
  page.frames.forEach((f, i) => frames.set(page.start + i, f));
}

// The page of frames holding step i: fetched once, then kept. Resolves true if the server's page
// size changed meanwhile (a restart with another MAHAI_REPLAY_PAGE: a page asked for by the old
// size was refused, or held fewer steps): the pages are then counted by the new size. No count
// is sent: the server sends its own page size.
function fetchPage(i) {
  const start = i - (i % data.page);
  if (!pages.has(start)) {
    const query = asked;
    pages.set(start, getJson(`/api/tables/${tableId}/replay?${query}&start=${start}`).then((res) => {
      if (query !== asked) return false;  // another viewer was chosen meanwhile
      if (!res.ok) { pages.delete(start); return false; }  // try again at the next step shown
      keep(res.data);
      if (res.data.page === data.page) return false;
      data.page = res.data.page;
      pages = new Map();
      return true;
    }));
  }
  return pages.get(start);
}

const seatNo = (s) => (s === null || s === undefined ? t("Spectator") : t("Seat {n}", { n: s + 1 }));
function seatName(s) {
  if (s === null || s === undefined) return t("Spectator");
  const name = (data.names && data.names[s]) || seatNo(s);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

// What the step did, as the list under the title says it: the sentence of the acting seat's event,
// for the viewer ("Xabier: 13 karta hartu ditu"). The action's button label read as an order
// to the viewer ("Xabier: Begiratu zure kartak", "Zu: Jarri: …"); it stays for a step whose
// events the viewer may not read.
function saidEvent(f) {
  const told = f.events.filter((e) => e.text);
  return told.find((e) => e.seat === f.seat) || told[0] || null;
}
function said(f) {
  const own = saidEvent(f);
  return own ? own.text : `${seatName(f.seat)}: ${f.label}`;
}

const arrow = (text) => h("span", { "aria-hidden": "true" }, text);
const word = (text) => h("span", { class: "word" }, text);

function controls() {
  const slider = h("input", { type: "range", id: "slider", min: "0", max: String(data.steps - 1),
    value: String(index), "aria-label": t("Step"), oninput: (e) => { index = Number(e.target.value); show(true); } });
  const go = (i) => () => { index = Math.max(0, Math.min(data.steps - 1, i())); show(); };
  const viewerSel = data.over ? h("select", { id: "viewer", "aria-label": t("Seen by"),
    onchange: (e) => load(e.target.value) },
    h("option", { value: "" }, t("Spectator")),
    data.table.seats.map((s) => h("option", { value: String(s.seat), selected: data.viewer === s.seat ? true : null },
      s.name ? `${seatNo(s.seat)} · ${s.name}` : seatNo(s.seat)))) : null;  // "1. eserlekua · Itziar", as the invitations say
  fill($("controls"),
    // the arrows hidden from screen readers, the words from a phone's screen (table.css)
    h("button", { type: "button", id: "first", onclick: go(() => 0) }, arrow("|◀ "), word(t("First"))),
    h("button", { type: "button", id: "prev", onclick: go(() => index - 1) }, arrow("◀ "), word(t("Previous"))),
    slider,
    h("button", { type: "button", id: "next", onclick: go(() => index + 1) }, word(t("Next")), arrow(" ▶")),
    h("button", { type: "button", id: "last", onclick: go(() => data.steps - 1) }, word(t("Last")), arrow(" ▶|")),
    viewerSel ? h("label", {}, t("Seen by"), " ", viewerSel) : null,
    h("a", { href: `/t/${tableId}` }, t("Back to the table")));
}

// A step of a page not fetched yet, reached by dragging the slider, is asked for once the thumb
// rests: a drag across a long DenboraZup game asked for every page it crossed (up to 7 MB of
// JSON each, session 16's play test), and the board waited seconds for pages no one wanted.
const REST_MS = 150;
let resting = 0;

function show(dragged = false) {
  $("slider").value = String(index);
  const f = frames.get(index);
  clearTimeout(resting);
  if (!f) {  // not fetched yet: shown when its page comes, unless another step was asked meanwhile
    const wanted = index;
    const ask = () => fetchPage(wanted).then((resized) => {
      if (index !== wanted) return;
      if (frames.has(wanted)) show();
      else if (resized) ask();  // its page, counted by the server's new size
    });
    if (dragged) resting = setTimeout(() => { if (index === wanted) ask(); }, REST_MS);
    else ask();
    return;
  }
  document.body.dataset.step = String(index);
  $("step").textContent = t("Step {n} of {total}", { n: index, total: data.steps - 1 }) +
    (f.action ? ` — ${said(f)}` : "");
  // the list under it tells the rest of the step: the title's sentence came again as its first line
  // ("Indartsua 4: erabaki du." twice, the play test of session 20)
  const titled = f.action ? saidEvent(f) : null;
  $("frame-events").replaceChildren(...f.events.filter((e) => e.text && e !== titled).map((e) => h("li", {}, e.text)));
  const msg = { type: "replay", table: data.table, seat: data.viewer, version: f.version, view: f.view,
                labels: f.labels, names: data.names, legal: [], to_act: [], over: false, winners: [],
                recent: f.events, settled: false };
  current = msg;
  gameModule.render($("board"), msg, ui);
  fitNames();
}

let current = null;
const ui = makeUi({
  game: () => data.table.game,
  message: () => current,
  seatName,
  timing: { trick: 0, reveal: 0, fly: 0 },
  live: false,
  act: () => {},
  claim: () => {},
  actionButton: (entry, text) => h("span", {}, text ?? entry.label),
  rerender: () => show(),
});

document.addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") { index = Math.min(data.steps - 1, index + 1); show(); }
  if (e.key === "ArrowLeft") { index = Math.max(0, index - 1); show(); }
});

load(params.get("seat") ?? undefined);
