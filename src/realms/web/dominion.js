// Dominion board: the supply as cards (type colour, cost, name, count; the text on hover or ⓘ), your hand, the
// play area, coins/actions/buys, the prompt for the pending decision, and every seat's public zones. Only legal
// actions are clickable. Cards, prompts and the log are worded in the reader's language.
import { el, serverGames } from "/static/app.js";
import { t, has, list } from "/static/i18n.js";
import { seatText, subject } from "/static/log.js";
import { withInfo } from "/static/info.js";
import { rulesLink } from "/static/rules.js";
import { mark } from "/static/motion.js";

// Card facts, served by the server from the engine's card definitions (GET /api/meta, the game's "data"): each
// card's cost, types and where it comes from, and the cards whose wording differs between the printings (their
// texts are keyed .first/.second)
const data = (await serverGames().catch(() => [])).find(g => g.id === "dominion")?.data ?? {};
export const CARDS = data.cards ?? {};
export const EDITION_WORDING = data.edition_wording ?? [];

const TYPE_CLASS = { Treasure: "treasure", Victory: "victory", Curse: "curse", Action: "action", Attack: "attack", Reaction: "reaction" };
const editionOf = view => (view.edition === 2 || view.edition === "second" ? "second" : "first");

export const cardName = name => (name in CARDS ? t(`dominion.card.${name}`) : name);
const typeWords = types => types.map(x => t(`dominion.type.${x}`)).join(" – ");

export function cardText(name, edition) {
  if (EDITION_WORDING.includes(name)) return t(`dominion.text.${name}.${edition}`);
  return name in CARDS ? t(`dominion.text.${name}`) : "";
}

// the card read in full: name, cost, types, its text in the edition in use
export function cardDetails(name, edition) {
  const c = CARDS[name] || { cost: "?", types: [] };
  return [el("div", { class: `dm-detail ${(c.types || []).map(x => TYPE_CLASS[x] || "").join(" ")}`, "data-detail": name },
    el("div", { class: "dm-detail-head" }, el("span", { class: "dm-cost" }, `$${c.cost}`), el("strong", {}, cardName(name))),
    el("div", { class: "dm-types" }, typeWords(c.types)),
    el("div", { class: "dm-text" }, cardText(name, edition)),
    EDITION_WORDING.includes(name) ? el("div", { class: "muted dm-edition" }, t(`dominion.wording.${edition}`)) : null,
    c.set === "first" || c.set === "second" ? el("div", { class: "muted dm-edition" }, t(`dominion.only.${c.set}`)) : null)];
}

function legalMap(payload) {
  const map = new Map();
  for (const a of payload.legal_actions || []) {
    const key = a.action.card !== undefined ? `${a.action.type}:${a.action.card}` : a.action.type;
    map.set(key, a);
  }
  return map;
}

