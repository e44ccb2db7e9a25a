// The rules pages, in our own words and the reader's language: /rules (the three games) and /rules/GAME, where
// ?options={...} (a table's options as JSON) marks the variant rules in use at that table. Each board module
// adds its reference part (rulesExtra): Kingdomino's key, every Dominion card, every Burgundy tile.
import { el } from "/static/app.js";
import { t } from "/static/i18n.js";

export const GAMES = ["kingdomino", "dominion", "burgundy"];

// The sections of each game's page, in order; each has rules.GAME.SECTION.title and .body in the catalogues
const SECTIONS = {
  kingdomino: ["goal", "components", "turn", "connect", "fit", "discard", "score", "end", "tiebreak"],
  dominion: ["goal", "setup", "turn", "action", "buy", "cleanup", "terms", "reactions", "end", "info"],
  burgundy: ["goal", "setup", "round", "actions", "workers", "black", "tiles", "regions", "end", "info"],
};

// The variant rules: one section each, marked "in use" when the table's options say so
const VARIANTS = {
  kingdomino: [
    ["two", o => (o.players ?? 4) === 2 && !o.mighty_duel],
    ["three-draw-four", o => o.players === 3 && (o.three_players ?? "draw-four") === "draw-four"],
    ["three-thirty-six", o => o.players === 3 && o.three_players === "thirty-six"],
    ["mighty_duel", o => !!o.mighty_duel],
    ["harmony", o => !!o.harmony],
    ["middle_kingdom", o => !!o.middle_kingdom],
    ["dynasty", o => !!o.dynasty],
    ["tiebreak-crowns", o => (o.tiebreak ?? "crowns") === "crowns"],
    ["tiebreak-largest-region", o => o.tiebreak === "largest-region"],
  ],
  dominion: [
    ["edition-first", o => (o.edition ?? "first") === "first"],
    ["edition-second", o => o.edition === "second"],
    ["kingdom-first-game", o => (o.kingdom ?? "first-game") === "first-game"],
    ["kingdom-random", o => o.kingdom === "random"],
    ["kingdom-list", o => Array.isArray(o.kingdom) || (typeof o.kingdom === "string" && o.kingdom.includes(","))],
    ["colony_platinum", o => !!o.colony_platinum],
    ["turn_limit", o => (o.turn_limit ?? 0) > 0],
    ["two", o => (o.players ?? 2) === 2],
  ],
  burgundy: [
    ["scenario-basic", o => (o.scenario ?? "basic") === "basic"],
    ["scenario-random", o => o.scenario === "random"],
    ["scenario-free-choice", o => o.scenario === "free-choice"],
    ["city_hall-any-colour", o => (o.city_hall ?? "any-colour") === "any-colour"],
    ["city_hall-matching-colour", o => o.city_hall === "matching-colour"],
    ["tiebreak-fewest-empty", o => (o.tiebreak ?? "fewest-empty") === "fewest-empty"],
    ["tiebreak-most-empty", o => o.tiebreak === "most-empty"],
    ["black-between-actions", o => (o.black_depot_timing ?? "between-actions") === "between-actions"],
    ["black-during-effects", o => o.black_depot_timing === "during-effects"],
  ],
};

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
  if (!GAMES.includes(game)) {
    app.replaceChildren(el("section", { class: "panel", id: "rules-index" }, el("h2", {}, t("rules.index_title")),
      el("ul", {}, GAMES.map(g => el("li", {}, el("a", { href: `/rules/${g}` }, t(`game.${g}`))))),
      el("p", {}, el("a", { href: "/" }, t("app.back_to_lobby")))));
    return;
  }
  let options = {}, given = false;
  try { if (params.get("options")) { options = JSON.parse(params.get("options")) || {}; given = true; } } catch (e) { options = {}; }
  const board = await import(`/static/${game}.js`).catch(() => null);
  const variants = VARIANTS[game].map(([key, active]) => [key, given && active(options)]);
  const inUse = variants.filter(([, a]) => a).map(([k]) => k);
  const toc = el("nav", { class: "panel rules-toc" }, el("strong", {}, t("rules.contents")),
    el("ul", {}, [...SECTIONS[game], "variants", "reference"].map(k => el("li", {}, el("a", { href: `#rules-${k}` },
      k === "variants" ? t("rules.variants") : k === "reference" ? t("rules.reference") : t(`rules.${game}.${k}.title`))))));
  const head = el("section", { class: "panel", id: "rules-head" },
    el("h1", {}, t("rules.title", { game: t(`game.${game}`) })),
    el("p", { class: "muted" }, t("rules.own_words")),
    given ? el("div", { class: "rules-in-use", id: "rules-in-use" }, el("strong", {}, t("rules.in_use")),
      inUse.length ? el("ul", {}, inUse.map(k => el("li", {}, el("a", { href: `#rules-${k}` }, t(`rules.${game}.${k}.title`)))))
        : el("p", {}, t("rules.no_variants")))
      : el("p", {}, t("rules.all_variants")),
    el("p", {}, el("a", { href: "/" }, t("app.back_to_lobby")), " · ", el("a", { href: "/rules" }, t("rules.other_games"))));
  const parts = [head, toc, ...SECTIONS[game].map(k => section(game, k)),
    el("h2", { id: "rules-variants", class: "rules-divider" }, t("rules.variants")),
    ...variants.map(([k, active]) => section(game, k, active ? { cls: "active", badge: el("span", { class: "badge" }, t("rules.badge_in_use")) }
      : given ? { cls: "inactive" } : {}))];
  const reference = el("section", { class: "panel", id: "rules-reference" }, el("h2", {}, t("rules.reference")));
  if (board && board.rulesExtra) reference.append(board.rulesExtra(options));
  parts.push(reference);
  app.replaceChildren(...parts);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
