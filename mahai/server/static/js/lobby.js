// Lobby: pick a game (picture, one sentence), an edition (a named preset, one sentence), the player
// count the edition allows, each seat (a person with a name, or a bot by level with a name), and
// "more options"; create the table; "my tables" (kept in this browser) and the tables creators listed.
// It knows no game: everything comes from /api/games in the player's language, built by the server
// from each game's declared metadata; the player counts for changed options come from
// /api/games/<name>/players (Game.players).
import { currentLang, getJson, h, langSelect, loadCatalogs, postJson, t } from "./i18n.js";
import { NAME_MAX, creatorToken, fitField, forget, knownTables, lastName, leftToken, nameLength, ownSeat, remember, seatToken,
  setLastName } from "./keep.js";

let games = [];
const root = document.getElementById("lobby");

// The form's state: kept across re-renders (a language change keeps the choices).
const form = { game: null, edition: null, players: null, counts: [], overrides: {}, seats: [],
               timer: 0, listed: false, more: false };

async function start() {
  const lang = currentLang();
  const [res] = await Promise.all([getJson(`/api/games?lang=${lang}`), loadCatalogs(lang, ["web", "core"])]);
  document.getElementById("langbox").replaceChildren(langSelect(() => start()));
  document.title = "Mahai — " + t("New table");
  if (!res.ok) {
    root.replaceChildren(h("p", { role: "alert", id: "load-error" }, res.data.message));
    return;
  }
  games = res.data;
  render();
}

const game = () => games.find((g) => g.name === form.game);
const edition = () => game().editions.find((e) => e.name === form.edition);
const capital = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

function render() {
  if (!games.length) {
    root.replaceChildren(h("p", {}, t("No game is installed yet.")));
    return;
  }
  if (!game()) chooseGame(games[0].name);
  root.replaceChildren(
    h("section", { id: "my-tables", "aria-labelledby": "my-tables-title", hidden: true },
      h("h2", { id: "my-tables-title" }, t("My tables")),
      h("p", { class: "muted lead" }, t("The tables this browser sits at or created, to go back to.")),
      h("ul", { class: "tables-list", id: "my-tables-list" })),
    newTableForm(),
    h("section", { id: "public", "aria-labelledby": "public-title" },
      h("h2", { id: "public-title" }, t("Tables to watch")),
      h("p", { class: "muted lead" }, t("Tables whose creator chose to list them here.")),
      h("ul", { class: "tables-list", id: "public-list" })),
    learnSection(),
    h("p", { id: "network", class: "muted" }));
  myTables();
  publicTables();
  networkHint();
}

// ------------------------------------------------------------------ the form
function chooseGame(name) {
  form.game = name;
  const g = game();
  // Another game has other bots: every bot seat gets this game's default one.
  form.seats = form.seats.map((s) => (s.kind === "bot" ? { ...s, bot: defaultBot(g) } : s));
  const preferred = g.players.includes(4) ? 4 : g.players[0];
  chooseEdition(g.default_edition[String(preferred)] || g.editions[0].name, preferred);
}

// An edition is a preset: its options replace the changed ones, and its player counts apply.
function chooseEdition(name, preferred) {
  form.edition = name;
  form.overrides = {};
  setCounts(edition().players, preferred ?? form.players);
}

function setCounts(counts, preferred) {
  form.counts = counts;
  if (!counts.includes(form.players)) {
    form.players = counts.includes(preferred) ? preferred
      : counts.reduce((best, n) => (Math.abs(n - (preferred || 4)) < Math.abs(best - (preferred || 4)) ? n : best), counts[0]);
  }
  fitSeats();
}

// The bot a new bot seat gets (the server's default_bot: a strong one, quick; else the strongest).
const defaultBot = (g) => g.default_bot || g.bots[0].name;

