// Kingdomino board: rows with numbers and kings, kingdoms, click-to-pick and click-to-place with a
// rotation preview. Only legal moves are clickable.
import { el, serverGames } from "/static/app.js";
import { t, list } from "/static/i18n.js";
import { subject } from "/static/log.js";
import { rulesLink } from "/static/rules.js";
import { mark } from "/static/motion.js";

// every domino, by number (1-48): its two halves [terrain letter, crowns], and the terrain letters in order, as the
// server serves them from the game's own data (GET /api/meta, the game's "data"). All are known to everyone: which
// are still to come follows from what has been seen, never their order.
const data = (await serverGames().catch(() => [])).find(g => g.id === "kingdomino")?.data ?? {};
export const DOMINOES = data.dominoes ?? [];
export const TERRAINS = data.terrains ?? [];
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

function dominoNode(slot, names, pickable, onPick, extra = {}) {
  const [h1, h2] = slot.halves;
  const words = dominoWords(slot.domino, slot.halves);
  const node = el("div", { class: `kd-domino${pickable ? " pickable" : ""}${extra.now ? " now" : ""}`, "data-domino": slot.domino,
      onclick: pickable ? onPick : null, role: pickable ? "button" : null, tabindex: pickable ? "0" : null,
      "aria-label": pickable ? t("kingdomino.pick_aria", { domino: words }) : null,
      onkeydown: pickable ? e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(); } } : null },
    extra.order ? el("span", { class: "kd-order", title: t("kingdomino.order_title", { n: extra.order }) }, extra.order) : null,
    el("span", { class: "num" }, `#${slot.domino}`), cellNode(h1[0], h1[1]), cellNode(h2[0], h2[1]),
    el("span", { class: "king" }, slot.seat === null ? "" : `♚ ${names[slot.seat]}`),
    extra.now ? el("span", { class: "kd-now" }, t("kingdomino.now")) : null);
  node.title = words;
  return node;
}

// which dominoes are still to come (a set, never an order): all 48 drawn small, each marked still to come
// (or put away unseen, in a game that leaves some out), in a row now, or gone (in a kingdom or discarded)
export function dominoList(view) {
  const unseen = new Set(view.unseen || []);
  const inRow = new Set([...view.current_row, ...view.next_row].map(s => s.domino));
  const removedToo = (view.unseen || []).length > view.pile_count;  // 2-3 players: some never come into play
  const what = n => (unseen.has(n) ? (removedToo ? "maybe" : "coming") : inRow.has(n) ? "row" : "gone");
  const label = { coming: t("kingdomino.list.coming"), maybe: t("kingdomino.list.maybe"), row: t("kingdomino.list.row"),
    gone: t("kingdomino.list.gone") };
  return el("details", { class: "kd-dominoes", id: "kd-dominoes", open: true },
    el("summary", {}, removedToo ? t("kingdomino.list.title_removed", { n: unseen.size, pile: view.pile_count })
      : t("kingdomino.list.title", { n: unseen.size })),
    el("p", { class: "muted kd-list-note" }, removedToo ? t("kingdomino.list.note_removed", { n: unseen.size - view.pile_count })
      : t("kingdomino.list.note")),
    el("div", { class: "kd-list" }, DOMINOES.map(([a, b], i) => {
      const n = i + 1, state = what(n);
      return el("div", { class: `kd-mini ${state}`, "data-domino": n, "data-state": state,
          title: `${dominoWords(n, [a, b])} — ${label[state]}`, "aria-label": `${dominoWords(n, [a, b])} — ${label[state]}` },
        el("span", { class: "kd-mini-num" }, n),
        el("span", { class: "kd-mini-halves" }, [a, b].map(([ter, crowns]) => el("span", { class: `kd-mini-half t-${ter}` },
          crowns ? "♛".repeat(crowns) : ""))));
    })),
    el("div", { class: "kd-list-key" }, ["coming", "maybe", "row", "gone"].filter(k => k !== (removedToo ? "coming" : "maybe"))
      .map(k => el("span", { class: `kd-mini ${k} kd-key-swatch` }, el("span", { class: "kd-mini-num" }, label[k])))));
}

