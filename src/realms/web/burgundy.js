// The Castles of Burgundy board: the estates as hex maps (colours and die numbers), depots, the black
// depot, storage, goods, dice with worker adjustment, the turn-order track and scores. Clicking a
// highlighted tile, space or die plays the matching legal action (or offers the few that match).
import { el, serverGames } from "/static/app.js";
import { t, list } from "/static/i18n.js";
import { subject } from "/static/log.js";
import { withInfo, showInfo } from "/static/info.js";
import { rulesLink } from "/static/rules.js";
import { mark } from "/static/motion.js";

const SVG = "http://www.w3.org/2000/svg";
const FILL = { ship: "#2f6aa8", animal: "#9fd37a", castle: "#2f6b3a", mine: "#6b6b6b", knowledge: "#f0d14a", building: "#d9bf94" };
const INK = { ship: "#fff", animal: "#222", castle: "#fff", mine: "#fff", knowledge: "#222", building: "#222" };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

// The kinds of spaces and tiles, buildings and animals, as the server serves them from the game's data (GET
// /api/meta, the game's "data"); the label drawn on a tile: every kind of tile its own, in the reader's language
// (the key under the board spells each out, with its effect)
const data = (await serverGames().catch(() => [])).find(g => g.id === "burgundy")?.data ?? {};
export const BUILDINGS = data.buildings ?? [];
export const SPECIES = data.species ?? [];
export const SPACE_TYPES = data.space_types ?? [];

export function label(tile) {
  if (!tile) return "";
  if (tile.type === "knowledge") return t("burgundy.label.knowledge", { n: tile.number });
  if (tile.type === "animal") return `${t(`burgundy.label.${tile.species}`)}${tile.animals}`;
  if (tile.type === "building") return t(`burgundy.label.${tile.building}`);
  return t(`burgundy.label.${tile.type}`);
}

// a tile's name: "Church", "3 cows", "Knowledge 12"
export function tileName(tile) {
  if (!tile) return "";
  if (tile.type === "knowledge") return t("burgundy.name.knowledge", { n: tile.number });
  if (tile.type === "animal") return t(`burgundy.animals.${tile.species}`, { n: tile.animals });
  if (tile.type === "building") return t(`burgundy.building.${tile.building}`);
  return t(`burgundy.name.${tile.type}`);
}

// what the tile does once placed in an estate
export function effect(tile) {
  if (tile.type === "knowledge") return t(`burgundy.effect.knowledge.${tile.number}`);
  if (tile.type === "building") return t(`burgundy.effect.building.${tile.building}`);
  return t(`burgundy.effect.${tile.type}`);
}

// what the legend says a label stands for
export function meaning(tile) { return `${tileName(tile)}: ${effect(tile)}`; }

function tileDetails(tile) {
  return [el("div", { class: "bg-detail", "data-detail": label(tile) },
    el("div", {}, el("b", { class: "bg-chip", style: `background:${FILL[tile.type]};color:${INK[tile.type]}` }, label(tile)), " ",
      el("strong", {}, tileName(tile))),
    el("div", { class: "muted" }, t(`burgundy.kind.${tile.type}`)), el("div", {}, effect(tile)))];
}

function tileChip(tile, extra = {}) {
  if (!tile) return el("span", { class: "bg-chip empty" }, "—");
  if (extra.shown) extra.shown.set(label(tile), tile);
  const chip = el("span", { class: `bg-chip${extra.legal ? " legal" : ""}`, style: `background:${FILL[tile.type]};color:${INK[tile.type]}`,
    title: meaning(tile), role: extra.legal ? "button" : null, "data-tile": tile.id, tabindex: extra.legal ? "0" : null,
    "aria-label": extra.legal ? t("burgundy.tile_aria", { tile: tileName(tile) }) : null,
    onkeydown: extra.legal ? e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); extra.onclick(); } } : null },
  el("b", { class: "bg-label" }, label(tile)), el("small", {}, ` ${tileName(tile)}`));
  // a tap on a tile that is not a move reads it in full (a phone has no hover)
  chip.addEventListener("click", () => (extra.onclick ? extra.onclick() : showInfo(chip, tileDetails(tile), true)));
  chip.append(withInfo(chip, () => tileDetails(tile), tileName(tile)));
  return chip;
}

