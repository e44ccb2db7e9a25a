// Players' pages (/players/NAME: ratings, games in progress with whose move it is, finished games with their
// replays), leaderboards (/leaderboard/GAME) and the finished games' search (/games).
import { lang, t } from "/static/i18n.js";
import { me } from "/static/account.js";
import { serverGames } from "/static/app.js";
import { turnSignal } from "/static/notify.js";

// the ids of the games the server offers, in its order
async function gameIds() { return (await serverGames()).map(g => g.id); }

function node(tag, attrs = {}, ...children) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") n.className = v;
    else if (k.startsWith("on")) n.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) n.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) n.append(c instanceof Node ? c : String(c));
  return n;
}

async function get(url) {
  const res = await fetch(url);
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.detail || `${res.status}`);
  return data;
}

// a date and time as the reader writes them (the page's language, not the browser's)
export function when(iso) { return iso ? new Date(iso).toLocaleString(lang) : ""; }

function who(s) {
  if (s.access === "bot" || (s.kind === "bot" && !s.name)) return node("span", { class: "muted" }, t("players.bot", { name: s.agent }));
  if (s.name) return node("a", { href: `/players/${encodeURIComponent(s.name)}` }, s.name);
  return node("span", { class: "muted" }, t("players.guest"));
}

function seatsOf(g) {
  return g.seats.flatMap((s, i) => [i ? ", " : "", who(s),
    g.ranks ? node("span", { class: "muted" }, ` (${t("players.rank", { n: g.ranks[i] })}, ${g.scores[i]})`) : ""]);
}

function links(games) {
  return node("p", { class: "row", id: "players-links" }, node("a", { href: "/" }, t("app.lobby")),
    node("a", { href: "/games" }, t("players.finished_games")),
    games.map(g => node("a", { href: `/leaderboard/${g}`, "data-leaderboard": g }, t("players.leaderboard_of", { game: t(`game.${g}`) }))));
}

// a rating as shown: "new (1 of 5 games)" while it is provisional (its first rated games, when one loss puts the
// conservative estimate far below a newcomer's 0; the estimate is the cell's title), the number once it is settled
function ratingCell(r, attrs = {}) {
  return r.provisional ? node("td", { ...attrs, "data-provisional": "", title: r.rating.toFixed(1) },
    t("players.rating_new", { n: r.played, total: r.provisional_games })) : node("td", attrs, r.rating.toFixed(1));
}

export async function playerPage(app, name) {
  const [p, games] = await Promise.all([get(`/api/players/${encodeURIComponent(name)}`), gameIds()]);
  const mine = me && me.name === p.name;
  const ratings = p.ratings.length ? node("table", { class: "scores", id: "ratings" },
    node("tr", {}, node("th", {}, t("players.game")), node("th", {}, t("players.rating")), node("th", {}, t("players.played"))),
    p.ratings.map(r => node("tr", { "data-game": r.game }, node("td", {}, t(`game.${r.game}`)),
      ratingCell(r, { class: "rating" }), node("td", {}, r.played))))
    : node("p", { class: "muted", id: "ratings" }, t("players.no_ratings"));
  // the tables where it is the player's move first (else most recently moved first, as the server sends them)
  const inProgress = [...p.in_progress].sort((a, b) => Number(!!b.my_turn) - Number(!!a.my_turn));
  const current = inProgress.length ? node("ul", { id: "in-progress", class: "tables" }, inProgress.map(g =>
    node("li", { "data-game": g.id, class: g.my_turn ? "my-turn" : "" },
      node("a", { href: g.play_url }, t(`game.${g.game}`)), " ",
      g.my_turn ? node("strong", { class: "turn" }, mine ? t("players.your_move") : t("players.their_move")) :
        node("span", { class: "muted" }, t("players.waiting")), " — ", seatsOf(g), " ",
      node("span", { class: "muted" }, `${t(g.pace === "turn" ? "pace.turn" : "pace.realtime")} · ${when(g.updated_at)}`))))
    : node("p", { class: "muted", id: "in-progress" }, t("players.none_in_progress"));
  const done = p.finished.length ? node("ul", { id: "finished", class: "tables" }, p.finished.map(g => {
    const seat = g.seats.find(s => s.name === p.name);
    const change = seat && seat.rating_change;
    return node("li", { "data-game": g.id }, t(`game.${g.game}`), " — ", seatsOf(g), " ",
      change ? node("span", { class: "rating-change" }, change.provisional ? `${t("players.rating_change_new")} `
        : `${change.before.toFixed(1)} → ${change.after.toFixed(1)} `) : "",
      // a game that did not count for the ratings says why (the server's detail in the title)
      seat && g.rating && g.rating.rated === false ? node("span", { class: "unrated muted", title: g.rating.detail || "" },
        `${t("players.unrated", { why: t(`players.unrated.${g.rating.reason}`) })} `) : "",
      node("span", { class: "muted" }, when(g.finished_at)), " ", node("a", { href: g.replay_url, class: "replay" }, t("game.replay")));
  })) : node("p", { class: "muted", id: "finished" }, t("players.none_finished"));
  // one's own page: the tab's title and icon count the tables waiting for one's move (notify.js)
  if (mine) turnSignal(inProgress.filter(g => g.my_turn).length, t("app.title"));
  app.replaceChildren(node("section", { class: "panel", id: "player", "data-name": p.name },
    node("h2", {}, p.name), links(games), node("h2", {}, t("players.ratings")), ratings,
    node("h2", {}, t("players.in_progress")), current, node("h2", {}, t("players.finished")), done));
}