// The expansions' marks, drawn with inline styles (CSSOM, which the page's style-src 'self' allows): Duration cards
// are orange as printed; a Duration in play carries a strip saying it stays until its owner's next turn; a pile
// under Embargo tokens a red strip with their number; a cost Bridge lowered shows the cost now in green with the
// printed one struck through beside it
const DURATION_BG = "#f3cf9f";
const STYLE = {
  under: "display:flex;flex-wrap:wrap;align-items:center;gap:.25rem;padding:1px 0 1px 4px",
  stays: "padding:0 .3rem;border-radius:3px;font-size:.68rem;font-weight:700;background:#9a3412;color:#fff",
  staysCard: "outline:2px dashed #9a3412;outline-offset:1px",
  embargo: "padding:0 .3rem;border-radius:3px;font-size:.68rem;font-weight:700;background:#b91c1c;color:#fff",
  costNow: "background:#15803d;color:#fff",
  printed: "font-size:.68rem;color:#7f1d1d",
  chip: "display:inline-flex;align-items:center;gap:.15rem;padding:0 .35rem;margin:1px 2px;border-radius:4px;border:1px solid #999;font-size:.8rem;font-weight:600;background:#fafafa",
  back: "display:inline-block;width:1.1rem;height:1.5rem;margin:1px;border-radius:3px;border:1px solid #1e3a5f;vertical-align:middle;" +
    "background:repeating-linear-gradient(45deg,#27496d 0 4px,#3b6a99 4px 8px)",
  zone: "margin-top:.2rem;font-size:.85rem",
  badge: "display:inline-block;margin:.15rem .3rem 0 0;padding:0 .4rem;border-radius:999px;font-size:.78rem;font-weight:700",
  caution: "flex-basis:100%;margin:.2rem 0;padding:.3rem .6rem;border-radius:6px;background:#fef3c7;border:2px solid #b45309;color:#451a03;font-weight:600",
  banner: "margin:.3rem 0;padding:.3rem .6rem;border-radius:6px;background:#fde68a;border:2px solid #b45309;font-weight:700",
  note: "display:inline-block;margin-left:.6rem;padding:0 .4rem;border-radius:4px;background:#dcfce7;color:#14532d;font-size:.85rem;font-weight:600",
};
const CHIP_BG = { Curse: "#d9c3e6", Victory: "#cfe8c2", Treasure: "#f4e3a1", Reaction: "#cfe0f4", Duration: DURATION_BG };
function background(types) {
  if (types.includes("Duration") && types.includes("Treasure")) return `linear-gradient(135deg,${CHIP_BG.Treasure} 50%,${DURATION_BG} 50%)`;
  for (const x of ["Duration", "Curse", "Victory", "Treasure", "Reaction"]) if (types.includes(x)) return CHIP_BG[x];
  return null;
}

// A card as a card: cost (the cost now, opts.cost, where Bridge lowered it), name, type line, the extra strips and
// the pile count; legal ones act on click (or Enter); ⓘ (or hover) reads it in full
function card(name, edition, opts = {}) {
  const c = CARDS[name] || { cost: "?", types: opts.types || [] };
  const types = c.types || [];
  const cls = ["dm-card", ...types.map(x => TYPE_CLASS[x] || "")];
  if (types.includes("Duration")) cls.push("duration");
  if (opts.legal) cls.push("legal");
  const bg = types.includes("Duration") ? background(types) : null;
  const now = opts.cost ?? c.cost;
  const cheaper = typeof now === "number" && typeof c.cost === "number" && now < c.cost;
  const node = el("div", { class: cls.join(" "), "data-card": name, role: opts.legal ? "button" : null,
    tabindex: opts.legal ? "0" : null, title: opts.title || null,
    style: [bg ? `background:${bg}` : "", opts.style || ""].filter(Boolean).join(";") || null,
    onclick: opts.legal ? opts.onclick : null,
    onkeydown: opts.legal ? e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onclick(); } } : null },
    el("span", { class: "dm-cost", "data-cost": now, style: cheaper ? STYLE.costNow : null,
      title: cheaper ? t("dominion.ui.cost_now", { n: now, printed: c.cost }) : null }, `$${now}`),
    el("span", { class: "dm-name" }, cardName(name)),
    // under the name: the printed cost struck through (under the cost now), then the strips
    cheaper || opts.strips ? el("span", { class: "dm-under", style: STYLE.under },
      cheaper ? el("s", { class: "dm-printed-cost", style: STYLE.printed, title: t("dominion.ui.printed_cost", { n: c.cost }) }, `$${c.cost}`) : null,
      opts.strips || null) : null,
    el("span", { class: "dm-types" }, typeWords(types)),
    opts.extra || null);
  node.append(withInfo(node, () => cardDetails(name, edition), cardName(name)));
  return node;
}

// a Duration in play that stays until its owner's next turn: a dashed outline and a strip
function stayOpts(name, you) {
  return { style: STYLE.staysCard, title: t("dominion.ui.stays_title", { name, you }),
    strips: el("span", { class: "dm-stays", style: STYLE.stays }, t("dominion.ui.stays")) };
}

