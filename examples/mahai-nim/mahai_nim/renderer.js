// Nim's table (the web client loads it from Game.renderer = "mahai_nim:renderer.js"):
// the heap as stones. The shell around it shows the log, the legal moves and the scores.
export function render(root, msg, ui) {
  const { h } = ui;
  const stones = msg.view.stones;
  ui.fill(root, h("div", { class: "panel" },
    h("p", { id: "stones", "aria-label": `${stones}` }, "● ".repeat(stones) || "—"),
    h("p", {}, `${stones}`)));
}
