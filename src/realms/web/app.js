// Realms browser client: lobby, live game page and replay viewer. No build step.
import { GameLog, entryText } from "/static/log.js";
import { t, loadLanguage, languageMenu } from "/static/i18n.js";
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

export class Offline extends Error {}

async function api(method, url, body) {
  let res;
  try {
    res = await fetch(url, { method, headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined });
  } catch (e) { throw new Offline(t("app.unreachable")); }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw Object.assign(new Error(data.detail || `${res.status} ${res.statusText}`), { status: res.status });
  return data;
}

const boards = {};
async function boardFor(game) {
  if (!(game in boards)) {
    try { boards[game] = await import(`/static/${game}.js`); } catch (e) { boards[game] = null; }
  }
  return boards[game];
}

// ---------------------------------------------------------------- lobby
async function lobby() {
  statusEl.textContent = t("app.lobby");
  const meta = await api("GET", "/api/meta");
  const games = Object.fromEntries(meta.games.map(g => [g.id, g]));
  const error = el("div", { class: "error" });
  const gameSel = el("select", { id: "game" }, meta.games.map(g => el("option", { value: g.id }, g.name)));
  const optionsBox = el("div", { class: "form-grid", id: "options" });
  const seatsBox = el("div", { class: "row", id: "seats" });
  const links = el("div", { id: "links" });

  function seatCount() {
    const p = optionsBox.querySelector("[name=players]");
    return p ? Number(p.value) : games[gameSel.value].min_players;
  }
  function drawSeats() {
    const g = games[gameSel.value];
    // a seat the person set keeps its choice if this game offers it; others take the game's default
    const old = [...seatsBox.querySelectorAll("select")].map(s => (s.dataset.touched ? s.value : null));
    const offered = ["human", ...g.bots.map(b => `bot:${b}`)];
    seatsBox.replaceChildren();
    for (let i = 0; i < seatCount(); i++) {
      const sel = el("select", { "data-seat": i, "aria-label": `seat ${i + 1}` },
        el("option", { value: "human" }, "Human"),
        g.bots.map(b => el("option", { value: `bot:${b}` }, `Bot: ${b}`)));
      sel.value = offered.includes(old[i]) ? old[i] : i === 0 ? "human" : `bot:${g.default_bot}`;
      if (offered.includes(old[i])) sel.dataset.touched = "1";
      sel.addEventListener("change", () => { sel.dataset.touched = "1"; });
      seatsBox.append(el("label", {}, `${t("lobby.seat", { n: i + 1 })} `, sel));
    }
  }
  function drawOptions() {
    const g = games[gameSel.value];
    optionsBox.replaceChildren();
    for (const o of g.options) {
      let input;
      if (o.type === "bool") input = el("input", { type: "checkbox", name: o.name, checked: !!o.default });
      else if (o.type === "choice") input = el("select", { name: o.name }, o.choices.map(c => el("option", { value: c, selected: c === o.default }, c)));
      else if (o.type === "int") input = el("input", { type: "number", name: o.name, value: o.default, min: o.minimum, max: o.maximum });
      else input = el("input", { type: "text", name: o.name, value: o.default ?? "" });
      if (o.name === "players") input.addEventListener("change", drawSeats);
      optionsBox.append(el("label", { for: o.name, title: o.help }, o.name.replaceAll("_", " ")), input);
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
    const seats = [...seatsBox.querySelectorAll("select")].map(s => s.value);
    try {
      const made = await api("POST", "/api/games", { game: gameSel.value, options, seats });
      const humans = made.seats.filter(s => s.kind === "human");
      if (humans.length <= 1) { location.href = humans.length ? humans[0].join_url : `/play/${made.id}`; return; }
      links.replaceChildren(el("p", {}, "Share these links, one per human seat:"),
        el("ul", {}, humans.map(s => el("li", {}, el("a", { href: s.join_url }, `Seat ${s.seat + 1}`)))));
    } catch (e) { error.textContent = e.message; }
  }

  const tables = el("ul", { class: "tables" });
  async function refreshTables() {
    const { games: open } = await api("GET", "/api/games");
    tables.replaceChildren(...(open.length ? open.map(tb => el("li", {},
      `${games[tb.game]?.name || tb.game} `, el("span", { class: "muted" }, `(${tb.seats.map(seatLabel).join(", ")}; ${t("lobby.move", { n: tb.version })}) `),
      el("a", { href: `/play/${tb.id}` }, t("lobby.watch")), " ",
      // only open seats are anyone's to take; invitations and the creator's seats are never offered
      tb.seats.filter(s => s.access === "open" && !s.claimed).map(s => el("button", { onclick: async () => {
        try { const j = await api("POST", `/api/games/${tb.id}/join`, { seat: s.seat }); location.href = j.join_url; }
        catch (e) { error.textContent = e.message; refreshTables(); }
      } }, t("lobby.join", { n: s.seat + 1 }))))) : [el("li", { class: "muted" }, t("lobby.no_tables"))]));
  }
  await refreshTables();
  app.replaceChildren(
    el("section", { class: "panel" }, el("h2", {}, t("lobby.new_table")),
      el("div", { class: "row" }, el("label", {}, `${t("lobby.game")} `, gameSel), rulesLinks()), optionsBox,
      el("h2", {}, t("lobby.seats")), seatsBox,
      el("div", { class: "row", style: "margin-top:.6rem" }, el("button", { class: "primary", id: "create", onclick: create }, t("lobby.create"))),
      error, links),
    el("section", { class: "panel" }, el("h2", {}, `${t("lobby.open_tables")} `, el("button", { onclick: refreshTables }, t("lobby.refresh"))), tables));
  ready("lobby");
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

function seatNames(payload) {
  return payload.seats.map(s => (s.seat === payload.seat ? t("seat.you") : s.kind === "bot" ? `${s.agent} (${s.seat + 1})` : t("seat.player", { n: s.seat + 1 })));
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
async function seatSecret(gid, params) {
  const frag = new URLSearchParams(location.hash.slice(1));
  const key = `realms.seat.${gid}`;
  let token = frag.get("token") || params.get("token");
  const invite = frag.get("invite") || params.get("invite");
  if (invite) token = (await api("POST", `/api/games/${gid}/join`, { invite })).token;
  if (token) {
    sessionStorage.setItem(key, token);
    localStorage.setItem(key, token);
    history.replaceState(null, "", `/play/${gid}`);
    return token;
  }
  return sessionStorage.getItem(key) || localStorage.getItem(key);
}

// ---------------------------------------------------------------- live game
async function gamePage(gid, token) {
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  let payload = await api("GET", `/api/games/${gid}${q}`);
  const board = await boardFor(payload.game);
  const boardBox = el("section", { class: "panel", id: "board" });
  const prompt = el("section", { class: "panel", id: "prompt" });
  const gameLog = new GameLog(gid, token);  // the whole game's log, loaded page by page (log.js)
  const error = el("div", { class: "error", id: "error" });
  const offlineSlot = el("div", { id: "offline-slot" });  // above the board, so a phone shows it too
  app.replaceChildren(offlineSlot, boardBox, prompt, el("section", { class: "panel" }, el("h2", {}, t("game.log")), gameLog.node));
  let busy = false;
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
      // a pushed update may already be newer than this response
      if (fresh.version >= payload.version) payload = fresh;
      draw();
    } catch (e) {
      if (e instanceof Offline) lost(); else error.textContent = e.message;
    } finally { busy = false; ready(readiness()); }
  }

  function draw() {
    const names = seatNames(payload);
    const mine = !offline && payload.legal_actions.length > 0;
    const shown = offline ? { ...payload, legal_actions: [] } : payload;
    statusEl.textContent = offline ? t("game.status_offline") : payload.finished ? t("game.over") :
      mine ? t("game.your_move") : t("game.waiting_for", { name: names[payload.to_move] ?? "…" });
    statusEl.classList.toggle("offline", offline);
    boardBox.replaceChildren(board ? board.render(shown, act, names) : el("pre", {}, JSON.stringify(payload.view, null, 1)));
    const parts = [el("h2", {}, offline ? t("game.connection_lost") : payload.finished ? t("game.final_scores") : mine ? t("game.your_move") : t("game.waiting"))];
    offlineSlot.replaceChildren(...(offline ? [el("div", { class: "offline-banner", id: "offline", role: "status" },
      el("p", {}, el("strong", {}, `${t("game.connection_lost")}. `), t("game.offline_banner")),
      retryNote, el("button", { id: "retry", onclick: () => { clearTimeout(retryTimer); reconnect(); } }, t("game.try_now")))] : []));
    if (offline) {
      parts.push(el("p", { class: "muted" }, t("game.offline_paused")));
    } else if (payload.finished) {
      parts.push(resultTable(payload.result, names), el("p", {}, el("a", { href: `/replay/${gid}` }, t("game.replay")), " · ", el("a", { href: "/" }, t("app.lobby"))));
    } else if (mine) {
      const handled = board && board.handles ? board.handles(payload) : false;
      if (!handled) parts.push(el("div", { class: "actions-list" }, payload.legal_actions.map(a =>
        el("button", { "data-index": a.index, onclick: () => act(a.action) }, board && board.actionText ? board.actionText(a, payload) : a.text))));
    } else if (!token) parts.push(el("p", { class: "muted" }, t("game.watching")));
    parts.push(error);
    prompt.replaceChildren(...parts);
    gameLog.update(payload, names);
    ready(readiness());
  }
  draw();

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
  }

  function connect() {
    const sock = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${gid}${q}`);
    ws = sock;
    sock.onmessage = ev => {
      clearTimeout(pongDue);
      const msg = JSON.parse(ev.data);
      if (msg.type === "update" && msg.version >= payload.version) { payload = msg; draw(); }
    };
    sock.onclose = ev => {
      if (ws !== sock) return;
      ws = null;
      if (ev.code >= 4000) error.textContent = ev.reason; else lost();
    };
  }
  connect();
  // a socket whose server vanished without closing it (a sleeping laptop, a dropped route) is noticed
  // by a ping that gets no answer
  setInterval(() => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send("ping");
    clearTimeout(pongDue);
    pongDue = setTimeout(lost, 10000);
  }, 25000);
}

// ---------------------------------------------------------------- replay viewer
async function replayPage(gid) {
  statusEl.textContent = t("replay.title");
  const first = await api("GET", `/api/games/${gid}/replay?step=0`);
  gameLog.board = board;  // which words the game's events in the reader's language
  const board = await boardFor(first.game);
  const boardBox = el("section", { class: "panel", id: "board" });
  const info = el("span", { id: "step" });
  const logBox = el("div", { class: "log" });
  let step = 0, total = first.steps, current = first;
  async function go(n) {
    step = Math.max(0, Math.min(total, n));
    current = await api("GET", `/api/games/${gid}/replay?step=${step}`);
    draw();
  }
  function draw() {
    const names = current.players.map((p, i) => `${p} (${i + 1})`);
    info.textContent = t("replay.step", { n: step, total });
    boardBox.replaceChildren(board ? board.render({ ...current, legal_actions: [], seat: null }, () => {}, names) : el("pre", {}, JSON.stringify(current.view, null, 1)));
    // the structured entries, worded in the reader's language (older servers sent the English texts only)
    const entries = current.entries || current.log.map(text => ({ kind: "text", text }));
    logBox.replaceChildren(...entries.slice().reverse().map(e => el("div", { "data-kind": e.kind }, entryText(e, names, null, board))));
    if (current.result && step === total) boardBox.append(resultTable(current.result, names));
  }
  app.replaceChildren(
    el("section", { class: "panel row" },
      el("button", { onclick: () => go(0) }, "⏮"), el("button", { id: "prev", onclick: () => go(step - 1) }, "◀"),
      el("button", { id: "next", onclick: () => go(step + 1) }, "▶"), el("button", { onclick: () => go(total) }, "⏭"), info),
    boardBox, el("section", { class: "panel" }, el("h2", {}, t("game.log")), logBox));
  draw();
  ready("replay");
}

// ---------------------------------------------------------------- router
async function route() {
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  try {
    let m;
    if ((m = path.match(/^\/play\/([^/]+)$/))) await gamePage(m[1], await seatSecret(m[1], params));
    else if ((m = path.match(/^\/replay\/([^/]+)$/))) await replayPage(m[1]);
    else if ((m = path.match(/^\/rules\/?([^/]*)$/))) {
      statusEl.textContent = t("rules.status");
      await (await import("/static/rules.js")).rulesPage(app, m[1], params);
      ready("rules");
    } else await lobby();
  } catch (e) {
    app.replaceChildren(el("section", { class: "panel" }, el("p", { class: "error" }, e.message),
      (e.links || [["/", t("app.back_to_lobby")]]).flatMap(([href, text]) => [el("a", { href }, text), " "])));
    ready("error");
  }
}
// the language first (the whole page is worded from its catalogue), then the header's menu and rules link
loadLanguage().catch(() => loadLanguage("en")).then(() => {
  document.querySelector("header").append(el("a", { href: "/rules", class: "header-rules", id: "header-rules" }, t("rules.header")),
    languageMenu());
  document.title = t("app.title");
  route();
});