const dieValue = (view, seat, i) => view.seats.find(s => s.seat === seat)?.dice?.[i];
function tileAt(view, seat, depot, slot) {
  if (depot === "black") return view.black_depot[slot];
  return view.depots.find(d => d.depot === depot)?.slots[slot]?.tile;
}

// An estate board as players see it wherever it is shown or chosen: its number and name, "one source" where only
// one source confirms it, and what it stands in for (``boards_info``/``board_info`` of the view)
export function boardLabel(info, n) {
  if (!info) return t("burgundy.act.board", { n });
  if (!info.key) return t("burgundy.board.file", { n: info.board });
  let text = t("burgundy.board.label", { n: info.board, name: t(`burgundy.board_name.${info.board}`) });
  if (!info.two_sources) text += ` (${t("burgundy.board.one_source")})`;
  if (info.stand_in) text += `, ${t("burgundy.board.stand_in", { n: info.board })}`;
  return text;
}

// A legal action in the reader's words, from its JSON and the view (the engine's text is English)
export function actionText(a, payload) {
  const view = payload.view, seat = payload.seat, x = a.action;
  const me = view.seats.find(s => s.seat === seat) || {};
  const store = slot => tileName(me.storage?.[slot]);
  const castle = view.pending === "castle";
  const die = x.die === undefined ? "" : castle ? t("burgundy.act.castle_die") : t("burgundy.act.die", { die: x.die + 1, value: dieValue(view, seat, x.die) ?? "?" });
  switch (x.type) {
    case "take": return t("burgundy.act.take", { tile: tileName(tileAt(view, seat, x.depot, x.slot)), depot: x.depot, die });
    case "pick": return t("burgundy.act.pick", { tile: tileName(tileAt(view, seat, x.depot, x.slot)), depot: x.depot });
    case "place": return t("burgundy.act.place", { tile: store(x.slot), space: x.space, die });
    case "hall": return t("burgundy.act.hall", { tile: store(x.slot), space: x.space });
    case "sell": return t("burgundy.act.sell", { colour: x.colour, n: me.goods?.[x.colour - 1] ?? 0, die });
    case "workers": return t("burgundy.act.workers", { die });
    case "adjust": {
      const v = dieValue(view, seat, x.die);
      const to = v === undefined ? "?" : ((v - 1 + x.delta) % 6 + 6) % 6 + 1;
      return t("burgundy.act.adjust", { die: x.die + 1, from: v ?? "?", to });
    }
    case "buy": return x.depot === "black" ? t("burgundy.act.buy_black", { tile: tileName(tileAt(view, seat, "black", x.slot)) })
      : t("burgundy.act.buy_depot", { tile: tileName(tileAt(view, seat, x.depot, x.slot)), depot: x.depot });
    case "discard": return t("burgundy.act.discard", { tile: store(x.slot) });
    case "ship": return t("burgundy.act.ship", { depots: list((x.depots || []).map(String)) });
    case "skip": return t("burgundy.act.skip");
    case "end": return t("burgundy.act.end");
    case "warehouse": return t("burgundy.act.warehouse", { colour: x.colour });
    case "goods": return t("burgundy.act.goods", { colour: x.colour });
    case "board": {
      const n = x.board ?? x.number ?? "?";
      const info = (view.boards_info || []).find(b => b.board === n);
      return info ? `${t("burgundy.act.board", { n })}: ${boardLabel(info, n)}` : t("burgundy.act.board", { n });
    }
    case "start": return t("burgundy.act.start", { space: x.space });
    default: t(`burgundy.act.${x.type}`); return a.text;
  }
}

