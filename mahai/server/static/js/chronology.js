// DZR-14: the whole deck as a chronology of the history of the Basque Country (learning mode).
// The server sends every date and title in the reader's language.
import { currentLang, getJson, h, langSelect, loadCatalogs, t } from "./i18n.js";

const game = location.pathname.split("/")[2];

async function start() {
  await loadCatalogs(currentLang(), ["web", "core"]);
  document.getElementById("title").textContent = t("DenboraZup chronology");
  document.title = t("DenboraZup chronology");
  document.getElementById("langbox").replaceChildren(langSelect(() => location.reload()));
  const res = await getJson(`/api/games/${game}/chronology?lang=${currentLang()}`);
  if (!res.ok) {
    document.getElementById("chrono").replaceChildren(h("li", { role: "alert" }, res.data.message));
    return;
  }
  const events = res.data;
  document.getElementById("chrono").replaceChildren(...events.map((e) => h("li", { "data-year": e.year },
    h("span", { class: "year" }, e.date), " ", h("strong", {}, e.title), e.star ? " ★" : "",
    h("div", { class: "muted" }, e.explanation || "", " ", e.source_url ? h("a", { href: e.source_url, rel: "noopener" }, t("source")) : null))));
}

start();