// Keep the seats chosen so far; a new seat is a bot (the default one) with a name.
function fitSeats() {
  const g = game();
  const n = form.players || 0;
  const seats = form.seats.slice(0, n).map((s) => (s.kind === "bot" && !g.bots.some((b) => b.name === s.bot)
    ? { ...s, bot: defaultBot(g), named: false } : s));
  while (seats.length < n) {
    seats.push(seats.length === 0 ? { kind: "person", bot: null, name: lastName(), named: true }
      : { kind: "bot", bot: defaultBot(g), name: "", named: false });
  }
  form.seats = seats;
  botNames();
}

// A bot's name, until the player types one: its level, with the seat number when two bots share it.
function botNames() {
  const g = game();
  const title = (name) => capital((g.bots.find((b) => b.name === name) || { title: name }).title);
  form.seats.forEach((s, i) => {
    if (s.kind !== "bot" || s.named) return;
    const twins = form.seats.filter((o) => o.kind === "bot" && o.bot === s.bot).length;
    s.name = twins > 1 ? `${title(s.bot)} ${i + 1}` : title(s.bot);
  });
}

function newTableForm() {
  const el = h("form", { id: "new-table", "aria-labelledby": "new-table-title", novalidate: true });
  el.addEventListener("submit", (ev) => { ev.preventDefault(); create(el); });
  el.replaceChildren(
    h("h2", { id: "new-table-title" }, t("New table")),
    gamePicker(), editionPicker(), countPicker(), seatsBox(), moreOptions(),
    h("p", { class: "create-bar" }, h("button", { type: "submit", id: "create" }, t("Create table"))),
    h("p", { id: "error", role: "alert" }));
  return el;
}

function rerenderForm() {
  const old = document.getElementById("new-table");
  const focused = document.activeElement && document.activeElement.id;
  old.replaceWith(newTableForm());
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
}

function gamePicker() {
  return h("fieldset", { class: "games" }, h("legend", {}, t("Game")),
    h("div", { class: "choices" }, games.map((g) => h("div", { class: "choice" },
      h("label", { for: `game-${g.name}` },
        h("input", { type: "radio", name: "game", id: `game-${g.name}`, value: g.name, checked: g.name === form.game,
                     "aria-describedby": g.about ? `game-${g.name}-about` : null,
                     onchange: () => { chooseGame(g.name); rerenderForm(); } }),
        h("span", { class: "title" }, g.title),
        h("img", { src: g.picture, alt: "", width: "240", height: "88" }),
        // after the picture: beside the title it wrapped the title's line, and Nim's picture sat
        // lower than the other games' in a desktop row
        g.example ? h("span", { class: "pill example" }, t("Example for developers")) : null,
        g.about ? h("span", { class: "about", id: `game-${g.name}-about` }, g.about) : null),
      g.rules ? h("a", { class: "rules-link", href: `${g.rules}?lang=${currentLang()}` },
        t("How to play {game}", { game: g.title })) : null))));
}

function editionPicker() {
  const g = game();
  return h("fieldset", { class: "editions" }, h("legend", {}, t("Edition")),
    h("div", { class: "choices" }, g.editions.map((ed) => h("div", { class: "choice" },
      h("label", { for: `edition-${ed.name}` },
        h("input", { type: "radio", name: "edition", id: `edition-${ed.name}`, value: ed.name,
                     checked: ed.name === form.edition, "aria-describedby": ed.about ? `edition-${ed.name}-about` : null,
                     onchange: () => { chooseEdition(ed.name); rerenderForm(); } }),
        h("span", { class: "title" }, ed.title),
        ed.about ? h("span", { class: "about", id: `edition-${ed.name}-about` }, ed.about) : null)))));
}

function countPicker() {
  return h("fieldset", { class: "players", id: "players" }, h("legend", {}, t("Players")),
    h("div", { class: "counts" }, form.counts.map((n) => h("label", { for: `players-${n}` },
      h("input", { type: "radio", name: "players", id: `players-${n}`, value: String(n), checked: n === form.players,
                   onchange: () => { form.players = n; fitSeats(); rerenderForm(); } }),
      String(n)))));
}

