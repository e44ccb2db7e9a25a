// Realms browser client: lobby, live game page and replay viewer. No build step.
import { GameLog, entryText } from "/static/log.js";
import { t, has, loadLanguage, languageMenu, duration } from "/static/i18n.js";
import { Pacer, announce, newEntries } from "/static/motion.js";
import { loadAccount, csrfHeaders, accountWidget, me } from "/static/account.js";
import { turnSignal, yourTurn, alertSettings } from "/static/notify.js";
import { chatPanel } from "/static/chat.js";
const app = document.getElementById("app");
const statusEl = document.getElementById("status");

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "style") node.style.cssText = v;  // CSSOM, which a style-src 'self' policy allows
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : String(c));
  return node;
}

// What the page is ready for, as <body data-ready>: "lobby", "mine" (a move is offered), "waiting",
// "busy" (a move is on its way), "offline" (connection lost), "over", "watching", "replay". Tests wait on it.
function ready(what) { document.body.dataset.ready = what; }

// A redraw builds a board afresh, which would drop a keyboard player's focus on the page's body: the control
// that had the focus inside `boxes` is named by its id or its data attributes, and the same control in the
// new board (when it is still there and focusable) gets the focus back. Returns the function that restores it.
export function focusKey(boxes) {
  const node = document.activeElement;
  if (!node || !boxes.some(b => b.contains(node)) || !node.dataset) return () => {};
  const attrs = Object.entries(node.dataset).filter(([k]) => k !== "state")
    .map(([k, v]) => `[data-${k.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`)}="${CSS.escape(v)}"]`).join("");
  const css = node.id ? `#${CSS.escape(node.id)}` : attrs ? node.tagName.toLowerCase() + attrs : null;
  if (!css) return () => {};
  return () => {
    if (document.activeElement && document.activeElement !== document.body && document.body.contains(document.activeElement)) return;
    for (const b of boxes) {
      const again = [...b.querySelectorAll(css)].find(n => n.tabIndex >= 0 && !n.disabled);
      if (again) { again.focus({ preventScroll: true }); return; }
    }
  };
}

export class Offline extends Error {}

async function api(method, url, body) {
  let res;
  try {
    // a POST carries the CSRF token while this browser is signed in (account.js)
    res = await fetch(url, { method, headers: { ...(body ? { "content-type": "application/json" } : {}),
      ...(method === "GET" ? {} : csrfHeaders()) },
      body: body ? JSON.stringify(body) : undefined });
  } catch (e) { throw new Offline(t("app.unreachable")); }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(data.detail || `${res.status} ${res.statusText}`), { status: res.status, data });
  return data;
}

// the games this server offers, as GET /api/meta lists them (id, name, options, bots): asked once a page
let offered = null;
export function serverGames() {
  offered ??= api("GET", "/api/meta").then(meta => meta.games, e => { offered = null; throw e; });
  return offered;
}

// a game's board: the module of the web client the game declares (GET /api/meta's "module"), or null where it has
// none (the view is then shown as data)
const boards = {};
export async function boardFor(game) {
  if (!(game in boards)) {
    try {
      const module = (await serverGames()).find(g => g.id === game)?.module;
      boards[game] = module ? await import(`/static/${module}`) : null;
    } catch (e) { boards[game] = null; }
  }
  return boards[game];
}