// a card named in a seat's zone, small: its name on its type's colour (hover or ⓘ reads it in full)
function chip(name, edition) {
  const types = (CARDS[name] || {}).types || [];
  const bg = background(types);
  const node = el("span", { class: "dm-chip", "data-card": name, style: STYLE.chip + (bg ? `;background:${bg}` : "") +
    (types.includes("Attack") ? ";border-color:#b33" : "") }, cardName(name));
  const info = withInfo(node, () => cardDetails(name, edition), cardName(name));
  info.style.cssText = "position:static;margin-left:.15rem;width:.95rem;height:.95rem;font-size:.6rem";
  node.append(info);
  return node;
}

// n face-down cards: their backs (five at most) and how many
function backs(n) {
  return el("span", { class: "dm-backs", "data-count": n, title: t("dominion.ui.face_down", { n }) },
    Array.from({ length: Math.min(n, 5) }, () => el("span", { class: "dm-back", style: STYLE.back })),
    el("span", { class: "dm-back-count" }, ` ${t("dominion.ui.cards_n", { n })}`));
}

// one of a seat's zones or mats: its label and its cards (faces, or backs with a count)
function zone(key, label, content) {
  return el("div", { class: "dm-zone", "data-zone": key, style: STYLE.zone }, el("span", { class: "muted" }, label), " ", content);
}

// a play area's cards with the Durations that wait for their owner's next turn marked: as many of each name as
// the seat's `durations` lists (a Throne Room's Duration acts twice but is one card)
function durationMarks(seat) {
  const waiting = new Map();
  for (const d of seat.durations || []) waiting.set(d, (waiting.get(d) || 0) + 1);
  return seat.play.map(c => {
    const k = waiting.get(c) || 0;
    if (k) waiting.set(c, k - 1);
    return k > 0;
  });
}

// the expansions' part of a seat's box: Durations, Haven's face-down cards, Blockade's face-up ones, the Island
// and Native Village mats, Pirate Ship's coins and Lighthouse's protection
function seatExtras(s, view, edition, names, viewer) {
  const out = [];
  const mine = s.seat === viewer;
  const badges = [];
  if (s.protected) badges.push(el("span", { class: "dm-badge dm-protected", "data-badge": "protected",
    style: `${STYLE.badge};background:#dbeafe;color:#1e3a8a;border:1px solid #1e3a8a`,
    title: t("dominion.ui.protected_title", { name: names[s.seat], you: mine, card: cardName("Lighthouse") }) },
  t("dominion.ui.protected", { card: cardName("Lighthouse") })));
  if (s.pirate_coins || view.kingdom.includes("Pirate Ship")) badges.push(el("span", { class: "dm-badge dm-pirate",
    "data-badge": "pirate", "data-count": s.pirate_coins || 0,
    style: `${STYLE.badge};background:#e9c74a;color:#222;border:1px solid #8a6d00` },
  t("dominion.ui.pirate_coins", { n: s.pirate_coins || 0, card: cardName("Pirate Ship") })));
  if (badges.length) out.push(el("div", {}, badges));
  if ((s.durations || []).length) out.push(zone("durations", t("dominion.ui.durations", { you: mine }),
    (s.durations || []).map(c => chip(c, edition))));
  const held = s.held || [];
  if (s.held_size) out.push(zone("held", t("dominion.ui.held", { card: cardName("Haven") }),
    held.length ? [...held.map(c => chip(c, edition)), el("span", { class: "muted" }, ` ${t("dominion.ui.only_you")}`)] : backs(s.held_size)));
  if ((s.shown || []).length) out.push(zone("shown", t("dominion.ui.shown", { card: cardName("Blockade") }), s.shown.map(c => chip(c, edition))));
  if ((s.island || []).length) out.push(zone("island", t("dominion.ui.island", { card: cardName("Island") }), s.island.map(c => chip(c, edition))));
  const nv = s.native_village || [];
  if (s.native_village_size) out.push(zone("native_village", t("dominion.ui.native_village", { card: cardName("Native Village") }),
    nv.length ? [...nv.map(c => chip(c, edition)), el("span", { class: "muted" }, ` ${t("dominion.ui.only_you")}`)] : backs(s.native_village_size)));
  return out;
}

