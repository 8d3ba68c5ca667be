// The creator's invitations page (/t/<id>/invite): every seat's link until the seat is taken, to
// copy (with "copied" feedback) or show as a QR code for a phone. The creator's token is kept in
// this browser (keep.js), so a reload finds every link again. Links name the address that other
// devices can open (the server puts its network address in place of "localhost").
import { currentLang, fill, getJson, h, langSelect, loadCatalogs, postJson, t } from "./i18n.js";
import { copyText, creatorToken, ownSeat, remember } from "./keep.js";

const tableId = location.pathname.split("/")[2];
const root = document.getElementById("invite");
const params = new URLSearchParams(location.search);
// A creator link opened in another browser of the creator's: its token is kept once the server
// accepts it, and a token the server refuses (a link mistyped or cut short) is forgotten, so that
// the page, the lobby's and the table's "Invitations" links never ask with it again: each asked
// again and was refused again (a 403 in the console of every visit).
let offered = params.get("creator");
if (offered) history.replaceState(null, "", `/t/${tableId}/invite`);
const openQr = new Set();
let shown = "";

async function start() {
  await loadCatalogs(currentLang(), ["web", "core"]);
  document.getElementById("langbox").replaceChildren(langSelect(() => { shown = ""; start(); }));
  await refresh();
}

async function refresh() {
  const creator = offered || creatorToken(tableId);
  if (!creator) {
    document.title = t("Invitations") + " — Mahai";
    // A table that does not exist (a mistyped or expired link) says so, not "ask its creator".
    const known = await getJson(`/api/tables/${tableId}?lang=${currentLang()}`);
    root.replaceChildren(h("h1", {}, t("Invitations")),
      known.ok ? h("p", {}, t("This browser did not create this table: ask its creator for your invitation link."))
        : h("p", { role: "alert", id: "load-error" }, known.data.message || ""),
      h("p", {}, h("a", { href: "/" }, t("Back to the lobby"))));
    return;
  }
  const res = await postJson(`/api/tables/${tableId}/invitations?lang=${currentLang()}`, { creator });
  const data = res.data;
  if (res.ok && offered) { remember("creator", tableId, offered); offered = null; }
  if (res.status === 403 && data.code === "bad_creator") {
    if (offered === null) remember("creator", tableId, null);
    else {  // the link's token refused: this browser's own, if it has one, is asked next
      offered = null;
      if (creatorToken(tableId)) { refresh(); return; }
    }
  }
  if (!res.ok) {
    root.replaceChildren(h("h1", {}, t("Invitations")), h("p", { role: "alert" }, data.message || ""),
      h("p", {}, h("a", { href: "/" }, t("Back to the lobby"))));
    return;
  }
  const key = JSON.stringify([currentLang(), data.origin, data.table.rematch, data.table.over,
    data.seats.map((s) => [s.state, s.name, s.url])]);
  if (key !== shown) { shown = key; render(data); }
  setTimeout(refresh, 4000);
}

function seatTitle(s) {
  const n = t("Seat {n}", { n: s.seat + 1 });
  return s.name ? `${n} · ${s.name}` : n;
}

function linkTools(url, label, qrAlt, id) {
  const feedback = h("span", { class: "copied", role: "status", id: `${id}-copied` });
  const qr = h("img", { class: "qr", src: "", alt: qrAlt, width: "192", height: "192", id: `${id}-qr`, hidden: true });
  const toggle = h("button", { type: "button", "aria-expanded": "false", "aria-controls": `${id}-qr`, id: `${id}-qr-button`,
    onclick: () => showQr(qr.hidden) }, t("Show QR code"));
  function showQr(on) {
    qr.hidden = !on;
    toggle.setAttribute("aria-expanded", on ? "true" : "false");
    toggle.textContent = on ? t("Hide QR code") : t("Show QR code");
    if (on) openQr.add(id); else openQr.delete(id);
  }
  const box = h("div", {},
    h("code", { class: "url", id: `${id}-url` }, url.url),
    h("div", { class: "tools" },
      h("button", { type: "button", class: "copy", id: `${id}-copy`, "aria-label": label, onclick: async () => {
        const ok = await copyText(url.url);
        feedback.textContent = ok ? t("Copied!") : t("Could not copy: select the link and copy it.");
        setTimeout(() => { feedback.textContent = ""; }, 4000);
      } }, t("Copy link")), toggle, feedback),
    qr);
  qr.src = url.qr;
  if (openQr.has(id)) showQr(true);
  return box;
}