// ---------------------------------------------------------------- lobby
async function lobby() {
  statusEl.textContent = t("app.lobby");
  const meta = await api("GET", "/api/meta");
  const games = Object.fromEntries(meta.games.map(g => [g.id, g]));
  const error = el("div", { class: "error" });
  const gameSel = el("select", { id: "game" }, meta.games.map(g => el("option", { value: g.id }, gameName(g))));
  const optionsBox = el("div", { class: "form-grid", id: "options" });
  const seatsBox = el("div", { class: "row", id: "seats" });
  const links = el("div", { id: "links" });
  // how the table is played: real-time or turn-based, a clock, rated or not (docs/server.md)
  const paceSel = el("select", { id: "pace" }, ["realtime", "turn"].map(p => el("option", { value: p }, t(`pace.${p}`))));
  const clockSel = el("select", { id: "clock" }, [["", "none"], ["move:30", "move_30s"], ["move:120", "move_2min"],
    ["move:86400", "move_1day"], ["game:600", "game_10min"], ["game:1800", "game_30min"]].map(([v, k]) => el("option", { value: v }, t(`clock.${k}`))));
  const ratedBox = el("input", { type: "checkbox", id: "rated", checked: true });
  // the option undo (docs/protocol.md, "Undo"): players may take back their own moves within their turn
  const undoBox = el("input", { type: "checkbox", id: "undo-option", checked: true });

  // a player count within the game's (its players option's bounds, else its min and max players)
  function players(value) {
    const g = games[gameSel.value], o = g.options.find(x => x.name === "players") || {};
    const lo = o.minimum ?? g.min_players, hi = o.maximum ?? g.max_players;
    const text = String(value ?? "").trim();  // an empty field is no count (Number("") would read it as 0)
    const n = text === "" ? NaN : Math.trunc(Number(text));
    return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : (o.default ?? lo);
  }
  function seatCount() {
    const p = optionsBox.querySelector("[name=players]");
    return p ? players(p.value) : games[gameSel.value].min_players;
  }
  // a seat's menu: the game's levels first (easy, medium, hard, each explained), then the people, then every
  // named agent; the selected level's explanation shows under the menu
  function drawSeats() {
    const g = games[gameSel.value];
    const levels = g.levels || [];
    const levelNames = levels.map(lv => lv.name);
    const named = g.bots.filter(b => !levelNames.includes(b));
    const explain = name => { const k = `level.${g.id}.${name}`; return has(k) ? t(k) : levels.find(lv => lv.name === name)?.description || ""; };
    const levelLabel = name => (has(`level.${name}`) ? t(`level.${name}`) : name);
    // the game's usual bot, by its level's name where the medium level plays it
    const medium = levels.find(lv => lv.name === "medium");
    const usual = medium && medium.agent === g.default_bot ? "bot:medium" : `bot:${g.default_bot}`;
    // a seat the person set keeps its choice if this game offers it; others take the game's default
    const old = [...seatsBox.querySelectorAll("select")].map(s => (s.dataset.touched ? s.value : null));
    const offered = [...levelNames.map(n => `bot:${n}`), ...PEOPLE, ...named.map(b => `bot:${b}`)];
    seatsBox.replaceChildren();
    for (let i = 0; i < seatCount(); i++) {
      const sel = el("select", { "data-seat": i, "aria-label": t("lobby.seat_aria", { n: i + 1 }) },
        levels.length ? el("optgroup", { label: t("lobby.levels") }, levels.map(lv => el("option",
          { value: `bot:${lv.name}`, title: explain(lv.name), "data-explanation": explain(lv.name) }, levelLabel(lv.name)))) : null,
        el("optgroup", { label: t("lobby.people") }, PEOPLE.map(v => el("option", { value: v }, t(`lobby.person.${v}`)))),
        el("optgroup", { label: t("lobby.named_agents") }, named.map(b => el("option", { value: `bot:${b}` }, t("lobby.bot", { name: b })))));
      sel.value = offered.includes(old[i]) ? old[i] : i === 0 ? "creator" : offered.includes(usual) ? usual : `bot:${g.default_bot}`;
      if (offered.includes(old[i])) sel.dataset.touched = "1";
      const note = el("span", { class: "muted level-note", "data-seat": i });
      const explainChoice = () => {
        const name = sel.value.startsWith("bot:") ? sel.value.slice(4) : "";
        note.textContent = levelNames.includes(name) ? explain(name) : "";
      };
      sel.addEventListener("change", () => { sel.dataset.touched = "1"; explainChoice(); });
      explainChoice();
      seatsBox.append(el("label", { class: "seat-choice" }, `${t("lobby.seat", { n: i + 1 })} `, sel, note));
    }
  }
  function drawOptions() {
    const g = games[gameSel.value];
    optionsBox.replaceChildren();
    for (const o of g.options) {
      let input;
      if (o.type === "bool") input = el("input", { type: "checkbox", name: o.name, checked: !!o.default });
      else if (o.type === "choice") input = el("select", { name: o.name, id: o.name }, o.choices.map(c => el("option", { value: c, selected: c === o.default }, optionWords(g.id, `${o.name}.${c}`, c))));
      else if (o.type === "int") input = el("input", { type: "number", name: o.name, value: o.default, min: o.minimum, max: o.maximum });
      else input = el("input", { type: "text", name: o.name, value: o.default ?? "" });
      // the count stays a whole number within the game's (one seat menu each): a number typed past it is
      // brought back to the nearest one the game takes, before the seats are drawn
      // (an emptied field is left empty for the number to be typed; its seats are the default count's meanwhile)
      if (o.name === "players") input.addEventListener("change", () => { if (input.value.trim() !== "") input.value = String(players(input.value)); drawSeats(); });
      if (!input.id) input.id = o.name;
      optionsBox.append(el("label", { for: o.name, title: optionWords(g.id, `${o.name}.help`, o.help) }, optionWords(g.id, o.name, o.name.replaceAll("_", " "))), input);
    }
    drawSeats();
  }
  gameSel.addEventListener("change", drawOptions);
  drawOptions();

  async function create() {
    error.textContent = "";
    const options = {};
    for (const input of optionsBox.querySelectorAll("[name]")) {
      const spec = games[gameSel.value].options.find(o => o.name === input.name);
      let v = input.type === "checkbox" ? input.checked : input.value;
      if (spec.type === "int") v = Number(v);
      if (JSON.stringify(v) !== JSON.stringify(spec.default)) options[input.name] = v;
    }
    if ("players" in options === false && optionsBox.querySelector("[name=players]")) options.players = seatCount();
    if (undoBox.checked) options.undo = true;
    const seats = [...seatsBox.querySelectorAll("select")].map(s => s.value);
    try {
      const body = { game: gameSel.value, options, seats, pace: paceSel.value, rated: ratedBox.checked };
      if (clockSel.value) { const [per, n] = clockSel.value.split(":"); body.clock = { per, seconds: Number(n) }; }
      const made = await api("POST", "/api/games", body);
      const mine = made.seats.filter(s => s.access === "creator");
      keepOwnership(made);
      // to the creator's (first) seat, whose page shows what there is to share; with no seat of their own
      // the creator stays here with the links
      if (mine.length) { location.href = mine[0].join_url; return; }
      const others = made.seats.filter(s => s.access === "invite" || s.access === "open");
      if (!others.length) { location.href = `/play/${made.id}`; return; }
      links.replaceChildren(sharePanel(made.id, made.seats.map(s => ({ ...s, claimed: false }))));
      refreshTables();
    } catch (e) { error.textContent = e.message; }
  }

  // the open tables, looked at again every few seconds while the lobby is in view (a friend's new table shows
  // up unasked; the list is redrawn only when it changed, so a button about to be clicked stays put)
  const tables = el("ul", { class: "tables" });
  let tablesSeen = null;
  async function refreshTables() {
    const { games: open } = await api("GET", "/api/games");
    const seen = JSON.stringify(open.map(tb => [tb.id, tb.version, tb.seats, heldSeat(tb.id)]));
    if (seen === tablesSeen) return;
    tablesSeen = seen;
    tables.replaceChildren(...(open.length ? open.map(tb => el("li", {},
      `${gameName(games[tb.game] || { id: tb.game, name: tb.game })} `, el("span", { class: "muted" }, `(${tb.seats.map(seatLabel).join(", ")}; ${tb.pace === "turn" ? `${t("lobby.turn_based")}; ` : ""}${tb.version ? t("lobby.move", { n: tb.version }) : t("lobby.not_started")}) `),
      // a table this browser holds a seat of (its secret kept since the seat was taken) leads back to that seat
      el("a", { href: `/play/${tb.id}` }, t(heldSeat(tb.id) ? "lobby.back_to_seat" : "lobby.watch")), " ",
      // only open seats are anyone's to take; invitations and the creator's seats are never offered, nor a
      // second seat of a table this browser already sits at (one person, one seat)
      heldSeat(tb.id) ? [] : tb.seats.filter(s => s.access === "open" && !s.claimed).map(s => el("button", { onclick: async () => {
        try { const j = await api("POST", `/api/games/${tb.id}/join`, { seat: s.seat }); location.href = j.join_url; }
        catch (e) { error.textContent = e.message; refreshTables(); }
      } }, t("lobby.join", { n: s.seat + 1 }))))) : [el("li", { class: "muted" }, t("lobby.no_tables"))]));
  }
  await refreshTables();
  const tablesTimer = setInterval(() => {
    if (!document.body.contains(tables)) clearInterval(tablesTimer);
    else if (!document.hidden) refreshTables().catch(() => { /* looked at again next time */ });
  }, 5000);
  // the tables being played (GET /api/games?live=true), for spectators: moved at in the last quarter of an hour
  const live = el("ul", { class: "tables", id: "live-tables" });
  async function refreshLive() {
    const { games: playing } = await api("GET", "/api/games?live=true");
    live.replaceChildren(...(playing.length ? playing.map(tb => el("li", { "data-game": tb.id },
      `${gameName(games[tb.game] || { id: tb.game, name: tb.game })} `,
      el("span", { class: "muted" }, `(${tb.seats.map(seatLabel).join(", ")}; ${t("lobby.move", { n: tb.version })}) `),
      el("a", { href: `/play/${tb.id}` }, t(heldSeat(tb.id) ? "lobby.back_to_seat" : "lobby.watch")))) :
      [el("li", { class: "muted" }, t("lobby.no_live_tables"))]));
  }
  await refreshLive();
  const yours = yourTables();
  await yours.first;  // the page is ready once the player's own tables are listed
  app.replaceChildren(
    el("section", { class: "panel" }, el("h2", {}, t("lobby.new_table")),
      el("div", { class: "row" }, el("label", {}, `${t("lobby.game")} `, gameSel), rulesLinks(meta.games),
        el("a", { href: "/calculator", id: "calculator-link", class: "muted" }, t("calc.link"))), optionsBox,
      el("h2", {}, t("lobby.seats")), seatsBox,
      el("div", { class: "row", id: "table-kind", style: "margin-top:.6rem" }, el("label", {}, `${t("lobby.pace")} `, paceSel),
        el("label", {}, `${t("lobby.clock")} `, clockSel), el("label", {}, ratedBox, ` ${t("lobby.rated")}`),
        el("label", { title: t("lobby.undo_help") }, undoBox, ` ${t("lobby.undo")}`),
        me ? null : el("span", { class: "muted" }, t("lobby.rated_needs_account"))),
      el("div", { class: "row", style: "margin-top:.6rem" }, el("button", { class: "primary", id: "create", onclick: create }, t("lobby.create"))),
      error, links),
    yours.node,
    el("section", { class: "panel" }, el("h2", {}, `${t("lobby.open_tables")} `, el("button", { onclick: refreshTables }, t("lobby.refresh"))), tables),
    el("section", { class: "panel" }, el("h2", {}, `${t("lobby.live_tables")} `, el("button", { onclick: refreshLive }, t("lobby.refresh"))), live),
    el("section", { class: "panel row", id: "lobby-links" }, me ? el("a", { href: `/players/${encodeURIComponent(me.name)}`, id: "my-games" }, t("lobby.my_games")) : null,
      el("a", { href: "/games", id: "finished-games" }, t("players.finished_games")), el("a", { href: `/leaderboard/${meta.games[0]?.id ?? ""}`, id: "leaderboards" }, t("players.leaderboard"))));
  ready("lobby");
}

