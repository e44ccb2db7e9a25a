"""Dominion rules: setup, the Action-Buy-Clean-up turn, the stack of pending decisions, scoring.

Turn machine. With the stack empty, the current player is in the Action phase (deciding which Action
to play, or ``end_actions``) while they have an Action left and an Action card in hand; otherwise the
phase passes to Buy by itself, since no decision exists. In the Buy phase they play Treasures (all at
once or one by one) until their first buy, then buy (``buy``) or stop (``end_buys``). With no buys
left, Clean-up follows at once: hand and play go to the discard pile, five cards are drawn, and the
game ends if the Province pile (or Colony pile) or any three Supply piles are empty.

Pending decisions. Card effects that need a choice push frames (lists of ints, see ``cards/card.py``)
onto ``state.stack``; the top frame decides who moves. A frame with nothing to decide is resolved by the
engine straight away, and so is one with a single legal choice, unless its handler sets ``always_ask``:
whether a question comes at all must not depend on what only its decider can see, so a Moat owner's
reveal (``no`` alone without a Moat in hand), Bureaucrat's victim, every card Library draws and every pick from
a hidden hand (Discard down, Remodel, Mine, Throne Room, Poacher; Sentry's order of two equal cards) are asked
even with one answer; so are the expansions' questions about a hidden hand or look: Ambassador, Baron, Courtier,
Courtyard, Explorer, Ghost Ship, Haven, Island, Lookout, Masquerade, Mill, Navigator, Pirate, Replace, Salvager,
Sea Witch, Secret Chamber, Secret Passage, Steward, Tide Pools, Trading Post, Upgrade and Warehouse. The second
edition's Mine and Throne Room, which may do nothing, are asked with no Treasure or Action card in hand too
(``done`` alone); the first edition's must use one, so using none shows there was none. The Buy phase is always
asked while a buy remains (``end_buys`` may be the only answer). docs/dominion.md, "Forced steps", says the same
for players. ``tests/games/dominion/test_information.py`` plays random games over every box and checks that no
question is settled alone where another seat holds possible a hand that would be asked it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from realms.core import undo
from realms.core.errors import IllegalAction
from realms.core.game import Action, Event, Game, Result
from realms.core.options import Option
from realms.core.rng import Rng, check_seed
from realms.games.dominion.cards import (
    CARDS,
    COINS,
    COLONY,
    COST,
    HANDLERS,
    IS_ACTION,
    IS_TREASURE,
    NAMES,
    NCARDS,
    VP,
    Card,
)
from realms.games.dominion.cards.basic import COPPER, CURSE_ID, ESTATE, GOLD, PROVINCE, SILVER
from realms.games.dominion.cards.card import (
    CARD_ACTIONS,
    DONE,
    END_ACTIONS,
    END_BUYS,
    NO,
    PLAY_TREASURES,
    TREASURE,
    TYPES,
    VICTORY,
    YES,
    Say,
    card_of,
    plain_say,
)
from realms.games.dominion.frames import START, play_card, staying
from realms.games.dominion.state import DominionState, expansion_fields
from realms.games.dominion.supply import choose_kingdom, parse_kingdom, parse_sets, pile_sizes, supply_order
from realms.games.dominion.view import build_view
from realms.games.dominion.zones import (
    BOUGHT_VICTORY,
    BUY_END_SETTLED,
    CORSAIR_STRUCK,
    MAX_TURNS,
    PUBLIC,
    UNSEEN,
    corsair_hits,
    cost,
    draw,
    gain,
    hand_left,
    kingdom_of,
    say,
    seat_name,
    trash,
    unseen_slots,
)

ACTION_PHASE, BUY_PHASE, OVER = 0, 1, 2
PHASE_NAMES = ("action", "buy", "over")


#: Treasures that do more than give their coins when played (Astrolabe), by card id
SPECIAL_TREASURE = [bool(c.types & TREASURE) and not (c.data_only and not (c.plus_cards or c.plus_actions
                     or c.plus_buys or c.plus_coins)) for c in CARDS]
#: cards with something to do at the end of their owner's Buy phase (Treasury), by card id
#: this turn's flag (``DominionState.flags``) in a game with undo: its player ended the buys (``_advance``)
TURN_ENDED = 1 << 10
_BUY_END = [type(c).buy_end is not Card.buy_end for c in CARDS]


def play_treasure(s: DominionState, p: int, c: int) -> None:
    """The effects of Treasure ``c``, already put into play by ``p``: its coins and what the turn adds to them
    (Merchant's first Silver, Coppersmith's Coppers), another seat's Corsair, and what else the card does."""
    s.coins += COINS[c]
    if c == SILVER and not s.silver_played:
        s.silver_played = True
        s.coins += s.silver_bonus
    elif c == COPPER:
        s.coins += s.copper_bonus
    if s.ev is not None:
        say(s, "play", p, f"{seat_name(p)} played {NAMES[c]}", cards=[NAMES[c]], coins=s.coins)
    if SPECIAL_TREASURE[c]:
        card = CARDS[c]
        s.buys += card.plus_buys
        s.actions += card.plus_actions
        s.coins += card.plus_coins
        if card.plus_cards:
            draw(s, p, card.plus_cards)
        card.play(s, p, True)
    if (s.corsair and (c == SILVER or c == GOLD) and corsair_hits(s, p) and not s.flags & CORSAIR_STRUCK
            and c in s.play[p]):
        s.flags |= CORSAIR_STRUCK  # the first Silver or Gold of the turn: its coins are made, then it goes
        s.play[p].remove(c)
        trash(s, p, c)


