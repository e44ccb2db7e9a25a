// The Castles of Burgundy board: the estates as hex maps (colours and die numbers), depots, the black
// depot, storage, goods, dice with worker adjustment, the turn-order track and scores. Clicking a
// highlighted tile, space or die plays the matching legal action (or offers the few that match).
import { el } from "/static/app.js";
import { seatText } from "/static/log.js";

const SVG = "http://www.w3.org/2000/svg";
const FILL = { ship: "#4a86c8", animal: "#9fd37a", castle: "#2f6b3a", mine: "#8a8a8a", knowledge: "#f0d14a", building: "#d9bf94" };
const INK = { ship: "#fff", animal: "#222", castle: "#fff", mine: "#fff", knowledge: "#222", building: "#222" };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

// The label drawn on a tile: every kind of tile its own (the legend under the board spells each out)
export const BUILDING_LABELS = { warehouse: "Wa", watchtower: "Wt", carpenters_workshop: "Cp", church: "Ch",
  market: "Mk", boarding_house: "Bo", bank: "Bk", city_hall: "Ha" };
export const SPECIES_LABELS = { cow: "Cw", pig: "Pg", sheep: "Sh", chicken: "Ck" };
export const TYPE_LABELS = { ship: "Sp", castle: "Ca", mine: "Mi" };
export const SPACE_NAMES = { ship: "ship", animal: "pasture (animals)", castle: "castle", mine: "mine",
  knowledge: "monastery (knowledge)", building: "city (buildings)" };

export function label(tile) {
  if (!tile) return "";
  if (tile.type === "knowledge") return `K${tile.number}`;
  if (tile.type === "animal") return `${SPECIES_LABELS[tile.species] ?? tile.species}${tile.animals}`;
  if (tile.type === "building") return BUILDING_LABELS[tile.building] ?? tile.name;
  return TYPE_LABELS[tile.type] ?? tile.type;
}

// what the legend says a label stands for
export function meaning(tile) {
  if (tile.type === "knowledge") return `${tile.name}: ${tile.effect}`;
  if (tile.type === "animal") return `${tile.animals} ${tile.species === "sheep" ? "sheep" : `${tile.species}s`}`;
  return tile.name;
}

function tileChip(tile, extra = {}) {
  if (!tile) return el("span", { class: "bg-chip empty" }, "—");
  if (extra.shown) extra.shown.set(label(tile), tile);
  return el("span", { class: `bg-chip${extra.legal ? " legal" : ""}`, style: `background:${FILL[tile.type]};color:${INK[tile.type]}`,
    title: tile.effect ? `${tile.name}: ${tile.effect}` : tile.name, onclick: extra.onclick || null, role: extra.legal ? "button" : null,
    "data-tile": tile.id }, el("b", { class: "bg-label" }, label(tile)), el("small", {}, ` ${tile.name}`));
}

// The words of each button when several actions match one click: where two would read the same, each
// also names what tells it apart (the die, the storage slot, the depot, the space, ...)
function fieldWords(action, field) {
  const v = action[field];
  if (field === "die") return `die ${v + 1}`;
  if (field === "slot") return action.type === "place" || action.type === "discard" ? `from storage slot ${v + 1}` : `depot slot ${v + 1}`;
  if (field === "depot") return v === "black" ? "black depot" : `depot ${v}`;
  if (field === "space") return `space ${v}`;
  if (field === "delta") return `${v > 0 ? "+" : ""}${v}`;
  return `${field.replaceAll("_", " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`;
}

export function choiceTexts(matches) {
  const out = matches.map(a => a.text);
  const byText = new Map();
  out.forEach((t, i) => byText.set(t, [...(byText.get(t) || []), i]));
  for (const [text, idx] of byText) {
    if (idx.length < 2) continue;
    const acts = idx.map(i => matches[i].action);
    const fields = [...new Set(acts.flatMap(a => Object.keys(a)))]
      .filter(f => new Set(acts.map(a => JSON.stringify(a[f]))).size > 1);
    idx.forEach((i, k) => { out[i] = `${text} — ${fields.map(f => fieldWords(acts[k], f)).join(", ")}`; });
  }
  // a last resort that should never be needed: number whatever still repeats
  const seen = new Map();
  return out.map(t => { const n = (seen.get(t) || 0) + 1; seen.set(t, n); return n > 1 ? `${t} (choice ${n})` : t; });
}

// points by source for every player, from the result's breakdown
const SOURCE_NAMES = { region: "completed regions", "colour-bonus": "colour bonuses (first and second)", animals: "animals",
  watchtower: "Watchtowers", sale: "goods sold", "unsold-goods": "goods left over (end)", silverlings: "silverlings (end)",
  workers: "workers (end)" };

