// Telling a player it is their move: the tab's title and icon say so while it is, a short sound plays when it
// becomes so (off by a setting kept in this browser), and a browser notification appears while the tab is hidden,
// once the player allowed it with the button (the browser's question is never asked on its own).
import { t, lang } from "/static/i18n.js";
import { csrfHeaders, me } from "/static/account.js";

const SOUND = "realms.sound";
const svg = fill => `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="3" y="9" width="26" height="20" rx="3" fill="#6b4f2a"/>` +
  `<path d="M3 12 L8 3 L13 10 L16 2 L19 10 L24 3 L29 12 Z" fill="#c9a227"/>` +
  (fill ? `<circle cx="24" cy="23" r="8" fill="${fill}" stroke="#fff" stroke-width="2"/>` : "") + "</svg>")}`;
const PLAIN_ICON = svg(null), TURN_ICON = svg("#d62828");

function iconLink() {
  let link = document.querySelector("link[rel~='icon']");
  if (!link) { link = document.createElement("link"); link.rel = "icon"; document.head.append(link); }
  return link;
}

// `count` tables wait for this player's move (0: none): the title reads "(count) Your move — Realms" or the
// page's own title, the icon carries a red dot or not; <body data-turn> says "yours" for tests and styles
let baseTitle = null;
export function turnSignal(count, title) {
  if (title !== undefined) baseTitle = title;
  const base = baseTitle ?? t("app.title");
  document.title = count > 0 ? t("notify.title", { n: count, title: base }) : base;
  iconLink().href = count > 0 ? TURN_ICON : PLAIN_ICON;
  document.body.dataset.turn = count > 0 ? "yours" : "";
}

export function soundOn() {
  try { return localStorage.getItem(SOUND) !== "off"; } catch (e) { return true; }
}
function setSound(on) {
  try { localStorage.setItem(SOUND, on ? "on" : "off"); } catch (e) { /* this page only */ }
}

// two short rising notes, made with WebAudio (no sound file); window.__chimes counts them (tests)
let audio = null;
export function chime() {
  if (!soundOn()) return;
  window.__chimes = (window.__chimes || 0) + 1;
  try {
    audio ??= new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const start = audio.currentTime + 0.02;
    [[660, 0], [880, 0.14]].forEach(([hz, at]) => {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.18, start + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.22);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + at);
      osc.stop(start + at + 0.25);
    });
  } catch (e) { /* no audio here: the title and the icon still say it */ }
}

function permission() { return "Notification" in window ? Notification.permission : "unsupported"; }

// it has just become this player's move: the sound, and a notification when the tab is hidden (and allowed);
// clicking it brings the tab (and the table at `url`) forward. window.__notifications keeps what was shown (tests)
export function yourTurn(text, url) {
  chime();
  if (!document.hidden || permission() !== "granted") return;
  try {
    const note = new Notification(t("app.title"), { body: text, tag: url || "realms-turn" });
    (window.__notifications ||= []).push(text);
    note.onclick = () => { window.focus(); if (url && location.pathname + location.hash !== url) location.href = url; note.close(); };
  } catch (e) { /* a browser that only notifies through a service worker: the title and the sound remain */ }
}

// a signed-in player's e-mail when it becomes their move at a turn-based table, where the server sends e-mail
// (GET/POST /api/account/turn-emails): a box to tick, or what is missing for it
function emailSetting(el) {
  const box = el("span", { id: "turn-email" });
  if (!me) return box;
  fetch("/api/account/turn-emails").then(r => r.json()).then(s => {
    if (!s.available) return;
    const note = el("span", { class: "muted" }, s.email ? "" : ` ${t("notify.email_needs_address")}`);
    const input = el("input", { type: "checkbox", id: "turn-email-setting", checked: s.on, disabled: !s.email && !s.on,
      onchange: async e => {
        const on = e.target.checked;
        const r = await fetch("/api/account/turn-emails", { method: "POST",
          headers: { "content-type": "application/json", ...csrfHeaders() }, body: JSON.stringify({ on, lang }) });
        if (!r.ok) { e.target.checked = !on; note.textContent = ` ${(await r.json().catch(() => ({}))).detail || r.status}`; }
      } });
    box.replaceChildren(el("label", {}, input, ` ${t("notify.email")}`), note);
  }).catch(() => { /* no setting shown */ });
  return box;
}

// the settings row: the sound on or off (kept), the button that asks the browser for notifications, and the
// signed-in player's turn e-mails
export function alertSettings(el) {
  const sound = el("input", { type: "checkbox", id: "sound-setting", checked: soundOn(),
    onchange: e => setSound(e.target.checked) });
  const state = el("span", { class: "muted", id: "notify-state" });
  const button = el("button", { id: "notify-button", type: "button", onclick: async () => {
    try { await Notification.requestPermission(); } catch (e) { /* refused: shown below */ }
    draw();
  } }, t("notify.allow"));
  function draw() {
    const p = permission();
    button.hidden = p !== "default";
    state.textContent = p === "granted" ? t("notify.allowed") : p === "denied" ? t("notify.denied") :
      p === "unsupported" ? t("notify.unsupported") : "";
  }
  draw();
  return el("div", { class: "row turn-alerts", id: "turn-alerts" },
    el("label", {}, sound, ` ${t("notify.sound")}`), button, state, emailSetting(el));
}