// The words of each button when several actions match one click: where two would read the same, each
// also names what tells it apart (the die, the storage slot, the depot, the space, ...)
function fieldWords(action, field) {
  const v = action[field];
  if (field === "die") return t("burgundy.field.die", { n: v + 1 });
  if (field === "slot") return action.type === "place" || action.type === "discard" ? t("burgundy.field.storage_slot", { n: v + 1 })
    : t("burgundy.field.depot_slot", { n: v + 1 });
  if (field === "depot") return v === "black" ? t("burgundy.field.black_depot") : t("burgundy.field.depot", { n: v });
  if (field === "space") return t("burgundy.field.space", { n: v });
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
  return out.map(x => { const n = (seen.get(x) || 0) + 1; seen.set(x, n); return n > 1 ? `${x} (${t("burgundy.field.choice", { n })})` : x; });
}

// points by source for every player, from the result's breakdown
const SOURCES = ["region", "colour-bonus", "animals", "watchtower", "sale", "unsold-goods", "silverlings", "workers"];

function sourceName(key) {
  const k = /^knowledge-(\d+)$/.exec(key);
  if (k) return t("burgundy.source.knowledge", { n: k[1] });
  return SOURCES.includes(key) ? t(`burgundy.source.${key}`) : key.replaceAll("-", " ");
}

export function pointsTable(result, names) {
  const order = names.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  const by = result.breakdown.map(b => (b && b.vp_by_source) || {});
  const keys = [...SOURCES, ...new Set(by.flatMap(b => Object.keys(b)))]
    .filter((k, i, all) => all.indexOf(k) === i && by.some(b => b[k]));
  const other = order.map(i => result.scores[i] - Object.values(by[i]).reduce((x, y) => x + y, 0));
  return el("table", { class: "scores bg-points", id: "bg-points" },
    el("caption", {}, t("burgundy.points_by_source")),
    el("tr", {}, el("th", {}, t("burgundy.source")), order.map(i => el("th", { "data-seat": i }, names[i]))),
    keys.map(k => el("tr", { "data-source": k }, el("td", {}, sourceName(k)), order.map(i => el("td", {}, by[i][k] ?? 0)))),
    other.some(Boolean) ? el("tr", { "data-source": "other" }, el("td", {}, t("burgundy.source.other")), other.map(v => el("td", {}, v))) : null,
    el("tr", { class: "total" }, el("th", {}, t("burgundy.total")), order.map(i => el("th", {}, result.scores[i]))));
}

function legend(shown) {
  const tiles = [...shown.entries()].sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true }));
  return el("div", { class: "bg-legend", id: "bg-legend" },
    el("strong", {}, t("burgundy.key")),
    el("div", { class: "bg-legend-part" }, el("span", { class: "muted" }, t("burgundy.key_spaces")),
      SPACE_TYPES.map(type => el("span", { class: "bg-key" },
        el("span", { class: "bg-swatch", style: `background:${FILL[type]}` }),
        ` ${t(`burgundy.space_letter.${type}`)} ${t(`burgundy.space.${type}`)}`))),
    el("div", { class: "bg-legend-part bg-legend-tiles" }, el("span", { class: "muted" }, t("burgundy.key_tiles")),
      tiles.length ? tiles.map(([lab, tile]) => el("span", { class: "bg-key", "data-label": lab },
        el("b", { class: "bg-chip", style: `background:${FILL[tile.type]};color:${INK[tile.type]}` }, lab), ` ${meaning(tile)}`))
        : el("span", { class: "muted" }, t("common.none"))),
    el("div", { class: "bg-legend-part muted" }, t("burgundy.key_marks")));
}

export function handles() { return false; }  // the full list of legal actions stays under the board

const PHASE_LETTERS = ["A", "B", "C", "D", "E"];