function sourceName(key) {
  const k = /^knowledge-(\d+)$/.exec(key);
  if (k) return `knowledge tile ${k[1]} (end)`;
  return SOURCE_NAMES[key] ?? key.replaceAll("-", " ");
}

export function pointsTable(result, names) {
  const order = names.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  const by = result.breakdown.map(b => (b && b.vp_by_source) || {});
  const keys = [...Object.keys(SOURCE_NAMES), ...new Set(by.flatMap(b => Object.keys(b)))]
    .filter((k, i, all) => all.indexOf(k) === i && by.some(b => b[k]));
  const other = order.map(i => result.scores[i] - Object.values(by[i]).reduce((x, y) => x + y, 0));
  return el("table", { class: "scores bg-points", id: "bg-points" },
    el("caption", {}, "Points by source"),
    el("tr", {}, el("th", {}, "source"), order.map(i => el("th", { "data-seat": i }, names[i]))),
    keys.map(k => el("tr", { "data-source": k }, el("td", {}, sourceName(k)), order.map(i => el("td", {}, by[i][k] ?? 0)))),
    other.some(Boolean) ? el("tr", { "data-source": "other" }, el("td", {}, "other"), other.map(v => el("td", {}, v))) : null,
    el("tr", { class: "total" }, el("th", {}, "total"), order.map(i => el("th", {}, result.scores[i]))));
}

function legend(shown) {
  const tiles = [...shown.entries()].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }));
  return el("div", { class: "bg-legend", id: "bg-legend" },
    el("strong", {}, "Key"),
    el("div", { class: "bg-legend-part" }, el("span", { class: "muted" }, "Spaces (the number is the die they need):"),
      Object.entries(SPACE_NAMES).map(([type, name]) => el("span", { class: "bg-key" },
        el("span", { class: "bg-swatch", style: `background:${FILL[type]}` }), ` ${name}`))),
    el("div", { class: "bg-legend-part" }, el("span", { class: "muted" }, "Tiles on the board:"),
      tiles.length ? tiles.map(([lab, tile]) => el("span", { class: "bg-key", "data-label": lab },
        el("b", { class: "bg-chip", style: `background:${FILL[tile.type]};color:${INK[tile.type]}` }, lab), ` ${meaning(tile)}`))
        : el("span", { class: "muted" }, "none")),
    el("div", { class: "bg-legend-part muted" }, "■■3: two goods of colour 3 waiting in a depot · h2: a second disc on the same track space"));
}

export function handles() { return false; }  // the full list of legal actions stays under the board