// The engine's prompts and choice texts come with a message key and its arguments (`say`): worded from the
// catalogues' dominion.say.<key>, card names as cards and {seat} as the board names seats (with the "you" forms
// for the viewer's own). A text without a key is shown in English (and recorded as a missing key).
export function sayText(said, text, names, viewer) {
  if (!said || !said.key) { t(`dominion.say.${text}`); return seatText(text, names); }
  const params = {};
  for (const [k, v] of Object.entries(said.args || {})) {
    if (k === "seat") { params.seat = names[v] ?? seatText(`Seat ${v + 1}`, names); params.you = v === viewer; }
    else params[k] = typeof v === "string" ? cardName(v) : v;
  }
  return t(`dominion.say.${said.key}`, params);
}
const capital = s => (s ? s[0].toUpperCase() + s.slice(1) : s);

// A legal action, or a move of the analysis (analysis.js), in the reader's words: from its message key (say)
// where it has one, seats named as the board names them (`names`; "Seat N" without), else the English text
export function actionText(a, payload, names = []) {
  return capital(sayText(a.say, a.text, names, payload.seat ?? null));
}

export function handles() { return true; }

// cards with a count each: "Copper ×3, Estate"
function counted(xs) {
  const by = new Map();
  for (const x of xs) by.set(x, (by.get(x) || 0) + 1);
  return [...by].map(([c, n]) => (n > 1 ? `${cardName(c)} ×${n}` : cardName(c))).join(", ");
}

// the end of the game: each seat's points card by card (and how many of each it owns)
export function breakdownTable(result, names) {
  const b = result.breakdown || [];
  const order = names.map((_, i) => i).sort((x, y) => result.ranks[x] - result.ranks[y]);
  const cards = [...new Set(b.flatMap(x => Object.keys((x && x.vp_by_card) || {})))]
    .sort((x, y) => (CARDS[y]?.cost ?? 0) - (CARDS[x]?.cost ?? 0) || x.localeCompare(y));
  return el("table", { class: "scores dm-breakdown", id: "dm-breakdown" },
    el("caption", {}, t("dominion.breakdown")),
    el("tr", {}, el("th", {}, t("dominion.card")), order.map(i => el("th", { "data-seat": i }, names[i]))),
    cards.map(c => el("tr", { "data-card": c }, el("td", {}, cardName(c)), order.map(i => {
      const n = (b[i] && b[i].cards && b[i].cards[c]) || 0, vp = (b[i] && b[i].vp_by_card && b[i].vp_by_card[c]) || 0;
      return el("td", {}, n ? t("dominion.breakdown_cell", { n, vp }) : "–");
    }))),
    el("tr", {}, el("td", {}, t("dominion.deck_size")), order.map(i => el("td", {}, (b[i] && b[i].deck_size) ?? ""))),
    el("tr", { class: "total" }, el("th", {}, t("dominion.total_vp")), order.map(i => el("th", {}, result.scores[i]))));
}