export function handles() { return true; }

export function render(payload, act, names, ctx = {}) {
  const view = payload.view;
  // the view shown before this one (same game of a dynasty): what the last move changed is marked
  const prev = ctx.prev && ctx.prev.game_no === view.game_no ? ctx.prev : null;
  const legal = payload.legal_actions || [];
  const picks = new Map(legal.filter(a => a.action.type === "pick").map(a => [a.action.slot, a.action]));
  const places = legal.filter(a => a.action.type === "place").map(a => a.action);
  const discard = legal.find(a => a.action.type === "discard");
  const root = el("div", {});
  const redraw = () => { const fresh = render(payload, act, names, ctx); root.replaceWith(fresh); return fresh; };
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

  // the draft: the current row is placed top to bottom (its kings' order is this round's turn order, the one
  // acting now marked); a king put on the next row sets its place in the next round's order
  const rows = el("div", { class: "kd-rows" });
  const acting = slot => slot.king !== null && slot.king === view.acting_king && view.to_move !== null;
  if (view.current_row.length) {
    rows.append(el("div", { id: "current-row" }, el("div", { class: "kd-row-head" }, t("kingdomino.current_row")),
      el("div", { class: "muted kd-row-hint" }, t("kingdomino.current_row_hint")),
      view.current_row.map((s, i) => dominoNode(s, names, false, null, { order: i + 1, now: acting(s) }))));
  }
  if (view.next_row.length) {
    const before = prev ? new Map(prev.next_row.map(s => [s.domino, s.seat])) : new Map();
    rows.append(el("div", { id: "next-row", class: picks.size ? "picking" : "" }, el("div", { class: "kd-row-head" }, t("kingdomino.next_row")),
      el("div", { class: "muted kd-row-hint" }, t("kingdomino.next_row_hint")),
      view.next_row.map((s, i) => mark(dominoNode(s, names, picks.has(i), () => act(picks.get(i)), { order: i + 1 }),
        prev !== null && s.seat !== null && before.has(s.domino) && before.get(s.domino) === null))));
  }
  const order = view.current_row.filter(s => s.seat !== null).map(s => names[s.seat]);
  if (order.length) root.append(el("div", { class: "kd-turn-order", id: "kd-turn-order" }, el("strong", {}, t("kingdomino.turn_order")), " ",
    // each number is the item's own text (Firefox drew list markers outside their items, into the gap before
    // them, so "You2. greedy (2)" ran together)
    el("ol", {}, view.current_row.filter(s => s.seat !== null).map((s, i) => el("li", { class: acting(s) ? "now" : "" },
      el("span", { class: "kd-turn-n" }, `${i + 1}.`), " ", names[s.seat])))));
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
        const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.cell : null;
        const fresh = act.redraw ? act.redraw() : redraw();
        // the keyboard stays where it was: on the square it previews, else on the rotate button
        const again = fresh && ((focused && fresh.querySelector(`.kd-cell.legal[data-cell="${focused}"]`)) || fresh.querySelector("#rotate"));
        if (again) again.focus();
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

  // the viewer's own kingdom first (on a phone it comes right under the rows)
  const kingdoms = el("div", { class: "kd-kingdoms" });
  const own = view.kingdoms.filter(k => k.seat === payload.seat), others = view.kingdoms.filter(k => k.seat !== payload.seat);
  for (const k of [...own, ...others]) {
    const mine = payload.seat === k.seat && places.length > 0;
    const before = prev ? prev.kingdoms.find(x => x.seat === k.seat) : null;
    kingdoms.append(kingdomNode(k, view, names, mine ? places.filter(p => p.dir === DIRS[dirIndex]) : [],
      mine ? view.current_row.find(s => s.domino === view.placing) : null, choose, mine ? held : null,
      before ? new Set(before.cells.map(([r, c]) => `${r},${c}`)) : null, act));
  }
  root.append(kingdoms);
  root.append(dominoList(view));
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

function kingdomNode(k, view, names, places, placing, choose, preview, had = null, act = null) {
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
    if (cells.has(key)) node = mark(cellNode(...cells.get(key)), had !== null && !had.has(key));
    else node = el("div", { class: `kd-cell empty${byCell.has(key) ? " legal" : ""}`, "data-cell": key });
    nodes.set(key, node);
    grid.append(node);
  }
  // a preview fills an empty square's own two spans: no node under a finger or the mouse is ever replaced, so
  // the pointer events of one tap (touch, then the mouse events the browser derives from it, whose hover and
  // focus repaint the square) all reach the same nodes and the tap's click is never lost
  const spans = node => {
    if (!node.querySelector(".kd-letter")) node.replaceChildren(el("span", { class: "kd-letter" }), el("span", { class: "kd-crowns" }));
    return [node.querySelector(".kd-letter"), node.querySelector(".kd-crowns")];
  };
  const paint = (node, [ter, crowns], ...extra) => {
    node.className = node.className.replace(/ t-[A-Z]/g, "");
    node.classList.add("preview", `t-${ter}`, ...extra);
    const [letter, crownSpan] = spans(node);
    letter.textContent = t(`kingdomino.letter.${ter}`);
    crownSpan.textContent = "♛".repeat(crowns);
  };
  if (preview && placing && byCell.has(`${preview.row},${preview.col}`)) {
    const second = nodes.get(`${preview.row + DR[preview.dir]},${preview.col + DC[preview.dir]}`);
    paint(nodes.get(`${preview.row},${preview.col}`), placing.halves[0], "ghost");
    if (second) paint(second, placing.halves[1], "ghost");
  }
  const clearPreview = () => nodes.forEach(n => {
    if (!n.classList.contains("empty") || n.classList.contains("ghost") || !n.classList.contains("preview")) return;
    n.classList.remove("preview");
    n.className = n.className.replace(/ t-[A-Z]/g, "");
    for (const part of n.children) part.textContent = "";
  });
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
    // the keyboard: Tab to a square (the preview shows where the domino would lie), Enter or Space places it
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", t("kingdomino.place_aria", { row: p.row, col: p.col, dir: t(`kingdomino.dir.${p.dir}`) }));
    node.addEventListener("focus", () => node.dispatchEvent(new MouseEvent("mouseenter")));
    node.addEventListener("blur", clearPreview);
    node.addEventListener("keydown", e => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); held = null; if (act) act(p); else choose(p); }
    });
  }
  const toMove = view.to_move === k.seat;
  return el("div", { class: `kd-kingdom${toMove ? " to-move" : ""}`, "data-seat": k.seat },
    el("div", {}, el("strong", {}, names[k.seat]), ` — ${t("kingdomino.pts", { n: k.score })}`), grid, regionScores(k));
}

// the rules page (rules.js): its sections in order, each with rules.kingdomino.SECTION.title and .body in the catalogues
export const rulesSections = ["goal", "components", "turn", "connect", "fit", "discard", "score", "end", "tiebreak"];

// the variant rules, one section each, marked "in use" when the table's options say so
export const rulesVariants = [
  ["two", o => (o.players ?? 4) === 2 && !o.mighty_duel],
  ["three-draw-four", o => o.players === 3 && (o.three_players ?? "draw-four") === "draw-four"],
  ["three-thirty-six", o => o.players === 3 && o.three_players === "thirty-six"],
  ["mighty_duel", o => !!o.mighty_duel],
  ["harmony", o => !!o.harmony],
  ["middle_kingdom", o => !!o.middle_kingdom],
  ["dynasty", o => !!o.dynasty],
  ["tiebreak-crowns", o => (o.tiebreak ?? "crowns") === "crowns"],
  ["tiebreak-largest-region", o => o.tiebreak === "largest-region"],
];

// the rules page's reference: the key, and a worked example of scoring by region
export function rulesExtra() {
  return el("div", { id: "kd-reference" }, legend(), el("p", {}, t("kingdomino.reference_example")));
}
