// What this browser keeps of the tables it sits at (localStorage), shared by the lobby, the
// invitations page and the table's seat panel:
//   mahai.seat.<table>     the seat token (table.js stores it when a seat link is opened)
//   mahai.creator.<table>  the creator's token (opens the invitations page)
//   mahai.left.<table>     the token of a seat its person left to a bot (to take it back)
//   mahai.named.<table>.<seat>  "1" once the person chose their name at that seat (older pages: mahai.named.<table>)
//   mahai.own.<table>      the creator's own seat (the lobby's first person), marked on the invitations page
//   mahai.name             the name this browser's person used last
const PREFIXES = ["mahai.seat.", "mahai.creator.", "mahai.left.", "mahai.named.", "mahai.own."];

export const seatToken = (id) => localStorage.getItem(`mahai.seat.${id}`);
export const creatorToken = (id) => localStorage.getItem(`mahai.creator.${id}`);
export const leftToken = (id) => localStorage.getItem(`mahai.left.${id}`);
export const ownSeat = (id) => localStorage.getItem(`mahai.own.${id}`);

export function remember(kind, id, value) {
  if (value === null || value === undefined) localStorage.removeItem(`mahai.${kind}.${id}`);
  else localStorage.setItem(`mahai.${kind}.${id}`, value);
}

// Every table id this browser keeps something for.
export function knownTables() {
  const ids = new Set();
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    const prefix = PREFIXES.find((p) => key.startsWith(p));
    // mahai.named.<table>.<seat>: the table's id is before the dot (ids have none); read
    // whole, the lobby asked for a table "<table>.<seat>", was told of none and forgot the mark
    if (prefix) ids.add(key.slice(prefix.length).split(".")[0]);
  }
  return [...ids];
}

// Drop everything kept for a table (it left the lists, or the server no longer knows it).
export function forget(id) {
  for (const p of PREFIXES) localStorage.removeItem(p + id);
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(`mahai.named.${id}.`)) seats.push(key);
  }
  for (const key of seats) localStorage.removeItem(key);
}

export const lastName = () => localStorage.getItem("mahai.name") || "";
export function setLastName(name) {
  if (name) localStorage.setItem("mahai.name", name);
}

// Copy text to the clipboard: the Clipboard API where the page is a secure context (localhost),
// else a hidden text area and execCommand (a page opened as http://192.168.…). Resolves to true
// when the text was copied.
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (e) { /* fall back below */ }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
  area.remove();
  return ok;
}

// The longest name the server keeps: NAME_MAX characters (code points; mahai.server.lobby.NAME_LENGTH,
// clean_name). A field's maxlength counts UTF-16 units instead: it cut "👩‍💻" in the middle.
export const NAME_MAX = 24;
export const nameLength = (text) => Array.from(text).length;
const graphemes = (text) => (typeof Intl.Segmenter === "function"
  ? Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (s) => s.segment)
  : Array.from(text));

// `text` cut to what the server keeps, by what a person sees: whole grapheme clusters (an emoji,
// a letter and its accents) while they fit in NAME_MAX characters, never inside one.
export function fitName(text) {
  if (nameLength(text) <= NAME_MAX) return text;
  let out = "";
  for (const g of graphemes(text)) {
    if (nameLength(out) + nameLength(g) > NAME_MAX) break;
    out += g;
  }
  return out;
}

// A name field cut as it is typed (call it first on each input event); the caret stays where it
// was, or at the end when that went.
export function fitField(input) {
  const fitted = fitName(input.value);
  if (fitted === input.value) return;
  const at = Math.min(input.selectionStart ?? fitted.length, fitted.length);
  input.value = fitted;
  input.setSelectionRange(at, at);
}
