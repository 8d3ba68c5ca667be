// Gettext catalogs served as JSON by /api/i18n/{lang}; Basque first.
export const LANGUAGES = ["eu", "en", "es", "fr"];
const catalogs = {};
let catalogLang = "eu";

// The catalogs' Plural-Forms (mahai.i18n.PLURAL_FORMS): the form of count n in lang.
const PLURAL = { eu: (n) => (n !== 1 ? 1 : 0), en: (n) => (n !== 1 ? 1 : 0), es: (n) => (n !== 1 ? 1 : 0), fr: (n) => (n > 1 ? 1 : 0) };
export function pluralIndex(lang, n) {
  return (PLURAL[lang] || PLURAL.en)(Math.abs(Math.trunc(n)));
}

// The page's language: the person's own choice in a language menu (mahai.lang), else the language
// of the last link that named one (?lang=xx: an invitation carries its creator's language), else
// Basque. A link's language never replaces a choice: a French player who opened a Basque family's
// invitation got Basque, and kept it on every later page. The parameter leaves the address bar, so
// a reload after a change in the menu keeps the menu's choice. The browser's own language is not
// asked: Mahai is Basque first, and families who play in Basque often have phones set to Spanish
// or French; whoever wants another language picks it once in the menu.
const CHOICE = "mahai.lang";
const LINK = "mahai.lang.link";
{
  const url = new URL(location.href);
  const asked = url.searchParams.get("lang");
  if (asked !== null) {
    if (LANGUAGES.includes(asked)) localStorage.setItem(LINK, asked);
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
}

export function currentLang() {
  for (const key of [CHOICE, LINK]) {
    const lang = localStorage.getItem(key);
    if (LANGUAGES.includes(lang)) return lang;
  }
  return "eu";
}

export function setLang(lang) {
  localStorage.setItem(CHOICE, lang);
}

// Without an answer (a network or server failure) the page shows the English msgids rather than
// nothing: the sentence that says what failed still reaches the player.
export async function loadCatalogs(lang, domains) {
  const res = await getJson(`/api/i18n/${lang}?domains=${domains.join(",")}`);
  if (res.ok) Object.assign(catalogs, res.data);
  catalogLang = lang;
  document.documentElement.lang = lang;
}

// Thousands as docs/glossary.md writes them (mahai.i18n.number): "1.700" in Basque, "1,700" in
// English, Spanish and French from five digits ("1700", "12.500", "12 500").
const GROUPING = { eu: [".", 1000], en: [",", 1000], es: [".", 10000], fr: ["\u202f", 10000] };

export function formatNumber(value, lang = catalogLang) {
  const [sep, start] = GROUPING[lang] || ["", 0];
  if (!sep || Math.abs(value) < start) return String(value);
  return (value < 0 ? "-" : "") + String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function fillParams(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, k) => {
    if (!params || !(k in params)) return m;
    return Number.isInteger(params[k]) ? formatNumber(params[k]) : String(params[k]);
  });
}

// The count that picks a plural form: params.n, else params.count, else params.players (mahai.i18n.COUNT_PARAMS).
function countOf(params) {
  for (const k of ["n", "count", "players"]) if (params && Number.isInteger(params[k])) return params[k];
  return null;
}

// Translate msgid in domain (falls back to core, then the msgid itself). A plural entry is a list
// of forms (msgstr[0], msgstr[1]): the count's form, the first without a count.
export function tr(domain, msgid, params) {
  let text = (catalogs[domain] && catalogs[domain][msgid]) || (catalogs.core && catalogs.core[msgid]);
  if (Array.isArray(text)) {
    const n = countOf(params);
    text = text[n === null ? 0 : Math.min(pluralIndex(catalogLang, n), text.length - 1)];
  }
  return fillParams(text || msgid, params);
}

export function has(domain, msgid) {
  return Boolean(catalogs[domain] && catalogs[domain][msgid]);
}

// Interface strings (msgid = English text, domain "web").
export const t = (msgid, params) => tr("web", msgid, params);

// POST ``body`` as JSON to ``url``: {ok, status, data}. A network failure, or an answer that is not
// JSON (a proxy's or the server's own error page on HTTP 500), gives {ok: false, data: {message}}
// in the page's language (the pages read data.message): a bare res.json() threw "Unexpected token
// 'I', "Internal S"... is not valid JSON" and the button did nothing.
export async function postJson(url, body) {
  return answer(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

// GET ``url``: {ok, status, data} as postJson gives; a failure always has data.message (the
// server's sentence, else one in the page's language). The pages' loads (the lobby's tables,
// the network hint, the games, a replay) threw on an HTTP 500 or an answer that was not JSON.
export async function getJson(url) {
  const res = await answer(url, {});
  if (!res.ok && !(res.data && typeof res.data.message === "string" && res.data.message)) {
    res.data = Object.defineProperties({ ...(res.data || {}) },
      Object.getOwnPropertyDescriptors(said("The server could not do it: try again in a moment.")));
  }
  return res;
}

// {message}, translated when read: a load that fails while the catalogs are still loading (the
// lobby asks for both at once) still reads in the page's language.
const said = (msgid) => ({ get message() { return t(msgid); } });

async function answer(url, init) {
  let res;
  try {
    res = await fetch(url, init);
  } catch {
    return { ok: false, status: 0, data: said("The server cannot be reached: check the connection and try again.") };
  }
  try {
    return { ok: res.ok, status: res.status, data: await res.json() };
  } catch {
    return { ok: false, status: res.status, data: said("The server could not do it: try again in a moment.") };
  }
}

// "Bot: heuristic" in the player's language (web msgids bot.<name>; unknown bots keep their name).
export const botLabel = (name) => t("Bot: {name}", { name: has("web", `bot.${name}`) ? t(`bot.${name}`) : name });

export function langSelect(onChange) {
  const sel = document.createElement("select");
  sel.id = "lang";
  sel.setAttribute("aria-label", t("Language"));
  const names = { eu: "Euskara", en: "English", es: "Español", fr: "Français" };
  for (const l of LANGUAGES) {
    const o = document.createElement("option");
    o.value = l;
    o.textContent = names[l];
    if (l === currentLang()) o.selected = true;
    sel.append(o);
  }
  sel.addEventListener("change", () => { setLang(sel.value); onChange(sel.value); });
  return sel;
}

// Small DOM helper: h("div", {class: "x", onclick: f}, child, "text", ...)
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (k === "html") el.innerHTML = v;
    else if (k === "style") el.style.cssText = v; // CSSOM: allowed by the Content-Security-Policy
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// replaceChildren that skips null/undefined/false and flattens arrays.
export function fill(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
}