// ---------------------------------------------------------------- the player's own tables
// The tables this player has a seat at and that are not over, those where it is their move first: the signed-in
// player's (GET /api/players/NAME, from any browser) and each table whose seat secret this browser keeps. Looked
// at again every 20 seconds while the lobby is open: the tab's title and icon count the tables waiting for the
// player's move, and a table that newly does so plays the sound and (tab hidden, allowed) notifies.
const HELD_MAX = 20;
function yourTables() {
  const list = el("ul", { class: "tables", id: "your-tables-list" });
  const node = el("section", { class: "panel", id: "your-tables" }, el("h2", {}, t("lobby.your_tables")), list, alertSettings(el));
  let before = null;
  async function look() {
    const found = new Map();
    if (me) {
      try {
        for (const g of (await api("GET", `/api/players/${encodeURIComponent(me.name)}`)).in_progress) {
          found.set(g.id, { id: g.id, game: g.game, mine: !!g.my_turn, url: g.play_url, pace: g.pace,
            waiting: (g.waiting_for || []).length > 0 });
        }
      } catch (e) { /* the browser's own seats below */ }
    }
    // (a table found over is remembered as such, so that it is not asked for again: realms.over)
    const held = [], over = new Set(stored("over", "tables").ids || []);
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const gid = key && key.startsWith("realms.seat.") ? key.slice(12) : null;
      if (gid && !found.has(gid) && !over.has(gid)) held.push([gid, localStorage.getItem(key)]);
    }
    await Promise.all(held.slice(-HELD_MAX).map(async ([gid, token]) => {
      try {
        const p = await api("GET", `/api/games/${gid}?token=${encodeURIComponent(token)}`);
        if (p.finished) over.add(gid);
        else found.set(gid, { id: gid, game: p.game, mine: p.legal_actions.length > 0, url: `/play/${gid}`, pace: p.table && p.table.pace,
          waiting: ((p.table && p.table.waiting_for) || []).length > 0 });
      } catch (e) { /* a table gone, or a seat no longer this browser's */ }
    }));
    try { store("over", "tables", { ids: [...over].slice(-500) }); } catch (e) { /* asked again next time */ }
    const rows = [...found.values()].sort((a, b) => Number(b.mine) - Number(a.mine));
    const count = rows.filter(r => r.mine).length;
    list.replaceChildren(...(rows.length ? rows.map(r => el("li", { "data-game": r.id, class: r.mine ? "my-turn" : "" },
      `${gameName({ id: r.game, name: r.game })} `,
      r.mine ? el("strong", { class: "turn" }, t("game.your_move")) : el("span", { class: "muted" }, t(r.waiting ? "game.waiting_players" : "players.waiting")),
      r.pace === "turn" ? el("span", { class: "muted" }, ` · ${t("lobby.turn_based")}`) : null, " ",
      el("a", { href: r.url }, t("lobby.back_to_seat")))) : [el("li", { class: "muted" }, t("lobby.no_own_tables"))]));
    turnSignal(count, t("app.title"));
    if (before !== null && count > before) yourTurn(t("notify.tables", { n: count }), "/");
    before = count;
  }
  const first = look();
  const timer = setInterval(() => (document.body.contains(node) ? look() : clearInterval(timer)), 20000);
  return { node, first };
}

