// The rules pages, in our own words and the reader's language: /rules (every game the server offers) and
// /rules/GAME, where ?options={...} (a table's options as JSON) marks the variant rules in use at that table.
// Each game's board module declares its page: rulesSections (the sections in order; each has
// rules.GAME.SECTION.title and .body in the catalogues), rulesVariants (the variant rules, one section each:
// [key, options => in use]) and its reference part, rulesExtra (Kingdomino's key, every Dominion card, ...).
import { boardFor, el, serverGames } from "/static/app.js";
import { t } from "/static/i18n.js";

// the link a table shows to its game's rules, with its options
export function rulesLink(game, options) {
  const q = options && Object.keys(options).length ? `?options=${encodeURIComponent(JSON.stringify(options))}` : "";
  return el("a", { class: "rules-link", href: `/rules/${game}${q}`, target: "_blank", rel: "noopener", "data-rules": game },
    t("rules.link"));
}

// "a paragraph\n- an item\n- another" -> <p> and <ul>
export function prose(text) {
  const out = [];
  let items = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("- ")) {
      if (!items) out.push(items = el("ul", {}));
      items.append(el("li", {}, line.slice(2)));
    } else if (line.trim()) {
      items = null;
      out.push(el("p", {}, line));
    }
  }
  return out;
}

function section(game, key, extra = {}) {
  return el("section", { class: `panel rules-section${extra.cls ? ` ${extra.cls}` : ""}`, id: `rules-${key}`, "data-section": key },
    el("h2", {}, t(`rules.${game}.${key}.title`), extra.badge || null), prose(t(`rules.${game}.${key}.body`)));
}

export async function rulesPage(app, game, params) {
  const games = (await serverGames()).map(g => g.id);
  if (!games.includes(game)) {
    app.replaceChildren(el("section", { class: "panel", id: "rules-index" }, el("h2", {}, t("rules.index_title")),
      el("ul", {}, games.map(g => el("li", {}, el("a", { href: `/rules/${g}` }, t(`game.${g}`))))),
      el("p", {}, el("a", { href: "/" }, t("app.back_to_lobby")))));
    return;
  }
  let options = {}, given = false;
  try { if (params.get("options")) { options = JSON.parse(params.get("options")) || {}; given = true; } } catch (e) { options = {}; }
  const board = await boardFor(game);
  const sections = board?.rulesSections || [];
  const variants = (board?.rulesVariants || []).map(([key, active]) => [key, given && active(options)]);
  const inUse = variants.filter(([, a]) => a).map(([k]) => k);
  const toc = el("nav", { class: "panel rules-toc" }, el("strong", {}, t("rules.contents")),
    el("ul", {}, [...sections, "variants", "reference"].map(k => el("li", {}, el("a", { href: `#rules-${k}` },
      k === "variants" ? t("rules.variants") : k === "reference" ? t("rules.reference") : t(`rules.${game}.${k}.title`))))));
  const head = el("section", { class: "panel", id: "rules-head" },
    el("h1", {}, t("rules.title", { game: t(`game.${game}`) })),
    el("p", { class: "muted" }, t("rules.own_words")),
    given ? el("div", { class: "rules-in-use", id: "rules-in-use" }, el("strong", {}, t("rules.in_use")),
      inUse.length ? el("ul", {}, inUse.map(k => el("li", {}, el("a", { href: `#rules-${k}` }, t(`rules.${game}.${k}.title`)))))
        : el("p", {}, t("rules.no_variants")))
      : el("p", {}, t("rules.all_variants")),
    el("p", {}, el("a", { href: "/" }, t("app.back_to_lobby")), " · ", el("a", { href: "/rules" }, t("rules.other_games"))));
  const parts = [head, toc, ...sections.map(k => section(game, k)),
    el("h2", { id: "rules-variants", class: "rules-divider" }, t("rules.variants")),
    ...variants.map(([k, active]) => section(game, k, active ? { cls: "active", badge: el("span", { class: "badge" }, t("rules.badge_in_use")) }
      : given ? { cls: "inactive" } : {}))];
  const reference = el("section", { class: "panel", id: "rules-reference" }, el("h2", {}, t("rules.reference")));
  if (board && board.rulesExtra) reference.append(board.rulesExtra(options));
  parts.push(reference);
  app.replaceChildren(...parts);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