export function render(payload, act, names, ctx = {}) {
  const view = payload.view;
  const prev = ctx.prev && ctx.prev.seats && ctx.prev.seats.length === view.seats.length ? ctx.prev : null;
  const edition = editionOf(view);
  const legal = legalMap(payload);
  const root = el("div", { class: "dm" });
  const me = view.seats.find(s => s.seat === payload.seat);

  // a finished game says so, not whose turn it was, and has no phase, actions, buys or coins left to show
  const over = view.phase === "over";
  root.append(el("div", { class: "row dm-head" },
    el("strong", {}, over ? t("dominion.game_over") : payload.seat === view.current ? t("dominion.your_turn", { n: view.turn })
      : t("dominion.turn_of", { name: names[view.current], n: view.turn })),
    over ? null : [el("span", { class: "dm-stat" }, t(`dominion.phase.${view.phase}`)),
      el("span", { class: "dm-stat" }, t("dominion.actions", { n: view.actions })), el("span", { class: "dm-stat" }, t("dominion.buys", { n: view.buys })),
      el("span", { class: "dm-stat" }, t("dominion.coins", { n: view.coins }))],
    el("span", { class: "muted" }, t(`dominion.edition.${edition}`)),
    rulesLink("dominion", view.options)));
  // an Outpost's extra turn, said above the board as a banner
  if (view.extra_turn && view.phase !== "over") root.append(el("div", { class: "dm-banner", id: "dm-extra-turn", role: "status", style: STYLE.banner },
    t("dominion.ui.extra_turn", { name: names[view.current], you: payload.seat === view.current, card: cardName("Outpost") })));
  // the cost of each card now (the Supply's: Bridge lowers it this turn), for the cards shown anywhere
  const costNow = new Map(view.supply.map(p => [p.card, p.cost]));

  // the pending decision and the phase controls
  const controls = el("div", { class: "row dm-controls", id: "dm-controls" });
  if (view.pending) {
    // the prompt names seats as the board does, and not twice
    const said = sayText(view.pending.say, view.pending.prompt, names, payload.seat), who = names[view.pending.seat];
    controls.append(el("span", { class: "dm-prompt" }, who && !said.startsWith(who) ? `${who}: ${said}` : said));
  }
  // Treasures still in hand in the buy phase: ending the buys would lose their coins, so the first press of
  // "End buying" says so and keeps the turn; a second press ("End buying anyway") ends it
  const unplayed = view.phase === "buy" && legal.has("play_treasures") && me && me.hand ? me.hand.filter(n => legal.has(`play:${n}`)) : [];
  for (const key of ["play_treasures", "end_actions", "end_buys", "yes", "no", "done"]) {
    if (!legal.has(key)) continue;
    const a = legal.get(key);
    const label = ["yes", "no", "done"].includes(key) ? capital(sayText(a.say, a.text, names, payload.seat)) : t(`dominion.control.${key}`);
    const press = key === "end_buys" && unplayed.length ? event => {
      const button = event.currentTarget;
      if (button.dataset.asked) { act(a.action); return; }
      button.dataset.asked = "1";
      button.textContent = t("dominion.control.end_buys_anyway");
      const counted = [...new Set(unplayed)].map(n => { const k = unplayed.filter(x => x === n).length; return k > 1 ? `${cardName(n)} ×${k}` : cardName(n); });
      controls.append(el("div", { class: "dm-caution", id: "dm-caution", role: "alert", style: STYLE.caution },
        t("dominion.ui.unplayed_treasures", { cards: list(counted), n: unplayed.length })));
    } : () => act(a.action);
    controls.append(el("button", { class: "primary", "data-action": key, onclick: press }, label));
  }
  root.append(controls);

  // choices of cards that are not in the hand or the supply (revealed, looked at, set aside)
  const choices = [...legal.values()].filter(a => a.action.type === "choose");
  if (choices.length) root.append(el("div", { class: "row dm-own", id: "dm-choices" }, el("span", { class: "muted" }, t("dominion.choose")),
    choices.map(a => card(a.action.card, edition, { legal: true, cost: costNow.get(a.action.card), onclick: () => act(a.action), title: capital(sayText(a.say, a.text, names, payload.seat)) }))));

  // supply
  const supply = el("div", { class: "dm-supply", id: "dm-supply" });
  const counts = prev ? new Map(prev.supply.map(p => [p.card, p.count])) : null;
  const embargo = view.embargo || {};
  for (const p of view.supply) {
    const buy = legal.get(`buy:${p.card}`);
    const tokens = embargo[p.card] || 0;
    // a pile that went down since the last view: bought or gained from
    supply.append(mark(card(p.card, edition, { legal: !!buy, onclick: () => buy && act(buy.action), types: p.types, cost: p.cost,
      strips: tokens ? el("span", { class: "dm-embargo", "data-tokens": tokens, style: STYLE.embargo,
        title: t("dominion.ui.embargo_title", { n: tokens, card: cardName("Curse") }) }, t("dominion.ui.embargo", { n: tokens, card: cardName("Embargo") })) : null,
      extra: el("span", { class: `dm-count${p.count ? "" : " empty"}` }, t("dominion.left", { n: p.count })) }),
    counts !== null && counts.has(p.card) && counts.get(p.card) > p.count));
  }
  const supplyBox = el("div", { class: "dm-supply-box" }, el("div", { class: "muted" }, t("dominion.supply"),
    view.cost_reduction ? el("span", { class: "dm-cost-reduction", id: "dm-cost-reduction", style: STYLE.note },
      t("dominion.ui.cost_reduction", { n: view.cost_reduction, card: cardName("Bridge") })) : null), supply);

  // your hand
  if (me && me.hand) {
    const hand = el("div", { class: "dm-hand", id: "dm-hand" });
    me.hand.forEach(name => {
      const play = legal.get(`play:${name}`);
      hand.append(card(name, edition, { legal: !!play, cost: costNow.get(name), onclick: () => play && act(play.action) }));
    });
    // the cards this seat knows at the bottom of its deck (Pearl Diver), the lowest last
    const bottom = me.deck_bottom && me.deck_bottom.length ? el("div", { class: "dm-zone", "data-zone": "deck_bottom", id: "dm-deck-bottom", style: STYLE.zone },
      el("span", { class: "muted" }, t("dominion.ui.deck_bottom")), " ", me.deck_bottom.map(c => chip(c, edition))) : null;
    root.append(el("div", { class: "dm-own" }, el("div", { class: "muted" }, t("dominion.your_hand", { deck: me.deck_size, discard: me.discard_size })), hand, bottom));
  }

  // the cards in play this turn (the current seat's), as cards: the newest ones marked, and the Durations that stay
  // until its next turn with a strip that says so
  const cur = view.seats.find(s => s.seat === view.current);
  if (cur && (cur.play.length || cur.aside.length)) {
    const was = prev ? (prev.seats.find(s => s.seat === cur.seat) || {}).play || [] : null;
    const newer = was !== null && prev.current === view.current ? Math.max(0, cur.play.length - was.length) : 0;
    const stays = durationMarks(cur);
    root.append(el("div", { class: "dm-play-box", id: "dm-play" },
      el("div", { class: "muted" }, t("dominion.in_play_turn", { name: names[view.current] })),
      el("div", { class: "dm-hand dm-play" }, cur.play.map((c, i) => mark(card(c, edition, { cost: costNow.get(c), ...(stays[i] ? stayOpts(names[cur.seat], cur.seat === payload.seat) : {}) }),
        i >= cur.play.length - newer)))));
  }
  root.append(supplyBox);

  // every seat's public zones
  const seats = el("div", { class: "dm-seats" });
  const cards = xs => xs.map(cardName).join(", ");
  for (const s of view.seats) {
    const was = prev ? prev.seats.find(x => x.seat === s.seat) : null;
    seats.append(el("div", { class: `dm-seat${s.seat === view.current ? " current" : ""}`, "data-seat": s.seat },
      el("strong", {}, names[s.seat]), s.vp !== undefined ? " — " : "",
      s.vp !== undefined ? mark(el("span", { class: "dm-vp" }, t("dominion.vp", { n: s.vp })), was !== null && was !== undefined && was.vp !== s.vp) : null,
      // a finished game's replay shows every hand
      s.hand && s.seat !== payload.seat ? el("div", { class: "dm-revealed" }, t("dominion.hand_of", { cards: counted(s.hand) || t("common.none") })) : null,
      el("div", { class: "muted" }, t("dominion.zones", { hand: s.hand_size, deck: s.deck_size, discard: s.discard_size }),
        s.discard_top ? ` ${t("dominion.top", { card: cardName(s.discard_top) })}` : ""),
      s.play.length ? el("div", {}, t("dominion.in_play", { cards: cards(s.play) })) : null,
      s.aside.length ? el("div", {}, t("dominion.set_aside", { cards: cards(s.aside) })) : null,
      seatExtras(s, view, edition, names, payload.seat)));
  }
  root.append(seats);
  root.append(mark(el("div", { class: "dm-trash", id: "dm-trash" }, el("strong", {}, t("dominion.trash_n", { n: view.trash.length })), " ",
    view.trash.length ? counted(view.trash) : t("common.none")), prev !== null && prev.trash.length < view.trash.length));
  if (payload.result && payload.result.breakdown) root.append(breakdownTable(payload.result, names));
  return root;
}