function seatsBox() {
  const g = game();
  return h("fieldset", { class: "seats", id: "seats" }, h("legend", {}, t("Seats")),
    h("p", { class: "muted lead" }, t("A person gets an invitation link; a bot plays by itself. The strongest bot comes first.")),
    form.seats.map((s, i) => {
      const kind = h("select", { id: `seat-${i}`, name: `seat-${i}`,
        onchange: (ev) => {
          const v = ev.target.value;
          if (v === "person") Object.assign(s, { kind: "person", bot: null, name: s.kind === "bot" && !s.named ? "" : s.name });
          else Object.assign(s, { kind: "bot", bot: v.slice(4) });
          botNames();
          rerenderForm();
        } },
        h("option", { value: "person", selected: s.kind === "person" }, t("Person")),
        h("optgroup", { label: t("Bots, strongest first") }, g.bots.map((b) => h("option", {
          value: `bot:${b.name}`, selected: s.kind === "bot" && s.bot === b.name }, t("Bot: {name}", { name: b.title })))));
      const name = h("input", { type: "text", id: `name-${i}`, name: `name-${i}`, value: s.name || "",
        autocomplete: i === 0 ? "nickname" : "off", placeholder: s.kind === "person" ? t("Name (optional)") : null,
        "aria-label": t("Name at seat {n}", { n: i + 1 }), "aria-describedby": "name-limit",
        oninput: (ev) => { fitField(ev.target); s.name = ev.target.value; s.named = true; nameLimit(); } });
      return h("div", { class: "seat-row" }, h("label", { for: `seat-${i}` }, t("Seat {n}", { n: i + 1 })), kind, name);
    }),
    h("p", { class: "muted name-limit", id: "name-limit" }, t("Names: at most {n} character.", { n: NAME_MAX })),
    levelsNote(g));
}

// What each bot level at the table is, strongest first (the game's /api/games sentence: the
// names alone left a player guessing how strong "expert" or "random" is).
function levelsNote(g) {
  const chosen = g.bots.filter((b) => b.help && form.seats.some((s) => s.kind === "bot" && s.bot === b.name));
  if (!chosen.length) return null;
  return h("ul", { class: "muted name-limit", id: "levels" },
    // the colon as the language writes it (French: "Facile :")
    chosen.map((b) => h("li", {}, h("b", {}, t("{side}:", { side: capital(b.title) })), " ", b.help)));
}

// The names' limit, said under the seats; it stands out while a name is at the limit (the field
// stops there, never inside an emoji: keep.js fitField).
function nameLimit() {
  const note = document.getElementById("name-limit");
  if (note) note.classList.toggle("full", form.seats.some((s) => nameLength(s.name || "") >= NAME_MAX));
}

// One option: {name, kind, label, help, choices: [{value, title}]}, its help right under it.
function optionField(opt, value) {
  const id = `opt-${opt.name}`;
  const helpId = opt.help ? `${id}-help` : null;
  const changed = (v) => {
    const preset = edition().options[opt.name];
    if (String(v) === String(preset)) delete form.overrides[opt.name];
    else form.overrides[opt.name] = v;
    askCounts();
  };
  let input;
  if (opt.kind === "bool") {
    input = h("input", { type: "checkbox", id, name: opt.name, checked: Boolean(value), "aria-describedby": helpId,
                         onchange: (ev) => changed(ev.target.checked) });
    return h("div", { class: "opt bool" }, h("div", { class: "ctl" }, input, h("label", { for: id }, opt.label)),
      opt.help ? h("p", { class: "help", id: helpId }, opt.help) : null);
  }
  if (opt.kind === "choice") {
    input = h("select", { id, name: opt.name, "aria-describedby": helpId, onchange: (ev) => {
      const c = opt.choices.find((x) => String(x.value) === ev.target.value);
      changed(c ? c.value : ev.target.value);
    } }, opt.choices.map((c) => h("option", { value: String(c.value), selected: String(c.value) === String(value) }, c.title)));
  } else {
    input = h("input", { type: opt.kind === "int" ? "number" : "text", id, name: opt.name, value: value ?? "",
                         "aria-describedby": helpId, inputmode: opt.kind === "int" ? "numeric" : null,
                         onchange: (ev) => changed(opt.kind === "int" ? Number(ev.target.value) : ev.target.value) });
  }
  return h("div", { class: "opt" }, h("div", { class: "ctl" }, h("label", { for: id }, opt.label), input),
    opt.help ? h("p", { class: "help", id: helpId }, opt.help) : null);
}

