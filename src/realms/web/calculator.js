// The Kingdomino scoring calculator (/calculator): build a kingdom by clicking squares (a terrain and its
// crowns, the castle, an empty square) or paste it as text (`realms score`'s format), and read its score
// region by region with both bonuses. The score comes from the server (POST /api/calculators/kingdomino),
// the same calculator the command line uses; input it cannot read is answered naming the row and column.
import { el } from "/static/app.js";
import { t } from "/static/i18n.js";
import { TERRAINS, terrainName, legend } from "/static/kingdomino.js";

const SIDE = 7;
const EXAMPLE = "F1 F0 F2 . .\nF0 C  F0 . .\nF0 F0 .  . .";

export async function calculatorPage(app, { api }) {
  // the grid: SIDE x SIDE squares, each null (empty), "C" or [letter, crowns]
  const grid = Array.from({ length: SIDE }, () => Array(SIDE).fill(null));
  grid[3][3] = "C";
  let brush = ["F", 0];  // what a click puts down: a terrain and crowns, "C", or null (empty)
  const text = el("textarea", { id: "calc-text", rows: 7, cols: 28, spellcheck: "false", "aria-label": t("calc.text_label") });
  const harmony = el("input", { type: "checkbox", id: "calc-harmony" });
  const middle = el("input", { type: "checkbox", id: "calc-middle" });
  const error = el("div", { class: "error", id: "calc-error", role: "alert" });
  const result = el("div", { id: "calc-result", "aria-live": "polite" });
  const cells = el("div", { class: "kd-grid calc-grid", id: "calc-grid", role: "grid", "aria-label": t("calc.grid_label") });
  const palette = el("div", { class: "row calc-palette", id: "calc-palette", role: "radiogroup", "aria-label": t("calc.brush") });
  const crownSel = el("select", { id: "calc-crowns", "aria-label": t("calc.crowns") },
    [0, 1, 2, 3].map(n => el("option", { value: n }, t("calc.crowns_n", { n }))));

  const cellText = c => (c === null ? "." : c === "C" ? "C" : `${c[0]}${c[1]}`);
  // the grid as the text format: the rows and columns that hold anything, "." for an empty square
  function gridText() {
    const used = [];
    grid.forEach((row, r) => row.forEach((c, k) => { if (c !== null) used.push([r, k]); }));
    if (!used.length) return "";
    const rs = used.map(x => x[0]), cs = used.map(x => x[1]);
    const out = [];
    for (let r = Math.min(...rs); r <= Math.max(...rs); r++) {
      const line = [];
      for (let k = Math.min(...cs); k <= Math.max(...cs); k++) line.push(cellText(grid[r][k]).padEnd(2, " "));
      out.push(line.join(" ").trimEnd());
    }
    return out.join("\n");
  }
  // text the server accepted, back onto the grid (centred)
  function loadText(src) {
    const rows = src.split("\n").map(l => l.trim().split(/\s+/).filter(Boolean)).filter(r => r.length);
    for (const row of grid) row.fill(null);
    const r0 = Math.floor((SIDE - rows.length) / 2), c0 = Math.floor((SIDE - Math.max(...rows.map(r => r.length))) / 2);
    rows.forEach((row, r) => row.forEach((cell, k) => {
      const up = cell.toUpperCase();
      grid[r0 + r][c0 + k] = up === "C" ? "C" : up === "." ? null : [up[0], Number(up.slice(1))];
    }));
  }

  function drawPalette() {
    const choice = (key, label, swatch, value) => {
      const on = key === (brush === null ? "empty" : brush === "C" ? "C" : brush[0]);
      return el("button", { type: "button", class: `calc-brush${on ? " on" : ""}`, "data-brush": key, role: "radio",
        "aria-checked": on ? "true" : "false", onclick: () => { brush = Array.isArray(value) ? [value[0], Number(crownSel.value)] : value; drawPalette(); } },
      swatch, ` ${label}`);
    };
    palette.replaceChildren(
      ...TERRAINS.map(letter => choice(letter, terrainName(letter),
        el("span", { class: `kd-cell kd-swatch t-${letter}` }, el("span", { class: "kd-letter" }, t(`kingdomino.letter.${letter}`))), [letter, 0])),
      choice("C", t("kingdomino.castle"), el("span", { class: "kd-cell kd-swatch t-C" }, "♜"), "C"),
      choice("empty", t("calc.empty"), el("span", { class: "kd-cell kd-swatch empty" }), null),
      el("label", {}, `${t("calc.crowns")} `, crownSel));
  }
  crownSel.addEventListener("change", () => { if (Array.isArray(brush)) brush = [brush[0], Number(crownSel.value)]; drawPalette(); });

  function drawGrid() {
    cells.style.gridTemplateColumns = `repeat(${SIDE}, auto)`;
    const nodes = [];
    grid.forEach((row, r) => row.forEach((c, k) => {
      const words = c === null ? t("calc.empty") : c === "C" ? t("kingdomino.castle")
        : c[1] ? t("kingdomino.half_crowns", { terrain: terrainName(c[0]), n: c[1] }) : terrainName(c[0]);
      const cls = c === null ? "empty" : c === "C" ? "t-C" : `t-${c[0]}`;
      nodes.push(el("button", { type: "button", class: `kd-cell calc-cell ${cls}`, "data-row": r + 1, "data-col": k + 1,
        "aria-label": t("calc.square", { row: r + 1, col: k + 1, what: words }), title: words,
        onclick: () => { grid[r][k] = Array.isArray(brush) ? [...brush] : brush; if (brush === "C") clearOtherCastles(r, k); changed(); },
        onkeydown: e => move(e, r, k) },
      c === null ? "" : c === "C" ? "♜" : [el("span", { class: "kd-letter" }, t(`kingdomino.letter.${c[0]}`)),
        el("span", { class: "kd-crowns" }, "♛".repeat(c[1]))]));
    }));
    cells.replaceChildren(...nodes);
  }
  function clearOtherCastles(r, k) {
    grid.forEach((row, i) => row.forEach((c, j) => { if (c === "C" && (i !== r || j !== k)) grid[i][j] = null; }));
  }
  // arrow keys move between squares (Enter or Space paints one, as buttons do)
  function move(e, r, k) {
    const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (!d) return;
    e.preventDefault();
    const rr = Math.max(0, Math.min(SIDE - 1, r + d[0])), kk = Math.max(0, Math.min(SIDE - 1, k + d[1]));
    const next = cells.querySelector(`[data-row="${rr + 1}"][data-col="${kk + 1}"]`);
    if (next) next.focus();
  }

  let asked = 0;
  async function score(src) {
    const mine = ++asked;
    error.textContent = "";
    try {
      const data = await api("POST", "/api/calculators/kingdomino",
        { text: src, options: { harmony: harmony.checked, middle_kingdom: middle.checked } });
      if (mine !== asked) return null;
      drawResult(data);
      return data;
    } catch (e) {
      if (mine !== asked) return null;
      result.replaceChildren();
      // the server's message names the row and column; the heading says it in the reader's language, so the
      // message under it says only what is wrong there
      const at = e.data && e.data.row;
      error.replaceChildren(el("div", {}, at ? t(e.data.col ? "calc.error_at" : "calc.error_row", { row: e.data.row, col: e.data.col }) : t("calc.error")),
        el("div", { class: "calc-detail", lang: "en" }, at ? e.message.replace(/^row \d+(?:, column \d+)?: /, "") : e.message));
      return null;
    }
  }
  function drawResult(d) {
    result.replaceChildren(el("table", { class: "scores", id: "calc-regions" },
      el("caption", {}, t("kingdomino.by_region")),
      el("tr", {}, el("th", {}, t("kingdomino.region")), el("th", {}, t("kingdomino.squares")), el("th", {}, t("kingdomino.crowns")),
        el("th", {}, t("kingdomino.points"))),
      d.regions.map(r => el("tr", { "data-terrain": r.terrain }, el("td", {}, t(`result.terrain.${r.terrain}`)), el("td", {}, r.squares),
        el("td", {}, r.crowns), el("td", {}, `${r.squares}×${r.crowns} = ${r.points}`))),
      el("tr", { id: "calc-harmony-row" }, el("td", {}, t("calc.harmony")), el("td", {}), el("td", {}),
        el("td", {}, d.options && d.options.harmony ? d.harmony : t("calc.not_counted"))),
      el("tr", { id: "calc-middle-row" }, el("td", {}, t("calc.middle")), el("td", {}), el("td", {}),
        el("td", {}, d.options && d.options.middle_kingdom ? d.middle_kingdom : t("calc.not_counted"))),
      el("tr", { class: "total" }, el("th", {}, t("kingdomino.total")), el("th", {}), el("th", {}), el("th", { id: "calc-total" }, d.score))),
    el("p", { class: "muted" }, t("calc.summary", { largest: d.largest_region, crowns: d.crowns })));
  }

  function changed() {
    drawGrid();
    text.value = gridText();
    score(text.value);
  }
  const scoreText = async () => { if (await score(text.value)) { loadText(text.value); drawGrid(); } };
  harmony.addEventListener("change", () => score(text.value));
  middle.addEventListener("change", () => score(text.value));

  app.replaceChildren(
    el("section", { class: "panel" }, el("h2", {}, t("calc.title")), el("p", { class: "muted" }, t("calc.intro")),
      el("div", { class: "calc-layout" },
        el("div", {}, el("h3", {}, t("calc.build")), palette, cells),
        el("div", {}, el("h3", {}, t("calc.paste")), el("p", { class: "muted" }, t("calc.format")), text,
          el("div", { class: "row" }, el("button", { class: "primary", id: "calc-score", onclick: scoreText }, t("calc.score")),
            el("button", { id: "calc-example", onclick: () => { text.value = EXAMPLE; scoreText(); } }, t("calc.example")),
            el("button", { id: "calc-clear", onclick: () => { for (const row of grid) row.fill(null); grid[3][3] = "C"; changed(); } }, t("calc.clear"))))),
      el("div", { class: "row" }, el("label", {}, harmony, ` ${t("calc.harmony_switch")}`), el("label", {}, middle, ` ${t("calc.middle_switch")}`)),
      error, result),
    el("section", { class: "panel" }, legend()));
  drawPalette();
  changed();
}
