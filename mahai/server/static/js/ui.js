// The helper object a game's renderer gets (render(root, msg, ui), see table.js), made by one
// constructor for the live table (table.js) and the step-by-step replay (replay.js), so the two
// cannot drift apart (the replay once lacked ui.num, and its tables failed to draw).
//   t, h, fill, tg(msgid), has(msgid), lang(), num(n)   text in the page's language
//   wrap, cardEl, fan, frenchFace, mbFace, backFace, seatSlots, plate(seat, extras, opts)   cards.js
//   label(code)   the name of a card code the view shows (sent by the server), else the code
//   name(text, after)   a player's or a side's name for a narrow place (a score sheet's cell): its
//                 words, wrapping between them, a word too wide ending in "…", the whole name as
//                 tooltip; `after` (":", ": 3") is kept on the line of the last word
//   seatName(seat), timing {trick, reveal, fly}, live   what each page knows
//   act(notation), claim(entries), actionButton(entry, text, extra), rerender()   each page's own
import { backFace, cardEl, fan, frenchFace, mbFace, nameWords, seatPlate, seatSlots, wrap } from "./cards.js";
import { currentLang, fill, formatNumber, h, has, t, tr } from "./i18n.js";

// `page`: {game() → the game's name, message() → the message on show (or null), seatName, timing,
// live, act, claim, actionButton, rerender}. The object made last is window.mahaiUi (for tests).
export function makeUi(page) {
  const ui = {
    t, h, fill, wrap, cardEl, fan, frenchFace, mbFace, backFace, seatSlots,
    tg: (msgid, p) => tr(page.game(), msgid, p),
    has: (msgid) => has(page.game(), msgid),
    lang: () => currentLang(),
    // A score or distance as the page's language writes numbers ("5.725" in Basque).
    num: (n) => formatNumber(n),
    label: (code) => {
      const msg = page.message();
      return (msg && msg.labels && msg.labels[code]) || String(code);
    },
    plate: (seat, extras, opts) => seatPlate(ui, page.message(), seat, extras, opts),
    name: (text, after = null) => {
      // a short word (a bot's number, the "+" between partners) stays on the line of the word
      // before it: a phone's Spades summary head broke "Ertaina 2 + Ertaina" / "4"
      const groups = [];
      for (const w of String(text).split(/\s+/).filter(Boolean)) {
        if (groups.length && Array.from(w).length <= 3) groups[groups.length - 1].push(w); else groups.push([w]);
      }
      const words = groups.flatMap((g, i) => [i ? " " : null,
        g.length === 1 ? nameWords(h, g[0])[0] : h("span", { class: "nowrap" }, nameWords(h, g.join(" ")))]).filter((x) => x !== null);
      // what follows the name (":") stays on the line of its last word
      if (after !== null) words.push(h("span", { class: "nowrap" }, words.pop(), after));
      return h("span", { class: "name", title: text }, words);
    },
    seatName: page.seatName,
    timing: page.timing,
    live: page.live,
    act: page.act,
    claim: page.claim,
    actionButton: page.actionButton,
    rerender: page.rerender,
    // the log so far: the viewer's events, each with its sentence (text)
    events: page.events || (() => []),
  };
  window.mahaiUi = ui;
  return ui;
}
