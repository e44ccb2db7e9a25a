// Kingdomino board: rows with numbers and kings, kingdoms, click-to-pick and click-to-place with a
// rotation preview. Only legal moves are clickable.
import { el } from "/static/app.js";
import { t, list } from "/static/i18n.js";
import { subject } from "/static/log.js";
import { rulesLink } from "/static/rules.js";

export const TERRAINS = ["W", "F", "L", "G", "S", "M"];
// a terrain in words; every square also carries the terrain's letter and its own pattern (style.css), so
// terrains tell apart without colour
export const terrainName = letter => t(`kingdomino.terrain.${letter}`);
const halfWords = ([letter, crowns]) => (crowns ? t("kingdomino.half_crowns", { terrain: terrainName(letter), n: crowns })
  : terrainName(letter));
export const dominoWords = (number, halves) => t("kingdomino.domino", { num: number, a: halfWords(halves[0]), b: halfWords(halves[1]) });

const DIRS = ["E", "S", "W", "N"];
const DR = { E: 0, S: 1, W: 0, N: -1 };
const DC = { E: 1, S: 0, W: -1, N: 0 };
let dirIndex = 0;
// On a touch screen a tap shows the domino where it would go (ghosted): a second tap on the same square,
// or Confirm, places it; a tap on another square moves the preview. A mouse click places at once (the
// hover already previews it).
let held = null;  // the previewed placement {row, col, dir, version}
let lastPointer = "mouse";
document.addEventListener("pointerdown", e => { lastPointer = e.pointerType || "mouse"; }, true);
const samePlace = (a, b) => a.row === b.row && a.col === b.col && a.dir === b.dir;

function cellNode(letter, crowns, extra = "") {
  const label = letter === "C" ? "♜" : (crowns ? "♛".repeat(crowns) : "");
  const title = letter === "C" ? t("kingdomino.castle") : halfWords([letter, crowns]);
  return el("div", { class: `kd-cell t-${letter} ${extra}`, title, "aria-label": title },
    letter === "C" ? null : el("span", { class: "kd-letter" }, t(`kingdomino.letter.${letter}`)),
    el("span", { class: "kd-crowns" }, label));
}

function dominoNode(slot, names, pickable, onPick) {
  const [h1, h2] = slot.halves;
  const node = el("div", { class: `kd-domino${pickable ? " pickable" : ""}`, "data-domino": slot.domino,
      onclick: pickable ? onPick : null, role: pickable ? "button" : null },
    el("span", { class: "num" }, `#${slot.domino}`), cellNode(h1[0], h1[1]), cellNode(h2[0], h2[1]),
    el("span", { class: "king" }, slot.seat === null ? "" : `♚ ${names[slot.seat]}`));
  node.title = dominoWords(slot.domino, slot.halves);
  return node;
}

export function handles() { return true; }

