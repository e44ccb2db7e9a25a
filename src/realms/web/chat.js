// A table's chat (GET/POST /api/games/{id}/chat, and {"type": "chat"} pushes on the table's socket): the seated
// players write, spectators read. Every message is put in the page as text (a text node), never as markup. A
// player may be muted: their messages are hidden in this browser, which remembers it (localStorage
// "realms.muted": account names, and "GAME/SEAT" for guests).
import { t } from "/static/i18n.js";

const MUTED = "realms.muted";
const LONGEST = 300;

function mutedSet() {
  try { return new Set(JSON.parse(localStorage.getItem(MUTED)) || []); } catch (e) { return new Set(); }
}
function keepMuted(set) {
  try { localStorage.setItem(MUTED, JSON.stringify([...set])); } catch (e) { /* this page only */ }
}

// `names()`: each seat's name as the board writes it; `seats()`: the payload's seats; `mySeat()`: this page's
export function chatPanel({ el, api, gid, token, names, seats, mySeat }) {
  const messages = new Map();  // id -> message, each kept once however it came
  const list = el("ul", { class: "chat-messages", id: "chat-messages", "aria-live": "polite" });
  const hidden = el("p", { class: "muted", id: "chat-hidden" });
  const error = el("div", { class: "error", id: "chat-error" });
  const mutes = el("div", { class: "row chat-mutes", id: "chat-mutes" });
  const who = m => (m.name ? `name:${m.name}` : `${gid}/${m.seat}`);
  const seatKey = s => (s.name ? `name:${s.name}` : `${gid}/${s.seat}`);

  const input = el("input", { type: "text", id: "chat-input", maxlength: LONGEST, autocomplete: "off",
    "aria-label": t("chat.write"), placeholder: t("chat.write") });
  const send = el("button", { type: "submit", id: "chat-send" }, t("chat.send"));
  const form = token ? el("form", { class: "row chat-form", id: "chat-form", onsubmit: async ev => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    send.disabled = true;
    error.textContent = "";
    try {
      const { message } = await api("POST", `/api/games/${gid}/chat`, { token, text });
      input.value = "";
      add([message]);
    } catch (e) {
      error.textContent = e.status === 429 ? t("chat.too_fast") : e.status === 403 ? t("chat.spectators") : e.message;
    } finally { send.disabled = false; input.focus(); }
  } }, input, send) : el("p", { class: "muted", id: "chat-read-only" }, t("chat.spectators"));

  const node = el("section", { class: "panel chat", id: "chat" }, el("h2", {}, t("chat.title")), list, hidden, form,
    error, mutes);

  function drawMutes() {
    const muted = mutedSet();
    const mine = mySeat();
    mutes.replaceChildren(...seats().filter(s => s.seat !== mine && s.kind === "human" && s.claimed).map(s => {
      const off = muted.has(seatKey(s));
      return el("button", { type: "button", class: off ? "mute on" : "mute", "data-seat": s.seat, "aria-pressed": off ? "true" : "false",
        onclick: () => {
          const now = mutedSet();
          if (now.has(seatKey(s))) now.delete(seatKey(s)); else now.add(seatKey(s));
          keepMuted(now);
          draw();
        } }, t(off ? "chat.unmute" : "chat.mute", { name: names()[s.seat] ?? s.seat + 1 }));
    }));
  }

  function draw() {
    const muted = mutedSet();
    const shown = [...messages.values()].sort((a, b) => a.id - b.id);
    const kept = shown.filter(m => !muted.has(who(m)));
    const seatNames = names();
    const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.replaceChildren(...kept.map(m => el("li", { "data-id": m.id, "data-seat": m.seat, class: m.seat === mySeat() ? "own" : "" },
      el("strong", {}, seatNames[m.seat] ?? (m.name || t("seat.player", { n: m.seat + 1 }))), ": ",
      el("span", { class: "chat-text" }, m.text))));
    if (!kept.length) list.append(el("li", { class: "muted empty" }, t("chat.empty")));
    hidden.textContent = shown.length > kept.length ? t("chat.hidden", { n: shown.length - kept.length }) : "";
    if (stick) list.scrollTop = list.scrollHeight;
    drawMutes();
  }

  function add(fresh) {
    for (const m of fresh || []) messages.set(m.id, m);
    draw();
  }

  // the table's messages (those after the newest held: after a lost connection, what was missed)
  async function load() {
    const last = Math.max(0, ...messages.keys());
    try {
      add((await api("GET", `/api/games/${gid}/chat${last ? `?after=${last}` : ""}`)).messages);
    } catch (e) { /* shown as it comes over the socket */ }
  }

  draw();
  return { node, add, load, draw };
}