// the game log's entries in the reader's language
export function logText(entry, names, viewer) {
  const d = entry.data || {};
  const who = subject(entry.seat, names, viewer);
  const cards = xs => list((xs || []).map(cardName));
  switch (entry.kind) {
    case "play": {
      const again = d.card !== undefined && entry.text.endsWith(" again");
      return t(again ? "dominion.log.play_again" : "dominion.log.play", { ...who, cards: d.card !== undefined ? cardName(d.card) : cards(d.cards) });
    }
    case "buy": return t("dominion.log.buy", { ...who, card: cardName(d.card) });
    case "turn": return t(d.extra ? "dominion.log.extra_turn" : "dominion.log.turn", { ...who, n: d.turn });
    case "trash": return t(d.source === "supply" ? "dominion.log.trash_supply" : "dominion.log.trash", { ...who, cards: cards(d.cards) });
    // the expansions' events
    case "duration": return t("dominion.log.duration", { ...who, card: cardName(d.card) });
    case "embargo": return t("dominion.log.embargo", { ...who, card: cardName(d.card) });
    case "hand": return t("dominion.log.hand_from_blockade", { ...who, cards: cards(d.cards) });
    case "held": return t("dominion.log.held", who);
    case "held_back": return t("dominion.log.held_back", who);
    case "island": return t("dominion.log.island", { ...who, cards: cards(d.cards) });
    case "native_village":
      if (d.moved > 0) return t("dominion.log.native_village_put", { ...who, n: d.count });
      if (d.moved < 0) return t("dominion.log.native_village_take", { ...who, n: -d.moved });
      return t("dominion.log.native_village_none", who);
    case "pass": {
      const to = names[d.to] ?? `${(d.to ?? 0) + 1}`;
      if (d.card !== undefined) return t("dominion.log.pass_card", { ...who, card: cardName(d.card), to });
      return t("dominion.log.pass", { ...who, to });
    }
    case "return": return t("dominion.log.return", { ...who, cards: cards(d.cards) });
    case "sea_chart": return t("dominion.log.sea_chart", { ...who, cards: cards(d.cards) });
    case "token": return t("dominion.log.token", { ...who, n: d.coins ?? d.count ?? "" });
    case "chancellor": return t("dominion.log.chancellor", who);
    case "reveal":
      if (entry.text.includes("with no Victory card")) return t("dominion.log.reveal_no_victory", { ...who, cards: cards(d.cards) });
      if (entry.text.includes("has no card to reveal")) return t("dominion.log.reveal_none", who);
      return t("dominion.log.reveal", { ...who, cards: cards(d.cards) });
    case "topdeck":
      if (d.cards && entry.text.includes("from their discard pile")) return t("dominion.log.topdeck_discard", { ...who, cards: cards(d.cards) });
      if (d.cards && entry.text.includes("revealed")) return t("dominion.log.topdeck_revealed", { ...who, cards: cards(d.cards) });
      if (d.cards) return t("dominion.log.topdeck_back", { ...who, cards: cards(d.cards) });
      if (d.count) return t("dominion.log.topdeck_count", { ...who, n: d.count });
      return t("dominion.log.topdeck_hand", who);
    case "draw": return t("dominion.log.draw", { ...who, n: d.count });
    case "discard":
      if (d.top !== undefined) return t("dominion.log.discard_top", { ...who, n: d.count, card: cardName(d.top) });
      return t("dominion.log.discard", { ...who, cards: cards(d.cards) });
    case "aside": return t("dominion.log.aside", { ...who, cards: cards(d.cards) });
    case "look": return t("dominion.log.look", { ...who, n: d.count });
    case "reshuffle": return t("dominion.log.reshuffle", { ...who, n: d.cards });
    case "gain":
      if (d.card === null || d.card === undefined) return t("dominion.log.gain_nothing", { ...who, n: d.up_to ?? "?" });
      if (d.source === "trash") return t("dominion.log.gain_trash", { ...who, card: cardName(d.card) });
      return t(`dominion.log.gain_${d.to === "hand" || d.to === "deck" ? d.to : "discard"}`, { ...who, card: cardName(d.card) });
    case "game-end": return t("log.game_over", { scores: list((d.scores || []).map((v, i) => `${names[i] ?? i + 1} ${t("dominion.vp", { n: v })}`)) });
    default: return null;
  }
}