export function render(payload, act, names) {
  const view = payload.view;
  const legal = payload.legal_actions || [];
  const picks = new Map(legal.filter(a => a.action.type === "pick").map(a => [a.action.slot, a.action]));
  const places = legal.filter(a => a.action.type === "place").map(a => a.action);
  const discard = legal.find(a => a.action.type === "discard");
  const root = el("div", {});
  const redraw = () => root.replaceWith(render(payload, act, names));
  if (held && (held.version !== payload.version || !places.some(p => samePlace(p, held)))) held = null;
  function choose(p) {
    if (lastPointer === "mouse" || (held && samePlace(held, p))) { held = null; act(p); return; }
    held = { row: p.row, col: p.col, dir: p.dir, version: payload.version };
    redraw();
  }

  const head = el("div", { class: "row" }, el("strong", {}, view.round === 0 ? t("kingdomino.opening") : t("kingdomino.round", { n: view.round })),
    view.options.dynasty ? el("span", {}, t("kingdomino.dynasty_game", { n: view.game_no + 1 })) : null,
    el("span", { class: "muted" }, t("kingdomino.piles", { pile: view.pile_count, discarded: view.discarded.length })),
    rulesLink("kingdomino", view.options));
  root.append(head);

  const rows = el("div", { class: "kd-rows" });
  if (view.current_row.length) rows.append(el("div", {}, el("div", { class: "muted" }, t("kingdomino.current_row")),
    view.current_row.map(s => dominoNode(s, names, false))));
  if (view.next_row.length) rows.append(el("div", { id: "next-row" }, el("div", { class: "muted" }, t("kingdomino.next_row")),
    view.next_row.map((s, i) => dominoNode(s, names, picks.has(i), () => act(picks.get(i))))));
  root.append(rows);

  // placement controls
  let placeBox = null;
  if (places.length || discard) {
    const placing = view.current_row.find(s => s.domino === view.placing);
    const available = DIRS.filter(d => places.some(p => p.dir === d));
    if (available.length && !available.includes(DIRS[dirIndex])) dirIndex = DIRS.indexOf(available[0]);
    placeBox = el("div", { class: "row", id: "placing" }, el("strong", {}, t("kingdomino.place")),
      placing ? dominoNode(placing, names, false) : null,
      available.length ? el("span", {}, t("kingdomino.second_half", { dir: t(`kingdomino.dir.${DIRS[dirIndex]}`) })) : null,
      available.length > 1 ? el("button", { id: "rotate", onclick: () => {
        do { dirIndex = (dirIndex + 1) % 4; } while (!available.includes(DIRS[dirIndex]));
        // a preview stays on its square when the domino can lie there the new way round
        if (held) held = places.some(p => samePlace(p, { ...held, dir: DIRS[dirIndex] })) ? { ...held, dir: DIRS[dirIndex] } : null;
        act.redraw ? act.redraw() : redraw();
      } }, `⟳ ${t("kingdomino.rotate")}`) : null,
      discard ? el("button", { id: "discard", onclick: () => act(discard.action) }, t("kingdomino.discard")) : null,
      held ? el("button", { id: "confirm-place", class: "primary", onclick: () => {
        const p = places.find(q => samePlace(q, held));
        held = null;
        if (p) act(p);
      } }, t("kingdomino.confirm")) : null,
      !available.length ? null : el("span", { class: "muted", id: "place-hint" }, held
        ? t("kingdomino.hint_held") : lastPointer === "mouse" ? t("kingdomino.hint_mouse") : t("kingdomino.hint_touch")));
    root.append(placeBox);
  }

  const kingdoms = el("div", { class: "kd-kingdoms" });
  for (const k of view.kingdoms) {
    const mine = payload.seat === k.seat && places.length > 0;
    kingdoms.append(kingdomNode(k, view, names, mine ? places.filter(p => p.dir === DIRS[dirIndex]) : [],
      mine ? view.current_row.find(s => s.domino === view.placing) : null, choose, mine ? held : null));
  }
  root.append(kingdoms);
  root.append(legend());
  return root;
}

// The key: each terrain's colour, pattern and letter, crowns and the castle
export function legend() {
  return el("div", { class: "kd-legend", id: "kd-legend" }, el("strong", {}, t("kingdomino.key")),
    TERRAINS.map(letter => el("span", { class: "kd-key", "data-terrain": letter },
      el("span", { class: `kd-cell kd-swatch t-${letter}` }, el("span", { class: "kd-letter" }, t(`kingdomino.letter.${letter}`))),
      ` ${terrainName(letter)}`)),
    el("span", { class: "kd-key" }, el("span", { class: "kd-cell kd-swatch t-C" }, "♜"), ` ${t("kingdomino.castle_key")}`),
    el("span", { class: "kd-key" }, "♛ ", t("kingdomino.crown_key")));
}

// The kingdom's regions (orthogonally joined squares of one terrain) with squares × crowns, largest first
export function regions(cells) {
  const at = new Map(cells.map(([r, c, ter, n]) => [`${r},${c}`, [ter, n]]));
  const seen = new Set(), out = [];
  for (const [r, c, ter] of cells) {
    const key = `${r},${c}`;
    if (ter === "C" || seen.has(key)) continue;
    let squares = 0, crowns = 0;
    const stack = [[r, c]];
    seen.add(key);
    while (stack.length) {
      const [y, x] = stack.pop();
      squares++;
      crowns += at.get(`${y},${x}`)[1];
      for (const [dy, dx] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const k = `${y + dy},${x + dx}`;
        if (!seen.has(k) && at.has(k) && at.get(k)[0] === ter) { seen.add(k); stack.push([y + dy, x + dx]); }
      }
    }
    out.push({ terrain: ter, squares, crowns, points: squares * crowns });
  }
  return out.sort((a, b) => b.points - a.points || b.squares - a.squares);
}

// the score so far, region by region, shown on demand (a <details> under each kingdom)
function regionScores(k) {
  const rs = regions(k.cells);
  const sum = rs.reduce((x, r) => x + r.points, 0);
  return el("details", { class: "kd-regions", "data-seat": k.seat },
    el("summary", {}, t("kingdomino.by_region")),
    el("table", { class: "scores" },
      el("tr", {}, el("th", {}, t("kingdomino.region")), el("th", {}, t("kingdomino.squares")), el("th", {}, t("kingdomino.crowns")),
        el("th", {}, t("kingdomino.points"))),
      rs.map(r => el("tr", { "data-terrain": r.terrain }, el("td", {}, terrainName(r.terrain)), el("td", {}, r.squares),
        el("td", {}, r.crowns), el("td", {}, `${r.squares}×${r.crowns} = ${r.points}`))),
      k.score !== sum ? el("tr", {}, el("td", {}, t("kingdomino.bonuses")), el("td", {}), el("td", {}), el("td", {}, k.score - sum)) : null,
      el("tr", { class: "total" }, el("th", {}, t("kingdomino.total")), el("th", {}), el("th", {}), el("th", {}, k.score))));
}