// The central board: the phases and rounds, the goods still to come this phase, the colour bonus tiles left
// (and who took the others), the turn-order track as a track, and the black depot
function centralBoard(view, names, black, prev) {
  const phaseAt = PHASE_LETTERS.indexOf(view.phase);
  const phases = el("ol", { class: "bg-phases", "aria-label": t("burgundy.phases") }, PHASE_LETTERS.map((ph, i) =>
    el("li", { class: i < phaseAt ? "done" : i === phaseAt ? "now" : "", "aria-current": i === phaseAt ? "step" : null }, ph)));
  const rounds = el("ol", { class: "bg-rounds", "aria-label": t("burgundy.rounds") }, [1, 2, 3, 4, 5].map(r =>
    el("li", { class: r < view.round ? "done" : r === view.round ? "now" : "", "aria-current": r === view.round ? "step" : null }, r)));
  const goods = el("span", { class: "bg-goods-coming", id: "bg-goods-coming" }, view.round_goods.length
    ? view.round_goods.map(c => el("span", { class: `bg-good g${c}`, title: t("burgundy.goods_colour", { n: c }) }, c)) : t("common.none"));
  // the turn-order track: each seat's piece on its space, a later arrival on top
  const top = Math.max(...view.track.map(x => x.position), 0);
  const cells = [];
  for (let pos = 0; pos <= top + 1; pos++) {
    const here = view.track.filter(x => x.position === pos).sort((a, b) => b.height - a.height);
    const moved = prev ? here.some(x => (prev.track.find(y => y.seat === x.seat) || {}).position !== pos) : false;
    cells.push(mark(el("li", { class: `bg-track-cell${here.length ? " taken" : ""}`, "data-position": pos },
      el("span", { class: "bg-track-pos" }, pos), here.map(x => el("span", { class: "bg-piece", "data-seat": x.seat }, names[x.seat]))), moved));
  }
  const bonusRows = SPACE_TYPES.map(type => {
    const b = view.bonus[type] || {};
    const cell = (size, vp) => {
      const holder = b[size];
      const was = prev && prev.bonus[type] ? prev.bonus[type][size] : undefined;
      return mark(el("td", { class: holder === null ? "free" : "taken", "data-size": size },
        holder === null ? t("burgundy.bonus_left", { n: vp }) : t("burgundy.bonus_taken", { name: names[holder] ?? holder + 1, n: vp })),
      prev !== null && was === null && holder !== null);
    };
    return el("tr", { "data-type": type }, el("td", {}, el("span", { class: "bg-swatch", style: `background:${FILL[type]}` }), ` ${t(`burgundy.space.${type}`)}`),
      cell("large", view.bonus_vp.large), cell("small", view.bonus_vp.small));
  });
  return el("section", { class: "bg-central", id: "bg-central", "aria-label": t("burgundy.central") },
    el("div", { class: "row bg-central-head" }, el("strong", {}, t("burgundy.phase")), phases, el("strong", {}, t("burgundy.round_label")), rounds),
    el("div", { class: "row" }, el("span", { class: "muted" }, t("burgundy.goods_to_come")), goods,
      el("span", { class: "muted" }, t("burgundy.white_die", { die: view.white_die ?? "-", bag: view.goods_bag }))),
    el("div", { class: "bg-track-box" }, el("div", { class: "muted" }, t("burgundy.track_title")),
      el("ol", { class: "bg-track", id: "bg-track" }, cells),
      el("div", { class: "muted bg-next-order" }, t("burgundy.order_now", { order: view.turn_order.map(q => names[q]).join(" → ") }),
        " · ", t("burgundy.order_next", { order: view.next_turn_order.map(q => names[q]).join(" → ") }))),
    el("div", { class: "bg-central-parts" },
      el("table", { class: "scores bg-bonus", id: "bg-bonus" }, el("caption", {}, t("burgundy.bonus_tiles")),
        el("tr", {}, el("th", {}, t("burgundy.colour")), el("th", {}, t("burgundy.bonus_large")), el("th", {}, t("burgundy.bonus_small"))), bonusRows),
      black));
}

