// Fallback renderer for any game: the observation JSON as a readable list.
export function renderValue(h, v) {
  if (Array.isArray(v)) return v.length && typeof v[0] === "object" ? h("ol", {}, v.map((x) => h("li", {}, renderValue(h, x)))) : v.join(", ");
  if (v && typeof v === "object") return h("dl", { class: "view" }, Object.entries(v).map(([k, x]) => [h("dt", {}, k), h("dd", {}, renderValue(h, x))]));
  return String(v);
}

export function render(root, msg, ui) {
  ui.fill(root, ui.h("div", { class: "panel" }, renderValue(ui.h, msg.view)));
}