function render(data) {
  const focused = document.activeElement && document.activeElement.id;
  const tb = data.table;
  document.title = `${t("Invitations")} · ${tb.title} — Mahai`;
  // The creator's own seat (the lobby's first person, kept in this browser) comes first, marked
  // "Your seat", its link "Sit at your seat": the play test's creator had to work out which
  // of the "Sit here myself" links was theirs.
  const own = ownSeat(tableId);
  const seats = [...data.seats].sort((a, b) => (String(b.seat) === own) - (String(a.seat) === own));
  const items = seats.map((s) => {
    const mine = String(s.seat) === own;
    const title = h("h2", {}, seatTitle(s), mine ? " " : null, mine ? h("span", { class: "pill own-pill" }, t("Your seat")) : null);
    const cls = mine ? " own" : "";
    if (s.state === "open") {
      return h("li", { class: "invite" + cls, "data-seat": String(s.seat), "data-state": "open" }, title,
        mine ? h("p", { class: "lead" }, h("a", { href: s.link, class: "seat-link", "data-seat": String(s.seat) }, t("Sit at your seat"))) : null,
        h("p", { class: "muted" }, mine ? t("Or open it on another device of yours with this link:")
          : t("Send this link to one person only: it gives their seat.")),
        linkTools(s, t("Copy the invitation link of seat {n}", { n: s.seat + 1 }),
          t("QR code of the invitation link of seat {n}", { n: s.seat + 1 }), `seat-${s.seat}`),
        mine ? null : h("p", {}, h("a", { href: s.link, class: "seat-link", "data-seat": String(s.seat) }, t("Sit here myself"))));
    }
    const said = s.state === "taken" ? t("Taken: the person has opened their link.") : t("A bot plays this seat.");
    return h("li", { class: "invite taken" + cls, "data-seat": String(s.seat), "data-state": s.state }, title,
      h("p", { class: "muted" }, said));
  });
  fill(root,
    h("h1", {}, t("Invitations")),
    h("p", { class: "lead" }, h("strong", {}, `${tb.title} · ${tb.edition_title}`)),
    h("p", {}, t("Each link gives one seat. The links stay on this page until their seat is taken; this browser finds them again after a reload.")),
    // a server that listens to this machine alone (the default): its links and QR codes open on
    // no phone, and the play test's phone found nothing saying why
    data.local_only ? h("p", { id: "local-only", class: "local-only", role: "note" },
      t("These links open on this computer only. For a phone or another computer of your network, start Mahai with “./scripts/serve --lan”.")) : null,
    tb.rematch ? h("p", { class: "pill ok" }, h("a", { href: `/t/${tb.rematch}/invite`, id: "rematch-invite",
      onclick: () => { remember("creator", tb.rematch, creatorToken(tableId)); remember("own", tb.rematch, own); } }, t("Invitations of the rematch"))) : null,
    h("ul", { class: "invites", id: "links" }, items,
      h("li", { class: "invite", "data-seat": "spectators" }, h("h2", {}, t("Spectators")),
        h("p", { class: "muted" }, t("Anyone with this link can watch, without seeing any hand.")),
        linkTools(data.spectate, t("Copy the spectator link"), t("QR code of the spectator link"), "spectate"),
        h("p", {}, h("a", { href: data.spectate.link, id: "spectate-link" }, t("Watch"))))),
    h("p", {}, h("a", { href: "/" }, t("Back to the lobby"))));
  if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
}

start();
