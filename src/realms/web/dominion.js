// Dominion board: supply with costs and counts, your hand, the play area, coins/actions/buys, the
// prompt for the pending decision, and every seat's public zones. Only legal actions are clickable.
import { el } from "/static/app.js";
import { seatText } from "/static/log.js";

const TYPE_CLASS = { Treasure: "treasure", Victory: "victory", Curse: "curse", Action: "action", Attack: "attack", Reaction: "reaction" };

function legalMap(payload) {
  const map = new Map();
  for (const a of payload.legal_actions || []) {
    const key = a.action.card !== undefined ? `${a.action.type}:${a.action.card}` : a.action.type;
    map.set(key, a);
  }
  return map;
}

function card(name, types, opts = {}) {
  const cls = ["dm-card", ...(types || []).map(t => TYPE_CLASS[t] || "")];
  if (opts.legal) cls.push("legal");
  return el("button", { class: cls.join(" "), disabled: !opts.legal, "data-card": name, title: opts.title || name,
    onclick: opts.legal ? opts.onclick : null }, el("span", { class: "dm-name" }, name), opts.extra || null);
}

export function handles() { return true; }

export function render(payload, act, names) {
  const view = payload.view;
  const legal = legalMap(payload);
  const typesOf = Object.fromEntries(view.supply.map(p => [p.card, p.types]));
  const root = el("div", { class: "dm" });
  const me = view.seats.find(s => s.seat === payload.seat);

  root.append(el("div", { class: "row" },
    el("strong", {}, names[view.current] === "You" ? `Dominion — your turn ${view.turn}` : `Dominion — ${names[view.current]}'s turn ${view.turn}`),
    el("span", { class: "dm-stat" }, `${view.phase} phase`),
    el("span", { class: "dm-stat" }, `actions ${view.actions}`), el("span", { class: "dm-stat" }, `buys ${view.buys}`),
    el("span", { class: "dm-stat" }, `coins ${view.coins}`)));

  // the pending decision and the phase controls
  const controls = el("div", { class: "row dm-controls", id: "dm-controls" });
  if (view.pending) {
    // the engine's prompt names seats as "Seat 1": named here as the board names them, and not twice
    const said = seatText(view.pending.prompt, names), who = names[view.pending.seat];
    controls.append(el("span", { class: "dm-prompt" }, who && !said.startsWith(who) ? `${who}: ${said}` : said));
  }
  for (const [key, label] of [["play_treasures", "Play all treasures"], ["end_actions", "End actions"],
    ["end_buys", "End buying"], ["yes", "Yes"], ["no", "No"], ["done", "Done"]]) {
    if (legal.has(key)) controls.append(el("button", { class: "primary", "data-action": key, onclick: () => act(legal.get(key).action) }, label));
  }
  root.append(controls);

  // choices of cards that are not in the hand or the supply (revealed, looked at, set aside)
  const choices = [...legal.values()].filter(a => a.action.type === "choose");
  if (choices.length) root.append(el("div", { class: "row", id: "dm-choices" }, el("span", { class: "muted" }, "Choose:"),
    choices.map(a => card(a.action.card, typesOf[a.action.card], { legal: true, onclick: () => act(a.action), title: a.text }))));

  // supply
  const supply = el("div", { class: "dm-supply", id: "dm-supply" });
  for (const p of view.supply) {
    const buy = legal.get(`buy:${p.card}`);
    supply.append(card(p.card, p.types, { legal: !!buy, onclick: () => buy && act(buy.action),
      extra: el("span", { class: "dm-meta" }, `$${p.cost} · ${p.count}`), title: `${p.card}: cost ${p.cost}, ${p.count} left` }));
  }
  root.append(el("div", {}, el("div", { class: "muted" }, "Supply"), supply));

  // your hand
  if (me && me.hand) {
    const hand = el("div", { class: "dm-hand", id: "dm-hand" });
    me.hand.forEach(name => {
      const play = legal.get(`play:${name}`);
      hand.append(card(name, typesOf[name], { legal: !!play, onclick: () => play && act(play.action) }));
    });
    root.append(el("div", {}, el("div", { class: "muted" }, `Your hand (deck ${me.deck_size}, discard ${me.discard_size})`), hand));
  }

  // every seat's public zones
  const seats = el("div", { class: "dm-seats" });
  for (const s of view.seats) {
    seats.append(el("div", { class: `dm-seat${s.seat === view.current ? " current" : ""}`, "data-seat": s.seat },
      el("strong", {}, names[s.seat]), s.vp !== undefined ? ` — ${s.vp} VP` : "",
      el("div", { class: "muted" }, `hand ${s.hand_size} · deck ${s.deck_size} · discard ${s.discard_size}${s.discard_top ? ` (top: ${s.discard_top})` : ""}`),
      s.play.length ? el("div", {}, "in play: ", s.play.join(", ")) : null,
      s.aside.length ? el("div", {}, "set aside: ", s.aside.join(", ")) : null));
  }
  root.append(seats);
  if (view.trash.length) root.append(el("div", { class: "muted" }, `Trash: ${view.trash.join(", ")}`));
  return root;
}