// a game option's name, value or help in the reader's words ("option.GAME.NAME", "option.GAME.NAME.VALUE",
// "option.GAME.NAME.help"); an option a newer server offers and the catalogues lack shows as the server says
function optionWords(game, key, fallback) {
  const k = `option.${game}.${key}`;
  return has(k) ? t(k) : fallback;
}

// ---------------------------------------------------------------- seats to share (the creator's)
// the lobby's menu for a seat a person plays: the creator, an invited friend, anyone from the lobby
const PEOPLE = ["creator", "invite", "open"];

function stored(kind, gid) {
  try { return JSON.parse(localStorage.getItem(`realms.${kind}.${gid}`)) || {}; } catch (e) { return {}; }
}
function store(kind, gid, value) { localStorage.setItem(`realms.${kind}.${gid}`, JSON.stringify(value)); }

// What the create answer gave the creator, kept in this browser by game id: the owner secret (it revokes an
// unclaimed seat), the invitation codes (shown again on the table page) and the secrets of the creator's seats.
function keepOwnership(made) {
  if (made.owner) localStorage.setItem(`realms.owner.${made.id}`, made.owner);
  store("invites", made.id, Object.fromEntries(made.seats.filter(s => s.invite).map(s => [s.seat, s.invite])));
  store("mine", made.id, Object.fromEntries(made.seats.filter(s => s.token).map(s => [s.seat, s.token])));
}

const replaced = new Map();  // "gid/seat" -> what a revoke in this page did to that seat's link

async function copyText(text, input) {
  try { await navigator.clipboard.writeText(text); return true; } catch (e) {
    input.select();  // no clipboard API (an insecure context): the old way, else the person copies it
    try { return document.execCommand("copy"); } catch (e2) { return false; }
  }
}