export function render(payload, act, names, ctx = {}) {
  const view = payload.view;
  const prev = ctx.prev && ctx.prev.seats && ctx.prev.seats.length === view.seats.length && ctx.prev.depots ? ctx.prev : null;
  const legal = payload.legal_actions || [];
  const root = el("div", { class: "bg" });
  const chooser = el("div", { class: "row bg-chooser", id: "bg-chooser" });

  const shown = new Map();  // label -> a tile drawn with it, for the legend
  function offer(matches) {
    if (matches.length === 1) { act(matches[0].action); return; }
    const texts = choiceTexts(matches.map(a => ({ action: a.action, text: actionText(a, payload) })));
    chooser.replaceChildren(el("span", { class: "muted" }, t("burgundy.which")),
      ...matches.map((a, i) => el("button", { onclick: () => act(a.action) }, texts[i])));
    chooser.scrollIntoView({ block: "nearest" });  // on a phone the chooser may be far above the tap
  }
  const matching = pred => legal.filter(a => pred(a.action));

  root.append(el("div", { class: "row" },
    el("strong", {}, t("burgundy.head", { phase: view.phase, round: view.round })),
    view.pending && view.pending !== "over" && !payload.finished ? el("span", { class: "dm-prompt" }, `${names[view.to_move] ?? ""}: ${t(`burgundy.pending.${view.pending}`)}`) : null,
    rulesLink("burgundy", view.options)));
  root.append(chooser);
  if (payload.result) root.append(pointsTable(payload.result, names));

  // depots: a slot whose tile changed since the last view (taken, or refilled) is marked
  const tileId = x => (x ? x.id ?? JSON.stringify(x) : null);
  const depots = el("div", { class: "bg-depots", id: "bg-depots" });
  for (const d of view.depots) {
    const before = prev ? prev.depots.find(x => x.depot === d.depot) : null;
    const slots = d.slots.map((slot, i) => {
      const m = matching(a => (a.type === "take" || a.type === "pick" || a.type === "buy") && a.depot === d.depot && a.slot === i);
      return mark(tileChip(slot.tile, { legal: m.length > 0, onclick: m.length ? () => offer(m) : null, shown }),
        before !== null && before !== undefined && tileId(before.slots[i]?.tile) !== tileId(slot.tile));
    });
    const goods = d.goods.map((n, c) => n ? el("span", { class: "bg-goods" }, `${"■".repeat(n)}${c + 1}`) : null);
    depots.append(el("div", { class: "bg-depot", "data-depot": d.depot }, el("strong", {}, t("burgundy.depot", { n: d.depot })), slots, el("div", {}, goods)));
  }
  const black = view.black_depot.map((t, i) => {
    const m = matching(a => a.type === "buy" && a.depot === "black" && a.slot === i);
    return mark(tileChip(t, { legal: m.length > 0, onclick: m.length ? () => offer(m) : null, shown }),
      prev !== null && tileId(prev.black_depot[i]) !== tileId(t));
  });
  const blackBox = el("div", { class: "bg-depot black", id: "bg-black" }, el("strong", {}, t("burgundy.black_depot")), black);

  // seats: estate, storage, goods, money, workers, dice; the viewer's own first
  const seatPanels = [];
  for (const s of [...view.seats.filter(x => x.seat === payload.seat), ...view.seats.filter(x => x.seat !== payload.seat)]) {
    const mine = s.seat === payload.seat;
    const was = prev ? prev.seats.find(x => x.seat === s.seat) : null;
    const taken = SPACE_TYPES.flatMap(type => ["large", "small"].filter(size => (view.bonus[type] || {})[size] === s.seat)
      .map(size => el("span", { class: "bg-bonus-chip", "data-type": type, "data-size": size },
        el("span", { class: "bg-swatch", style: `background:${FILL[type]}` }), ` ${t(`burgundy.bonus_tile.${size}`, { type: t(`burgundy.space.${type}`), n: view.bonus_vp[size] })}`)));
    const panel = el("div", { class: `bg-seat${view.to_move === s.seat ? " to-move" : ""}`, "data-seat": s.seat });
    seatPanels.push(panel);
    panel.append(el("div", { class: "row" }, el("strong", {}, names[s.seat]), mark(el("span", {}, t("burgundy.vp", { n: s.vp })), was && was.vp !== s.vp),
      el("span", { class: "dm-stat" }, t("burgundy.silverlings", { n: s.silverlings })), el("span", { class: "dm-stat" }, t("burgundy.workers", { n: s.workers })),
      el("span", { class: "dm-stat" }, t("burgundy.goods", { goods: s.goods.map((n, c) => n ? `${c + 1}×${n}` : "").filter(Boolean).join(" ") || t("common.none") })),
      s.knowledge.length ? el("span", { class: "muted" }, t("burgundy.knowledge", { list: s.knowledge.map(k => k.number ?? k).join(", ") })) : null));
    if (taken.length) panel.append(el("div", { class: "row bg-taken" }, el("span", { class: "muted" }, t("burgundy.bonus_taken_by")), taken));
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
      const storage = el("span", { class: "row", id: mine ? "bg-storage" : null }, el("span", { class: "muted" }, t("burgundy.storage")),
        ...(s.storage.length ? s.storage.map((t, i) => {
          const m = mine ? matching(a => a.type === "discard" && a.slot === i) : [];
          return tileChip(t, { legal: m.length > 0, onclick: m.length ? () => offer(m) : null, shown });
        }) : [el("span", { class: "muted" }, t("burgundy.empty"))]));
      panel.append(el("div", { class: "row" }, el("span", { class: "muted" }, t("burgundy.dice")), dice, storage));
    }
    if (s.board_info) panel.append(el("div", { class: "row muted bg-board-name" }, boardLabel(s.board_info, s.board)));
    panel.append(estate(s, payload, matching, offer, shown, was));
  }
  // the viewer's own estate comes first, then the central board and depots, then the others
  root.append(...seatPanels.slice(0, payload.seat === null || payload.seat === undefined ? 0 : 1));
  root.append(centralBoard(view, names, blackBox, prev), depots);
  root.append(...seatPanels.slice(payload.seat === null || payload.seat === undefined ? 0 : 1));
  root.append(legend(shown));
  return root;
}