def _build_actions() -> tuple[Action, ...]:
    acts = [
        Action(PLAY_TREASURES, "play_treasures", None, "play all treasures"),
        Action(END_ACTIONS, "end_actions", None, "end the Action phase"),
        Action(END_BUYS, "end_buys", None, "end buying"),
        Action(YES, "yes", None, "yes"),
        Action(NO, "no", None, "no"),
        Action(DONE, "done", None, "done"),
    ]
    for c in range(NCARDS):
        n = NAMES[c]
        acts.append(Action(len(acts), "play", {"card": n}, f"play {n}"))
        acts.append(Action(len(acts), "buy", {"card": n}, f"buy {n}"))
        acts.append(Action(len(acts), "choose", {"card": n}, f"choose {n}"))
    assert len(acts) == CARD_ACTIONS + 3 * NCARDS
    return tuple(acts)


ACTIONS = _build_actions()
_NACT = len(ACTIONS)
A_PLAY_TREASURES = ACTIONS[PLAY_TREASURES]
A_END_ACTIONS = ACTIONS[END_ACTIONS]
A_END_BUYS = ACTIONS[END_BUYS]
A_PLAY = [ACTIONS[CARD_ACTIONS + 3 * c] for c in range(NCARDS)]
A_BUY = [ACTIONS[CARD_ACTIONS + 1 + 3 * c] for c in range(NCARDS)]


_ACTION_CACHE: dict[int, tuple[Action, ...]] = {}
_TREASURE_CACHE: dict[int, tuple[Action, ...]] = {}
_BUY_CACHE: dict[tuple[tuple[int, ...], int, int], tuple[Action, ...]] = {}


#: ``Dominion.legal_indices``' own caches: by the hand's Action cards, and by the Buy phase's key (the hand's
#: Treasures, whether a buy is left, the kingdom, coins and empty piles)
_ACTION_INDICES: dict[int, tuple[int, ...]] = {}
_BUY_INDICES: dict[tuple[int, bool, tuple[int, ...], int, int], tuple[int, ...]] = {}


def _action_actions(mask: int) -> tuple[Action, ...]:
    """One ``play`` per distinct Action card in hand (by the hand's bit mask), then ``end_actions``."""
    acts = _ACTION_CACHE.get(mask)
    if acts is None:
        acts = _ACTION_CACHE[mask] = tuple(A_PLAY[c] for c in range(NCARDS) if mask >> c & 1) + (A_END_ACTIONS,)
    return acts


def _treasure_actions(mask: int) -> tuple[Action, ...]:
    """``play_treasures`` and one ``play`` per distinct Treasure in hand, by the hand's bit mask."""
    acts = _TREASURE_CACHE.get(mask)
    if acts is None:
        acts = _TREASURE_CACHE[mask] = (A_PLAY_TREASURES,) + tuple(
            A_PLAY[c] for c in range(NCARDS) if mask >> c & 1)
    return acts


def _buy_actions(piles: tuple[int, ...], coins: int, gone: int, supply: list[int]) -> tuple[Action, ...]:
    """``buy`` for every non-empty pile costing up to ``coins`` (memoised by kingdom, coins and empty piles). With
    cards costing $d less (Bridge) a card is affordable exactly when its printed cost is at most coins + d, so the
    callers pass that sum."""
    key = (piles, coins, gone)
    acts = _BUY_CACHE.get(key)
    if acts is None:
        if len(_BUY_CACHE) > 200_000:
            _BUY_CACHE.clear()
        acts = _BUY_CACHE[key] = tuple(A_BUY[c] for c in piles if supply[c] and COST[c] <= coins)
    return acts