// The creator's panel (#share): each unclaimed invitation seat's link (single-use; a copy button), each
// unclaimed open seat (listed in the lobby), both with "revoke" where this browser holds the owner secret,
// and the creator's own seats when there are several. `seats` as a payload has them ({seat, access, claimed});
// `here` the seat this page plays (undefined in the lobby, which links to the table instead). Null when
// nothing is left to share.
function sharePanel(gid, seats, here) {
  const box = el("section", { class: "panel share", id: "share", "data-game": gid });
  const owner = localStorage.getItem(`realms.owner.${gid}`);
  const error = el("div", { class: "error" });
  function revokeButton(s, text, title) {
    if (!owner) return null;
    return el("button", { class: "revoke", title, onclick: async ev => {
      ev.target.disabled = true;
      error.textContent = "";
      try {
        const r = await api("POST", `/api/games/${gid}/seats/${s.seat}/revoke`, { owner });
        store("invites", gid, { ...stored("invites", gid), [s.seat]: r.invite });
        replaced.set(`${gid}/${s.seat}`, s.access === "open" ? "share.unlisted" : "share.replaced");
        s.access = r.access;
        draw();
      } catch (e) { error.textContent = e.message; ev.target.disabled = false; }
    } }, text);
  }
  function draw() {
    const invites = stored("invites", gid), mine = Object.keys(stored("mine", gid)).map(Number).sort((a, b) => a - b);
    const rows = [];
    for (const s of seats) {
      const n = el("strong", {}, t("lobby.seat", { n: s.seat + 1 }));
      const note = replaced.has(`${gid}/${s.seat}`) ? t(replaced.get(`${gid}/${s.seat}`)) : null;
      if (s.access === "invite" && !s.claimed) {
        const url = invites[s.seat] ? `${location.origin}/play/${gid}#invite=${invites[s.seat]}` : null;
        const input = url && el("input", { class: "invite-link", readonly: true, value: url,
          "aria-label": t("share.link_aria", { n: s.seat + 1 }), onfocus: e => e.target.select() });
        const copied = el("span", { class: "copied muted", role: "status" });
        rows.push(el("li", { "data-seat": s.seat }, n, ` — ${t("share.invite_seat")} `, el("strong", {}, t("share.single_use")),
          `: ${t("share.invite_explain")}`,
          url ? el("div", { class: "link-row" }, input, el("button", { class: "copy", onclick: async () => {
            copied.textContent = (await copyText(url, input)) ? t("share.copied") : t("share.copy_by_hand");
          } }, t("share.copy")), copied) : el("div", { class: "muted" }, t("share.not_kept")),
          note ? el("div", { class: "muted" }, note) : null,
          revokeButton(s, t("share.revoke_link"), t("share.revoke_link_title"))));
      } else if (s.access === "open" && !s.claimed) {
        rows.push(el("li", { "data-seat": s.seat, class: "open-seat" }, n,
          ` — ${t("share.open_seat")} `,
          revokeButton(s, t("share.revoke_open"), t("share.revoke_open_title"))));
      } else if ((s.access === "invite" || s.access === "open") && s.claimed) {
        rows.push(el("li", { "data-seat": s.seat }, n, ` — ${t("share.taken")}`));
      }
    }
    const waiting = seats.some(s => (s.access === "invite" || s.access === "open") && !s.claimed);
    const parts = waiting ? [el("h2", {}, t("share.title")), el("ul", { class: "share-list" }, rows)] : [];
    if (mine.length > 1) {
      const own = stored("mine", gid);
      parts.push(el("p", {}, `${t("share.your_seats")} `, mine.map(i => [i === here ? t("share.this_page", { n: i + 1 }) :
        el("a", { href: `/play/${gid}#token=${own[i]}`, target: "_blank", class: "own-seat" }, t("lobby.seat", { n: i + 1 })), " "]).flat()));
    }
    if (parts.length && here === undefined) parts.push(el("p", {}, el("a", { href: `/play/${gid}` }, t("share.watch"))));
    box.replaceChildren(...parts, error);
    return parts.length > 0;
  }
  return draw() ? box : null;
}

// a game's name in the reader's words (its "game.ID" key), else as the server names it
export function gameName(g) { return has(`game.${g.id}`) ? t(`game.${g.id}`) : g.name; }

// the lobby's links to each game's rules page
function rulesLinks(games) {
  return el("span", { class: "muted", id: "rules-links" }, `${t("rules.lobby")} `,
    games.map(({ id: g }) => [el("a", { href: `/rules/${g}`, "data-rules": g }, t(`game.${g}`)), " "]).flat());
}

// ---------------------------------------------------------------- results and log
export function resultTable(result, names) {
  const order = names.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  return el("table", { class: "scores", id: "final-scores" },
    el("tr", {}, el("th", {}, t("result.player")), el("th", {}, t("result.rank")), el("th", {}, t("result.score")), el("th", {}, t("result.details"))),
    order.map(i => el("tr", {}, el("td", {}, names[i]), el("td", {}, result.ranks[i]), el("td", {}, result.scores[i]),
      el("td", { class: "muted", style: "text-align:left" }, summarize(result.breakdown[i])))));
}

function summarize(b) {
  if (!b || typeof b !== "object") return "";
  const parts = [];
  for (const [k, v] of Object.entries(b)) {
    if (typeof v === "number" && k !== "score") parts.push(`${t(`result.field.${k}`)} ${v}`);
  }
  if (Array.isArray(b.regions)) parts.push(b.regions.filter(r => r.points).map(r => `${t(`result.terrain.${r.terrain}`)} ${r.squares}×${r.crowns}=${r.points}`).join(", "));
  return parts.join(" · ");
}

// each seat's name on the board and in the log. A person's seat a bot took over (the player left or ran out of
// time) is still named after them, with the bot ("Player 1 (the random bot)"); `people` holds the persons'
// names alone, for the notes about their leaving and coming back
function seatNames(payload) {
  const people = payload.seats.map(s => (s.seat === payload.seat ? t("seat.you") : s.kind === "bot" && !takenOver(s) ?
    `${s.agent} (${s.seat + 1})` : s.name ? `${s.name} (${s.seat + 1})` : t("seat.player", { n: s.seat + 1 })));
  const names = payload.seats.map((s, i) => (takenOver(s) ? t("seat.taken_over", { who: people[i], bot: s.agent }) : people[i]));
  return Object.assign(names, { people });
}
function takenOver(s) { return s.kind === "bot" && !!s.access && s.access !== "bot"; }

// whether this browser keeps a seat's secret for table `gid` (seatSecret below keeps each one it is given)
function heldSeat(gid) {
  const key = `realms.seat.${gid}`;
  try { return !!(sessionStorage.getItem(key) || localStorage.getItem(key)); } catch (e) { return false; }
}

// a lobby table's seat, as the lobby shows it: who has it, or how it is taken
function seatLabel(s) {
  if (s.kind === "bot") return s.agent;
  const n = t("lobby.seat_lower", { n: s.seat + 1 });
  if (s.access === "open") return t(s.claimed ? "lobby.seat_taken" : "lobby.seat_open", { seat: n });
  if (s.access === "invite") return t(s.claimed ? "lobby.seat_invited" : "lobby.seat_invite_only", { seat: n });
  return t("lobby.seat_creator", { seat: n });
}