function estate(s, payload, matching, offer, shown, was = null) {
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
    const m = payload.seat === s.seat ? matching(a => (a.type === "place" || a.type === "hall" || a.type === "start")
      && a.space === sp.id) : [];
    const filled = !!sp.tile;
    if (filled) shown.set(label(sp.tile), sp.tile);
    const fresh = was && was.estate && filled && !(was.estate.find(x => x.id === sp.id) || {}).tile;
    const g = svg("g", { "data-space": sp.id, class: `bg-space${m.length ? " legal" : ""}${fresh ? " last-move" : ""}` },
      svg("polygon", { points: pts, fill: FILL[sp.type], "fill-opacity": filled ? 1 : 0.35,
        stroke: m.length ? "#000" : "#fff", "stroke-width": m.length ? 3 : 1.5 }),
      svg("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 12, "font-weight": 700,
        fill: filled ? INK[sp.type] : "#222", class: filled ? "bg-label" : "bg-die-number" }, filled ? label(sp.tile) : sp.die),
      // the space's colour as a letter too, so the estate reads without colour
      ...(filled ? [] : [svg("text", { x: cx, y: cy - 9, "text-anchor": "middle", "font-size": 8, fill: "#222",
        class: "bg-space-letter" }, t(`burgundy.space_letter.${sp.type}`))]),
      svg("title", {}, t("burgundy.space_title", { id: sp.id, type: t(`burgundy.space.${sp.type}`), die: sp.die })
        + (sp.tile ? ` — ${meaning(sp.tile)}` : "")));
    if (m.length) {
      g.addEventListener("click", () => offer(m));
      // the keyboard: Tab to a highlighted space, Enter or Space
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", t("burgundy.space_title", { id: sp.id, type: t(`burgundy.space.${sp.type}`), die: sp.die }));
      g.addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); offer(m); } });
    }
    else if (filled) g.addEventListener("click", () => showInfo(g, tileDetails(sp.tile), true));  // a tap reads the tile
    root.append(g);
  }
  root.append(regionEdges(s.estate, rows, widest, size, w, h));
  return root;
}