export async function leaderboardPage(app, game) {
  const games = await gameIds();
  game = games.includes(game) ? game : games[0];
  const board = await get(`/api/leaderboard/${game}`);
  const sel = node("select", { id: "leaderboard-game", "aria-label": t("players.game"),
    onchange: () => { location.href = `/leaderboard/${sel.value}`; } },
  games.map(g => node("option", { value: g, selected: g === game }, t(`game.${g}`))));
  const rows = board.players.length ? node("table", { class: "scores", id: "leaderboard" },
    node("tr", {}, node("th", {}, "#"), node("th", { class: "name" }, t("players.player")), node("th", {}, t("players.rating")), node("th", {}, t("players.played"))),
    board.players.map(r => node("tr", { "data-kind": r.kind }, node("td", {}, r.rank),
      node("td", { class: "name" }, r.kind === "bot" ? node("span", { class: "muted" }, t("players.bot", { name: r.name })) :
        node("a", { href: `/players/${encodeURIComponent(r.name)}` }, r.name)),
      ratingCell(r), node("td", {}, r.played))))
    : node("p", { class: "muted", id: "leaderboard" }, t("players.no_ratings"));
  app.replaceChildren(node("section", { class: "panel" }, node("h2", {}, t("players.leaderboard")), links(games),
    node("div", { class: "row" }, node("label", {}, `${t("players.game")} `, sel)), rows));
}

export async function historyPage(app, params) {
  const games = await gameIds();
  const game = node("select", { name: "game", id: "history-game" }, node("option", { value: "" }, t("players.any_game")),
    games.map(g => node("option", { value: g, selected: params.get("game") === g }, t(`game.${g}`))));
  const player = node("input", { name: "player", id: "history-player", value: params.get("player") || "" });
  const since = node("input", { name: "since", id: "history-since", type: "date", value: params.get("since") || "" });
  const until = node("input", { name: "until", id: "history-until", type: "date", value: params.get("until") || "" });
  const error = node("div", { class: "error" });
  const list = node("ul", { class: "tables", id: "history" });
  const form = node("form", { id: "history-form", class: "row", onsubmit: ev => {
    ev.preventDefault();
    const q = new URLSearchParams();
    for (const input of [game, player, since, until]) if (input.value) q.set(input.name, input.value);
    history.replaceState(null, "", `/games${q.toString() ? `?${q}` : ""}`);
    search(q);
  } }, node("label", {}, `${t("players.game")} `, game), node("label", {}, `${t("players.player")} `, player),
  node("label", {}, `${t("players.since")} `, since), node("label", {}, `${t("players.until")} `, until),
  node("button", { class: "primary", type: "submit", id: "history-search" }, t("players.search")));
  async function search(q) {
    error.textContent = "";
    try {
      const found = await get(`/api/history?${q}`);
      list.replaceChildren(...(found.games.length ? found.games.map(g => node("li", { "data-game": g.id },
        t(`game.${g.game}`), " — ", seatsOf(g), " ", node("span", { class: "muted" }, when(g.finished_at)), " ",
        node("a", { href: g.replay_url, class: "replay" }, t("game.replay")))) : [node("li", { class: "muted" }, t("players.nothing_found"))]));
      document.body.dataset.ready = "games";
    } catch (e) { error.textContent = e.message; }
  }
  app.replaceChildren(node("section", { class: "panel" }, node("h2", {}, t("players.finished_games")), links(games), form, error, list));
  await search(new URLSearchParams([...params].filter(([k]) => ["game", "player", "since", "until"].includes(k))));
}
