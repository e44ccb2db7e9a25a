"""Helpers for Dominion tests: build exact situations and act by readable names."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

import realms.games
from realms.core.rng import Rng
from realms.games.dominion.cards import BY_NAME, CARDS, NAMES, NCARDS
from realms.games.dominion.cards.card import Handler
from realms.games.dominion.rules import ACTION_PHASE, DominionState

G = realms.games.get("dominion")
FIRST_GAME = "first-game"


def ids(names: Iterable[str]) -> list[int]:
    return [BY_NAME[n] for n in names]


def names(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def kingdom_with(*cards: str) -> list[str]:
    """A 10-card kingdom holding ``cards``, filled up from a fixed list."""
    filler = ["Village", "Smithy", "Market", "Festival", "Laboratory", "Cellar", "Chapel", "Workshop", "Woodcutter",
              "Council Room", "Moneylender", "Remodel", "Mine", "Library", "Gardens"]
    out = list(cards)
    for f in filler:
        if len(out) == 10:
            break
        if f not in out:
            out.append(f)
    return out


def registry_kingdoms(covered: Collection[int]) -> list[str]:
    """Kingdoms of 10 cards drawn from the card registry that between them hold every kingdom card in ``covered``
    (in id order, the last one filled up from the first cards), as ``kingdom=`` values: a fast path compared on
    these is compared on every card it covers, a card added later included, by construction."""
    cards = [c.name for c in CARDS if c.kingdom and c.id in covered]
    out = []
    for i in range(0, len(cards), 10):
        chunk = cards[i:i + 10]
        chunk += [n for n in cards if n not in chunk][:10 - len(chunk)]
        out.append(",".join(chunk))
    return out


def asking_cards(kingdoms: Iterable[str]) -> set[str]:
    """The cards of these kingdoms that ask a question of their own (a ``decide`` of their own)."""
    return {n for k in kingdoms for n in k.split(",") if type(CARDS[BY_NAME[n]]).decide is not Handler.decide}


def rich_game(opts: dict[str, Any], seed: int) -> DominionState:
    """A new game whose seats start with two of each of the kingdom's cards besides the usual 7 Coppers and 3
    Estates (so every card's decisions come up in a few games: random seats seldom buy the $5 and $6 cards)."""
    s = G.new(opts, seed)
    rng = Rng(seed)
    for q in range(s.players):
        cards = [0] * 7 + [4] * 3 + [c for c in s.kingdom for _ in range(2)]
        rng.shuffle(cards)
        s.hand[q], s.deck[q] = cards[:5], cards[5:]
        s.owned[q] = [cards.count(c) for c in range(len(NAMES))]
    s.to_move = 0
    G._advance(s)
    return s


def new(*cards: str, players: int = 2, edition: str = "first", colony: bool = False, seed: int = 0,
        **opts: Any) -> DominionState:
    return G.new({"players": players, "kingdom": kingdom_with(*cards), "edition": edition,
                  "colony_platinum": colony, **opts}, seed)


def empty_pile(s: DominionState, *cards: str) -> None:
    """Empty Supply piles by surgery, keeping the empty-pile count and mask right."""
    for c in ids(cards):
        if s.supply[c]:
            s.supply[c] = 0
            s.empty += 1
            s.gone |= 1 << c


def set_pile(s: DominionState, card: str, count: int) -> None:
    assert count > 0
    s.supply[BY_NAME[card]] = count


def set_zones(s: DominionState, p: int, hand: Iterable[str] | None = None, deck: Iterable[str] | None = None,
              discard: Iterable[str] | None = None) -> None:
    """Replace ``p``'s zones. ``deck`` is listed top card first and its order is fixed (known to ``p``)."""
    if hand is not None:
        s.hand[p] = ids(hand)
        s.hpub[p] = ()
    if deck is not None:
        d = ids(deck)
        s.deck[p] = d[::-1]
        s.top[p] = [0] * len(d)
    if discard is not None:
        s.disc[p] = ids(discard)
        s.dpub[p] = 0
    recount(s)


def recount(s: DominionState) -> None:
    """Make ``owned`` agree with the zones after surgery."""
    for p in range(s.players):
        cnt = [0] * NCARDS
        for zone in (s.hand, s.deck, s.disc, s.play, s.aside, s.look, s.held, s.shown, s.bottom, s.nvmat, s.island):
            for c in zone[p]:
                cnt[c] += 1
        s.owned[p] = cnt


def start_turn(s: DominionState, p: int = 0, hand: Iterable[str] = (), deck: Iterable[str] | None = (),
               discard: Iterable[str] | None = (), **others: Any) -> DominionState:
    """Seat ``p`` begins its Action phase holding ``hand`` over ``deck`` (top first) and ``discard``.

    ``others`` may give ``hand1=[...]``, ``deck1=[...]``, ``discard1=[...]`` for other seats (deck order fixed).
    """
    s.cur = p
    s.phase = ACTION_PHASE
    s.actions, s.buys, s.coins = 1, 1, 0
    s.silver_bonus, s.silver_played, s.bought = 0, False, False
    s.stack = []
    for q in range(s.players):
        s.play[q] = []
    set_zones(s, p, hand, deck, discard)
    for q in range(s.players):
        if q == p:
            continue
        set_zones(s, q, others.get(f"hand{q}"), others.get(f"deck{q}"), others.get(f"discard{q}"))
    G._advance(s)
    return s


def act(s: DominionState, kind: str, card: str | None = None, log: bool = False) -> list:
    data: dict[str, Any] = {"type": kind}
    if card is not None:
        data["card"] = card
    return G.apply(s, G.action_from_json(data), log=log)


def play(s: DominionState, card: str, log: bool = False) -> list:
    return act(s, "play", card, log)


def choose(s: DominionState, *cards: str) -> None:
    for c in cards:
        act(s, "choose", c)


def yes(s: DominionState) -> None:
    act(s, "yes")


def no(s: DominionState) -> None:
    act(s, "no")


def done(s: DominionState) -> None:
    act(s, "done")


def legal(s: DominionState) -> set[str]:
    return {str(a) for a in G.legal_actions(s)}


def hand(s: DominionState, p: int = 0) -> list[str]:
    return sorted(names(s.hand[p]))


def deck_top(s: DominionState, p: int, k: int) -> list[str]:
    """The top ``k`` cards of a deck whose order is known (top first)."""
    assert len(s.top[p]) >= k, "the deck order is not fixed here"
    return names(s.deck[p][::-1][:k])


def total_cards(s: DominionState) -> int:
    t = sum(s.supply) + len(s.trash)
    for zone in (s.hand, s.deck, s.disc, s.play, s.aside, s.look, s.held, s.shown, s.bottom, s.nvmat, s.island):
        t += sum(len(z) for z in zone)
    return t


def pending_seat(s: DominionState) -> int | None:
    return s.stack[-1][2] if s.stack else None


def outcome(winners: list[int], swap: int) -> str:
    """``"win"``, ``"loss"`` or ``"tie"`` of the bot under test in a two-seat game whose winners are ``winners``: it
    sits in seat 0, or in seat 1 where ``swap`` (seats alternate game by game)."""
    if len(winners) > 1:
        return "tie"
    return "win" if (winners[0] == 0) != bool(swap) else "loss"
