// The toy game of the tests (take 1-3 stones).
export function render(root, msg, ui) {
  const { h } = ui;
  const stones = msg.view.stones;
  ui.fill(root, h("div", { class: "panel" },
    h("p", { id: "stones", "aria-label": `${stones}` }, "● ".repeat(stones) || "—"),
    h("p", {}, `${stones}`)));
}
