// A mistyped address (a link cut short, an old bookmark): say so in the page's language and
// offer the way back, instead of the framework's English JSON.
import { currentLang, langSelect, loadCatalogs, t } from "./i18n.js";

async function start() {
  await loadCatalogs(currentLang(), ["web", "core"]);
  document.getElementById("missing").textContent = t("This page does not exist.");
  document.getElementById("home").textContent = t("Back to the lobby");
  document.getElementById("langbox").replaceChildren(langSelect(() => location.reload()));
}

start();
