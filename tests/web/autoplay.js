// A fast player for the web tests, run inside the table page: it chooses among the viewer's
// legal actions (window.mahaiLast.legal) and makes each one through the table's own controls
// only: first the choices the move takes ([data-pick] named by the words of its notation), then
// the move's control ([data-action]). A legal action the table offers no control for is an
// error. It stops (returns) whenever the screen shows something new (a "phase"), so that the
// test can look at it (widths, accessibility), and resumes where it stopped.
(() => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const S = { rnd: null, seen: new Set(), pending: null, moves: 0 };

  function rng(seed) {  // mulberry32
    let a = seed >>> 0;
    return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  }

  const summaryShown = () => { const s = document.getElementById("summary"); return s && !s.hidden; };
  const pressed = (w) => document.querySelectorAll(`[data-pick="${CSS.escape(w)}"][aria-pressed="true"]`).length;

  // What is on screen, coarsely: the phase, the prompt shown, what the viewer may do.
  function phaseKey(extra) {
    const m = window.mahaiLast;
    const v = (m && m.view) || {};
    const prompts = [...document.querySelectorAll(".prompt[id]")].map((p) => p.id).sort().join("+");
    const verbs = [...new Set(((m && m.legal) || []).map((e) => e.action.split(" ")[0]))].sort().join("+");
    return [v.phase || "", v.decision || "", prompts, verbs, summaryShown() ? "summary" : "",
            document.body.dataset.over === "1" ? "over" : "", extra || ""].join("|");
  }

  // Spades: DenboraZup's right slot when the test passes the years by Basque title (the test's
  // own knowledge; a hand card goes by a per-game handle, and its title).
  function smart(actions, years) {
    const v = window.mahaiLast.view;
    const titles = Object.fromEntries((v.hand || []).map((c) => [c.id, c.title.eu]));
    const right = (a) => {
      const w = a.split(" ");
      const y = years[titles[w[1]]];
      if (w.includes("slot")) {
        const k = Number(w[w.indexOf("slot") + 1]);
        const line = v.timeline;
        return (k === 0 || line[k - 1].year <= y) && (k === line.length || y <= line[k].year);
      }
      return v.coin === "up" ? y >= v.reference.year : y <= v.reference.year;
    };
    const places = actions.filter((a) => a.startsWith("place "));
    const good = places.filter(right);
    const call = good.filter((a) => a.endsWith(" call"));
    if (call.length) return call[0];
    if (good.length) return good[0];
    if (actions.includes("pass")) return "pass";
    return null;
  }

  function choose(prefer, years) {
    const actions = window.mahaiLast.legal.map((e) => e.action);
    if (years) { const c = smart(actions, years); if (c) return c; }
    const pref = actions.filter((a) => prefer.includes(a.split(" ")[0]));
    const from = pref.length ? pref : actions;
    return from[Math.floor(S.rnd() * from.length)];
  }

  function makeChoices(action) {
    const words = action.split(" ");
    for (let i = 0; i < 8; i++) {
      const extra = [...document.querySelectorAll('[data-pick][aria-pressed="true"]')].find((el) => !words.includes(el.dataset.pick));
      if (!extra) break;
      extra.click();
    }
    for (const w of new Set(words)) {
      const need = words.filter((x) => x === w).length;
      while (pressed(w) < need) {
        const free = document.querySelector(`[data-pick="${CSS.escape(w)}"]:not([aria-pressed="true"]):not([disabled])`);
        if (!free) break;
        free.click();
      }
    }
  }

  // Play until the game is over or something new shows. opts: {seed, prefer, years, stopAtNew,
  // autoContinue, maxMs}. Returns {status: "over" | "new" | "timeout", key, moves}.
  window.mahaiAutoplay = async (opts) => {
    if (!S.rnd) S.rnd = rng(opts.seed || 1);
    const deadline = Date.now() + (opts.maxMs || 120000);
    while (Date.now() < deadline) {
      if (S.pending) {  // resume a move stopped after its choices
        const { action, version } = S.pending;
        S.pending = null;
        const btn = document.querySelector(`[data-action="${CSS.escape(action)}"]:not([disabled])`);
        if (btn && document.body.dataset.version === version) await press(btn);
        continue;
      }
      if (opts.stopAtNew) {
        const key = phaseKey();
        if (!S.seen.has(key)) { S.seen.add(key); return { status: "new", key, moves: S.moves }; }
      }
      if (document.body.dataset.over === "1") return { status: "over", moves: S.moves };
      if (summaryShown()) {
        if (opts.autoContinue === false) return { status: "summary", moves: S.moves };
        document.getElementById("continue").click();
        await sleep(10);
        continue;
      }
      const m = window.mahaiLast;
      if (!m || !m.legal.length || document.body.dataset.busy === "1") { await sleep(10); continue; }
      const action = choose(opts.prefer || [], opts.years);
      const version = document.body.dataset.version;
      makeChoices(action);
      const btn = document.querySelector(`[data-action="${CSS.escape(action)}"]:not([disabled])`);
      if (!btn) {
        if (document.body.dataset.version !== version || document.body.dataset.busy === "1") continue;  // moved on meanwhile
        throw new Error(`no control on the table for the legal action "${action}"`);
      }
      if (opts.stopAtNew) {
        const key = phaseKey(action.split(" ")[0] + ":chosen");
        if (!S.seen.has(key) && action.includes(" ")) {
          S.seen.add(key);
          S.pending = { action, version };
          return { status: "new", key, moves: S.moves };
        }
      }
      await press(btn);
    }
    return { status: "timeout", moves: S.moves };
  };

  async function press(btn) {
    const version = document.body.dataset.version;
    btn.click();
    S.moves += 1;
    const t0 = Date.now();
    while (document.body.dataset.version === version && !document.getElementById("error").textContent && Date.now() - t0 < 20000) {
      await sleep(5);
    }
  }
})();