function moreOptions() {
  const g = game();
  const values = { ...edition().options, ...form.overrides };
  const shown = g.options.filter((o) => !o.edition);  // one that names the edition is the preset itself
  const details = h("details", { class: "more", id: "more", open: form.more },
    h("summary", {}, t("More options")),
    shown.map((o) => optionField(o, values[o.name])),
    h("div", { class: "opt" }, h("div", { class: "ctl" },
      h("label", { for: "turn-seconds" }, t("Turn timer (seconds, 0 = none)")),
      h("input", { type: "number", id: "turn-seconds", min: "0", step: "5", value: String(form.timer),
                   inputmode: "numeric", "aria-describedby": "turn-seconds-help",
                   onchange: (ev) => { form.timer = Math.max(0, Number(ev.target.value) || 0); } })),
      h("p", { class: "help", id: "turn-seconds-help" }, t("When a player's time runs out, the strongest bot moves for them."))),
    h("div", { class: "opt bool" }, h("div", { class: "ctl" },
      h("input", { type: "checkbox", id: "listed", checked: form.listed, "aria-describedby": "listed-help",
                   onchange: (ev) => { form.listed = ev.target.checked; } }),
      h("label", { for: "listed" }, t("List this table in the lobby"))),
      h("p", { class: "help", id: "listed-help" }, t("Anyone who opens this lobby can watch it; only invited people can play."))),
    h("p", { class: "help", id: "counts-error", role: "status" }));
  details.addEventListener("toggle", () => { form.more = details.open; });
  return details;
}

// An option may change the player counts (e.g. five players in Mille Bornes): ask the server.
let asking = 0;
async function askCounts() {
  const mine = ++asking;
  const res = await postJson(`/api/games/${form.game}/players?lang=${currentLang()}`,
    { edition: form.edition, options: form.overrides });
  const data = res.data;
  if (mine !== asking) return;
  const box = document.getElementById("counts-error");
  if (!res.ok) { if (box) box.textContent = data.message || ""; return; }
  if (box) box.textContent = "";
  if (JSON.stringify(data.players) !== JSON.stringify(form.counts)) {
    setCounts(data.players, form.players);
    document.getElementById("players").replaceWith(countPicker());
    document.getElementById("seats").replaceWith(seatsBox());
  }
}

async function create(el) {
  const err = el.querySelector("#error");
  err.textContent = "";
  const seats = form.seats.map((s) => (s.kind === "person" ? { kind: "person", name: s.name || null }
    : { kind: "bot", bot: s.bot, name: (s.named && s.name) || null }));  // unnamed: the server names it by level in each viewer's language
  const body = { game: form.game, edition: form.edition, options: form.overrides, seats, lang: currentLang(),
                 turn_seconds: form.timer || null, listed: form.listed };
  const button = el.querySelector("#create");
  button.disabled = true;
  const res = await postJson(`/api/tables?lang=${currentLang()}`, body);
  const data = res.data;
  button.disabled = false;
  if (!res.ok) { err.textContent = data.message || t("Could not create the table."); return; }
  remember("creator", data.id, data.creator);
  const first = form.seats.find((s) => s.kind === "person");
  if (first) setLastName(first.name);
  // The first person's seat is the creator's own: the invitations page marks it "Your seat".
  if (first) remember("own", data.id, String(form.seats.indexOf(first)));
  const persons = Object.keys(data.links);
  // The creator typed a name just now: that is the name at the table, no "Welcome, choose your
  // name" again at that seat (it stayed above the table all game on a phone); the others are asked.
  if (first && first.name) remember("named", `${data.id}.${form.seats.indexOf(first)}`, "1");
  // One person: that is the creator, straight to the table; else the invitations page.
  location.href = persons.length === 1 ? data.links[persons[0]] : data.invite;
}