// The seat secret for this page: from the link's fragment (or an older ?token= link), or an invitation code
// redeemed once by POST; then kept in this tab (and this browser) and taken out of the address bar.
// The creator's browser does not redeem its own invitations (that would use them up), and a used
// invitation this browser redeemed before leads back to the seat it got.
async function seatSecret(gid, params) {
  const frag = new URLSearchParams(location.hash.slice(1));
  const key = `realms.seat.${gid}`;
  let token = frag.get("token") || params.get("token");
  const invite = frag.get("invite") || params.get("invite");
  const back = [[`/play/${gid}`, t("share.watch_this")], ["/", t("app.lobby")]];
  if (invite) {
    const own = Object.entries(stored("invites", gid)).find(([, code]) => code === invite);
    if (own && localStorage.getItem(`realms.owner.${gid}`)) {
      throw Object.assign(new Error(t("invite.own", { n: Number(own[0]) + 1 })), { links: [[`/play/${gid}`, t("invite.back_to_table")]] });
    }
    try {
      token = (await api("POST", `/api/games/${gid}/join`, { invite })).token;
    } catch (e) {
      const kept = sessionStorage.getItem(key) || localStorage.getItem(key);
      const used = e.status === 409 && /already used/.test(e.message);
      if (used && kept) token = kept;
      else if (used) throw Object.assign(new Error(t("invite.used")), { links: back });
      else if (e.status === 403) throw Object.assign(new Error(t("invite.revoked")), { links: back });
      else throw Object.assign(new Error(t("invite.failed", { error: e.message })), { links: back });
    }
  }
  if (token) {
    sessionStorage.setItem(key, token);
    localStorage.setItem(key, token);
    history.replaceState(null, "", `/play/${gid}`);
    return token;
  }
  const kept = sessionStorage.getItem(key) || localStorage.getItem(key);
  if (kept || !me) return kept;
  // a signed-in player's seat at this table, from whichever browser they used before
  try {
    token = (await api("POST", `/api/games/${gid}/mine`)).seats[0].token;
    sessionStorage.setItem(key, token);
    localStorage.setItem(key, token);
    return token;
  } catch (e) { return null; }
}

