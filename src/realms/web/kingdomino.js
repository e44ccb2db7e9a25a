// Kingdomino board: rows with numbers and kings, kingdoms, click-to-pick and click-to-place with a
// rotation preview. Only legal moves are clickable.
import { el } from "/static/app.js";

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
  return el("div", { class: `kd-cell t-${letter} ${extra}`, title: letter === "C" ? "castle" : `${letter} ${crowns} crown(s)` }, label);
}

function dominoNode(slot, names, pickable, onPick) {
  const [h1, h2] = slot.halves;
  const node = el("div", { class: `kd-domino${pickable ? " pickable" : ""}`, "data-domino": slot.domino,
      onclick: pickable ? onPick : null, role: pickable ? "button" : null },
    el("span", { class: "num" }, `#${slot.domino}`), cellNode(h1[0], h1[1]), cellNode(h2[0], h2[1]),
    el("span", { class: "king" }, slot.seat === null ? "" : `♚ ${names[slot.seat]}`));
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

  const head = el("div", { class: "row" }, el("strong", {}, view.round === 0 ? "Kingdomino — opening picks" : `Kingdomino — round ${view.round}`),
    view.options.dynasty ? el("span", {}, `game ${view.game_no + 1} of 3`) : null,
    el("span", { class: "muted" }, `draw pile ${view.pile_count} · discarded ${view.discarded.length}`));
  root.append(head);

  const rows = el("div", { class: "kd-rows" });
  if (view.current_row.length) rows.append(el("div", {}, el("div", { class: "muted" }, "Current row (to place)"),
    view.current_row.map(s => dominoNode(s, names, false))));
  if (view.next_row.length) rows.append(el("div", { id: "next-row" }, el("div", { class: "muted" }, "Next row (to pick)"),
    view.next_row.map((s, i) => dominoNode(s, names, picks.has(i), () => act(picks.get(i))))));
  root.append(rows);

  // placement controls
  let placeBox = null;
  if (places.length || discard) {
    const placing = view.current_row.find(s => s.domino === view.placing);
    const available = DIRS.filter(d => places.some(p => p.dir === d));
    if (available.length && !available.includes(DIRS[dirIndex])) dirIndex = DIRS.indexOf(available[0]);
    placeBox = el("div", { class: "row", id: "placing" }, el("strong", {}, "Place "),
      placing ? dominoNode(placing, names, false) : null,
      available.length ? el("span", {}, `second half ${DIRS[dirIndex]} `) : null,
      available.length > 1 ? el("button", { id: "rotate", onclick: () => {
        do { dirIndex = (dirIndex + 1) % 4; } while (!available.includes(DIRS[dirIndex]));
        // a preview stays on its square when the domino can lie there the new way round
        if (held) held = places.some(p => samePlace(p, { ...held, dir: DIRS[dirIndex] })) ? { ...held, dir: DIRS[dirIndex] } : null;
        act.redraw ? act.redraw() : redraw();
      } }, "⟳ rotate") : null,
      discard ? el("button", { id: "discard", onclick: () => act(discard.action) }, "Discard (no legal placement)") : null,
      held ? el("button", { id: "confirm-place", class: "primary", onclick: () => {
        const p = places.find(q => samePlace(q, held));
        held = null;
        if (p) act(p);
      } }, "Confirm") : null,
      !available.length ? null : el("span", { class: "muted", id: "place-hint" }, held
        ? "tap the square again or Confirm to place it there; tap another square to move it"
        : lastPointer === "mouse" ? "click a highlighted square for the first half"
          : "tap a highlighted square for the first half to see the domino there"));
    root.append(placeBox);
  }

  const kingdoms = el("div", { class: "kd-kingdoms" });
  for (const k of view.kingdoms) {
    const mine = payload.seat === k.seat && places.length > 0;
    kingdoms.append(kingdomNode(k, view, names, mine ? places.filter(p => p.dir === DIRS[dirIndex]) : [],
      mine ? view.current_row.find(s => s.domino === view.placing) : null, choose, mine ? held : null));
  }
  root.append(kingdoms);
  return root;
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
  const paint = (node, [t, crowns], ...extra) => { node.classList.add("preview", `t-${t}`, ...extra); node.textContent = "♛".repeat(crowns); };
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
    el("div", {}, el("strong", {}, names[k.seat]), ` — ${k.score} pts`), grid);
}