#: (players, edition, kingdom, Colony/Platinum) -> (pile order, kingdom, starting supply) of a fixed kingdom
_SUPPLIES: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[int, ...], list[int]]] = {}


class Dominion(Game):
    """Dominion, base set (both editions) with Colony/Platinum, for 1-4 players (1 = solitaire).

    >>> g = Dominion()
    >>> s = g.new({"players": 2}, seed=1)
    >>> [a.kind for a in g.legal_actions(s)][:1]
    ['play_treasures']
    """

    id = "dominion"
    name = "Dominion"
    min_players = 1
    max_players = 6
    options_spec = (
        Option("players", "int", 2, "number of players (1 = solitaire, with two-player pile sizes; 5-6 with a "
               "second set of base cards)", minimum=1, maximum=6),
        Option("edition", "choice", "first", "which printing's wording and randomizer deck",
               choices=("first", "second")),
        Option("kingdom", "any", "first-game", "first-game, random, a named kingdom (realms list), or 10 kingdom "
               "card names (list or a,b,c)"),
        Option("sets", "any", "base", "the boxes a random kingdom is drawn from: all, or any of base, intrigue, "
               "seaside (a,b)"),
        Option("colony_platinum", "bool", False, "add Colony and Platinum; an empty Colony pile also ends the game"),
        Option("turn_limit", "int", 0, "end the game after every seat has taken this many turns (0 = no limit but "
               f"{MAX_TURNS:,}, which only a table where nobody can buy anything reaches)",
               minimum=0, maximum=100000),
    )
    actions = ACTIONS

    def check_options(self, opts: dict[str, Any]) -> None:
        opts["kingdom"] = parse_kingdom(opts["kingdom"], opts["edition"])
        opts["sets"] = ",".join(parse_sets(opts["sets"]))

    # --- setup ---------------------------------------------------------------------------------
    def new(self, options: Mapping[str, Any] | None, seed: int) -> DominionState:
        return self.setup(self.validate_options(options), check_seed("dominion", seed))

    def setup(self, opts: dict[str, Any], seed: int) -> DominionState:
        """``new`` for options already validated (``validate_options``) and a checked seed."""
        s = self.undealt(opts, seed)
        for p in range(s.players):
            draw(s, p, 5)
        s.to_move = 0
        self._advance(s)
        s.undo = undo.new_log(opts)
        return s

    def undealt(self, opts: dict[str, Any], seed: int) -> DominionState:
        """``setup``'s table before the first hands are drawn: every deck seven Coppers and three Estates in that
        order, the stream as seeded (and, for a random kingdom, past the kingdom's draws). The compiled bot deals
        from it (``fast.FastGames``)."""
        n = opts["players"]
        rng = Rng(seed)
        edition = 1 if opts["edition"] == "first" else 2
        key = None if opts["kingdom"] == "random" else (n, edition, tuple(opts["kingdom"]), opts["colony_platinum"])
        made = _SUPPLIES.get(key) if key is not None else None
        if made is None:
            # draws from rng only for a random kingdom
            kingdom = choose_kingdom(opts["kingdom"], edition, rng, tuple(opts["sets"].split(",")))
            sizes = pile_sizes(n, kingdom, opts["colony_platinum"])
            made = (supply_order(sizes), tuple(kingdom), [sizes.get(c, 0) for c in range(NCARDS)])
            if key is not None and len(_SUPPLIES) < 1000:
                _SUPPLIES[key] = made
        s = DominionState.__new__(DominionState)
        s.players = n
        s.opts = opts
        s.edition = edition
        s.colony = opts["colony_platinum"]
        s.piles = made[0]
        s.kingdom = made[1]
        s.supply = made[2][:]
        s.empty = 0
        s.gone = 0
        s.hand = [[] for _ in range(n)]
        s.deck = [[COPPER] * 7 + [ESTATE] * 3 for _ in range(n)]
        s.top = [[] for _ in range(n)]
        s.disc = [[] for _ in range(n)]
        s.play = [[] for _ in range(n)]
        s.aside = [[] for _ in range(n)]
        s.look = [[] for _ in range(n)]
        s.owned = [[0] * NCARDS for _ in range(n)]
        for o in s.owned:
            o[COPPER], o[ESTATE] = 7, 3
        s.trash = []
        s.hpub = [()] * n
        s.dpub = [0] * n
        s.cur = 0
        s.phase = ACTION_PHASE
        s.actions, s.buys, s.coins = 1, 1, 0
        s.silver_bonus, s.silver_played, s.bought = 0, False, False
        s.turns = [0] * n
        s.stack = []
        s.rng = rng.state
        s.provinces = [0] * n
        s.p4 = [0] * n
        s.p8 = [0] * n
        for name, value in expansion_fields(n, NCARDS).items():
            setattr(s, name, value)
        s.xzones = kingdom_of(s.piles).zones
        s.immune = 0
        s.ev = None
        s.undo = None
        s.to_move = 0
        return s

    # --- queries -------------------------------------------------------------------------------
    def legal_actions(self, state: DominionState) -> list[Action]:
        s = state
        if s.to_move is None:
            return []
        if s.undo is not None:
            return undo.legal_actions(self, s)
        if s.stack:
            f = s.stack[-1]
            return [ACTIONS[i] for i in HANDLERS[f[0]].options(s, f)]  # type: ignore[union-attr]
        hand = s.hand[s.cur]
        out: list[Action]
        if s.phase == ACTION_PHASE:
            mask = 0
            for c in hand:
                if IS_ACTION[c]:
                    mask |= 1 << c
            return list(_action_actions(mask))
        if s.bought:
            out = []
        else:
            mask = 0
            for c in hand:
                if IS_TREASURE[c]:
                    mask |= 1 << c
            out = list(_treasure_actions(mask)) if mask else []
        if s.buys > 0:
            budget = s.coins + s.discount
            out += _buy_actions(s.piles, budget if budget < 16 else 16, s.gone, s.supply)
        out.append(A_END_BUYS)
        return out

    def legal_indices(self, state: DominionState) -> tuple[int, ...]:
        """``legal_actions``' indices, in its order, as a tuple: outside a pending decision a shared tuple from a
        cache keyed like ``legal_actions``' own (the hand's bit mask, the buy's kingdom, coins and empty piles)."""
        s = state
        if s.to_move is None:
            return ()
        if s.undo is not None:
            return undo.legal_indices(self, s)
        if s.stack:
            f = s.stack[-1]
            return tuple(HANDLERS[f[0]].options(s, f))  # type: ignore[arg-type]
        hand = s.hand[s.cur]
        mask = 0
        if s.phase == ACTION_PHASE:
            for c in hand:
                if IS_ACTION[c]:
                    mask |= 1 << c
            out = _ACTION_INDICES.get(mask)
            if out is None:
                out = _ACTION_INDICES[mask] = tuple([a.index for a in _action_actions(mask)])
            return out
        if not s.bought:
            for c in hand:
                if IS_TREASURE[c]:
                    mask |= 1 << c
        budget = s.coins + s.discount
        key = (mask, s.buys > 0, s.piles, budget if budget < 16 else 16, s.gone)
        out = _BUY_INDICES.get(key)
        if out is None:
            if len(_BUY_INDICES) > 200_000:
                _BUY_INDICES.clear()
            out = _BUY_INDICES[key] = tuple([a.index for a in self.legal_actions(s)])
        return out

    def apply_legal(self, state: DominionState, index: int) -> None:
        """``apply`` without its checks, for an index from ``legal_indices`` of this state: a pending decision's
        choice is not looked for among the frame's options again, nor the action among the game's."""
        s = state
        if s.undo is not None:
            undo.apply_index(self, s, index)
            return
        if s.stack:
            f = s.stack[-1]
            s.ev = None
            HANDLERS[f[0]].decide(s, f, index)
        elif s.phase == BUY_PHASE:
            self._buy_phase(s, s.to_move, index, False)  # type: ignore[arg-type]
        else:
            self._action_phase(s, s.to_move, index, False)  # type: ignore[arg-type]
        self._advance(s)
        s.ev = None

    # --- apply ---------------------------------------------------------------------------------
    def apply(self, state: DominionState, action: Action, log: bool = False) -> list[Event]:
        s = state
        p = s.to_move
        if p is None:
            raise IllegalAction("dominion: the game is over; no action is legal")
        if s.undo is not None:
            return undo.apply(self, s, action, log)
        try:
            idx = action.index
            known = ACTIONS[idx] is action
        except (AttributeError, IndexError, TypeError):
            known = False
        if not known:
            raw = getattr(action, "index", None)
            if raw.__class__ is not int or not 0 <= raw < _NACT or ACTIONS[raw] != action:
                if action == self.undo_action:
                    return undo.apply(self, s, action, log)
                raise IllegalAction(f"dominion: {action!r} is not an action of this game")
            idx = raw
        if s.stack:
            f = s.stack[-1]
            h = HANDLERS[f[0]]
            opts = h.options(s, f)
            if opts is None or idx not in opts:
                raise IllegalAction(self._why_frame(s, f, idx, opts or []))
            s.ev = [] if log else None
            h.decide(s, f, idx)
        elif s.phase == BUY_PHASE:
            self._buy_phase(s, p, idx, log)
        else:
            self._action_phase(s, p, idx, log)
        self._advance(s)
        ev = s.ev
        s.ev = None
        return ev if ev is not None else []

    def _action_phase(self, s: DominionState, p: int, idx: int, log: bool) -> None:
        if idx == END_ACTIONS:
            s.ev = [] if log else None
            s.phase = BUY_PHASE
            return
        c = card_of(idx)
        if idx < CARD_ACTIONS or idx != CARD_ACTIONS + 3 * c:
            raise IllegalAction(f"dominion: it is seat {p + 1}'s Action phase: play an Action card or end_actions, "
                                f"not {ACTIONS[idx]}")
        hand = s.hand[p]
        if not IS_ACTION[c]:
            why = "Treasures are played in the Buy phase" if IS_TREASURE[c] else "only Action cards are played"
            raise IllegalAction(f"dominion: {NAMES[c]} is not an Action card; {why}")
        if c not in hand:
            raise IllegalAction(f"dominion: seat {p + 1} has no {NAMES[c]} in hand")
        s.ev = [] if log else None
        hand.remove(c)
        if s.hpub[p]:
            hand_left(s, p, c)
        s.play[p].append(c)
        s.actions -= 1
        play_card(s, p, c, True)

    def _buy_phase(self, s: DominionState, p: int, idx: int, log: bool) -> None:
        if idx == PLAY_TREASURES:
            hand = s.hand[p]
            if s.bought:
                raise IllegalAction("dominion: Treasures cannot be played after buying a card")
            if s.copper_bonus or s.corsair or (kingdom_of(s.piles).special_treasure
                                               and any(SPECIAL_TREASURE[c] for c in hand)):
                self._play_each_treasure(s, p, log)
                return
            keep: list[int] = []
            played = s.play[p]
            coins = 0
            for c in hand:
                if IS_TREASURE[c]:
                    played.append(c)
                    coins += COINS[c]
                else:
                    keep.append(c)
            if len(keep) == len(hand):
                raise IllegalAction(f"dominion: seat {p + 1} has no Treasure in hand to play")
            s.ev = [] if log else None
            s.hand[p] = keep
            if s.hpub[p]:
                s.hpub[p] = tuple(c for c in s.hpub[p] if not IS_TREASURE[c])
            s.coins += coins
            if s.silver_bonus and not s.silver_played and SILVER in hand:
                s.coins += s.silver_bonus
                s.silver_played = True
            if log:
                shown = [NAMES[c] for c in hand if IS_TREASURE[c]]
                say(s, "play", p, f"{seat_name(p)} played {', '.join(shown)}", cards=shown, coins=s.coins)
            return
        if idx >= CARD_ACTIONS:
            c, kind = divmod(idx - CARD_ACTIONS, 3)
            if kind == 1:
                self._buy(s, p, c, log)
                return
            if kind == 0:
                self._play_treasure(s, p, c, log)
                return
        if idx == END_BUYS:
            s.ev = [] if log else None
            s.buys = 0
            if s.opts.get("undo"):
                s.flags |= TURN_ENDED
            return
        raise IllegalAction(f"dominion: it is seat {p + 1}'s Buy phase: play Treasures, buy a card or end_buys, "
                            f"not {ACTIONS[idx]}")

    def _play_each_treasure(self, s: DominionState, p: int, log: bool) -> None:
        """``play_treasures`` one card at a time, in hand order, where a Treasure does more than its coins."""
        treasures = [c for c in s.hand[p] if IS_TREASURE[c]]
        if not treasures:
            raise IllegalAction(f"dominion: seat {p + 1} has no Treasure in hand to play")
        s.ev = [] if log else None
        for c in treasures:
            if c in s.hand[p]:  # a Treasure played before may have moved one (none does yet)
                s.hand[p].remove(c)
                if s.hpub[p]:
                    hand_left(s, p, c)
                s.play[p].append(c)
                play_treasure(s, p, c)

    def _play_treasure(self, s: DominionState, p: int, c: int, log: bool) -> None:
        if not IS_TREASURE[c]:
            raise IllegalAction(f"dominion: {NAMES[c]} is not a Treasure; the Action phase is over")
        if s.bought:
            raise IllegalAction("dominion: Treasures cannot be played after buying a card")
        if c not in s.hand[p]:
            raise IllegalAction(f"dominion: seat {p + 1} has no {NAMES[c]} in hand")
        s.ev = [] if log else None
        s.hand[p].remove(c)
        if s.hpub[p]:
            hand_left(s, p, c)
        s.play[p].append(c)
        play_treasure(s, p, c)

    def _buy(self, s: DominionState, p: int, c: int, log: bool) -> None:
        if s.supply[c] <= 0:
            if c not in s.piles:
                raise IllegalAction(f"dominion: {NAMES[c]} is not in this game's Supply")
            raise IllegalAction(f"dominion: the {NAMES[c]} pile is empty")
        price = cost(s, c)
        if price > s.coins:
            raise IllegalAction(f"dominion: {NAMES[c]} costs ${price} but seat {p + 1} has ${s.coins}")
        s.ev = [] if log else None
        s.coins -= price
        s.buys -= 1
        s.bought = True
        if TYPES[c] & VICTORY:
            s.flags |= BOUGHT_VICTORY
        if log:
            say(s, "buy", p, f"{seat_name(p)} bought {NAMES[c]}", card=NAMES[c])
        gain(s, p, c, 0, True)
        tokens = s.embargo[c]
        for _ in range(tokens):  # one Curse per Embargo token on the pile bought from
            gain(s, p, CURSE_ID)

    def _why_frame(self, s: DominionState, f: list[int], idx: int, opts: list[int]) -> str:
        h = HANDLERS[f[0]]
        legal = ", ".join(f"{ACTIONS[i]} ({h.label(s, f, i)})" for i in opts)
        return (f"dominion: seat {f[2] + 1} must answer '{h.prompt(s, f)}'; {ACTIONS[idx]} is not a choice here "
                f"(choices: {legal})")

    # --- the turn machine ----------------------------------------------------------------------
    def _advance(self, s: DominionState) -> None:
        stack = s.stack
        while True:
            if stack:
                f = stack[-1]
                h = HANDLERS[f[0]]
                opts = h.options(s, f)
                if opts is None:
                    h.resume(s, f)
                elif len(opts) == 1 and not h.always_ask:
                    h.decide(s, f, opts[0])
                else:
                    s.to_move = f[2]
                    return
                continue
            p = s.cur
            if s.phase == ACTION_PHASE:
                if s.actions > 0:
                    for c in s.hand[p]:
                        if IS_ACTION[c]:
                            s.to_move = p
                            return
                s.phase = BUY_PHASE
            if s.buys > 0:
                s.to_move = p
                return
            if not s.flags & TURN_ENDED and s.opts.get("undo"):
                # a game with undo: the turn ends when its player says so (end_buys), so the last buy may be taken
                # back before the clean-up draws the next hand
                s.to_move = p
                return
            if not s.flags & BUY_END_SETTLED and kingdom_of(s.piles).buy_end:
                s.flags |= BUY_END_SETTLED
                for c in dict.fromkeys(s.play[p]):
                    if _BUY_END[c]:
                        CARDS[c].buy_end(s, p)
                if stack:
                    continue
            if self._cleanup(s, p):
                return

    def _cleanup(self, s: DominionState, p: int) -> bool:
        """Clean-up and the end check; True when the game is over."""
        disc = s.disc[p]
        # the hand goes down first (unseen), the played cards on top, face up (docs/dominion.md, Rulings); the old top
        # was in view until now. Durations that act next turn stay in play, with the Throne Rooms that played them.
        played = s.play[p]
        kept: list[int] = []
        if s.dur[p]:
            played, kept = staying(s, p)
        n = len(disc)
        known = s.dpub[p] | (1 << (n - 1) if n else 0)
        n += len(s.hand[p])
        if played:
            known |= ((1 << len(played)) - 1) << n
        s.dpub[p] = known
        disc += s.hand[p]
        disc += played
        s.play[p] = kept
        s.hand[p] = []
        s.hpub[p] = ()
        extra = s.outpost and not s.extra  # an Outpost acted: the next turn is this seat's again
        draw(s, p, 3 if s.outpost else 5)  # (the first edition's Outpost in an extra turn: 3 cards, no turn)
        if not s.extra:
            s.turns[p] += 1
        s.actions = 1
        s.buys = 1
        s.coins = 0
        s.silver_bonus = 0
        s.silver_played = False
        s.bought = False
        if s.discount or s.copper_bonus or s.flags or s.played or s.throned or s.outpost or s.extra:
            s.discount = s.copper_bonus = s.flags = 0
            s.throned = []
            s.outpost = False
        s.played = 0
        supply = s.supply
        limit = s.opts["turn_limit"] or MAX_TURNS
        if (not supply[PROVINCE] or s.empty >= (3 if s.players < 5 else 4) or (s.colony and not supply[COLONY])
                or (limit and p == s.players - 1 and s.turns[p] >= limit)):
            s.phase = OVER
            s.to_move = None
            if s.ev is not None:
                scores = [self.score(s, q) for q in range(s.players)]
                text = ", ".join(f"seat {q + 1} {v} VP" for q, v in enumerate(scores))
                say(s, "game-end", None, f"Game over: {text}", scores=scores)
            return True
        s.extra = extra
        if not extra:
            s.cur = p = (p + 1) % s.players
        s.phase = ACTION_PHASE
        if s.ev is not None:
            if extra:
                say(s, "turn", p, f"{seat_name(p)} takes an extra turn", turn=s.turns[p] + 1, extra=True)
            else:
                say(s, "turn", p, f"{seat_name(p)} begins turn {s.turns[p] + 1}", turn=s.turns[p] + 1)
        if s.gains[p]:
            s.gains[p] = []
        if s.dur[p]:  # the Durations played last turn act now, in the order they were played
            s.stack.append([START, 0, p, *s.dur[p]])
            s.dur[p] = []
        return False

    # --- scoring -------------------------------------------------------------------------------
    def score(self, state: DominionState, seat: int) -> int:
        """Victory points of ``seat``'s cards now (everything it owns)."""
        return score(state, seat)

    def result(self, state: DominionState) -> Result | None:
        s = state
        if s.to_move is not None:
            return None
        n = s.players
        scores = [self.score(s, p) for p in range(n)]
        keys = [(-s.turns[p],) for p in range(n)]

        def breakdown() -> list[dict[str, Any]]:
            out = []
            for p in range(n):
                owned = s.owned[p]
                total = sum(owned)
                cards = {NAMES[c]: k for c, k in enumerate(owned) if k}
                vp = {NAMES[c]: k * (CARDS[c].points_owning(owned)) for c, k in enumerate(owned)
                      if k and (VP[c] or c in _DYNAMIC_VP)}
                out.append({"vp": scores[p], "turns": s.turns[p], "cards": cards, "vp_by_card": vp,
                            "deck_size": total})
            return out

        return Result.from_keys(scores, keys, breakdown)

    def turns(self, state: DominionState) -> list[int]:
        return list(state.turns)

    def stats(self, state: DominionState) -> list[dict[str, float]]:
        """Per seat: the turn on which it gained its 4th and 8th Province (absent if it never did)."""
        out = []
        for p in range(state.players):
            d: dict[str, float] = {}
            if state.p4[p]:
                d["province_4_turn"] = state.p4[p]
            if state.p8[p]:
                d["province_8_turn"] = state.p8[p]
            out.append(d)
        return out

    # --- information ---------------------------------------------------------------------------
    def view(self, state: DominionState, seat: int | None) -> dict[str, Any]:
        return build_view(self, state, seat)

    def determinize(self, state: DominionState, seat: int, rng: Rng) -> DominionState:
        """A copy that keeps everything ``seat`` knows and resamples the rest (docs/dominion.md,
        "Information"). ``seat`` knows its own cards everywhere (its deck as contents, not order) and
        what everyone knows: public zones, the cards known to be in each hand (``hpub``), the publicly
        known deck positions (``top``) and discard positions (``dpub``, and every pile's top). Each
        other seat's remaining cards, in hand, deck, discard pile and private look, are dealt anew among
        those places (sizes kept; what it owns is public, so the pool is exact), and the RNG that orders
        every deck is replaced from ``rng``."""
        s = state.clone()
        s.undo = None  # a copy for a bot: bots never take moves back
        for q in range(s.players):
            if q != seat:
                _resample_seat(s, q, rng)
            elif UNSEEN in s.top[q]:
                _resample_unseen(s, q, rng)
        s.rng = rng.next64()
        # another seat's pending question stays pending even if the sampled world leaves it one answer:
        # that the question was asked is what ``seat`` saw
        return s

    def undoable(self, before: DominionState, action: Action, after: DominionState) -> bool:
        """The turn holder's own moves that reveal nothing may be taken back: playing a Treasure, or an Action
        that draws nothing (Village draws; Festival, Chapel and its trashing do not), a buy, ending the Action
        phase. Not ending the buys (the clean-up draws a new hand), nor any move that shuffled, drew, looked
        at a deck, put a card on one, or changed another seat's hand or hidden mats (an Attack), nor a
        reaction out of turn."""
        p = before.cur
        if before.to_move != p or after.cur != p or action.index == END_BUYS:
            return False
        if (after.rng != before.rng or after.turns != before.turns or after.deck != before.deck
                or after.look != before.look or after.top != before.top or after.bottom != before.bottom):
            return False
        for q in range(before.players):
            if q != p and (after.hand[q] != before.hand[q] or after.hpub[q] != before.hpub[q]
                           or after.held[q] != before.held[q] or after.nvmat[q] != before.nvmat[q]):
                return False
        return True

    def describe(self, state: DominionState, action: Action) -> str:
        return self.say(state, action).text

    def describe_say(self, state: DominionState, action: Action) -> dict[str, Any]:
        return self.say(state, action).to_json()

    def say(self, state: DominionState, action: Action) -> Say:
        """What ``action`` means now: the pending question's choice, else the phase action (``describe``)."""
        s = state
        if action.kind == "undo":
            return Say("undo", "undo")
        if s.stack and s.to_move is not None:
            f = s.stack[-1]
            return HANDLERS[f[0]].choice(s, f, action.index)
        a = action.index
        if a < CARD_ACTIONS:
            return plain_say(a)
        c, name = card_of(a), NAMES[card_of(a)]
        if action.kind == "buy":
            return Say("buy", f"buy {name} (${COST[c]})", card=name, n=COST[c])
        if action.kind == "play":
            return Say("play", f"play {name}", card=name)
        return Say("choose", f"choose {name}", card=name)


