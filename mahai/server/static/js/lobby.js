// Lobby: choose a game, players, edition, options, seats and language; create a table; share links.
// It knows no game: everything (editions and their player counts, the edition for a player count,
// option labels, help and choices, bots, reference pages) comes from /api/games in the player's
// language, built by the server from each game's declared metadata.
import { currentLang, h, langSelect, loadCatalogs, t } from "./i18n.js";

let games = [];
const root = document.getElementById("lobby");

async function start() {
  const lang = currentLang();
  games = await (await fetch(`/api/games?lang=${lang}`)).json();
  await loadCatalogs(lang, ["web", "core"]);
  const box = document.getElementById("langbox");
  box.replaceChildren(langSelect(() => start()));
  document.title = "Mahai — " + t("New table");
  render();
}

// One option: {name, kind, label, help, choices: [{value, title}]}, set to `value`.
function field(opt, value) {
  const id = `opt-${opt.name}`;
  const help = opt.help ? `${id}-help` : null;
  let input;
  if (opt.kind === "bool") {
    input = h("input", { type: "checkbox", id, name: opt.name, checked: value ? true : null, "aria-describedby": help });
  } else if (opt.kind === "choice") {
    input = h("select", { id, name: opt.name, "aria-describedby": help },
      opt.choices.map((c) => h("option", { value: String(c.value), selected: String(c.value) === String(value) ? true : null }, c.title)));
  } else {
    input = h("input", { type: opt.kind === "int" ? "number" : "text", id, name: opt.name, value: value ?? "", "aria-describedby": help });
  }
  return h("div", { class: "option" }, h("label", { for: id }, opt.label), input,
    opt.help ? h("div", { class: "help", id: help }, opt.help) : null);
}

// The options shown under "Options": one that names the edition (opt.edition) is what the
// edition selector already sets, so it is not offered a second time.
function shownOptions(g) {
  return g.options.filter((o) => !o.edition);
}

function edition(g, name) {
  return g.editions.find((e) => e.name === name);
}