export function render(payload, act, names) {
  const view = payload.view;
  const legal = payload.legal_actions || [];
  const root = el("div", { class: "bg" });
  const chooser = el("div", { class: "row bg-chooser", id: "bg-chooser" });

  const shown = new Map();  // label -> a tile drawn with it, for the legend
  function offer(matches) {
    if (matches.length === 1) { act(matches[0].action); return; }
    const texts = choiceTexts(matches);
    chooser.replaceChildren(el("span", { class: "muted" }, "Which?"),
      ...matches.map((a, i) => el("button", { onclick: () => act(a.action) }, texts[i])));
    chooser.scrollIntoView({ block: "nearest" });  // on a phone the chooser may be far above the tap
  }
  const matching = pred => legal.filter(a => pred(a.action));

  root.append(el("div", { class: "row" },
    el("strong", {}, `Castles of Burgundy — phase ${view.phase}, round ${view.round}`),
    el("span", { class: "muted" }, `white die ${view.white_die ?? "-"} · goods bag ${view.goods_bag}`),
    view.pending_text && !payload.finished ? el("span", { class: "dm-prompt" }, `${names[view.to_move] ?? ""}: ${seatText(view.pending_text, names)}`) : null));
  root.append(chooser);
  if (payload.result) root.append(pointsTable(payload.result, names));

  // turn-order track
  root.append(el("div", { class: "row", id: "bg-track" }, el("span", { class: "muted" }, "Turn order:"),
    view.turn_order.map((s, i) => el("span", { class: "dm-stat" }, `${i + 1}. ${names[s]}`)),
    el("span", { class: "muted" }, "track:"), view.track.map(t => el("span", {}, `${names[t.seat]} @${t.position}${t.height > 1 ? `(h${t.height})` : ""}`))));

  // depots
  const depots = el("div", { class: "bg-depots", id: "bg-depots" });
  for (const d of view.depots) {
    const slots = d.slots.map((slot, i) => {
      const m = matching(a => (a.type === "take" || a.type === "pick" || a.type === "buy") && a.depot === d.depot && a.slot === i);
      return tileChip(slot.tile, { legal: m.length > 0, onclick: m.length ? () => offer(m) : null, shown });
    });
    const goods = d.goods.map((n, c) => n ? el("span", { class: "bg-goods" }, `${"■".repeat(n)}${c + 1}`) : null);
    depots.append(el("div", { class: "bg-depot", "data-depot": d.depot }, el("strong", {}, `Depot ${d.depot}`), slots, el("div", {}, goods)));
  }
  const black = view.black_depot.map((t, i) => {
    const m = matching(a => a.type === "buy" && a.depot === "black" && a.slot === i);
    return tileChip(t, { legal: m.length > 0, onclick: m.length ? () => offer(m) : null, shown });
  });
  depots.append(el("div", { class: "bg-depot black", id: "bg-black" }, el("strong", {}, "Black depot (2 silverlings)"), black));
  root.append(depots);

  // seats: estate, storage, goods, money, workers, dice
  for (const s of view.seats) {
    const mine = s.seat === payload.seat;
    const panel = el("div", { class: `bg-seat${view.to_move === s.seat ? " to-move" : ""}`, "data-seat": s.seat });
    panel.append(el("div", { class: "row" }, el("strong", {}, names[s.seat]), `${s.vp} VP`,
      el("span", { class: "dm-stat" }, `silverlings ${s.silverlings}`), el("span", { class: "dm-stat" }, `workers ${s.workers}`),
      el("span", { class: "dm-stat" }, `goods ${s.goods.map((n, c) => n ? `${c + 1}×${n}` : "").filter(Boolean).join(" ") || "none"}`),
      s.knowledge.length ? el("span", { class: "muted" }, `knowledge ${s.knowledge.map(k => k.number ?? k).join(", ")}`) : null));
    if (mine || view.to_move === s.seat) {
      const dice = el("div", { class: "row bg-dice" });
      s.dice.forEach((value, i) => {
        const used = view.dice_used && view.dice_used[i] && view.to_move === s.seat;
        dice.append(el("span", { class: `bg-die${used ? " used" : ""}`, "data-die": i }, value));
        for (const a of matching(a => a.type === "adjust" && a.die === i)) {
          dice.append(el("button", { class: "bg-adjust", "data-die": i, "data-delta": a.action.delta, onclick: () => act(a.action) },
            `${a.action.delta > 0 ? "+" : ""}${a.action.delta}`));
        }
      });
      const storage = el("span", { class: "row", id: mine ? "bg-storage" : null }, el("span", { class: "muted" }, "storage:"),
        ...(s.storage.length ? s.storage.map((t, i) => {
          const m = mine ? matching(a => a.type === "discard" && a.slot === i) : [];
          return tileChip(t, { legal: m.length > 0, onclick: m.length ? () => offer(m) : null, shown });
        }) : [el("span", { class: "muted" }, "empty")]));
      panel.append(el("div", { class: "row" }, el("span", { class: "muted" }, "dice:"), dice, storage));
    }
    panel.append(estate(s, payload, matching, offer, shown));
    root.append(panel);
  }
  root.append(legend(shown));
  return root;
}

function estate(s, payload, matching, offer, shown) {
  const size = 26, w = Math.sqrt(3) * size, h = 2 * size;
  const rows = {};
  for (const sp of s.estate) rows[sp.row] = Math.max(rows[sp.row] ?? 0, sp.col + 1);
  const widest = Math.max(...Object.values(rows));
  const nrows = Object.keys(rows).length;
  const W = widest * w + 8, H = (nrows - 1) * h * 0.75 + h + 8;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: Math.min(W, 420), class: "bg-estate" });
  for (const sp of s.estate) {
    const cx = 4 + w / 2 + sp.col * w + (widest - rows[sp.row]) * w / 2;
    const cy = 4 + h / 2 + sp.row * h * 0.75;
    const pts = [...Array(6).keys()].map(k => {
      const ang = Math.PI / 180 * (60 * k - 30);
      return `${cx + size * Math.cos(ang)},${cy + size * Math.sin(ang)}`;
    }).join(" ");
    const m = payload.seat === s.seat ? matching(a => (a.type === "place" || a.type === "hall") && a.space === sp.id) : [];
    const filled = !!sp.tile;
    if (filled) shown.set(label(sp.tile), sp.tile);
    const g = svg("g", { "data-space": sp.id, class: m.length ? "bg-space legal" : "bg-space" },
      svg("polygon", { points: pts, fill: FILL[sp.type], "fill-opacity": filled ? 1 : 0.35,
        stroke: m.length ? "#000" : "#fff", "stroke-width": m.length ? 3 : 1.5 }),
      svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 12, "font-weight": 700,
        fill: filled ? INK[sp.type] : "#222", class: filled ? "bg-label" : "bg-die-number" }, filled ? label(sp.tile) : sp.die),
      svg("title", {}, `space ${sp.id}: ${sp.type} ${sp.die}${sp.tile ? ` — ${sp.tile.name}` : ""}`));
    if (m.length) g.addEventListener("click", () => offer(m));
    root.append(g);
  }
  return root;
}
