// "Analyze": the best moves of the seat to move at a step, each with its estimated win chance and expected
// score (GET /api/games/{id}/analysis). Used by the replay viewer (any step of a finished game) and by a table
// where the viewer plays only bots (their own move, with their seat's token). A game between people in
// progress is never analysed (403); too many analyses in a row are refused for a while (429).
import { el } from "/static/app.js";
import { t } from "/static/i18n.js";

const pct = x => (typeof x === "number" ? `${Math.round(x * 100)}%` : "–");
const num = x => (typeof x === "number" ? x.toFixed(1) : "–");

// { node, button, reset() }: `ask()` gives the query ({ step, token }); `own`: the moves are the viewer's own
// (a table's Analyze, worded "your best moves"); `words(move, answer)` names a move
// in the reader's language (the board's actionText: from the move's message key `say` where the game gives one,
// as Dominion does, else from its JSON), falling back to the server's English text
export function analysisPanel({ api, gid, ask, words, enabled = () => true, own = false }) {
  const out = el("div", { id: "analysis-out", "aria-live": "polite" });
  let asked = 0;
  const button = el("button", { id: "analyze", type: "button", onclick: run }, t("analysis.button"));
  const node = el("div", { class: "analysis", id: "analysis" }, button, out);

  async function run() {
    const { step, token } = ask();
    const mine = ++asked;
    const q = new URLSearchParams({ seconds: "1" });
    if (step !== undefined && step !== null) q.set("step", String(step));
    if (token) q.set("token", token);
    button.disabled = true;
    out.replaceChildren(el("div", { class: "analysis-thinking", id: "analysis-thinking", role: "status" },
      el("progress", { "aria-label": t("analysis.thinking") }), ` ${t("analysis.thinking")}`));
    try {
      const answer = await api("GET", `/api/games/${gid}/analysis?${q}`);
      if (mine !== asked) return;
      out.replaceChildren(table(answer));
    } catch (e) {
      if (mine !== asked) return;
      const text = e.status === 403 ? t("analysis.forbidden") : e.status === 429 ? t("analysis.too_many") :
        t("analysis.failed", { reason: e.message });
      out.replaceChildren(el("p", { class: "error", id: "analysis-error" }, text));
    } finally {
      if (mine === asked) button.disabled = !enabled();
    }
  }
  // the moves by their estimate, best first: win chance, then expected score, then how much each was searched
  // (the search answers in its own order, by playouts, which put a 52% move above a 55% one)
  const key = x => (typeof x === "number" ? x : -Infinity);
  const byEstimate = (a, b) => key(b.win_chance) - key(a.win_chance) || key(b.expected_score) - key(a.expected_score) ||
    key(b.visits) - key(a.visits);
  function table(answer) {
    const moves = (answer.moves || []).slice().sort(byEstimate);
    if (!moves.length) return el("p", { class: "muted" }, t("analysis.none"));
    return el("div", {}, el("table", { class: "analysis-table", id: "analysis-table" },
      // at a table it is the viewer's own move (`own`); a replay names the seat to move
      el("caption", {}, own ? t("analysis.caption_you", { step: answer.step ?? "" }) :
        t("analysis.caption", { seat: (answer.seat ?? 0) + 1, step: answer.step ?? "" })),
      el("thead", {}, el("tr", {}, el("th", {}, t("analysis.move")), el("th", {}, t("analysis.win_chance")),
        el("th", {}, t("analysis.expected_score")), el("th", {}, t("analysis.visits")))),
      el("tbody", {}, moves.map(m => el("tr", { class: "analysis-move" },
        el("td", {}, name(m, answer)), el("td", { class: "num win" }, pct(m.win_chance)),
        el("td", { class: "num" }, num(m.expected_score)), el("td", { class: "num" }, m.visits ?? "–"))))),
      el("p", { class: "muted", id: "analysis-order" }, t("analysis.order")));
  }
  function name(m, answer) {
    try { return (words && words(m, answer)) || m.text; } catch (e) { return m.text; }
  }
  return {
    node, button,
    // a new position: the old answer no longer applies
    reset() { asked++; out.replaceChildren(); button.disabled = !enabled(); },
  };
}