// The borders between regions (neighbouring spaces of different colours) drawn dark, so the regions read without
// colour: edge k of a pointy-top hex joins its corners at 60k-30 and 60k+30 degrees (0: the right edge, then
// clockwise), and faces the neighbour in that direction; rows above the middle one are shorter to the left
function regionEdges(estate, rows, widest, size, w, h) {
  const at = new Map(estate.map(sp => [`${sp.row},${sp.col}`, sp]));
  const group = svg("g", { class: "bg-region-edges", "pointer-events": "none" });
  for (const sp of estate) {
    const r = sp.row, c = sp.col;
    const up = r <= 3 ? [[r - 1, c - 1], [r - 1, c]] : [[r - 1, c], [r - 1, c + 1]];  // upper left, upper right
    const down = r < 3 ? [[r + 1, c], [r + 1, c + 1]] : [[r + 1, c - 1], [r + 1, c]];  // lower left, lower right
    const facing = [[r, c + 1], down[1], down[0], [r, c - 1], up[0], up[1]];
    const cx = 4 + w / 2 + c * w + (widest - rows[r]) * w / 2, cy = 4 + h / 2 + r * h * 0.75;
    const corner = k => [cx + size * Math.cos(Math.PI / 180 * (60 * k - 30)), cy + size * Math.sin(Math.PI / 180 * (60 * k - 30))];
    facing.forEach(([fr, fc], k) => {
      const other = at.get(`${fr},${fc}`);
      if (!other || other.type === sp.type || other.id < sp.id) return;
      const [x1, y1] = corner(k), [x2, y2] = corner(k + 1);
      group.append(svg("line", { x1, y1, x2, y2, stroke: "#111", "stroke-width": 2.5, "stroke-linecap": "round",
        class: "bg-region-edge" }));
    });
  }
  return group;
}

// the game log's entries in the reader's language
export function logText(entry, names, viewer) {
  const d = entry.data || {};
  const who = subject(entry.seat, names, viewer);
  const tile = d.tile ? tileName(d.tile) : "";
  switch (entry.kind) {
    case "take": return t(entry.text.endsWith("(building)") ? "burgundy.log.take_building" : "burgundy.log.take", { ...who, tile, depot: d.depot });
    case "place": return t(entry.text.endsWith("(City Hall)") ? "burgundy.log.place_hall" : "burgundy.log.place", { ...who, tile, space: d.space });
    case "workers": return t(d.silverlings ? "burgundy.log.workers_silverling" : "burgundy.log.workers", { ...who, n: d.workers });
    case "adjust": return t("burgundy.log.adjust", { ...who, die: d.die + 1, from: d.from, to: d.to });
    case "buy": return t("burgundy.log.buy", { ...who, tile });
    case "discard": return t("burgundy.log.discard", { ...who, tile });
    case "skip": return t("burgundy.log.skip", { ...who, bonus: t(`burgundy.bonus.${d.bonus ?? "castle"}`) });
    case "end": return t("burgundy.log.end", who);
    case "sell": return t(d.workers ? "burgundy.log.sell_worker" : "burgundy.log.sell", { ...who, n: d.count, colour: d.colour, silverlings: d.silverlings });
    case "goods": return t("burgundy.log.goods", { ...who, n: d.count, colour: d.colour });
    case "phase": return t("burgundy.log.phase", { phase: d.phase, goods: list((d.goods || []).map(String)) });
    case "round": return t("burgundy.log.round", { phase: d.phase, round: d.round, white: d.white, goods: d.goods,
      order: list((d.order || []).map(q => names[q] ?? q + 1)) });
    case "roll": return t("burgundy.log.roll", { ...who, a: d.dice[0], b: d.dice[1] });
    case "income": return t(d.workers ? "burgundy.log.income_workers" : "burgundy.log.income", { ...who, n: d.silverlings, workers: d.workers });
    case "board": return t("burgundy.log.board", { ...who, n: d.board });
    case "start": return t("burgundy.log.start", { ...who, space: d.space });
    case "score": return t("burgundy.log.score", { ...who, n: d.vp, source: sourceName(d.source) });
    case "game-end": return t("log.game_over", { scores: list((d.scores || []).map((v, i) => `${names[i] ?? i + 1} ${t("burgundy.vp", { n: v })}`)) });
    default: return null;
  }
}