def _resample_unseen(s: DominionState, q: int, rng: Rng) -> None:
    """The searching seat's own deck: the cards nobody has seen, in its unordered part and fixed above a card put
    at an exact depth, dealt anew among those positions."""
    deck = s.deck[q]
    slots = unseen_slots(s, q)
    pool = [deck[i] for i in slots]
    rng.shuffle(pool)
    for i, c in zip(slots, pool, strict=True):
        deck[i] = c


def _resample_seat(s: DominionState, q: int, rng: Rng) -> None:
    """Deal ``q``'s cards that other seats cannot place anew among the places they may be."""
    hand = s.hand[q]
    known = list(s.hpub[q])
    pinned: list[int] = []
    pool: list[int] = []
    for c in hand:
        if c in known:
            known.remove(c)
            pinned.append(c)
        else:
            pool.append(c)
    free_hand = len(pool)
    deck, top = s.deck[q], s.top[q]
    free = len(deck) - len(top)
    deck_slots = [free + i for i in range(len(top)) if top[i] != PUBLIC]
    pool += deck[:free]
    pool += [deck[i] for i in deck_slots]
    disc = s.disc[q]
    mask = s.dpub[q] | (1 << (len(disc) - 1) if disc else 0)
    disc_slots = [i for i in range(len(disc)) if not mask >> i & 1]
    pool += [disc[i] for i in disc_slots]
    look = s.look[q]
    pool += look
    # face-down cards only ``q`` has seen: set aside (Haven), its Native Village mat, the known bottom of its deck
    held, mat, bottom = s.held[q], s.nvmat[q], s.bottom[q]
    pool += held
    pool += mat
    pool += bottom
    rng.shuffle(pool)
    s.hand[q] = pinned + pool[:free_hand]
    k = free_hand
    deck[:free] = pool[k:k + free]
    k += free
    for i in deck_slots:
        deck[i] = pool[k]
        k += 1
    for i in disc_slots:
        disc[i] = pool[k]
        k += 1
    k2 = len(pool) - len(held) - len(mat) - len(bottom)
    look[:] = pool[k:k2]
    held[:] = pool[k2:k2 + len(held)]
    k2 += len(held)
    mat[:] = pool[k2:k2 + len(mat)]
    k2 += len(mat)
    bottom[:] = pool[k2:]


_DYNAMIC_VP = frozenset(c.id for c in CARDS if type(c).points is not Card.points
                         or type(c).points_owning is not Card.points_owning)


def score(s: DominionState, seat: int) -> int:
    """Victory points of everything ``seat`` owns (Gardens counts its cards)."""
    owned = s.owned[seat]
    vp = 0
    for c, k in enumerate(owned):
        if k:
            vp += k * (CARDS[c].points_owning(owned) if c in _DYNAMIC_VP else VP[c])
    return vp
