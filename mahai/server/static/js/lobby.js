// Lobby: choose a game, edition, options, seats and language; create a table; share links.
import { botLabel, currentLang, h, langSelect, loadCatalogs, t, tr } from "./i18n.js";

let games = [];
const root = document.getElementById("lobby");

async function start() {
  const lang = currentLang();
  games = await (await fetch(`/api/games?lang=${lang}`)).json();
  await loadCatalogs(lang, ["web", "core", ...games.map((g) => g.name)]);
  const box = document.getElementById("langbox");
  box.replaceChildren(langSelect(() => start()));
  document.title = "Mahai — " + t("New table");
  render();
}

function field(opt, value, gameName) {
  const id = `opt-${opt.name}`;
  let input;
  if (opt.kind === "bool") {
    input = h("input", { type: "checkbox", id, name: opt.name, checked: value ? true : null });
  } else if (opt.kind === "choice") {
    input = h("select", { id, name: opt.name },
      opt.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(value) ? true : null },
        tr(gameName, `choice_${opt.name}_${c}`) === `choice_${opt.name}_${c}` ? String(c) : tr(gameName, `choice_${opt.name}_${c}`))));
  } else if (opt.kind === "int") {
    input = h("input", { type: "number", id, name: opt.name, value: value ?? "" });
  } else {
    input = h("input", { type: "text", id, name: opt.name, value: value ?? "" });
  }
  // Labels: web catalog msgid option_label.<game>.<option> (tests/web/test_catalogs.py checks every option).
  const msgid = `option_label.${gameName}.${opt.name}`;
  const label = t(msgid);
  return h("div", { class: "option" },
    h("label", { for: id }, label === msgid ? opt.name.replaceAll("_", " ") : label),
    input,
    opt.help ? h("div", { class: "help", id: `${id}-help` }, opt.help) : null);
}

// The options shown under "Options": an option whose value names the edition in every
// edition (Mille Bornes' "edition", DenboraZup's "mode") is what the edition selector
// already sets, so it is not offered a second time.
function shownOptions(g) {
  return g.options.filter((o) => !g.editions.every((e) => e.options[o.name] === e.name));
}

function edition(g, name) {
  return g.editions.find((e) => e.name === name).options;
}

function gameTitle(g) {
  return g.title || g.name;
}

function render() {
  if (!games.length) {
    root.replaceChildren(h("p", {}, t("No game is installed yet.")));
    return;
  }
  const form = h("form", { id: "new-table", "aria-label": t("New table") });
  const gameSel = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name }, gameTitle(g))));
  const editionBox = h("div");
  const optionsBox = h("fieldset", {}, h("legend", {}, t("Options")));
  const seatsBox = h("fieldset", {}, h("legend", {}, t("Seats")));
  const playersSel = h("select", { id: "players", name: "players" });
  const timerInput = h("input", { type: "number", id: "turn-seconds", min: "0", value: "0" });

  const game = () => games.find((g) => g.name === gameSel.value);

  function renderOptions() {
    const g = game();
    const editionSel = h("select", { id: "edition", name: "edition" },
      g.editions.map((ed) => ed.name).map((e) => h("option", { value: e }, tr(g.name, `edition_${e}`) === `edition_${e}` ? e : tr(g.name, `edition_${e}`))));
    editionSel.addEventListener("change", () => { fillOptions(); fitPlayers(); });
    editionBox.replaceChildren(h("div", { class: "option" }, h("label", { for: "edition" }, t("Edition")), editionSel));
    playersSel.replaceChildren(...g.players.map((n) => h("option", { value: n }, String(n))));
    playersSel.value = String(g.players.includes(4) ? 4 : g.players[0]);
    fillOptions();
    renderSeats();
  }

  function fitPlayers() {
    // An edition may allow fewer counts (DenboraZup solo: one player); the server says which.
    const ed = document.getElementById("edition").value;
    if (ed === "solo" && game().players.includes(1)) { playersSel.value = "1"; renderSeats(); }
    else if (playersSel.value === "1" && game().players.length > 1) { playersSel.value = String(game().players[1]); renderSeats(); }
  }

  function fillOptions() {
    const g = game();
    const values = edition(g, document.getElementById("edition").value);
    optionsBox.replaceChildren(h("legend", {}, t("Options")),
      ...shownOptions(g).map((o) => field(o, values[o.name], g.name)));
  }

  function renderSeats() {
    const g = game();
    const n = Number(playersSel.value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const kind = h("select", { id: `seat-${i}`, "aria-label": t("Seat {n}", { n: i + 1 }) },
        h("option", { value: "person" }, t("Person")),
        g.bots.map((b) => h("option", { value: `bot:${b}` }, botLabel(b))));
      if (i > 0) kind.value = `bot:${g.bots[g.bots.length - 1]}`;
      rows.push(h("div", { class: "option" }, h("label", { for: `seat-${i}` }, t("Seat {n}", { n: i + 1 })), kind));
    }
    seatsBox.replaceChildren(h("legend", {}, t("Seats")),
      h("div", { class: "option" }, h("label", { for: "players" }, t("Players")), playersSel), ...rows,
      h("div", { class: "option" }, h("label", { for: "turn-seconds" }, t("Turn timer (seconds, 0 = none)")), timerInput,
        h("div", { class: "help" }, t("When a player's time runs out, a bot moves for them."))));
  }

  gameSel.addEventListener("change", renderOptions);
  playersSel.addEventListener("change", renderSeats);
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
      if (String(v) !== String(edition(g, ed)[o.name])) options[o.name] = v;
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
  root.replaceChildren(h("h2", {}, t("New table")), form, h("p", {},
    h("a", { href: "/chronology/denborazup" }, t("DenboraZup chronology"))), tablesList());
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
      list.append(h("li", {}, h("a", { href: `/t/${tb.id}?spectate=1` }, `${tb.game} · ${tb.edition} · ${tb.id}`),
        " ", tb.over ? h("a", { href: `/t/${tb.id}/replay` }, t("Replay")) : h("span", { class: "pill ok" }, t("in play"))));
    }
  });
  return h("section", {}, h("h2", {}, t("Tables")), list);
}

start();