// the rules page (rules.js): its sections in order, each with rules.burgundy.SECTION.title and .body in the catalogues
export const rulesSections = ["goal", "setup", "start", "boards", "round", "actions", "workers", "black", "tiles", "regions", "end",
  "info"];

// the variant rules, one section each, marked "in use" when the table's options say so
export const rulesVariants = [
  ["scenario-basic", o => (o.scenario ?? "basic") === "basic"],
  ["scenario-advanced", o => o.scenario === "advanced"],
  ["scenario-random", o => o.scenario === "random"],
  ["scenario-free-choice", o => o.scenario === "free-choice"],
  ["city_hall-any-colour", o => (o.city_hall ?? "any-colour") === "any-colour"],
  ["city_hall-matching-colour", o => o.city_hall === "matching-colour"],
  ["tiebreak-fewest-empty", o => (o.tiebreak ?? "fewest-empty") === "fewest-empty"],
  ["tiebreak-most-empty", o => o.tiebreak === "most-empty"],
  ["black-between-actions", o => (o.black_depot_timing ?? "between-actions") === "between-actions"],
  ["black-during-effects", o => o.black_depot_timing === "during-effects"],
];

// the rules page's reference: every kind of tile, its label and its effect
export function rulesExtra() {
  const tiles = [{ type: "ship" }, { type: "castle" }, { type: "mine" },
    ...SPECIES.map(species => ({ type: "animal", species, animals: 3 })),
    ...BUILDINGS.map(building => ({ type: "building", building })),
    ...Array.from({ length: 26 }, (_, i) => ({ type: "knowledge", number: i + 1 }))];
  return el("div", { id: "bg-tiles" }, el("p", {}, t("burgundy.reference_intro")),
    el("div", { class: "bg-legend-part" }, SPACE_TYPES.map(type => el("span", { class: "bg-key" },
      el("span", { class: "bg-swatch", style: `background:${FILL[type]}` }), ` ${t(`burgundy.space.${type}`)}`))),
    el("table", { class: "scores bg-reference" },
      el("tr", {}, el("th", {}, t("burgundy.label")), el("th", {}, t("burgundy.tile")), el("th", {}, t("burgundy.effect"))),
      tiles.map(tile => el("tr", { "data-label": label(tile) },
        el("td", {}, el("b", { class: "bg-chip", style: `background:${FILL[tile.type]};color:${INK[tile.type]}` }, label(tile))),
        el("td", {}, tile.type === "animal" ? t(`burgundy.species.${tile.species}`) : tileName(tile)), el("td", {}, effect(tile))))),
    el("p", { class: "muted" }, t("burgundy.key_marks")));
}