// the rules page (rules.js): its sections in order, each with rules.dominion.SECTION.title and .body in the catalogues
export const rulesSections = ["goal", "setup", "turn", "action", "buy", "cleanup", "terms", "reactions", "durations",
  "mats", "end", "info"];

// the variant rules, one section each, marked "in use" when the table's options say so
export const rulesVariants = [
  ["edition-first", o => (o.edition ?? "first") === "first"],
  ["edition-second", o => o.edition === "second"],
  ["kingdom-first-game", o => (o.kingdom ?? "first-game") === "first-game"],
  ["kingdom-random", o => o.kingdom === "random"],
  ["kingdom-list", o => Array.isArray(o.kingdom) || (typeof o.kingdom === "string" && o.kingdom.includes(","))],
  ["colony_platinum", o => !!o.colony_platinum],
  ["turn_limit", o => (o.turn_limit ?? 0) > 0],
  ["two", o => (o.players ?? 2) === 2],
  ["five-six", o => (o.players ?? 2) >= 5],
  ["sets", o => o.kingdom === "random" && (o.sets ?? "base") !== "base"],
];

// the rules page's reference: every card in full, in the edition the table uses (both for the cards that differ)
export function rulesExtra(options = {}) {
  const edition = options.edition === "second" ? "second" : "first";
  // the base game's groups first, then one group for every other origin the server names (a set added later),
  // headed by its catalogue entry where it has one
  const known = ["basic", "prosperity", "both", "first", "second"];
  const origins = [...known, ...new Set(Object.values(CARDS).map(c => c.set).filter(o => !known.includes(o)))];
  const groups = origins.map(o => [o, n => CARDS[n].set === o]);
  return el("div", { id: "dm-cards" }, el("p", {}, t("dominion.reference_intro", { edition: t(`dominion.edition.${edition}`) })),
    groups.map(([g, pick]) => el("div", {}, el("h3", {}, has(`dominion.group.${g}`) ? t(`dominion.group.${g}`) : g),
      el("div", { class: "dm-reference" }, Object.keys(CARDS).filter(pick).sort((a, b) => CARDS[a].cost - CARDS[b].cost)
        .map(n => el("div", { class: "dm-ref-card" }, cardDetails(n, edition),
          EDITION_WORDING.includes(n) ? el("div", { class: "dm-other-edition" },
            el("strong", {}, t(`dominion.wording.${edition === "first" ? "second" : "first"}`)), " ",
            cardText(n, edition === "first" ? "second" : "first")) : null))))));
}
