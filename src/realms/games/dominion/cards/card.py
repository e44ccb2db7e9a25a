"""The card table and the shape of a card.

A card is one small class: its printed facts (name, cost, types, coins, VP, text) as class attributes
and its behaviour as methods. ``@register`` instantiates it, gives it the next integer id and fills
the flat lookup tables (``NAMES``, ``COST``, ``TYPES``, ...) that the hot paths index by id.

Behaviour, all optional:

- ``play(s, p, first)``: the effect of playing the card (``first`` is False for Throne Room's repeat).
  It changes the state through ``realms.games.dominion.zones`` and, where someone must decide, pushes
  a *frame* onto ``s.stack``.
- Frames owned by the card: a frame is a plain list of ints ``[handler, step, seat, ...data]`` whose
  ``handler`` is the card's id. Its data is declared once on the class, in order, as annotations: ``NAME: Field``
  for each of ``f[3]``, ``f[4]``, ... and, last, at most one ``NAME: Tail`` for a list of any length after them.
  ``register`` sets each name to its index (a plain int class attribute: ``Cellar.BASE == 3``), so the code reads
  ``f[self.BASE]`` and never a number, and records the layout as ``fields`` and ``tail``; the compiled paths
  read the same attributes (``kernel``). A new frame lists its data in the declared order
  (``[self.id, 0, p, base]``; ``tests/games/dominion/test_frames.py`` checks every frame pushed in play against
  its declaration). The engine asks ``options(s, f)``: ``None`` means "nothing to decide,
  go on" and the engine calls ``resume(s, f)``; a list of action indices means ``f[2]`` must pick one,
  and the engine calls ``decide(s, f, a)``. Both must pop the frame when it is finished.
  ``choice(s, f, a)`` says what an action means here ("trash Copper"), ``ask(s, f)`` what is asked and
  ``public_ask(s, f)`` how the question reads to the other seats; each answers a ``Say``, the English text
  with a message key and its arguments (``label``, ``prompt`` and ``public_prompt`` are the English alone).
- ``points(total_cards)``: victory points of one copy at game end (Gardens); ``points_owning(owned)`` where they
  count particular cards (Duke).
- ``duration(s, p)``: a Duration's effect at the start of ``p``'s next turn, once per play that called
  ``zones.stay`` (the card stays in play until then; see "Machinery" in docs/dominion.md).
- ``react(s, v)``: what revealing this Reaction does when another player plays an Attack (``reacts_to_attack``);
  ``can_react(s, v)`` whether ``v`` may reveal it now; ``reveal_again``: whether ``v`` is asked again after
  revealing it (Secret Chamber), where a card that only protects (Moat) is asked once.
- ``on_gain(s, p, c)``: called after every gain (seat ``p`` gained ``c``) in a game whose Supply holds this card
  (Monkey, Blockade, Sailor, Pirate).
- ``buy_end(s, p)``: at the end of ``p``'s Buy phase, once for each distinct card of this kind in play (Treasury).

Action indices are fixed for ever: six kinds without a card, then three per card id, so that adding a
card set appends indices and never moves them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NewType

if TYPE_CHECKING:
    from realms.games.dominion.state import DominionState

ACTION, TREASURE, VICTORY, CURSE, ATTACK, REACTION, DURATION = 1, 2, 4, 8, 16, 32, 64
TYPE_NAMES: tuple[tuple[int, str], ...] = (
    (ACTION, "Action"), (TREASURE, "Treasure"), (VICTORY, "Victory"), (CURSE, "Curse"),
    (ATTACK, "Attack"), (REACTION, "Reaction"), (DURATION, "Duration"),
)

# --- action indices ------------------------------------------------------------------------------
PLAY_TREASURES, END_ACTIONS, END_BUYS, YES, NO, DONE = 0, 1, 2, 3, 4, 5
CARD_ACTIONS = 6  # then per card id c: play 6 + 3c, buy 7 + 3c, choose 8 + 3c


def PLAY(c: int) -> int:  # noqa: N802 - reads like the action it names
    return CARD_ACTIONS + 3 * c


def BUY(c: int) -> int:  # noqa: N802
    return CARD_ACTIONS + 1 + 3 * c


def CHOOSE(c: int) -> int:  # noqa: N802
    return CARD_ACTIONS + 2 + 3 * c


def card_of(a: int) -> int:
    """The card id an action index names (for play, buy and choose)."""
    return (a - CARD_ACTIONS) // 3


# zones a gained card can go to
TO_DISCARD, TO_HAND, TO_DECK = 0, 1, 2


class Say:
    """A message of the engine in two forms: ``text``, the English sentence (the terminal, the API, error
    messages), and ``key`` with ``args``, the same message for a reader in another language (the browser words
    it from its catalogues, ``dominion.say.<key>``). Card arguments are English card names, ``seat`` is a seat
    index (0-based; the text says "Seat 1") and the rest are numbers. The arguments say what the text says and
    no more: a question as other seats read it carries nothing they may not know.

    Keys are written out where a ``Say`` is made (tests/games/dominion/test_messages.py gathers them from the
    source and checks every catalogue words each one).
    """

    __slots__ = ("args", "key", "text")

    def __init__(self, key: str, text: str, **args: Any) -> None:
        self.key, self.text, self.args = key, text, args

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "args": dict(self.args)}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Say) and (self.key, self.text, self.args) == (other.key, other.text, other.args)

    def __hash__(self) -> int:
        return hash((self.key, self.text))

    def __repr__(self) -> str:
        return f"Say({self.key!r}, {self.text!r}, {self.args!r})"


#: what the card-less actions mean (the frames' default choice for yes, no and done)
_PLAIN = (Say("play_treasures", "play all treasures"), Say("end_actions", "end the Action phase"),
          Say("end_buys", "end buying"), Say("yes", "yes"), Say("no", "no"), Say("done", "done"))


def plain_say(a: int) -> Say:
    """What the card-less action ``a`` (play_treasures, end_actions, end_buys, yes, no, done) means."""
    return _PLAIN[a]


def trash_say(a: int) -> Say:
    """The choice ``a`` as "trash" its card (and so on below: the choices many frames share)."""
    c = NAMES[card_of(a)]
    return Say("trash", f"trash {c}", card=c)


def discard_say(a: int) -> Say:
    c = NAMES[card_of(a)]
    return Say("discard", f"discard {c}", card=c)


def topdeck_say(a: int) -> Say:
    c = NAMES[card_of(a)]
    return Say("topdeck", f"put {c} onto your deck", card=c)


#: a frame begins ``[handler, step, seat]``; its declared fields follow
HEAD = 3
#: a declared field of a frame (``NAME: Field`` on its owner): ``register`` / ``handler`` set it to its index
Field = NewType("Field", int)
#: the last declaration of a frame whose end is a list of any length (``NAME: Tail``): the index where it starts
Tail = NewType("Tail", int)


class Handler:
    """Owner of frames on the pending-decision stack (cards and the generic frames in ``frames``)."""

    name = "frame"
    #: the layout of its frames after ``[handler, step, seat]``, from the ``Field`` and ``Tail`` declarations (set
    #: by ``register`` / ``handler``): the fields' names in order, then the tail's name ("" when it has none)
    fields: tuple[str, ...] = ()
    tail = ""
    #: ask the decider even when only one answer is legal: whether a question comes at all must not
    #: depend on what only the decider can see (Moat's reveal, Bureaucrat, Library)
    always_ask = False

    def options(self, s: DominionState, f: list[int]) -> list[int] | None:
        return None

    def resume(self, s: DominionState, f: list[int]) -> None:
        s.stack.pop()

    def decide(self, s: DominionState, f: list[int], a: int) -> None:
        raise AssertionError(f"{self.name} has no decision at step {f[1]}")

    def choice(self, s: DominionState, f: list[int], a: int) -> Say:
        """What action ``a`` does in frame ``f`` (the default names the card it picks)."""
        if a >= CARD_ACTIONS:
            c = NAMES[card_of(a)]
            return Say("choose", f"choose {c}", card=c)
        return plain_say(a)

    def ask(self, s: DominionState, f: list[int]) -> Say:
        """The question of frame ``f`` as its decider reads it."""
        return Say("choose.ask", f"{self.name}: choose", card=self.name)

    def public_ask(self, s: DominionState, f: list[int]) -> Say:
        """The question as every other seat reads it: whose decision and what is resolving, nothing that
        only the question would give away (the default: the decider's text, where that hides nothing)."""
        return self.ask(s, f)

    def label(self, s: DominionState, f: list[int], a: int) -> str:
        """``choice`` in English."""
        return self.choice(s, f, a).text

    def prompt(self, s: DominionState, f: list[int]) -> str:
        """``ask`` in English."""
        return self.ask(s, f).text

    def public_prompt(self, s: DominionState, f: list[int]) -> str:
        """``public_ask`` in English."""
        return self.public_ask(s, f).text


class Card(Handler):
    name = ""
    cost = 0
    types = 0
    coins = 0
    vp = 0
    #: "basic", "base", "prosperity", "intrigue" or "seaside" (the box it comes from)
    set = "basic"
    #: editions whose kingdom (and randomizer deck) contains this card; empty for non-kingdom cards
    editions: tuple[int, ...] = ()
    text = ""
    id = -1
    #: a Reaction that may be revealed when another player plays an Attack (Moat)
    reacts_to_attack = False
    #: an Attack that hands each other player a Curse whenever it is played (Witch, Sea Hag, Sea Witch; Torturer, where
    #: the victim may take the Curse): its copies race for the shared Curse pile (``defaults.RACE_CARDS``). Not one
    #: whose Curse hangs on a condition of its own gain (Replace) or on a token (Embargo, Blockade)
    curses = False
    #: the plain bonuses of playing it, resolved in this order before ``play``: +Cards, +Actions, +Buys, +$
    #: (data, so every implementation reads them from here: the engine's ``frames.resolve``, the kernel's
    #: generic step, the bots' card lists)
    plus_cards = 0
    plus_actions = 0
    plus_buys = 0
    plus_coins = 0
    #: a Duration's plain bonuses at the start of its owner's next turn, in the same order (data too: the START frame
    #: resolves them, then the card's ``duration``); a Duration whose ``play`` is not its own waits for them by itself
    next_cards = 0
    next_actions = 0
    next_buys = 0
    next_coins = 0

    #: asked again after a reveal (a Reaction that changes the hand: Secret Chamber, Diplomat)
    reveal_again = False

    def play(self, s: DominionState, p: int, first: bool) -> None:
        """Effects of playing the card (treasures add ``coins`` in the engine). By default a Duration with next-turn
        bonuses waits for its owner's next turn (``zones.stay``); one that waits only on a condition (Haven, Tactician)
        says so in a ``play`` of its own."""
        if self.next_cards or self.next_actions or self.next_buys or self.next_coins:
            s.dur[p].append(self.id)  # zones.stay, which this module cannot import

    def duration(self, s: DominionState, p: int) -> None:
        """The effect at the start of ``p``'s next turn, once per ``zones.stay`` of this card."""

    def can_react(self, s: DominionState, v: int) -> bool:
        """Whether ``v`` may reveal this Reaction now (held in hand)."""
        return self.id in s.hand[v]

    def react(self, s: DominionState, v: int) -> None:
        """What revealing it against an Attack does (``v`` revealed it; the reveal itself is logged already)."""

    def on_gain(self, s: DominionState, p: int, c: int) -> None:
        """Called after seat ``p`` gained ``c``, in a game whose Supply holds this card."""

    def buy_end(self, s: DominionState, p: int) -> None:
        """At the end of ``p``'s Buy phase, with this card in play."""

    def points(self, total_cards: int) -> int:
        """Victory points of one copy at game end."""
        return self.vp

    def points_owning(self, owned: list[int]) -> int:
        """Victory points of one copy at game end for an owner of ``owned`` (copies by card id): ``points`` of the
        total by default; a card counting some card (Duke: Duchies) reads it here."""
        return self.points(sum(owned))

    @property
    def kingdom(self) -> bool:
        return bool(self.editions)

    @property
    def data_only(self) -> bool:
        """Whether everything the card does is its data (cost, types, coins, VP and plain bonuses): no method of
        its own, no reaction, no question. Such a card needs no code anywhere: a fast path that reads the card
        tables plays it as the reference does."""
        cls = type(self)
        return (not any(getattr(cls, m) is not getattr(Card, m) for m in BEHAVIOUR)
                and not self.reacts_to_attack and not self.always_ask and not self.types & DURATION)

    def type_names(self) -> list[str]:
        return [n for bit, n in TYPE_NAMES if self.types & bit]

    def __repr__(self) -> str:
        return f"<card {self.id} {self.name}>"


#: the methods that make a card more than its data (``Card.data_only``)
BEHAVIOUR = ("play", "points", "points_owning", "options", "resume", "decide", "choice", "ask", "public_ask",
             "duration", "can_react", "react", "on_gain", "buy_end")

# --- the tables, filled by @register in card-id order -------------------------------------------
CARDS: list[Card] = []
NAMES: list[str] = []
COST: list[int] = []
TYPES: list[int] = []
COINS: list[int] = []
VP: list[int] = []
IS_ACTION: list[bool] = []
IS_TREASURE: list[bool] = []
#: the plain bonuses by card id (``Card.plus_cards`` ...)
PLUS_CARDS: list[int] = []
PLUS_ACTIONS: list[int] = []
PLUS_BUYS: list[int] = []
PLUS_COINS: list[int] = []
BY_NAME: dict[str, int] = {}
#: Reactions that may be revealed against an Attack (Moat), by card id
REACTORS: list[int] = []
#: frame handlers by frame kind: card ids for cards, negative kinds for the generic frames
HANDLERS: dict[int, Handler] = {}


def lay_out(cls: type[Handler]) -> None:
    """Give each ``Field`` and ``Tail`` declared on ``cls`` its index in the frame, in the order declared, and
    record the layout (``Handler.fields``, ``Handler.tail``)."""
    fields: list[str] = []
    tail = ""
    for name, kind in inspect.get_annotations(cls).items():
        if kind not in (Field, "Field", Tail, "Tail"):
            continue
        assert not tail, f"{cls.__name__}: {name} is declared after the tail {tail}"
        assert name.isupper() and not hasattr(cls, name), f"{cls.__name__}.{name}: a free upper-case name"
        setattr(cls, name, HEAD + len(fields))
        if kind in (Field, "Field"):
            fields.append(name)
        else:
            tail = name
    cls.fields, cls.tail = tuple(fields), tail


def register(cls: type[Card]) -> type[Card]:
    lay_out(cls)
    cls.id = len(CARDS)
    card = cls()
    assert card.name and card.name not in BY_NAME, card.name
    CARDS.append(card)
    NAMES.append(card.name)
    COST.append(card.cost)
    TYPES.append(card.types)
    COINS.append(card.coins)
    VP.append(card.vp)
    IS_ACTION.append(bool(card.types & ACTION))
    IS_TREASURE.append(bool(card.types & TREASURE))
    PLUS_CARDS.append(card.plus_cards)
    PLUS_ACTIONS.append(card.plus_actions)
    PLUS_BUYS.append(card.plus_buys)
    PLUS_COINS.append(card.plus_coins)
    BY_NAME[card.name] = card.id
    HANDLERS[card.id] = card
    if card.types & REACTION and card.reacts_to_attack:
        # asked in this order: the Reactions that change the hand first (what they draw may be a Moat)
        if card.reveal_again:
            REACTORS.insert(sum(CARDS[r].reveal_again for r in REACTORS), card.id)
        else:
            REACTORS.append(card.id)
    return cls


def table_key() -> str:
    """A digest of the card tables as the compiled paths read them (every card's facts, in id order, and every
    frame's layout, whose indices the kernels compile in as constants): the key of their numba cache
    (``realms.core.numba_cache``), so code compiled for other tables is never loaded."""
    import hashlib

    facts = [(c.name, c.cost, c.types, c.coins, c.vp, c.plus_cards, c.plus_actions, c.plus_buys, c.plus_coins,
              c.next_cards, c.next_actions, c.next_buys, c.next_coins, c.data_only, c.reacts_to_attack, c.always_ask,
              bool(c.editions), c.fields, c.tail) for c in CARDS]
    frames = [(k, h.fields, h.tail) for k, h in sorted(HANDLERS.items()) if k < 0]
    return hashlib.sha256(repr((facts, frames)).encode()).hexdigest()[:12]


def handler(kind: int) -> Callable[[type[Handler]], type[Handler]]:
    """Register a generic frame handler class under a (negative) frame kind."""

    def deco(cls: type[Handler]) -> type[Handler]:
        assert kind < 0 and kind not in HANDLERS
        lay_out(cls)
        HANDLERS[kind] = cls()
        return cls

    return deco