function render() {
  if (!games.length) {
    root.replaceChildren(h("p", {}, t("No game is installed yet.")));
    return;
  }
  const form = h("form", { id: "new-table", "aria-label": t("New table") });
  const gameSel = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name }, g.title)));
  const editionBox = h("div");
  const optionsBox = h("fieldset", {}, h("legend", {}, t("Options")));
  const seatsBox = h("fieldset", {}, h("legend", {}, t("Seats")));
  const playersSel = h("select", { id: "players", name: "players" });
  const timerInput = h("input", { type: "number", id: "turn-seconds", min: "0", value: "0" });

  const game = () => games.find((g) => g.name === gameSel.value);

  // A new game: its player counts and editions; the edition offered for the player count.
  let editionChosen = false;  // by the player: kept while it allows the player count
  function renderOptions() {
    const g = game();
    editionChosen = false;
    const editionSel = h("select", { id: "edition", name: "edition" },
      g.editions.map((ed) => h("option", { value: ed.name }, ed.title)));
    editionSel.addEventListener("change", () => { editionChosen = true; fitPlayers(); fillOptions(); });
    editionBox.replaceChildren(h("div", { class: "option" }, h("label", { for: "edition" }, t("Edition")), editionSel));
    playersSel.replaceChildren(...g.players.map((n) => h("option", { value: n }, String(n))));
    playersSel.value = String(g.players.includes(4) ? 4 : g.players[0]);
    editionSel.value = g.default_edition[playersSel.value];
    fillOptions();
    renderSeats();
  }

  // The edition chosen allows other player counts only (e.g. a solo edition): take its first.
  function fitPlayers() {
    const ed = edition(game(), document.getElementById("edition").value);
    if (!ed.players.includes(Number(playersSel.value))) { playersSel.value = String(ed.players[0]); renderSeats(); }
  }

  // A new player count: offer the game's edition for it, unless the player chose one that allows it.
  function fitEdition() {
    const g = game();
    const sel = document.getElementById("edition");
    if (!editionChosen || !edition(g, sel.value).players.includes(Number(playersSel.value))) {
      sel.value = g.default_edition[playersSel.value];
      fillOptions();
    }
  }

  function fillOptions() {
    const g = game();
    const values = edition(g, document.getElementById("edition").value).options;
    optionsBox.replaceChildren(h("legend", {}, t("Options")),
      ...shownOptions(g).map((o) => field(o, values[o.name])));
  }

  function renderSeats() {
    const g = game();
    const n = Number(playersSel.value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const kind = h("select", { id: `seat-${i}`, "aria-label": t("Seat {n}", { n: i + 1 }) },
        h("option", { value: "person" }, t("Person")),
        g.bots.map((b) => h("option", { value: `bot:${b.name}` }, t("Bot: {name}", { name: b.title }))));
      if (i > 0) kind.value = `bot:${g.bots[g.bots.length - 1].name}`;
      rows.push(h("div", { class: "option" }, h("label", { for: `seat-${i}` }, t("Seat {n}", { n: i + 1 })), kind));
    }
    seatsBox.replaceChildren(h("legend", {}, t("Seats")),
      h("div", { class: "option" }, h("label", { for: "players" }, t("Players")), playersSel), ...rows,
      h("div", { class: "option" }, h("label", { for: "turn-seconds" }, t("Turn timer (seconds, 0 = none)")), timerInput,
        h("div", { class: "help" }, t("When a player's time runs out, a bot moves for them."))));
  }

  gameSel.addEventListener("change", renderOptions);
  playersSel.addEventListener("change", () => { fitEdition(); renderSeats(); });
  const submit = h("button", { type: "submit", id: "create" }, t("Create table"));
  const err = h("p", { id: "error", role: "alert" });
  form.append(
    h("div", { class: "option" }, h("label", { for: "game" }, t("Game")), gameSel),
    editionBox, optionsBox, seatsBox, submit, err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const g = game();
    const ed = document.getElementById("edition").value;
    const options = {};
    for (const o of shownOptions(g)) {
      const el = document.getElementById(`opt-${o.name}`);
      const v = o.kind === "bool" ? el.checked : el.value;
      if (String(v) !== String(edition(g, ed).options[o.name])) options[o.name] = v;
    }
    const seats = [];
    for (let i = 0; i < Number(playersSel.value); i++) {
      const v = document.getElementById(`seat-${i}`).value;
      seats.push(v === "person" ? { kind: "person" } : { kind: "bot", bot: v.slice(4) });
    }
    const body = { game: g.name, edition: ed, options, seats, lang: currentLang(),
                   turn_seconds: Number(timerInput.value) || null };
    const res = await fetch(`/api/tables?lang=${currentLang()}`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    if (!res.ok) { err.textContent = data.message || t("Could not create the table."); return; }
    showLinks(data);
  });
  const refs = games.flatMap((g) => g.references).map((r) => h("li", {}, h("a", { href: r.url }, r.title)));
  root.replaceChildren(h("h2", {}, t("New table")), form,
    ...(refs.length ? [h("ul", { id: "references" }, refs)] : []), tablesList());
  renderOptions();
}

function absolute(path) {
  return new URL(path, location.href).href;
}

function showLinks(data) {
  const items = Object.entries(data.links).map(([seat, link]) => {
    const url = absolute(link);
    return h("li", {}, t("Seat {n}", { n: Number(seat) + 1 }), ": ",
      h("a", { href: url, class: "seat-link", "data-seat": seat }, t("Sit here")), " ",
      h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(url),
                    "aria-label": t("Copy the invitation link of seat {n}", { n: Number(seat) + 1 }) }, t("Copy link")),
      h("code", { class: "muted" }, " " + url));
  });
  const spect = absolute(data.spectate);
  root.replaceChildren(h("h2", {}, t("Table created")),
    h("p", {}, t("Each invitation link claims one seat: send it to one person only.")),
    h("ul", { class: "links", id: "links" }, items,
      h("li", {}, t("Spectators"), ": ", h("a", { href: spect, id: "spectate-link" }, t("Watch")), " ",
        h("button", { type: "button", onclick: () => navigator.clipboard?.writeText(spect) }, t("Copy link")))),
    h("p", {}, h("a", { href: "/" }, t("New table"))));
}

function tablesList() {
  const list = h("ul", { id: "tables" });
  fetch("/api/tables").then((r) => r.json()).then((tables) => {
    for (const tb of tables.slice(-20).reverse()) {
      list.append(h("li", {}, h("a", { href: `/t/${tb.id}?spectate=1` }, `${tb.title} · ${tb.edition_title} · ${tb.id}`),
        " ", tb.over ? h("a", { href: `/t/${tb.id}/replay` }, t("Replay")) : h("span", { class: "pill ok" }, t("in play"))));
    }
  });
  return h("section", {}, h("h2", {}, t("Tables")), list);
}

start();
