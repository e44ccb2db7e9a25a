// The replay viewer: a finished game step by step (one action) or turn by turn, a jump to any turn or step,
// the keyboard (← → a step, ↑ ↓ or Page Up/Down a turn, Home, End), and nothing hidden: the server sends every
// seat's own part of the view once the game is over (Dominion hands included).
import { el, resultTable } from "/static/app.js";
import { t } from "/static/i18n.js";
import { entryText } from "/static/log.js";
import { announce } from "/static/motion.js";
import { analysisPanel } from "/static/analysis.js";

// each seat named as the table named it: the player's account name, the bot's own, "Player N" for a guest, and
// a person's seat a bot took over after them with that bot (an older server sent only the record's players)
function seatNames(step) {
  if (!step.seats) return step.players.map((p, i) => `${p} (${i + 1})`);
  const people = step.seats.map((s, i) => (s.kind === "bot" && (!s.access || s.access === "bot") ? `${s.agent} (${i + 1})` :
    s.name ? `${s.name} (${i + 1})` : t("seat.player", { n: i + 1 })));
  const names = step.seats.map((s, i) => (s.kind === "bot" && s.access && s.access !== "bot" ?
    t("seat.taken_over", { who: people[i], bot: s.agent }) : people[i]));
  return Object.assign(names, { people });
}

export async function replayPage(app, gid, { api, boardFor, ready }) {
  let current = await api("GET", `/api/games/${gid}/replay?step=0`);
  const board = await boardFor(current.game);
  const total = current.steps;
  const starts = current.turn_starts || [0];
  const boardBox = el("section", { class: "panel", id: "board" });
  const info = el("span", { id: "step", role: "status" });
  const turnInfo = el("span", { id: "turn-info", class: "muted" });
  const logBox = el("div", { class: "log", id: "replay-log" });
  const scrub = el("input", { type: "range", id: "scrub", min: 0, max: total, value: 0, "aria-label": t("replay.scrub") });
  const turnSel = el("select", { id: "turn-jump", "aria-label": t("replay.jump_turn") },
    starts.map((s, i) => el("option", { value: i }, t("replay.turn_option", { n: i + 1, step: s }))));
  let step = 0, prev = null, asked = 0;
  // the best moves of the seat to move at this step (none to move once the game is over)
  const analysis = analysisPanel({ api, gid, ask: () => ({ step }), enabled: () => step < total,
    words: (m, answer) => board && board.actionText ? board.actionText(m, { ...current, seat: answer.seat },
      current.players.map((p, i) => `${p} (${i + 1})`)) : m.text });

  const turnOf = n => { let k = 0; while (k + 1 < starts.length && starts[k + 1] <= n) k++; return k; };
  async function go(n) {
    n = Math.max(0, Math.min(total, n));
    const mine = ++asked;
    const before = current;
    const fresh = await api("GET", `/api/games/${gid}/replay?step=${n}`);
    if (mine !== asked) return;  // a later request overtook this one
    // forward: what the step's own action changed is marked, whether one step on or a jump (the end, a turn):
    // after a jump, against the step just before it, not against where the jump began
    let before1 = fresh.step === before.step + 1 ? before : null;
    if (fresh.step > before.step && before1 === null && fresh.step > 0) {
      before1 = await api("GET", `/api/games/${gid}/replay?step=${fresh.step - 1}`);
      if (mine !== asked) return;
    }
    prev = fresh.step > before.step ? before1.view : null;
    current = fresh;
    if (fresh.step !== step) { step = fresh.step; analysis.reset(); }
    draw();
    const names = seatNames(current);
    const entries = current.entries || [];
    if (prev && entries.length) announce(entryText(entries[entries.length - 1], names, null, board));
  }
  // the start of the next turn (the end after the last), or of this turn and then the one before
  const turnStep = delta => {
    const k = turnOf(step);
    if (delta > 0) return go(k + 1 < starts.length ? starts[k + 1] : total);
    return go(step > starts[k] ? starts[k] : starts[Math.max(0, k - 1)]);
  };
  function draw() {
    const names = seatNames(current);
    const k = current.turn ?? turnOf(step);
    info.textContent = t("replay.step", { n: step, total });
    turnInfo.textContent = t("replay.turn", { n: k + 1, total: starts.length });
    scrub.value = String(step);
    turnSel.value = String(k);
    boardBox.replaceChildren(board ? board.render({ ...current, legal_actions: [], seat: null }, () => {}, names, { prev })
      : el("pre", {}, JSON.stringify(current.view, null, 1)));
    // the structured entries, worded in the reader's language (older servers sent the English texts only)
    const entries = current.entries || current.log.map(text => ({ kind: "text", text }));
    logBox.replaceChildren(...entries.slice().reverse().map(e => el("div", { "data-kind": e.kind }, entryText(e, names, null, board))));
    if (current.result && step === total) boardBox.append(resultTable(current.result, names));
    ready("replay");
  }
  scrub.addEventListener("input", () => go(Number(scrub.value)));
  turnSel.addEventListener("change", () => go(starts[Number(turnSel.value)]));
  // the keyboard, wherever the focus is but in a field that uses the keys itself
  const onKey = e => {
    if (!document.body.contains(info)) { document.removeEventListener("keydown", onKey); return; }
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowRight: () => go(step + 1), ArrowLeft: () => go(step - 1), ArrowDown: () => turnStep(1),
      ArrowUp: () => turnStep(-1), PageDown: () => turnStep(1), PageUp: () => turnStep(-1), Home: () => go(0), End: () => go(total) };
    const f = keys[e.key];
    if (f) { e.preventDefault(); f(); }
  };
  document.addEventListener("keydown", onKey);
  const button = (id, text, label, onclick) => el("button", { id, title: label, "aria-label": label, onclick }, text);
  app.replaceChildren(
    el("section", { class: "panel replay-controls", id: "replay-controls" },
      el("div", { class: "row" },
        button("first", "|◀", t("replay.first"), () => go(0)),
        button("prev-turn", "◀◀", t("replay.prev_turn"), () => turnStep(-1)),
        button("prev", "◀", t("replay.prev"), () => go(step - 1)),
        button("next", "▶", t("replay.next"), () => go(step + 1)),
        button("next-turn", "▶▶", t("replay.next_turn"), () => turnStep(1)),
        button("last", "▶|", t("replay.last"), () => go(total)),
        info, turnInfo),
      el("div", { class: "row" }, el("label", { class: "replay-scrub" }, `${t("replay.jump_step")} `, scrub),
        el("label", {}, `${t("replay.jump_turn")} `, turnSel)),
      el("p", { class: "muted" }, t("replay.keys"), " ", current.revealed ? t("replay.revealed") : ""), analysis.node),
    boardBox, el("section", { class: "panel" }, el("h2", {}, t("game.log")), logBox));
  draw();
  analysis.reset();
}