// ---------------------------------------------------------------- live game
// whether the viewer has a seat and every other seat is a bot (then "Analyze" is offered while it goes on)
function soloVsBotsTable(p) {
  return p.seat !== null && p.seat !== undefined && p.seats.every(s => s.seat === p.seat || s.kind === "bot");
}
async function gamePage(gid, token) {
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  let payload = await api("GET", `/api/games/${gid}${q}`);
  const board = await boardFor(payload.game);
  const analysisModule = soloVsBotsTable(payload) ? await import("/static/analysis.js") : null;
  const boardBox = el("section", { class: "panel", id: "board" });
  const prompt = el("section", { class: "panel", id: "prompt" });
  const gameLog = new GameLog(gid, token);  // the whole game's log, loaded page by page (log.js)
  gameLog.board = board;  // which words the game's events in the reader's language
  const error = el("div", { class: "error", id: "error" });
  const offlineSlot = el("div", { id: "offline-slot" });  // above the board, so a phone shows it too
  // the table's chat (chat.js), and the seat's turn alerts (notify.js)
  const chat = chatPanel({ el, api, gid, token, names: () => seatNames(payload), seats: () => payload.seats,
    mySeat: () => payload.seat ?? null });
  app.replaceChildren(offlineSlot, boardBox, prompt, chat.node, el("section", { class: "panel" }, el("h2", {}, t("game.log")), gameLog.node),
    token ? el("section", { class: "panel" }, alertSettings(el)) : "");
  // the creator's seats to share (invitation links, open seats, revoke), above the board while any is unclaimed
  const shareSlot = el("div", { id: "share-slot" });
  boardBox.before(shareSlot);
  // a bot about to take over a seat (its player left a real-time table, or ran out of time), and the mover's
  // clock: shown to everyone, counted down every second
  const noticeSlot = el("div", { id: "table-notice", role: "status" });
  boardBox.before(noticeSlot);
  // the Undo button, above the board where the move was made, while the mover has a move to take back
  const undoSlot = el("div", { id: "undo-slot" });
  boardBox.before(undoSlot);
  function drawNotice() {
    const names = seatNames(payload), now = Date.now() / 1000, lines = [];
    if (!payload.finished) {
      for (const s of payload.seats) {
        if (s.takeover_at) lines.push(el("p", { class: "notice takeover", "data-seat": s.seat },
          t(s.takeover_reason === "time" ? "table.takeover_time" : "table.takeover_left",
            { seat: names[s.seat], time: duration(s.takeover_at - now), you: s.seat === payload.seat })));
      }
      const d = payload.table && payload.table.turn_deadline;
      if (d) lines.push(el("p", { class: "notice clock" }, t("table.clock", { seat: names[payload.to_move] ?? "…",
        time: duration(d - now), you: payload.to_move === payload.seat && payload.seat !== null })));
    }
    noticeSlot.replaceChildren(...lines);
  }
  setInterval(drawNotice, 1000);
  let shareKey = null;
  function drawShare() {
    const key = JSON.stringify([payload.finished, payload.seats.map(s => [s.access, s.claimed])]);
    if (key === shareKey) return;  // redrawn only when a seat changes, so a fresh link or "Copied" stays
    shareKey = key;
    const panel = !payload.finished && localStorage.getItem(`realms.owner.${gid}`) &&
      sharePanel(gid, payload.seats.map(s => ({ ...s })), payload.seat);
    shareSlot.replaceChildren(...(panel ? [panel] : []));
  }
  let busy = false;
  // "Analyze" at a table where the viewer plays only bots: the best moves of their own seat when they are to
  // move (the server analyses no game between people in progress, and a seat only at its own move)
  const soloVsBots = p => analysisModule && !p.finished && soloVsBotsTable(p);
  let analysis = null, analysedVersion = null;
  function drawAnalysis(parts) {
    if (!soloVsBots(payload)) return;
    if (!analysis) {
      const { analysisPanel } = analysisModule;
      analysis = analysisPanel({ api, gid, ask: () => ({ step: payload.version, token }), own: true,
        enabled: () => !offline && payload.legal_actions.length > 0,
        words: m => board && board.actionText ? board.actionText(m, payload, seatNames(payload)) : m.text });
    }
    if (analysedVersion !== payload.version || offline) { analysedVersion = payload.version; analysis.reset(); }
    parts.push(analysis.node);
  }
  // every update in turn (motion.js): quick ones wait so that each is seen; the board marks what the last one
  // changed against the view shown before it, and the move and whose turn it is are announced
  let prevView = null;
  // the same payload again (the socket's first update repeats what the page fetched): nothing is redrawn, so
  // a tap or a preview under way on the board is not cut short by a board built afresh
  const bare = ({ type, ...rest }) => JSON.stringify(rest);
  const sameAs = (a, b) => bare(a) === bare(b);
  const pacer = new Pacer(p => {
    if (p.version === payload.version && !offline && sameAs(p, payload)) return;
    const before = payload;
    if (p.version !== before.version) prevView = before.view;
    payload = p;
    draw();
    tellMoves(before, p);
  });
  pacer.newest = payload.version;
  function tellMoves(before, p) {
    const names = seatNames(p);
    const words = newEntries(p, (before.log_start ?? 0) + (before.log || []).length).slice(-3)
      .map(e => entryText(e, names, p.seat ?? null, board));
    if (p.finished && !before.finished) words.push(t("game.over"));
    else if (p.legal_actions.length && !before.legal_actions.length) {
      words.push(t("game.your_move"));
      yourTurn(t("notify.body", { game: gameName({ id: p.game, name: p.game }) }), `/play/${gid}`);
    }
    announce(words.join(" · "));
  }
  // connection: while `offline` no move is accepted and the board highlights nothing; `reconnect`
  // retries with a doubling delay and, once the server answers, fetches a fresh view and reopens the socket
  let offline = false, ws = null, retryTimer = null, retryDelay = 0, pongDue = null;
  const retryNote = el("p", { class: "muted", id: "retry-note" });

  function readiness() {
    return offline ? "offline" : busy ? "busy" : payload.finished ? "over" :
      payload.legal_actions.length ? "mine" : token ? "waiting" : "watching";
  }

  async function act(action) {
    if (busy || offline || !token) return;
    busy = true;
    ready("busy");
    error.textContent = "";
    try {
      const fresh = await api("POST", `/api/games/${gid}/actions`, { token, version: payload.version, action });
      // a pushed update may already be newer than this response; one's own move shows at once
      pacer.now(fresh);
    } catch (e) {
      if (e instanceof Offline) lost(); else error.textContent = e.message;
    } finally { busy = false; ready(readiness()); }
  }

  function draw() {
    const keep = focusKey([boardBox, prompt]);
    drawShare();
    drawNotice();
    const names = seatNames(payload);
    const mine = !offline && payload.legal_actions.length > 0;
    // "undo" (a table where moves may be taken back within the turn) is its own button; the board never offers it
    const undo = payload.legal_actions.find(a => a.action.type === "undo");
    const moves = undo ? payload.legal_actions.filter(a => a !== undo) : payload.legal_actions;
    const shown = offline ? { ...payload, legal_actions: [] } : undo ? { ...payload, legal_actions: moves } : payload;
    undoSlot.replaceChildren(...(mine && undo ? [el("button", { id: "undo", class: "undo", title: t("table.undo_help"),
      onclick: () => act(undo.action) }, `↶ ${t("table.undo")}`)] : []));
    const waitingFor = payload.finished ? [] : (payload.table && payload.table.waiting_for) || [];
    statusEl.textContent = offline ? t("game.status_offline") : payload.finished ? t("game.over") :
      mine ? t("game.your_move") : waitingFor.length ? t("game.waiting_players") : t("game.waiting_for", { name: names[payload.to_move] ?? "…" });
    turnSignal(mine ? 1 : 0, t("app.title"));
    chat.draw();
    statusEl.classList.toggle("offline", offline);
    pacer.newest = Math.max(pacer.newest, payload.version);
    pacer.shown = payload.version;
    boardBox.replaceChildren(board ? board.render(shown, act, names, { prev: prevView }) : el("pre", {}, JSON.stringify(payload.view, null, 1)));
    const parts = [el("h2", {}, offline ? t("game.connection_lost") : payload.finished ? t("game.final_scores") : mine ? t("game.your_move") : t("game.waiting"))];
    offlineSlot.replaceChildren(...(offline ? [el("div", { class: "offline-banner", id: "offline", role: "status" },
      el("p", {}, el("strong", {}, `${t("game.connection_lost")}. `), t("game.offline_banner")),
      retryNote, el("button", { id: "retry", onclick: () => { clearTimeout(retryTimer); reconnect(); } }, t("game.try_now")))] : []));
    if (offline) {
      parts.push(el("p", { class: "muted" }, t("game.offline_paused")));
    } else if (payload.finished) {
      parts.push(resultTable(payload.result, names), el("p", {}, el("a", { href: `/replay/${gid}` }, t("game.replay")), " · ", el("a", { href: "/" }, t("app.lobby"))));
    } else if (waitingFor.length) {
      parts[0] = el("h2", {}, t("game.waiting_players"));
      parts.push(el("p", { id: "waiting-for" }, t("game.waiting_for_seats", { n: waitingFor.length, seats: waitingFor.map(n => n + 1).join(", ") })));
      parts.push(startWithBots());
    } else if (mine) {
      const handled = board && board.handles ? board.handles(shown) : false;
      if (!handled) parts.push(el("div", { class: "actions-list" }, moves.map(a =>
        el("button", { "data-index": a.index, onclick: () => act(a.action) }, board && board.actionText ? board.actionText(a, payload) : a.text))));
    } else if (!token) parts.push(el("p", { class: "muted" }, t("game.watching")));
    if (!offline) drawAnalysis(parts);
    parts.push(error);
    prompt.replaceChildren(...parts);
    keep();
    gameLog.update(payload, names);
    ready(readiness());
  }
  draw();

  // the host's button at a table that waits for players: each free seat gets the game's usual bot, and the game
  // begins (POST /api/games/{id}/start)
  function startWithBots() {
    const owner = localStorage.getItem(`realms.owner.${gid}`);
    if (!owner) return el("p", { class: "muted" }, t("game.host_starts"));
    return el("button", { id: "start-with-bots", class: "primary", onclick: async ev => {
      ev.target.disabled = true;
      error.textContent = "";
      try {
        await api("POST", `/api/games/${gid}/start`, { owner });
        pacer.now(await api("GET", `/api/games/${gid}${q}`));
      } catch (e) { error.textContent = e.message; ev.target.disabled = false; }
    } }, t("game.start_with_bots"));
  }

  function lost() {
    if (ws) { const old = ws; ws = null; old.onclose = null; old.close(); }
    clearTimeout(pongDue);
    if (offline) return;
    offline = true;
    retryDelay = 500;
    error.textContent = "";
    draw();
    schedule();
  }
  function schedule() {
    retryNote.textContent = t("game.retry_in", { n: Math.ceil(retryDelay / 1000) });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(reconnect, retryDelay);
  }
  async function reconnect() {
    retryNote.textContent = t("game.retrying");
    try {
      payload = await api("GET", `/api/games/${gid}${q}`);
    } catch (e) {
      if (e instanceof Offline || e.status >= 500) {
        retryDelay = Math.min(retryDelay * 2, 10000);
        schedule();
        return;
      }
      offline = false;
      error.textContent = e.message;  // the game or the seat is gone: say so, stop trying
      draw();
      return;
    }
    offline = false;
    error.textContent = "";
    draw();
    connect();
    chat.load();
  }

  function connect() {
    const sock = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${gid}${q}`);
    ws = sock;
    sock.onmessage = ev => {
      clearTimeout(pongDue);
      const msg = JSON.parse(ev.data);
      if (msg.type === "update") pacer.push(msg);
      else if (msg.type === "chat") chat.add(msg.messages);
    };
    sock.onclose = ev => {
      if (ws !== sock) return;
      ws = null;
      if (ev.code >= 4000) error.textContent = ev.reason; else lost();
    };
  }
  connect();
  chat.load();
  // a socket whose server vanished without closing it (a sleeping laptop, a dropped route) is noticed
  // by a ping that gets no answer
  setInterval(() => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send("ping");
    clearTimeout(pongDue);
    pongDue = setTimeout(lost, 10000);
  }, 25000);
}

// ---------------------------------------------------------------- replay viewer (replay.js)
async function replayPage(gid) {
  statusEl.textContent = t("replay.title");
  await (await import("/static/replay.js")).replayPage(app, gid, { api, boardFor, ready });
}

// ---------------------------------------------------------------- router
async function route() {
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  try {
    let m;
    if ((m = path.match(/^\/play\/([^/]+)$/))) await gamePage(m[1], await seatSecret(m[1], params));
    else if ((m = path.match(/^\/replay\/([^/]+)$/))) await replayPage(m[1]);
    else if (path === "/calculator") {
      statusEl.textContent = t("calc.title");
      await (await import("/static/calculator.js")).calculatorPage(app, { api });
      ready("calculator");
    }
    else if (path === "/account") { statusEl.textContent = t("account.title"); (await import("/static/account.js")).accountPage(app); ready("account"); }
    else if ((m = path.match(/^\/players\/([^/]+)$/))) {
      statusEl.textContent = t("players.title");
      await (await import("/static/players.js")).playerPage(app, decodeURIComponent(m[1]));
      ready("player");
    } else if ((m = path.match(/^\/leaderboard\/?([^/]*)$/))) {
      statusEl.textContent = t("players.leaderboard");
      await (await import("/static/players.js")).leaderboardPage(app, m[1]);
      ready("leaderboard");
    } else if (path === "/games") {
      statusEl.textContent = t("players.finished_games");
      await (await import("/static/players.js")).historyPage(app, params);
    }
    else if ((m = path.match(/^\/rules\/?([^/]*)$/))) {
      statusEl.textContent = t("rules.status");
      await (await import("/static/rules.js")).rulesPage(app, m[1], params);
      ready("rules");
    } else if (path === "/") await lobby();
    else throw new Error(t("app.not_found"));  // the server's 404 page: an address nobody serves
  } catch (e) {
    app.replaceChildren(el("section", { class: "panel" }, el("p", { class: "error" }, e.message),
      (e.links || [["/", t("app.back_to_lobby")]]).flatMap(([href, text]) => [el("a", { href }, text), " "])));
    ready("error");
  }
}
// a seat or invitation link opened in a tab already showing that page changes only the fragment: read it
addEventListener("hashchange", () => { if (/(^#|&)(token|invite)=/.test(location.hash)) location.reload(); });
// the language first (the whole page is worded from its catalogue), then the header's menu and rules link
loadLanguage().catch(() => loadLanguage("en")).then(loadAccount).then(() => {
  document.querySelector("header").append(el("a", { href: "/rules", class: "header-rules", id: "header-rules" }, t("rules.header")),
    accountWidget(), languageMenu());
  document.title = t("app.title");
  route();
});