// ------------------------------------------------------------------ lists of tables
// A browser without the language's date names (Chromium has none for Basque: it fell back to
// "Dec 8, 2026, 8:56 PM" on a Basque page) writes the date in digits, year first as Basque does.
function when(seconds) {
  const date = new Date(seconds * 1000);
  const lang = currentLang();
  if (Intl.DateTimeFormat.supportedLocalesOf([lang]).length) {
    return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
  }
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}/${two(date.getMonth() + 1)}/${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

// The seats by name; `own` (the seat this browser sits at, or null) marked "Your seat".
function seatsLine(tb, own = null) {
  return tb.seats.flatMap((s, i) => {
    const name = s.name || t("Seat {n}", { n: s.seat + 1 });
    const sep = i ? ", " : "";
    return String(s.seat) === own
      ? [sep, h("strong", { class: "own-seat", "data-seat": String(s.seat) }, name), " ",
         h("span", { class: "pill own-pill" }, t("Your seat"))]
      : [sep + name];
  });
}

// "My tables" shows the FEW_TABLES first in the server's order (in play before finished, each latest
// first: mahai.server.lobby.STATUS_ORDER, its only copy), then "Show all (N)": the way back to a
// game stays first, and the new-table form (its "Create table" bar) still starts on a phone's first
// screen (with six tables it lay below it).
const FEW_TABLES = 3;
let allTables = false;  // "Show all" pressed: kept when the language changes
// The server answers for at most this many ids a request (it leaves out the rest): asked in one
// request, a browser's 101st table and beyond were taken for gone and forgotten, seat and all.
const IDS_PER_ASK = 100;

// a before b in the server's order: by the key it sorted each answer by (`order`, numbers compared in turn)
function inOrder(a, b) {
  const i = a.order.findIndex((n, k) => n !== b.order[k]);
  return i < 0 ? 0 : a.order[i] - b.order[i];
}

async function myTables() {
  const ids = knownTables();
  if (!ids.length) return;
  const asks = [];
  for (let i = 0; i < ids.length; i += IDS_PER_ASK) {
    const some = ids.slice(i, i + IDS_PER_ASK).map(encodeURIComponent).join(",");
    asks.push(getJson(`/api/tables?ids=${some}&lang=${currentLang()}`));
  }
  const answers = await Promise.all(asks);
  const list = document.getElementById("my-tables-list");
  const res = answers.find((r) => !r.ok);
  if (res) {  // keep what this browser knows: the next load may answer
    if (!list) return;
    list.replaceChildren(h("li", { role: "alert", class: "muted" }, res.data.message));
    document.getElementById("my-tables").hidden = false;
    return;
  }
  const found = answers.flatMap((r) => r.data);
  // several answers, each in the server's order: merged in that order
  if (answers.length > 1) found.sort(inOrder);
  const now = Date.now() / 1000;
  const kept = [];
  for (const id of ids) if (!found.some((x) => x.id === id)) forget(id);  // gone from the server
  for (const tb of found) {
    // Finished a while ago, or abandoned: it leaves the list.
    if (tb.status === "abandoned" || (tb.status === "over" && now >= tb.leaves_at)) { forget(tb.id); continue; }
    kept.push(tb);
  }
  if (!kept.length) return;
  list.replaceChildren(...kept.map((tb, i) => {
    const seat = seatToken(tb.id);
    const creator = creatorToken(tb.id);
    const over = tb.status === "over";
    return h("li", { "data-table": tb.id, hidden: !allTables && i >= FEW_TABLES },
      h("strong", {}, `${tb.title} · ${tb.edition_title}`), " ",
      h("span", { class: over ? "pill" : "pill ok" }, over ? t("Finished") : t("in play")),
      h("span", { class: "when" }, seatsLine(tb, ownSeat(tb.id))),
      h("span", { class: "when leaves" }, over ? t("Leaves this list on {when}.", { when: when(tb.leaves_at) })
        : t("Abandoned, and off this list, if nobody plays before {when}.", { when: when(tb.leaves_at) })),
      seat && !over ? h("a", { href: `/t/${tb.id}`, class: "resume" }, t("Back to the table")) : null,
      !seat && leftToken(tb.id) && !over ? h("a", { href: `/t/${tb.id}?seat=${encodeURIComponent(leftToken(tb.id))}` },
        t("Take my seat back")) : null,
      creator && !over ? h("a", { href: `/t/${tb.id}/invite`, class: "invitations" }, t("Invitations")) : null,
      over && tb.rematch ? h("a", { href: `/t/${tb.rematch}` }, t("Rematch")) : null,
      over ? h("a", { href: `/t/${tb.id}/replay` }, t("Replay")) : null,
      !seat && !leftToken(tb.id) && !over ? h("a", { href: `/t/${tb.id}?spectate=1` }, t("Watch")) : null);
  }));
  const more = document.getElementById("my-tables-more");
  if (more) more.remove();
  if (!allTables && kept.length > FEW_TABLES) {
    list.after(h("button", { type: "button", id: "my-tables-more", "aria-controls": "my-tables-list",
      onclick: () => {
        allTables = true;
        for (const li of list.children) li.hidden = false;
        document.getElementById("my-tables-more").remove();
        const next = list.children[FEW_TABLES].querySelector("a");  // the first table that was hidden
        if (next) next.focus();
      } }, t("Show all ({n})", { n: kept.length })));
  }
  document.getElementById("my-tables").hidden = false;
}

async function publicTables() {
  const res = await getJson(`/api/tables?limit=20&lang=${currentLang()}`);
  const list = document.getElementById("public-list");
  if (!list) return;
  if (!res.ok) {
    list.replaceChildren(h("li", { role: "alert", class: "muted" }, res.data.message));
    return;
  }
  const tables = res.data;
  if (!tables.length) {
    list.replaceChildren(h("li", { class: "muted" }, t("No table is listed right now.")));
    return;
  }
  // Two tables of one game and the same names differ by whether someone has yet to sit down and
  // by how long ago they moved (the server counts `idle`: a wrong clock here cannot age them).
  list.replaceChildren(...tables.map((tb) => h("li", { "data-table": tb.id },
    h("strong", {}, `${tb.title} · ${tb.edition_title}`), " ",
    tb.waiting.length ? h("span", { class: "pill status" }, t("Waiting for players"))
      : h("span", { class: "pill ok status" }, t("in play")),
    h("span", { class: "when" }, seatsLine(tb)),
    h("span", { class: "when ago" }, tb.moved ? t("Last move: {ago}", { ago: ago(tb.idle) }) : t("Created: {ago}", { ago: ago(tb.idle) })),
    h("a", { href: `/t/${tb.id}?spectate=1` }, t("Watch")))));
}

// "5 minutes ago" from seconds, in the catalogs' words (Chromium's Intl.RelativeTimeFormat has
// no Basque: it would say it in English on a Basque page).
function ago(seconds) {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return t("just now");
  if (minutes < 60) return t("{n} minute ago", { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("{n} hour ago", { n: hours });
  return t("{n} day ago", { n: Math.floor(hours / 24) });
}

function learnSection() {
  const rules = games.filter((g) => g.rules).map((g) => h("li", {},
    h("a", { href: `${g.rules}?lang=${currentLang()}` }, t("How to play {game}", { game: g.title }))));
  const refs = games.flatMap((g) => g.references).map((r) => h("li", {}, h("a", { href: r.url }, r.title)));
  return h("section", { id: "learn", "aria-labelledby": "learn-title" }, h("h2", { id: "learn-title" }, t("Learn")),
    h("ul", { id: "references" }, refs, rules));
}

// On a server that listens on the home network, say which address other devices open.
async function networkHint() {
  const res = await getJson("/api/network");
  const net = res.data;
  const box = document.getElementById("network");
  if (!res.ok || !box || !net.addresses.length) return;  // only a hint: nothing to say without it
  box.replaceChildren(t("Phones and computers on the same network open {url}", { url: `${net.origin}/` }));
}

start();