// the game log's entries in the reader's language
export function logText(entry, names, viewer) {
  const d = entry.data || {};
  const who = subject(entry.seat, names, viewer);
  const domino = d.halves ? dominoWords(d.domino, d.halves) : null;
  switch (entry.kind) {
    case "pick": return t("kingdomino.log.pick", { ...who, domino });
    case "discard": return t("kingdomino.log.discard", { ...who, domino });
    case "leftover": return t("kingdomino.log.leftover", { domino });
    case "place": {
      const rows = d.row ? t(d.row < 0 ? "kingdomino.where.above" : "kingdomino.where.below", { n: Math.abs(d.row) }) : "";
      const cols = d.col ? t(d.col < 0 ? "kingdomino.where.left" : "kingdomino.where.right", { n: Math.abs(d.col) }) : "";
      const where = t(rows && cols ? "kingdomino.square.rc" : rows ? "kingdomino.square.r" : "kingdomino.square.c", { rows, cols });
      return t("kingdomino.log.place", { ...who, num: d.domino, a: halfWords(d.halves[0]), where, b: halfWords(d.halves[1]),
        dir: t(`kingdomino.next.${d.dir}`) });
    }
    case "game-end": return t("log.game_over", { scores: list((d.scores || []).map((s, i) => `${names[i] ?? i + 1} ${s.score}`)) });
    default: return null;
  }
}

function kingdomNode(k, view, names, places, placing, choose, preview) {
  const size = view.size;
  const cells = new Map(k.cells.map(([r, c, t, n]) => [`${r},${c}`, [t, n]]));
  const [minr, maxr, minc, maxc] = k.box;
  const r0 = Math.max(-6, maxr - size + 1), r1 = Math.min(6, minr + size - 1);
  const c0 = Math.max(-6, maxc - size + 1), c1 = Math.min(6, minc + size - 1);
  const byCell = new Map(places.map(p => [`${p.row},${p.col}`, p]));
  const grid = el("div", { class: "kd-grid", style: `grid-template-columns: repeat(${c1 - c0 + 1}, auto)` });
  const nodes = new Map();
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
    const key = `${r},${c}`;
    let node;
    if (cells.has(key)) node = cellNode(...cells.get(key));
    else node = el("div", { class: `kd-cell empty${byCell.has(key) ? " legal" : ""}`, "data-cell": key });
    nodes.set(key, node);
    grid.append(node);
  }
  const paint = (node, [ter, crowns], ...extra) => {
    node.classList.add("preview", `t-${ter}`, ...extra);
    node.replaceChildren(el("span", { class: "kd-letter" }, t(`kingdomino.letter.${ter}`)), el("span", { class: "kd-crowns" }, "♛".repeat(crowns)));
  };
  if (preview && placing && byCell.has(`${preview.row},${preview.col}`)) {
    const second = nodes.get(`${preview.row + DR[preview.dir]},${preview.col + DC[preview.dir]}`);
    paint(nodes.get(`${preview.row},${preview.col}`), placing.halves[0], "ghost");
    if (second) paint(second, placing.halves[1], "ghost");
  }
  const clearPreview = () => nodes.forEach(n => { if (n.classList.contains("empty") && !n.classList.contains("ghost")) { n.classList.remove("preview"); n.className = n.className.replace(/ t-[A-Z]/g, ""); n.textContent = ""; } });
  for (const [key, p] of byCell) {
    const node = nodes.get(key);
    const second = nodes.get(`${p.row + DR[p.dir]},${p.col + DC[p.dir]}`);
    node.addEventListener("mouseenter", () => {
      clearPreview();
      if (!placing) return;
      if (node.classList.contains("ghost")) return;
      paint(node, placing.halves[0]);
      if (second && !second.classList.contains("ghost")) paint(second, placing.halves[1]);
    });
    node.addEventListener("mouseleave", clearPreview);
    node.addEventListener("click", () => choose(p));
  }
  const toMove = view.to_move === k.seat;
  return el("div", { class: `kd-kingdom${toMove ? " to-move" : ""}`, "data-seat": k.seat },
    el("div", {}, el("strong", {}, names[k.seat]), ` — ${t("kingdomino.pts", { n: k.score })}`), grid, regionScores(k));
}

// the rules page's reference: the key, and a worked example of scoring by region
export function rulesExtra() {
  return el("div", { id: "kd-reference" }, legend(), el("p", {}, t("kingdomino.reference_example")));
}
