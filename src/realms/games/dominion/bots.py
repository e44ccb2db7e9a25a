"""Dominion strategy bots: buy-priority lists, written in a small TOML format, with sensible defaults for
every other decision.

The format (``docs/examples/bmu.toml``)::

    name = "my-bot"                 # optional
    play = ["Village", "Smithy"]    # optional: Action play order (default: +Actions first, then terminals)

    [[buy]]                         # one table per rule, in priority order
    card = "Province"
    if = "money > 18"               # optional; a string or a list of strings, all must hold

On each buy the bot takes the first rule whose card is in the Supply, affordable and whose conditions
hold; if none, it stops buying. A condition compares expressions (``<``, ``<=``, ``>``, ``>=``, ``==``, ``!=``;
chains such as ``0 < gains_to_end <= 5``; ``and`` joins several); an expression joins numbers and quantities
with ``+ - * /`` and brackets, exactly (``count(Smithy) < treasures / 11``):

- ``coins``, ``buys``, ``actions_left``: what is left this turn
- ``gains_to_end``: the fewest gains that would end the game: min(Provinces left, Colonies left when
  in the game, the sum of the three smallest Supply piles)
- ``turn``: this seat's turn number (1 = its first turn)
- ``money``: total coin value of the Treasures it owns; ``deck_size``: cards it owns; ``draw_pile``
- ``count(X)``, ``in_hand(X)``, ``in_play(X)``, ``opponent_count(X)``: X a card or a kind (``Treasures``,
  ``Villages``, ``Terminals``...; alone, ``treasures`` is the count owned); ``pile(Card)``
- ``vp``, ``opponent_vp``, ``vp_lead``; ``empty_piles``, ``smallest_pile``; ``action_phase`` (1 or 0)

A plain comparison of one quantity with whole numbers is a ``Condition`` (what the compiled bot reads); any
other is a ``Comparison``. A file may add end-game checks (``penultimate_province_rule``,
``end_only_when_winning``), the order of attacks' discards (``discard``) and ``[card.NAME]`` choices
(``CARD_KEYS``); docs/dominion.md ("Buy-rule files") lists them.

Other decisions (gains, discards, trashing, reactions...) follow fixed defaults listed in
``docs/dominion.md``; e.g. under Militia it discards Curses, then Victory cards, then the cheapest.
The bots use only what their seat knows: its own cards, the Supply and the trash, and (for
``vp_lead``) the others' scores, which every announced gain and trash makes public.
"""

from __future__ import annotations

import difflib
import math
import operator
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from realms.core.agents import Agent, AgentFactory, AgentOption, AgentSpec, Playout
from realms.core.errors import RealmsError
from realms.core.game import Action, Game, Result
from realms.core.rng import Rng, derive_seed
from realms.games.dominion.cards import BY_NAME, CARDS, COINS, COLONY, COST, HANDLERS, NAMES, PLATINUM, TYPES
from realms.games.dominion.cards.base1 import Spy
from realms.games.dominion.cards.basic import COPPER, CURSE_ID, ESTATE, GOLD, PROVINCE, SILVER
from realms.games.dominion.cards.card import (
    ACTION,
    ATTACK,
    CARD_ACTIONS,
    CURSE,
    DONE,
    IS_ACTION,
    IS_TREASURE,
    NO,
    PLUS_ACTIONS,
    PLUS_CARDS,
    TREASURE,
    VICTORY,
    YES,
    card_of,
)
from realms.games.dominion.cards.intrigue import (
    Courtier,
    Ironworks,
    Lurker,
    Masquerade,
    Mill,
    Pawn,
    Replace,
    Saboteur,
    SecretChamber,
    SecretPassage,
    Steward,
)
from realms.games.dominion.cards.seaside import Ambassador, GhostShip, Lookout, Navigator, PirateShip, Sailor, Smugglers
from realms.games.dominion.defaults import (
    CHAPEL_KEEP,
    CHAPEL_TRASH,
    DISCARD_KEYS,
    KIND_IDS,
    KINDS,
    PLAY_KEYS,
    RACE_CARDS,
    discard_key,
    play_key,
    value,
)
from realms.games.dominion.frames import BODY, DISCARD_DOWN, GAIN, REACT, Body, DiscardDown, Gain, React
from realms.games.dominion.rules import (
    A_END_ACTIONS,
    A_END_BUYS,
    A_PLAY,
    A_PLAY_TREASURES,
    ACTIONS,
    BUY_PHASE,
    Dominion,
    score,
)
from realms.games.dominion.state import DominionState
from realms.games.dominion.zones import UNSEEN


class RulesError(RealmsError):
    """A buy-rule file that cannot be used; the message names the file, the line and the reason."""


# --- conditions ----------------------------------------------------------------------------------
_OPS: dict[str, Callable[[int, int], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq, "!=": operator.ne,
}
_TOKEN = re.compile(r"\s*(<=|>=|==|!=|<|>|-?\d+|[A-Za-z_]+\s*\(\s*[^)]*?\s*\)|[A-Za-z_]+)")
QUANTITIES = ("coins", "buys", "gains_to_end", "turn", "money", "deck_size", "vp_lead", "empty_piles")
FUNCTIONS = ("count", "pile")


def gains_to_end(s: DominionState) -> int:
    supply = s.supply
    get = _PILE_GETTERS.get(s.piles)
    if get is None:
        get = _PILE_GETTERS[s.piles] = operator.itemgetter(*s.piles)
    piles: list[int] = sorted(get(supply))
    g = piles[0] + piles[1] + piles[2]
    if supply[PROVINCE] < g:
        g = supply[PROVINCE]
    if s.colony and supply[COLONY] < g:
        g = supply[COLONY]
    return g


#: the Supply's piles -> a getter of their counts (one per kingdom seen; a kingdom has more than one pile)
_PILE_GETTERS: dict[tuple[int, ...], Callable[[list[int]], tuple[int, ...]]] = {}


def _money(owned: list[int]) -> int:
    return owned[COPPER] + 2 * owned[SILVER] + 3 * owned[GOLD] + 5 * owned[PLATINUM]


def _quantity(name: str, arg: int, s: DominionState, p: int, coins: int) -> int:
    if name == "coins":
        return coins
    if name == "gains_to_end":
        return gains_to_end(s)
    if name == "money":
        return _money(s.owned[p])
    if name == "count":
        return s.owned[p][arg]
    if name == "pile":
        return s.supply[arg]
    if name == "turn":
        return s.turns[p] + (1 if s.cur == p and s.to_move is not None else 0)
    if name == "deck_size":
        return sum(s.owned[p])
    if name == "buys":
        return s.buys
    if name == "empty_piles":
        return s.empty
    if name == "vp_lead":
        mine = score(s, p)
        best = max((score(s, q) for q in range(s.players) if q != p), default=0)
        return mine - best
    raise AssertionError(name)


def _compiled(name: str, arg: int, op: Callable[[int, int], bool], value: int) -> Callable[[DominionState, int, int],
                                                                                          bool]:
    """``op(quantity, value)`` as one closure for the common quantities (the same values as ``_quantity``)."""
    if name == "coins":
        return lambda s, p, coins: op(coins, value)
    if name == "gains_to_end":
        return lambda s, p, coins: op(gains_to_end(s), value)
    if name == "money":
        return lambda s, p, coins: op(_money(s.owned[p]), value)
    if name == "count":
        return lambda s, p, coins: op(s.owned[p][arg], value)
    if name == "pile":
        return lambda s, p, coins: op(s.supply[arg], value)
    return lambda s, p, coins: op(_quantity(name, arg, s, p, coins), value)


class Condition:
    """``quantity op value``, with ``arg`` the card id of count()/pile()."""

    __slots__ = ("name", "arg", "op", "value", "text", "holds")

    def __init__(self, name: str, arg: int, op: str, value: int, text: str) -> None:
        self.name, self.arg, self.op, self.value, self.text = name, arg, op, value, text
        #: ``holds(s, p, coins)``: whether the condition holds, built once for its quantity and operator
        self.holds: Callable[[DominionState, int, int], bool] = _compiled(name, arg, _OPS[op], value)

    def __reduce__(self) -> tuple[Any, ...]:
        return Condition, (self.name, self.arg, self.op, self.value, self.text)

    @property
    def rpn(self) -> list[tuple[Any, ...]]:
        """The condition as ``Comparison.rpn``'s steps."""
        return [("q", self.name, self.arg), ("num", self.value), ("cmp", self.op)]

    def __repr__(self) -> str:
        return self.text


def _card_id(name: str) -> int:
    c = BY_NAME.get(name) or BY_NAME.get(name.strip().title()) or BY_NAME.get(name.strip())
    if c is None:
        lowered = {n.lower(): i for n, i in BY_NAME.items()}
        c = lowered.get(name.strip().lower())
    if c is None:
        close = difflib.get_close_matches(name, list(BY_NAME), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ValueError(f"unknown card {name!r}{hint}")
    return c


def parse_condition(text: str) -> list[Condition | Comparison]:
    """Parse ``"0 < gains_to_end <= 5 and count(Smithy) < treasures / 11"`` into conditions; ValueError says why.

    A part that compares one quantity with whole numbers is a ``Condition`` (the form the compiled bot reads);
    any other comparison of expressions is a ``Comparison``; ``or`` between parts (binding looser than ``and``:
    ``a and b or c`` holds when a and b do, or c does) makes one ``Either``."""
    if len(_OR.split(text.strip())) > 1:
        return [Either(text.strip())]
    out: list[Condition | Comparison] = []
    for part in re.split(r"\s+and\s+", text.strip()):
        if not part:
            raise ValueError(f"empty condition in {text!r}")
        simple = _simple_condition(part)
        out.extend(simple if simple is not None else [Comparison(part)])
    return out


def _simple_condition(part: str) -> list[Condition] | None:
    """``part`` as one or two ``Condition``s when it compares one plain quantity with whole numbers; else None."""
    tokens: list[str] = []
    pos = 0
    while pos < len(part):
        m = _TOKEN.match(part, pos)
        if not m or not m.group(1):
            return None
        tokens.append(m.group(1))
        pos = m.end()
        while pos < len(part) and part[pos].isspace():
            pos += 1
    if len(tokens) not in (3, 5) or any(tokens[i] not in _OPS for i in range(1, len(tokens), 2)):
        return None
    terms = tokens[0::2]
    ops = tokens[1::2]
    quantity_at = [i for i, t in enumerate(terms) if not re.fullmatch(r"-?\d+", t)]
    if len(quantity_at) != 1 or (len(terms) == 3 and quantity_at[0] != 1):
        return None
    try:
        name, arg = _parse_quantity(terms[quantity_at[0]])
    except ValueError:
        return None  # (a kind of card, a newer quantity, or a mistake the expression reader words)
    flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
    if len(terms) == 2:
        if quantity_at[0] == 0:
            return [Condition(name, arg, ops[0], int(terms[1]), part)]
        return [Condition(name, arg, flip[ops[0]], int(terms[0]), part)]
    return [Condition(name, arg, flip[ops[0]], int(terms[0]), part), Condition(name, arg, ops[1], int(terms[2]), part)]


def _parse_quantity(q: str) -> tuple[str, int]:
    m = re.fullmatch(r"([A-Za-z_]+)\s*\(\s*([^)]*?)\s*\)", q)
    if m:
        fn, card = m.group(1), m.group(2).strip().strip("\"'")
        if fn not in FUNCTIONS:
            raise ValueError(f"unknown function {fn!r}; functions are {', '.join(FUNCTIONS)}")
        return fn, _card_id(card)
    if q not in QUANTITIES:
        close = difflib.get_close_matches(q, QUANTITIES + FUNCTIONS, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ValueError(f"unknown quantity {q!r}{hint}; quantities are {', '.join(QUANTITIES)}, "
                         "count(Card), pile(Card)")
    return q, -1


# --- expressions: conditions that compare sums, products and ratios of quantities --------------------------------
#: quantities with no argument the expressions add to ``QUANTITIES``
MORE_QUANTITIES = ("vp", "opponent_vp", "actions_left", "draw_pile", "smallest_pile", "action_phase")
#: functions of a card or a kind the expressions add to ``FUNCTIONS``
MORE_FUNCTIONS = ("in_hand", "in_play", "opponent_count")

_EXPR_TOKEN = re.compile(r"\s*(<=|>=|==|!=|<|>|\+|-|\*|/|\(|\)|\d+(?:\.\d+)?|[A-Za-z_]+\s*\(\s*[^()]*?\s*\)"
                         r"|[A-Za-z_]+)")
Value = Callable[[DominionState, int, int], Any]  # a whole number or a fraction


def _zone_count(zone: Callable[[DominionState, int], list[int]], ids: tuple[int, ...] | int) -> Value:
    if isinstance(ids, int):
        c = ids
        return lambda s, p, coins: zone(s, p).count(c)
    members = frozenset(ids)
    return lambda s, p, coins: sum(1 for c in zone(s, p) if c in members)


def _owned_count(ids: tuple[int, ...] | int) -> Value:
    if isinstance(ids, int):
        c = ids
        return lambda s, p, coins: s.owned[p][c]
    return lambda s, p, coins: sum(s.owned[p][c] for c in ids)


def _opponent_count(ids: tuple[int, ...] | int) -> Value:
    one = (ids,) if isinstance(ids, int) else ids
    return lambda s, p, coins: max((sum(s.owned[q][c] for c in one) for q in range(s.players) if q != p), default=0)


def _what(arg: str) -> tuple[int, ...] | int:
    """A function's argument: a kind's plural word (``Treasures``, ``villages``) or a card's name."""
    word = arg.strip().strip("\"'")
    if word.lower() in KINDS:
        return KIND_IDS[word.lower()]
    try:
        return _card_id(word)
    except ValueError as e:
        raise ValueError(f"{e}; or a kind of card: {', '.join(KINDS)}") from None


#: an expression read: its value as a function of (state, seat, coins), and the same as postfix steps
#: (``Comparison.rpn``)
Expr = tuple[Value, list[tuple[Any, ...]]]


def _term(token: str) -> Expr:
    """One quantity (or function call) of an expression."""
    value = _term_value(token)  # (first: it words what is wrong with the token)
    fn, arg = _term_key(token)
    return value, [("q", fn, arg)]


def _term_key(token: str) -> tuple[str, Any]:
    """A term's quantity and argument as the postfix steps name them: ``("count", card id or kind word)``,
    ``("pile", card id)``, ``("in_hand", ...)``, a plain quantity with -1 (the token is known good)."""
    m = re.fullmatch(r"([A-Za-z_]+)\s*\(\s*([^()]*?)\s*\)", token)
    if m:
        fn, arg = m.group(1), m.group(2).strip().strip("\"'")
        if fn == "pile":
            return fn, _card_id(arg)
        return fn, arg.lower() if arg.lower() in KINDS else _card_id(arg)
    word = token.lower()
    if word in KINDS:
        return "count", word
    return (word if word in MORE_QUANTITIES else token), -1


def _term_value(token: str) -> Value:
    """One quantity (or function call) of an expression, as a function of (state, seat, coins)."""
    m = re.fullmatch(r"([A-Za-z_]+)\s*\(\s*([^()]*?)\s*\)", token)
    if m:
        fn, arg = m.group(1), m.group(2)
        if fn == "pile":
            c = _card_id(arg.strip().strip("\"'"))
            return lambda s, p, coins: s.supply[c]
        if fn not in FUNCTIONS + MORE_FUNCTIONS:
            close = difflib.get_close_matches(fn, FUNCTIONS + MORE_FUNCTIONS, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ValueError(f"unknown function {fn!r}{hint}; functions are {', '.join(FUNCTIONS + MORE_FUNCTIONS)}")
        ids = _what(arg)
        if fn == "count":
            return _owned_count(ids)
        if fn == "in_hand":
            return _zone_count(lambda s, p: s.hand[p], ids)
        if fn == "in_play":
            return _zone_count(lambda s, p: s.play[p], ids)
        return _opponent_count(ids)
    word = token.lower()
    if word in KINDS:
        return _owned_count(KIND_IDS[word])
    if word == "vp":
        return lambda s, p, coins: score(s, p)
    if word == "opponent_vp":
        return lambda s, p, coins: max((score(s, q) for q in range(s.players) if q != p), default=0)
    if word == "actions_left":
        return lambda s, p, coins: s.actions
    if word == "draw_pile":
        return lambda s, p, coins: len(s.deck[p]) + len(s.bottom[p])
    if word == "smallest_pile":
        return lambda s, p, coins: min(s.supply[c] for c in s.piles)
    if word == "action_phase":
        return lambda s, p, coins: 0 if s.phase == BUY_PHASE else 1
    if token in QUANTITIES:
        name = token
        return lambda s, p, coins: _quantity(name, -1, s, p, coins)
    every = QUANTITIES + MORE_QUANTITIES + tuple(KINDS)
    close = difflib.get_close_matches(token, every + FUNCTIONS + MORE_FUNCTIONS, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise ValueError(f"unknown quantity {token!r}{hint}; quantities are {', '.join(every)}, and the functions "
                     f"{', '.join(f + '(Card)' for f in FUNCTIONS + MORE_FUNCTIONS)}")


class _Reader:
    """A recursive-descent reader of one expression's tokens: sums of products of terms, numbers, brackets and
    a leading minus; division is exact (``count(Smithy) < treasures / 11`` compares fractions)."""

    def __init__(self, tokens: list[str], text: str) -> None:
        self.tokens, self.i, self.text = tokens, 0, text

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        t = self.peek()
        if t is None:
            raise ValueError(f"condition {self.text!r} ends where a number or a quantity was expected")
        self.i += 1
        return t

    def sum(self) -> Expr:
        left = self.product()
        while self.peek() in ("+", "-"):
            op, right = self.take(), self.product()
            left = _arith(op, left, right)
        return left

    def product(self) -> Expr:
        left = self.unary()
        while self.peek() in ("*", "/"):
            op, right = self.take(), self.unary()
            left = _arith(op, left, right)
        return left

    def unary(self) -> Expr:
        if self.peek() == "-":
            self.take()
            inner, steps = self.unary()
            return (lambda s, p, coins: -inner(s, p, coins)), steps + [("neg",)]
        t = self.take()
        if t == "(":
            inner_expr = self.sum()
            if self.take() != ")":
                raise ValueError(f"a bracket is not closed in condition {self.text!r}")
            return inner_expr
        if t in _OPS or t in ("+", "*", "/", ")"):
            raise ValueError(f"{t!r} where a number or a quantity was expected in condition {self.text!r}")
        if re.fullmatch(r"\d+(?:\.\d+)?", t):
            v = Fraction(t)
            number = int(v) if v.denominator == 1 else v
            return (lambda s, p, coins: number), [("num", number)]
        return _term(t)


def _arith(op: str, x: Expr, y: Expr) -> Expr:
    a, b = x[0], y[0]
    steps = x[1] + y[1] + [(op,)]
    if op == "+":
        return (lambda s, p, coins: a(s, p, coins) + b(s, p, coins)), steps
    if op == "-":
        return (lambda s, p, coins: a(s, p, coins) - b(s, p, coins)), steps
    if op == "*":
        return (lambda s, p, coins: a(s, p, coins) * b(s, p, coins)), steps

    def divide(s: DominionState, p: int, coins: int) -> Any:
        d = b(s, p, coins)
        n = a(s, p, coins)
        if not d:
            return 0 if n == 0 else math.inf
        if isinstance(n, float) or isinstance(d, float):  # an infinity from an earlier division: x / inf is 0
            return n / d
        return Fraction(n, d)
    return divide, steps


_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq, "!=": operator.ne,
}


class Comparison:
    """A condition comparing expressions (``count(Smithy) < treasures / 11``, ``count(Villages) >= terminals``,
    chains such as ``2 <= in_hand(Treasures) + 1 < 5``): ``holds(s, p, coins)`` as ``Condition.holds``.
    A division by zero counts as infinitely large (0 / 0 as 0)."""

    __slots__ = ("text", "holds", "rpn")

    def __init__(self, text: str) -> None:
        self.text = text
        tokens: list[str] = []
        pos = 0
        while pos < len(text):
            if text[pos].isspace():
                pos += 1
                continue
            m = _EXPR_TOKEN.match(text, pos)
            if not m or not m.group(1):
                raise ValueError(f"cannot read {text[pos:].strip()!r} in condition {text!r}")
            tokens.append(m.group(1))
            pos = m.end()
        exprs: list[Expr] = []
        ops: list[str] = []
        reader = _Reader(tokens, text)
        exprs.append(reader.sum())
        while reader.peek() in _OPS:
            ops.append(reader.take())
            exprs.append(reader.sum())
        sides = [e[0] for e in exprs]
        if reader.peek() is not None:
            raise ValueError(f"cannot read {' '.join(tokens[reader.i:])!r} in condition {text!r}")
        if not ops:
            raise ValueError(f"condition {text!r} compares nothing: it needs one of {' '.join(_OPS)}")
        if len(ops) > 2:
            raise ValueError(f"condition {text!r} chains more than two comparisons")
        fns = [_COMPARE[o] for o in ops]
        #: the condition as postfix steps, for a second implementation to read (the compiled bot): ``("q", name,
        #: arg)`` a quantity (arg a card id, a kind's word or -1), ``("num", n)``, the operators ``("+",)``, ``("-",)``,
        #: ``("*",)``, ``("/",)``, ``("neg",)``, ``("cmp", op)``, and ``("and",)``, ``("or",)`` of two truths
        self.rpn: list[tuple[Any, ...]] = exprs[0][1] + exprs[1][1] + [("cmp", ops[0])]
        if len(ops) == 2:
            self.rpn += exprs[1][1] + exprs[2][1] + [("cmp", ops[1]), ("and",)]
        if len(ops) == 1:
            a, b, f = sides[0], sides[1], fns[0]
            self.holds: Callable[[DominionState, int, int], bool] = \
                lambda s, p, coins: f(a(s, p, coins), b(s, p, coins))
        else:
            a, b, c, f, g = sides[0], sides[1], sides[2], fns[0], fns[1]

            def chain(s: DominionState, p: int, coins: int) -> bool:
                mid = b(s, p, coins)
                return f(a(s, p, coins), mid) and g(mid, c(s, p, coins))
            self.holds = chain

    def __reduce__(self) -> tuple[Any, ...]:
        return Comparison, (self.text,)

    def __repr__(self) -> str:
        return self.text


#: the word ``or`` between a condition's alternatives (at either end too, so that a missing one is told)
_OR = re.compile(r"(?:^|\s+)or(?:\s+|$)")


class Either(Comparison):
    """Conditions joined by ``or`` (each alternative its ``and``-joined parts): holds when one alternative does."""

    __slots__ = ()

    def __init__(self, text: str) -> None:
        alternatives = []
        for alt in _OR.split(text):
            if not alt.strip():
                raise ValueError(f"empty alternative in condition {text!r}")
            alternatives.append(parse_condition(alt))
        self.text = text
        self.holds = lambda s, p, coins: any(all(k.holds(s, p, coins) for k in alt) for alt in alternatives)
        self.rpn = []
        for i, alt in enumerate(alternatives):
            self.rpn += all_of(alt)
            if i:
                self.rpn.append(("or",))

    def __reduce__(self) -> tuple[Any, ...]:
        return Either, (self.text,)


def all_of(conditions: Sequence[Condition | Comparison]) -> list[tuple[Any, ...]]:
    """Conditions that must all hold as one list of postfix steps (``Comparison.rpn``; none: ``("num", 1)``)."""
    steps: list[tuple[Any, ...]] = []
    for i, k in enumerate(conditions):
        steps += k.rpn
        if i:
            steps.append(("and",))
    return steps or [("num", 1)]


#: a buy rule: the card, and the conditions that must all hold
Rule = tuple[int, list[Condition | Comparison]]


# --- buy-rule files --------------------------------------------------------------------------------
class BuyRules:
    """A parsed buy-rule file: ``rules`` is [(card id, [Condition])] in priority order."""

    def __init__(self, name: str, rules: list[Rule], play: list[int] | None = None,
                 policy: Policy | None = None, text: str | None = None) -> None:
        self.name = name
        self.rules = rules
        self.play = play
        #: the file's choices beyond its buys (None: the defaults throughout)
        self.policy = policy
        #: the text it was read from (None: built in code)
        self.text = text

    def __repr__(self) -> str:
        return f"BuyRules({self.name!r}, {len(self.rules)} rules)"


def _line_of(lines: list[str], pattern: str, start: int = 0) -> int:
    rx = re.compile(pattern)
    for i in range(start, len(lines)):
        if rx.search(lines[i]):
            return i + 1
    return start + 1 if start < len(lines) else max(len(lines), 1)


def parse_rules(text: str, where: str = "rules") -> BuyRules:
    """Parse buy-rule TOML text. Raises RulesError as ``where:LINE: reason``."""
    lines = text.splitlines()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(e))
        line = m.group(1) if m else "?"
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(e))
        raise RulesError(f"{where}:{line}: not valid TOML: {msg}") from None
    allowed = {"name", "play", "buy", "penultimate_province_rule", "end_only_when_winning", "discard", "card"}
    for key in data:
        if key not in allowed:
            ln = _line_of(lines, r"^\s*\[*\s*" + re.escape(key) + r"\b")
            raise RulesError(f"{where}:{ln}: unknown key {key!r}; a rule file has name, play, [[buy]] tables, "
                             "penultimate_province_rule, end_only_when_winning, discard and [card.NAME] tables")
    name = data.get("name", Path(where).stem)
    if not isinstance(name, str):
        ln = _line_of(lines, r"^\s*name\s*=")
        raise RulesError(f"{where}:{ln}: name must be a string")
    play = None
    if "play" in data:
        ln = _line_of(lines, r"^\s*play\s*=")
        if not isinstance(data["play"], list) or not all(isinstance(x, str) for x in data["play"]):
            raise RulesError(f"{where}:{ln}: play must be a list of card names")
        play = []
        for x in data["play"]:
            try:
                c = _card_id(x)
            except ValueError as e:
                raise RulesError(f"{where}:{ln}: {e}") from None
            if not IS_ACTION[c]:
                raise RulesError(f"{where}:{ln}: {NAMES[c]} is not an Action card, so it cannot be in play")
            play.append(c)
    buys = data.get("buy", [])
    if not isinstance(buys, list) or not all(isinstance(b, dict) for b in buys):
        ln = _line_of(lines, r"^\s*buy\s*=")
        raise RulesError(f"{where}:{ln}: buy rules must be [[buy]] tables")
    headers = [i for i, ln in enumerate(lines) if re.match(r"^\s*\[\[\s*buy\s*\]\]", ln)]
    rules: list[Rule] = []
    for k, b in enumerate(buys):
        start = headers[k] if k < len(headers) else 0
        end = headers[k + 1] if k + 1 < len(headers) else len(lines)

        def line(key: str, start: int = start, end: int = end) -> int:
            n = _line_of(lines[:end], rf"^\s*{re.escape(key)}\s*=", start)
            return n if key else start + 1

        for key in b:
            if key not in ("card", "if"):
                raise RulesError(f"{where}:{line(key)}: unknown key {key!r} in a [[buy]] rule (keys: card, if)")
        if "card" not in b:
            raise RulesError(f"{where}:{start + 1}: this [[buy]] rule has no card")
        if not isinstance(b["card"], str):
            raise RulesError(f"{where}:{line('card')}: card must be a card name in quotes")
        try:
            c = _card_id(b["card"])
        except ValueError as e:
            raise RulesError(f"{where}:{line('card')}: {e}") from None
        conds_raw = b.get("if", [])
        if isinstance(conds_raw, str):
            conds_raw = [conds_raw]
        if not isinstance(conds_raw, list) or not all(isinstance(x, str) for x in conds_raw):
            raise RulesError(f"{where}:{line('if')}: if must be a condition string or a list of them")
        conds: list[Condition | Comparison] = []
        for text_ in conds_raw:
            try:
                conds.extend(parse_condition(text_))
            except ValueError as e:
                raise RulesError(f"{where}:{line('if')}: {e}") from None
        rules.append((c, conds))
    if not rules:
        raise RulesError(f"{where}:1: no [[buy]] rules; a bot that never buys cannot end a game")

    def top_line(key: str) -> int:
        if key.startswith("card."):
            return _line_of(lines, r"^\s*\[\s*card\s*\.\s*\"?" + re.escape(key[5:]) + r"\"?\s*\]")
        return _line_of(lines, rf"^\s*\[*\s*{re.escape(key)}\b")

    return BuyRules(name, rules, play, parse_policy(data, top_line, where), text)


def load_rules(path: str | Path) -> BuyRules:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise RulesError(f"cannot read buy rules {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise RulesError(f"cannot read buy rules {path}: not UTF-8 text") from None
    return parse_rules(text, str(path))


# --- what a rule file may say beyond its buys: the end-game checks and each card's choices -----------------------
#: the keys a ``[card.NAME]`` table may hold, and the cards each is read for (None: any Action card)
CARD_KEYS: dict[str, frozenset[str] | None] = {
    "if": None,
    "trash": frozenset({"Chapel", "Remodel"}),
    "keep_money": frozenset({"Chapel"}),
    "set_aside": frozenset({"Library"}),
    "target": frozenset({"Throne Room"}),
    "discard": frozenset({"Cellar"}),
}


class CardPolicy:
    """One card's choices from a rule file's ``[card.NAME]`` table; None where the file leaves the default."""

    __slots__ = ("play_if", "trash", "keep_money", "set_aside", "target", "discard")

    def __init__(self) -> None:
        self.play_if: list[Any] | None = None  # conditions under which the card is played at all
        self.trash: list[frozenset[int]] | None = None  # what it trashes, in order (cards or kinds)
        self.keep_money: int | None = None  # Chapel: Treasures are trashed only while this much money stays
        self.set_aside: bool | frozenset[int] | None = None  # Library: set Actions aside (all, or these)
        self.target: list[frozenset[int]] | None = None  # Throne Room and the like: what it plays, in order
        self.discard: list[frozenset[int]] | None = None  # Cellar and the like: what it discards, in order


class Policy:
    """A rule file's choices beyond the buy rules: ``penultimate_province_rule``, ``end_only_when_winning``, the
    ``discard`` order of attacks' discards, and each ``[card.NAME]`` table (``cards``: card id -> CardPolicy)."""

    __slots__ = ("ppr", "winning_end", "discard", "cards")

    def __init__(self) -> None:
        self.ppr = False
        self.winning_end = False
        self.discard: list[frozenset[int]] | None = None
        self.cards: dict[int, CardPolicy] = {}


def _card_list(value: Any, what: str) -> list[frozenset[int]]:
    """A list of card names and kinds (``["Curse", "Estate", "Copper"]``, ``["Victories", "Copper"]``)."""
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise ValueError(f"{what} must be a list of card names or kinds of card (e.g. \"Victories\")")
    out: list[frozenset[int]] = []
    for x in value:
        ids = _what(x)
        out.append(frozenset((ids,)) if isinstance(ids, int) else frozenset(ids))
    return out


def first_listed(order: list[frozenset[int]], picks: Sequence[int]) -> int:
    """The first pick matching the earliest entry of ``order`` (within a kind, the lowest by the discard key:
    a Curse, then pure Victory cards, then the cheapest); -1 if none matches."""
    for entry in order:
        found = [c for c in picks if c in entry]
        if found:
            return min(found, key=_DISCARD_KEYS.__getitem__)
    return -1


def parse_policy(data: dict[str, Any], line: Callable[[str], int], where: str) -> Policy | None:
    """The ``penultimate_province_rule``, ``end_only_when_winning``, ``discard`` and ``[card.NAME]`` parts of a
    rule file (None when it has none); RulesError as ``where:LINE: reason``."""
    keys = ("penultimate_province_rule", "end_only_when_winning", "discard", "card")
    if not any(k in data for k in keys):
        return None
    policy = Policy()
    for key, attr in (("penultimate_province_rule", "ppr"), ("end_only_when_winning", "winning_end")):
        if key in data:
            if not isinstance(data[key], bool):
                raise RulesError(f"{where}:{line(key)}: {key} must be true or false")
            setattr(policy, attr, data[key])
    if "discard" in data:
        try:
            policy.discard = _card_list(data["discard"], "discard")
        except ValueError as e:
            raise RulesError(f"{where}:{line('discard')}: {e}") from None
    tables = data.get("card", {})
    if not isinstance(tables, dict) or not all(isinstance(v, dict) for v in tables.values()):
        raise RulesError(f"{where}:{line('card')}: card choices are tables such as [card.Chapel]")
    for name, table in tables.items():
        at = line(f"card.{name}")
        try:
            c = _card_id(name)
        except ValueError as e:
            raise RulesError(f"{where}:{at}: {e}") from None
        cp = policy.cards[c] = CardPolicy()
        for key, given in table.items():
            if key not in CARD_KEYS:
                raise RulesError(f"{where}:{at}: unknown key {key!r} in [card.{name}] "
                                 f"(keys: {', '.join(CARD_KEYS)})")
            cards = CARD_KEYS[key]
            if cards is None and not IS_ACTION[c]:
                raise RulesError(f"{where}:{at}: {NAMES[c]} is not an Action card: only Actions have a play condition")
            if cards is not None and NAMES[c] not in cards:
                raise RulesError(f"{where}:{at}: {key!r} is read for {', '.join(sorted(cards))}, not {NAMES[c]}")
            try:
                if key == "if":
                    texts = [given] if isinstance(given, str) else given
                    if not isinstance(texts, list) or not all(isinstance(x, str) for x in texts):
                        raise ValueError("if must be a condition string or a list of them")
                    cp.play_if = [k for t in texts for k in parse_condition(t)]
                elif key == "keep_money":
                    if not isinstance(given, int) or isinstance(given, bool) or given < 0:
                        raise ValueError("keep_money must be a whole number of coins, 0 or more")
                    cp.keep_money = given
                elif key == "set_aside":
                    if isinstance(given, bool):
                        cp.set_aside = given
                    else:
                        cp.set_aside = frozenset().union(*_card_list(given, "set_aside"))
                else:
                    setattr(cp, key, _card_list(given, key))
            except ValueError as e:
                raise RulesError(f"{where}:{at}: [card.{name}] {e}") from None
    return policy


def _ends_game(s: DominionState, c: int) -> bool:
    """Whether gaining ``c`` now would end the game (its pile's last card: a Province, a Colony, or the pile
    that empties one pile too many)."""
    if s.supply[c] != 1:
        return False
    return c == PROVINCE or (s.colony and c == COLONY) or s.empty + 1 >= (3 if s.players < 5 else 4)


def vetoed(policy: Policy, s: DominionState, p: int, c: int) -> bool:
    """Whether the file's end-game checks forbid gaining ``c``: the penultimate Province (or Colony) while some
    opponent leads (whoever takes the last then wins), or, with ``end_only_when_winning``, a gain that ends the
    game without this seat ahead (a tie counts as ahead only with no more turns played than that opponent)."""
    if policy.ppr and s.supply[c] == 2 and (c == PROVINCE or (s.colony and c == COLONY)):
        mine = score(s, p)
        if any(score(s, q) > mine for q in range(s.players) if q != p):
            return True
    if policy.winning_end and _ends_game(s, c):
        owned = s.owned[p]
        owned[c] += 1  # (scored with the card, then given back: the state is left as it was)
        try:
            mine = score(s, p)
        finally:
            owned[c] -= 1
        turns = s.turns[p] + 1  # this turn, the game's last, counts
        for q in range(s.players):
            if q != p:
                theirs = score(s, q)
                if theirs > mine or (theirs == mine and turns > s.turns[q]):
                    return True
    return False


# --- the defaults for every decision: the card-data ones in ``defaults`` (shared with the compiled bot) ----------
_play_key, _discard_key, _value = play_key, discard_key, value
_PLAY_KEYS, _DISCARD_KEYS = PLAY_KEYS, DISCARD_KEYS
#: the name of the method that decides a card's frame (``on_throne_room``), by card id
_ON = ["on_" + n.lower().replace(" ", "_") for n in NAMES]
TREASURE_MAP = BY_NAME["Treasure Map"]
CELLAR, CHAPEL, REMODEL, THRONE_ROOM, LIBRARY = (BY_NAME[n] for n in ("Cellar", "Chapel", "Remodel", "Throne Room",
                                                                     "Library"))


class StrategyBot(Playout):
    """Buys by a priority list of rules; every other decision by the defaults below.

    It is also a playout policy (``mc:policy=witch-big-money``, or a rule file's path): a search's playouts play it
    in every seat, in the compiled bot where that plays its file and the kingdom (``finish``, ``finish_after``,
    ``finish_round``), else step by step through ``act``."""

    name = "strategy"
    #: it reads its own hand, what everyone owns and the supply, all of which determinize keeps: the
    #: harness may hand it the true state
    reads = "view"

    def __init__(self, rng: Rng, rules: BuyRules) -> None:
        super().__init__(rng)
        self.rules = rules
        self.name = rules.name
        self._rules = rules.rules
        self._play = {c: i for i, c in enumerate(rules.play)} if rules.play else None
        policy = self._policy = rules.policy
        #: the per-card choices (None: the defaults), and whether a gain must pass the end-game checks
        self._cards = policy.cards if policy is not None and policy.cards else None
        self._vetoes = policy is not None and (policy.ppr or policy.winning_end)

    # -- the main phases ----------------------------------------------------------------------
    def act(self, game: Game, state: DominionState) -> Action:
        s = state
        if s.stack:
            return ACTIONS[self.decide(s, s.stack[-1])]
        p = s.cur
        if s.phase == BUY_PHASE:
            if not s.bought:
                for c in s.hand[p]:
                    if IS_TREASURE[c]:
                        return A_PLAY_TREASURES
            c = self.pick(s, p, s.coins + s.discount, None)  # what Bridge took off every price buys more
            return ACTIONS[CARD_ACTIONS + 1 + 3 * c] if c >= 0 else A_END_BUYS
        c = self.choose_play(s, [c for c in s.hand[p] if IS_ACTION[c]])
        return A_PLAY[c] if c >= 0 else A_END_ACTIONS

    def pick(self, s: DominionState, p: int, coins: int, among: list[int] | None) -> int:
        """The first rule's card affordable with ``coins`` (and in ``among``, if given); -1 if none."""
        if self._vetoes:
            return self._pick_checked(s, p, coins, among)
        return first_rule(self._rules, s, p, coins, among)

    def _pick_checked(self, s: DominionState, p: int, coins: int, among: list[int] | None) -> int:
        """``pick`` where the file's end-game checks (``vetoed``) may pass over a rule's card."""
        policy = self._policy
        assert policy is not None
        supply = s.supply
        for c, conds in self._rules:
            if supply[c] and COST[c] <= coins and (among is None or c in among) \
                    and all(k.holds(s, p, coins) for k in conds) and not vetoed(policy, s, p, c):
                return c
        return -1

    # -- as a search's playout policy: every seat plays this bot's file ---------------------------------------------
    def effort(self, game: Game, state: DominionState, actions: list[Action]) -> float:
        """The buys get a search's whole budget; routine decisions a share of it: playing the Treasures
        (``EFFORT_TREASURES``), an Action play (``EFFORT_PLAY``, twice that with several Action cards to choose
        from), a pending choice (a discard, a trash, a gain: ``EFFORT_PENDING``), a further buy of the same turn
        (``EFFORT_MORE_BUYS``)."""
        s: DominionState = state
        if s.stack:
            return EFFORT_PENDING
        if s.phase == BUY_PHASE:
            if A_PLAY_TREASURES in actions:
                return EFFORT_TREASURES
            return EFFORT_MORE_BUYS if s.bought else 1.0
        kinds = {c for c in s.hand[s.cur] if IS_ACTION[c]}
        return EFFORT_PLAY * (2 if len(kinds) > 1 else 1)

    _kept: tuple[Any, ...] | None = None

    def _file_tables(self, s: DominionState) -> tuple[Any, Any] | None:
        """The compiled bot's tables and seats for ``s`` with this bot's file in every seat, or None where the
        compiled bot does not play the file (``kernel_rules``, ``botkernel.uncovered``) or the kingdom."""
        from realms.games.dominion import botkernel

        if not botkernel.supports(s):
            return None
        ready = getattr(self, "ready_for", None)
        if ready is not None:
            ready(s)
        kept = self._kept
        if kept is None or kept[0] is not self.rules:
            rules = self.kernel_rules()
            found: tuple[Any, Any] | None = None
            if rules is not None and botkernel.uncovered(rules) is None:
                tables, fixed = botkernel.strategy_tables([rules])
                fixed[:] = 0  # every seat plays the file
                found = (tables, fixed)
            kept = self._kept = (self.rules, found)
        out: tuple[Any, Any] | None = kept[1]
        return out

    def finish(self, game: Game, state: DominionState) -> Result | None:
        """``Playout.finish``: ``state`` played to the end with this bot in every seat, in the compiled bot."""
        found = self._file_tables(state)
        if found is None or state.to_move is None:
            return None
        from realms.games.dominion import botkernel

        return botkernel.finish(state, found[0], found[1])

    def finish_after(self, game: Game, state: DominionState, action: Action) -> Result | None:
        """``Playout.finish_after``, in the compiled bot (``state`` encoded once while the same unchanged object
        comes back)."""
        found = self._file_tables(state)
        if found is None or state.to_move is None:
            return None
        from realms.games.dominion import botkernel, kernel

        mark = (state.rng, state.cur, state.phase, state.to_move, len(state.stack), state.coins, state.buys,
                state.actions, state.turns[state.cur], len(state.hand[state.to_move]))
        enc = self._encoded
        if enc is None or enc[0] is not state or enc[1] != mark:
            enc = self._encoded = (state, mark, kernel.encode(state))
        return botkernel.finish_after(state, action.index, found[0], enc[2], found[1])

    _encoded: tuple[Any, ...] | None = None

    def finish_round(self, game: Game, state: DominionState, seat: int, rng: Rng,
                     actions: list[Action]) -> list[tuple[list[int], list[int]]] | None:
        """``Playout.finish_round``: a flat search's whole round in the compiled bot, the determinization too."""
        if state.to_move is None:
            return None
        found = self._file_tables(state)
        if found is None:
            return None
        from realms.games.dominion import botkernel, kernel

        mark = (state.rng, state.cur, state.phase, state.to_move, len(state.stack), state.coins, state.buys,
                state.actions, state.turns[state.cur], len(state.hand[state.to_move]), seat)
        kept = self._round_kept
        if kept is None or kept[0] is not state or kept[1] != mark:
            kept = self._round_kept = (state, mark, kernel.round_prepare(state, seat))
        return botkernel.search_round(kept[2], found[0], state.players, [a.index for a in actions], rng, self.rng,
                                      found[1])

    _round_kept: tuple[Any, ...] | None = None

    def kernel_rules(self) -> BuyRules | None:
        """Its rule file when it is a plain strategy bot (this class itself: its file decides all it decides), for
        the compiled bot to play where it covers the file (``botkernel.uncovered``), else None."""
        return self.rules if type(self) is StrategyBot else None

    def _card(self, c: int) -> CardPolicy | None:
        return self._cards.get(c) if self._cards is not None else None

    def choose_play(self, s: DominionState, actions: list[int]) -> int:
        if TREASURE_MAP in actions and actions.count(TREASURE_MAP) < 2:  # alone it only trashes itself
            actions = [c for c in actions if c != TREASURE_MAP]
        if self._cards is not None and actions:  # a card whose file's play condition fails stays in hand
            p = s.cur
            actions = [c for c in actions if (cp := self._cards.get(c)) is None or cp.play_if is None
                       or all(k.holds(s, p, s.coins) for k in cp.play_if)]
        if not actions:
            return -1
        order = self._play
        if order is not None:
            listed = [c for c in actions if c in order]
            if listed:
                return min(listed, key=order.__getitem__)
        return min(actions, key=_PLAY_KEYS.__getitem__)

    # -- pending decisions --------------------------------------------------------------------
    def decide(self, s: DominionState, f: list[int]) -> int:
        kind = f[0]
        # the commonest frames first, without their option lists (the same answers: a Reaction is revealed when
        # it is in hand, the yes of its options; the discard is the first distinct card of the hand that is
        # lowest by the discard key, as min over the distinct cards in first-seen order finds it)
        if kind == REACT:
            # reveal what may be revealed; a Reaction asked again (Secret Chamber) once per Attack: not while a
            # copy is known in hand, nor while cards it put on the deck lie there (it would draw them back, for ever)
            r, v = f[React.CARD], f[2]
            card = CARDS[r]
            if not card.can_react(s, v) or (card.reveal_again and (r in s.hpub[v] or s.top[v])):
                return NO
            return YES
        if kind == DISCARD_DOWN and len(s.hand[f[2]]) > f[DiscardDown.KEEP]:
            hand = s.hand[f[2]]
            if self._policy is not None and self._policy.discard is not None:
                c = first_listed(self._policy.discard, hand)
                if c >= 0:
                    return _choose(c)
            return _choose(min(hand, key=_DISCARD_KEYS.__getitem__))
        opts = HANDLERS[kind].options(s, f)
        assert opts
        p = f[2]
        picks = [card_of(a) for a in opts if a >= CARD_ACTIONS]
        if kind == GAIN:
            return self._gain(s, p, f[Gain.MAX_COST], picks)
        method = getattr(self, _ON[kind], None) if kind >= 0 else None
        if method is not None:
            a: int = method(s, f, p, picks, opts)
            if a in opts:
                return a
        return opts[0] if DONE not in opts else DONE

    def _gain(self, s: DominionState, p: int, max_cost: int, picks: list[int]) -> int:
        c = self.pick(s, p, max_cost, picks)
        if c < 0:
            useful = [c for c in picks if not TYPES[c] & CURSE] or picks
            c = max(useful, key=lambda c: (_value(c), COST[c], -c))
        return _choose(c)

    def _late(self, s: DominionState) -> bool:
        return gains_to_end(s) <= 6

    def on_cellar(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        cp = self._card(CELLAR)
        if cp is not None and cp.discard is not None:
            c = first_listed(cp.discard, picks)
            return _choose(c) if c >= 0 else DONE
        junk = [c for c in picks if TYPES[c] & CURSE or TYPES[c] == VICTORY]
        return _choose(junk[0]) if junk else DONE

    def on_chapel(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        cp = self._card(CHAPEL)
        if cp is not None and (cp.trash is not None or cp.keep_money is not None):
            keep = CHAPEL_KEEP if cp.keep_money is None else cp.keep_money
            order = cp.trash if cp.trash is not None else CHAPEL_TRASH
            money = _money(s.owned[p])
            for entry in order:  # the listed cards in order; a Treasure only while the money kept stays
                found = [c for c in picks if c in entry and not (IS_TREASURE[c] and money - COINS[c] < keep)]
                if found:
                    return _choose(min(found, key=_DISCARD_KEYS.__getitem__))
            return DONE
        for c in (CURSE_ID, ESTATE):
            if c in picks and not (c == ESTATE and self._late(s)):
                return _choose(c)
        if COPPER in picks and _money(s.owned[p]) - 1 >= 6:
            return _choose(COPPER)
        return DONE

    def on_chancellor(self, *args: Any) -> int:
        return YES

    def on_moneylender(self, *args: Any) -> int:
        return YES

    def on_vassal(self, *args: Any) -> int:
        return YES

    def on_bureaucrat(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(min(picks, key=lambda c: (COST[c], c)))

    def on_poacher(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(min(picks, key=_discard_key))

    def on_remodel(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        cp = self._card(REMODEL)
        if cp is not None and cp.trash is not None:
            c = first_listed(cp.trash, picks)
            if c >= 0:
                return _choose(c)
        if CURSE_ID in picks:
            return _choose(CURSE_ID)
        if GOLD in picks and self._late(s) and s.supply[PROVINCE]:
            return _choose(GOLD)
        if ESTATE in picks and not self._late(s):
            return _choose(ESTATE)
        return _choose(min(picks, key=lambda c: (_value(c), c)))

    def on_mine(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        for have, want in ((GOLD, PLATINUM), (SILVER, GOLD), (COPPER, SILVER)):
            if have in picks and s.supply[want]:
                return _choose(have)
        return DONE if DONE in opts else _choose(min(picks, key=lambda c: COST[c]))

    def on_throne_room(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        cp = self._card(THRONE_ROOM)
        if cp is not None and cp.target is not None:
            c = first_listed(cp.target, picks)
            if c >= 0:
                return _choose(c)
        others = [c for c in picks if NAMES[c] != "Throne Room"] or picks
        return _choose(self.choose_play(s, others))

    def on_library(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        cp = self._card(LIBRARY)
        if cp is not None and cp.set_aside is not None:
            aside = cp.set_aside
            if isinstance(aside, bool):
                return YES if aside else NO
            return YES if s.look[p] and s.look[p][-1] in aside else NO
        return YES if s.actions == 0 else NO

    def on_spy(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        c = f[Spy.CARD]
        bad = bool(TYPES[c] & (CURSE | VICTORY)) and not TYPES[c] & (ACTION | TREASURE) or c == COPPER
        if f[Spy.TARGET] == p:
            return YES if bad else NO
        return NO if bad else YES

    def on_thief(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == 1:
            return _choose(max(picks, key=lambda c: (COINS[c], COST[c])))
        good = [c for c in picks if c != COPPER]
        return _choose(good[0]) if good else DONE

    def on_harbinger(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        good = [c for c in picks if (TYPES[c] & TREASURE and COINS[c] >= 2) or TYPES[c] & ACTION]
        return _choose(max(good, key=lambda c: (_value(c), c))) if good else DONE

    def on_bandit(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(min(picks, key=lambda c: (COST[c], c)))

    def on_sentry(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == 0:
            for c in picks:
                if TYPES[c] & CURSE or (c == ESTATE and not self._late(s)) or c == COPPER:
                    return _choose(c)
            return DONE
        if f[1] == 1:
            for c in picks:
                if TYPES[c] == VICTORY:
                    return _choose(c)
            return DONE
        return _choose(max(picks, key=lambda c: (_value(c), c)))

    def on_artisan(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        acts = [c for c in picks if IS_ACTION[c]]
        if acts and s.actions == 0:
            return _choose(self.choose_play(s, acts))
        # a Victory card put on top would be drawn again next turn: only when nothing else is in hand
        useful = [c for c in picks if IS_ACTION[c] or IS_TREASURE[c]] or picks
        return _choose(max(useful, key=lambda c: (_value(c), c)))

    # -- Intrigue and Seaside (the compiled bot, ``botkernel``, answers them the same way) -----------------------
    def _trash_key(self, s: DominionState, c: int) -> int:
        """Lower trashes first: Curses, an Estate before the end is near, Coppers, then by worth."""
        if TYPES[c] & CURSE:
            return -20
        if c == ESTATE and not self._late(s):
            return -10
        return -5 if c == COPPER else _value(c)

    def _spare(self, s: DominionState, p: int, hand: list[int]) -> int:
        """The card of ``hand`` best saved for a later turn: an Action it cannot play now, else the best Treasure
        it can do without this turn (its buy bracket unchanged), else a card that is no Treasure (a Victory card or a
        Curse before an Action), else the cheapest Treasure."""
        if s.actions == 0:
            acts = [c for c in hand if IS_ACTION[c]]
            if acts:
                return self.choose_play(s, acts)
        m = _hand_money(s, p)
        for c in sorted({c for c in hand if IS_TREASURE[c]}, key=lambda c: (-COINS[c], c)):  # (ties: lowest id)
            if _bracket(m - COINS[c]) == _bracket(m):
                return c
        return min(hand, key=lambda c: (2 if IS_TREASURE[c] else 1 if IS_ACTION[c] else 0,
                                        COINS[c] if IS_TREASURE[c] else 0, _DISCARD_KEYS[c]))

    def _put_back(self, s: DominionState, hand: list[int], keep: int) -> int:
        """Cards go back on the deck while the hand is cut to ``keep``: the best one beyond the best ``keep``
        (it is drawn again later; the junk stays in the hand that gets cut)."""
        ranked = sorted(hand, key=lambda c: _DISCARD_KEYS[c], reverse=True)
        return ranked[min(keep, len(ranked) - 1)]

    def on_courtyard(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(self._spare(s, p, s.hand[p]))

    def on_lurker(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # take a good Action card from the trash if there is one; else trash the priciest Action of the Supply
        # (the others cannot buy it, and a later Lurker may take it back)
        if f[1] == Lurker.MODE:
            good = [c for c in set(s.trash) if IS_ACTION[c] and COST[c] >= 3]
            return NO if good else YES
        if f[1] == Lurker.FROM_TRASH:
            return _choose(max(picks, key=lambda c: (_value(c), c)))
        return _choose(max(picks, key=lambda c: (COST[c], c)))

    def on_pawn(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # +1 Card with +$1, or with +1 Action while an Action card waits and none is left
        if f[1] == Pawn.CARD:
            return YES
        if f[1] == Pawn.ACTION:
            return YES if s.actions == 0 and any(IS_ACTION[c] for c in s.hand[p]) else NO
        return NO

    def on_steward(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == Steward.TRASH:
            return _choose(min(picks, key=lambda c: (self._trash_key(s, c), c)))
        if sum(1 for c in s.hand[p] if self._trash_key(s, c) <= -10) >= 2:
            return DONE
        return YES if s.actions else NO

    def on_wishing_well(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # the known top card, else the card most common among those not in hand, play or discard pile
        if s.top[p] and s.top[p][-1] != UNSEEN:
            return _choose(s.deck[p][-1])
        left = s.owned[p][:]
        for zone in (s.hand[p], s.play[p], s.disc[p]):
            for c in zone:
                left[c] -= 1
        return _choose(max(picks, key=lambda c: (left[c], -c)))

    def on_baron(self, *args: Any) -> int:
        return YES

    def on_ironworks(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return self._gain(s, p, Ironworks.MAX, picks)

    def on_mill(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == Mill.DISCARD:
            return _choose(min(picks, key=_DISCARD_KEYS.__getitem__))
        worst = sorted(s.hand[p], key=_DISCARD_KEYS.__getitem__)[:2]
        return YES if len(worst) == 2 and sum(COINS[c] for c in worst if IS_TREASURE[c]) < 2 else NO

    def on_mining_village(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # only when the $2 buys what the turn could not: a Province once the game is under way, a Duchy near the end
        m = _hand_money(s, p)
        if m < 8 <= m + 2 and s.turns[p] >= 10:
            return YES
        return YES if self._late(s) and m < 5 <= m + 2 else NO

    def on_nobles(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return NO if s.actions == 0 and any(IS_ACTION[c] for c in s.hand[p]) else YES

    def on_secret_chamber(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == SecretChamber.PUTTING:
            attack = next((NAMES[g[Body.CARD]] for g in reversed(s.stack) if g[0] == BODY), "")
            if attack in _CUT_TO_THREE:
                return _choose(self._put_back(s, s.hand[p], 3))
            if attack == "Minion":  # the hand may be discarded: save the best
                return _choose(self._put_back(s, s.hand[p], 0))
            return _choose(min(picks, key=_DISCARD_KEYS.__getitem__))
        # +$1 for each card that does nothing this turn: junk, and Actions it has no Action left for
        for c in picks:
            if TYPES[c] & CURSE or TYPES[c] == VICTORY or (IS_ACTION[c] and not IS_TREASURE[c] and s.actions == 0):
                return _choose(c)
        return DONE

    def on_masquerade(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # pass the least worth (a Curse, an Estate, a Copper...), a Duchy or a Province only when nothing else is in
        # hand; trash junk, or a Copper whose loss leaves the buy as good
        if f[1] == Masquerade.PASS:
            return _choose(min(picks, key=lambda c: (_keeps(c), self._trash_key(s, c), c)))
        junk = [c for c in picks if self._trash_key(s, c) <= -10]
        if junk:
            return _choose(min(junk, key=lambda c: self._trash_key(s, c)))
        m = _hand_money(s, p)
        return _choose(COPPER) if COPPER in picks and _bracket(m - 1) == _bracket(m) else DONE

    def on_swindler(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # the victim's worst card at that cost; near the end no Victory card (points for them)
        pool = [c for c in picks if TYPES[c] != VICTORY] if self._late(s) else picks
        return _choose(min(pool or picks, key=lambda c: (_value(c), c)))

    def on_scout(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(min(picks, key=lambda c: (_value(c), c)))  # the last put back ends on top: the best

    on_patrol = on_scout

    def on_secret_passage(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # the worst card goes in: junk to the bottom, anything else on top for the next hand
        if f[1] == SecretPassage.TAKE:
            return _choose(min(picks, key=_DISCARD_KEYS.__getitem__))
        c = f[SecretPassage.CARD]
        if f[1] == SecretPassage.WALK and (TYPES[c] & CURSE or TYPES[c] == VICTORY):
            return NO if NO in opts else YES
        return YES if YES in opts else DONE

    def on_courtier(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == Courtier.REVEAL:
            return _choose(max(picks, key=lambda c: (TYPES[c].bit_count(), -_value(c))))
        m = _hand_money(s, p)
        if DONE in opts and m < 8 <= m + 3 and s.supply[PROVINCE]:
            return DONE
        if _choose(GOLD) in opts and s.supply[GOLD] and not self._late(s):
            return _choose(GOLD)
        if DONE in opts:
            return DONE
        if YES in opts and s.actions == 0 and any(IS_ACTION[c] for c in s.hand[p]):
            return YES
        return NO if NO in opts else opts[0]

    def on_minion(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # +$2 with a good hand or more Actions to play; else a fresh hand of 4 (and the attack)
        if any(IS_ACTION[c] for c in s.hand[p]) or _hand_money(s, p) + 2 >= 6:
            return YES
        return NO

    def on_replace(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == Replace.GAIN_STEP:
            return self._gain(s, p, f[Replace.MAX], picks)
        return self.on_remodel(s, f, p, picks, opts)

    def on_saboteur(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        c = self.pick(s, p, f[Saboteur.MAX], picks)
        return _choose(c) if c >= 0 else DONE

    def on_torturer(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # discard 2 when that leaves the hand's buy as good (junk goes first), else take the Curse
        if not s.supply[CURSE_ID]:
            return NO
        hand = s.hand[p]
        rest = sorted(hand, key=_DISCARD_KEYS.__getitem__)[2:]
        m = s.coins + sum(COINS[c] for c in hand if IS_TREASURE[c])
        m2 = s.coins + sum(COINS[c] for c in rest if IS_TREASURE[c])
        return YES if _bracket(m2) == _bracket(m) else NO

    def on_trading_post(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(min(picks, key=lambda c: (self._trash_key(s, c), c)))

    on_upgrade = on_trading_post

    def on_embargo(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # the kingdom pile the others own most of and this seat none of; else the Curses (harmless)
        others = [sum(s.owned[q][c] for q in range(s.players) if q != p) for c in range(len(NAMES))]
        pool = [c for c in picks if c in s.kingdom and not s.owned[p][c] and others[c]]
        return _choose(max(pool, key=lambda c: (others[c], COST[c]))) if pool else _choose(CURSE_ID)

    def on_native_village(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        mat = s.nvmat[p]
        return NO if len(mat) >= 3 or (mat and self._late(s)) else YES

    def on_pearl_diver(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        c = s.look[p][-1]
        return YES if (IS_TREASURE[c] and COINS[c] >= 2) or IS_ACTION[c] else NO

    def on_ambassador(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == Ambassador.REVEAL:
            return _choose(min(picks, key=lambda c: (self._trash_key(s, c), c)))
        return _choose(picks[0]) if picks and self._trash_key(s, picks[0]) <= -5 else DONE

    def on_lookout(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == Lookout.TRASH:
            return _choose(min(picks, key=lambda c: (self._trash_key(s, c), c)))
        return _choose(min(picks, key=lambda c: (_value(c), c)))

    def on_smugglers(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return self._gain(s, p, Smugglers.LIMIT, picks)

    def on_warehouse(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(min(picks, key=_DISCARD_KEYS.__getitem__))

    on_island = on_warehouse
    on_tide_pools = on_warehouse
    on_sea_witch = on_warehouse

    def on_salvager(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(min(picks, key=lambda c: (self._trash_key(s, c), c)))

    def on_haven(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return _choose(self._spare(s, p, s.hand[p]))

    def on_navigator(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == Navigator.CHOOSE_MODE:  # keep five cards worth $5 or more
            seen = s.look[p][f[Navigator.BASE]:]
            return NO if sum(COINS[c] for c in seen if IS_TREASURE[c]) >= 5 else YES
        return _choose(max(picks, key=lambda c: (_value(c), c)))  # top first: the best

    def on_pirate_ship(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == PirateShip.PICK:
            return _choose(max(picks, key=lambda c: (COINS[c], COST[c])))
        return NO if s.pcoins[p] >= 3 else YES

    def on_explorer(self, *args: Any) -> int:
        return YES

    def on_ghost_ship(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        # the worst cards go back first; the last one is the best card whose loss leaves next turn's buy (the hand's
        # own Treasures) as good, so it is drawn the turn after
        hand = s.hand[p]
        if len(hand) - GhostShip.KEEP > 1:
            return _choose(min(hand, key=_DISCARD_KEYS.__getitem__))
        m = sum(COINS[c] for c in hand if IS_TREASURE[c])
        return _choose(max(hand, key=lambda c: (_bracket(m - (COINS[c] if IS_TREASURE[c] else 0)), _DISCARD_KEYS[c])))

    def on_treasury(self, *args: Any) -> int:
        return YES

    def on_blockade(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        return self._gain(s, p, 4, picks)

    def on_sailor(self, s: DominionState, f: list[int], p: int, picks: list[int], opts: list[int]) -> int:
        if f[1] == Sailor.PLAY:
            return YES
        junk = [c for c in picks if self._trash_key(s, c) <= -10]
        return _choose(min(junk, key=lambda c: self._trash_key(s, c))) if junk else DONE

    def on_pirate(self, *args: Any) -> int:
        return YES


def _choose(c: int) -> int:
    return CARD_ACTIONS + 2 + 3 * c


def _hand_money(s: DominionState, p: int) -> int:
    """The coins of the turn so far plus the Treasures in ``p``'s hand."""
    return s.coins + sum(COINS[c] for c in s.hand[p] if IS_TREASURE[c])


def _keeps(c: int) -> bool:
    """Whether ``c`` is a Victory card worth keeping from a pass (a Duchy, a Province: costing $5 or more)."""
    return bool(TYPES[c] & VICTORY) and COST[c] >= 5


def _bracket(m: int) -> int:
    """What $``m`` buys in a Big Money deck: 4 a Province, 3 a Gold, 2 a $5 card, 1 a Silver, 0 nothing."""
    return 4 if m >= 8 else 3 if m >= 6 else 2 if m >= 5 else 1 if m >= 3 else 0


#: attacks that cut a hand to three cards (Secret Chamber puts back what they would take)
_CUT_TO_THREE = frozenset({"Militia", "Ghost Ship"})


# --- the reference strategies (strategies.md), in the same TOML format users write -----------------
STRATEGIES: dict[str, str] = {
    "big-money": """
name = "big-money"
[[buy]]
card = "Province"
[[buy]]
card = "Gold"
[[buy]]
card = "Silver"
""",
    "big-money-ultimate": """
name = "big-money-ultimate"
[[buy]]
card = "Province"
if = "money > 18"
[[buy]]
card = "Duchy"
if = "gains_to_end <= 4"
[[buy]]
card = "Estate"
if = "gains_to_end <= 2"
[[buy]]
card = "Gold"
[[buy]]
card = "Duchy"
if = "gains_to_end <= 6"
[[buy]]
card = "Silver"
""",
    "smithy-big-money": """
name = "smithy-big-money"
[[buy]]
card = "Province"
[[buy]]
card = "Duchy"
if = "0 < gains_to_end <= 5"
[[buy]]
card = "Estate"
if = "0 < gains_to_end <= 2"
[[buy]]
card = "Gold"
[[buy]]
card = "Smithy"
if = ["count(Smithy) < 2", "deck_size >= 16"]
[[buy]]
card = "Smithy"
if = "count(Smithy) == 0"
[[buy]]
card = "Silver"
[[buy]]
card = "Copper"
if = "gains_to_end <= 3"
""",
    "militia-big-money": """
name = "militia-big-money"
[[buy]]
card = "Province"
[[buy]]
card = "Duchy"
if = "0 < gains_to_end <= 5"
[[buy]]
card = "Militia"
if = "count(Militia) < 2"
[[buy]]
card = "Estate"
if = "0 < gains_to_end <= 2"
[[buy]]
card = "Gold"
[[buy]]
card = "Silver"
[[buy]]
card = "Copper"
if = "gains_to_end <= 3"
""",
    "witch-big-money": """
name = "witch-big-money"
[[buy]]
card = "Province"
if = "count(Gold) > 0"
[[buy]]
card = "Witch"
if = "count(Witch) < 2"
[[buy]]
card = "Duchy"
if = "0 < gains_to_end <= 5"
[[buy]]
card = "Estate"
if = "0 < gains_to_end <= 2"
[[buy]]
card = "Gold"
[[buy]]
card = "Silver"
""",
    # the Gardens rush: Workshops first (each gains another card, so the deck grows fast), then Gardens (a VP per
    # ten cards owned), Estates and Coppers; it ends the game on piles (Workshop, Gardens, Estate)
    "workshop-gardens": """
name = "workshop-gardens"
[[buy]]
card = "Gardens"
if = "count(Workshop) >= 9"
[[buy]]
card = "Workshop"
[[buy]]
card = "Gardens"
[[buy]]
card = "Estate"
[[buy]]
card = "Silver"
[[buy]]
card = "Copper"
""",
    # the Bureaucrat rush: Bureaucrats (each gains a Silver and slows the others) until five, then Gardens; once
    # the Gardens are gone, Victory cards
    "bureaucrat-gardens": """
name = "bureaucrat-gardens"
[[buy]]
card = "Gardens"
if = "count(Bureaucrat) >= 5"
[[buy]]
card = "Province"
if = "pile(Gardens) == 0"
[[buy]]
card = "Duchy"
if = "pile(Gardens) == 0"
[[buy]]
card = "Estate"
if = "pile(Gardens) == 0"
[[buy]]
card = "Bureaucrat"
[[buy]]
card = "Silver"
[[buy]]
card = "Copper"
""",
}
_PARSED = {name: parse_rules(text, f"<{name}>") for name, text in STRATEGIES.items()}


def make_strategy(name: str, rng: Rng) -> StrategyBot:
    return StrategyBot(rng, _PARSED[name])


def load_agent_file(path: str, rng: Rng) -> Agent:
    """A bot from a buy-rule TOML file (for ``--players path/to/rules.toml``)."""
    return StrategyBot(rng, load_rules(path))


def _factory(name: str) -> AgentFactory:
    return lambda rng: make_strategy(name, rng)


#: the bots this game declares (``Dominion.agents``): one per built-in strategy
AGENTS: dict[str, AgentFactory] = {name: _factory(name) for name in STRATEGIES}

__all__ = ["STRATEGIES", "BuyRules", "Condition", "RulesError", "StrategyBot", "gains_to_end", "load_agent_file",
           "load_rules", "make_strategy", "parse_condition", "parse_rules"]


# --- players for any kingdom: a playout policy for search agents, and Big Money Ultimate plus X ----------
#: the shares of a search's budget for Dominion's routine decisions (``RolloutBot.effort``)
EFFORT_TREASURES = 0.1
EFFORT_PLAY = 0.2
EFFORT_PENDING = 0.25
EFFORT_MORE_BUYS = 0.5


class RolloutBot(StrategyBot, Playout):
    """``rollout-money`` (the search agents' ``rollout`` here until ``rollout-auto`` took the name): Big Money
    Ultimate's buys with the default play order and decisions, so every Action card a search chose to buy is
    played sensibly in its playouts; the base of the other rollouts."""

    name = "rollout"
    #: a search keeps this many actions by ``rank``, at every node of its trees
    width = 6
    narrow_all = True

    def __init__(self, rng: Rng) -> None:
        StrategyBot.__init__(self, rng, _PARSED["big-money-ultimate"])
        self.name = "rollout"

    def finish(self, game: Dominion, state: DominionState) -> Result:  # type: ignore[override]
        """The playout to the end with this policy in every seat, on a copy of ``state``, through the lean path of
        ``fast.play`` (the same engine and the same decisions as stepping through ``act``, without building the
        legal actions of every step)."""
        from realms.games.dominion.fast import play

        s: DominionState = game.clone(state)
        self._prepare(s)
        play(game, s, [self] * s.players)
        result: Result | None = game.result(s)
        assert result is not None
        return result

    def finish_after(self, game: Dominion, state: DominionState, action: Action) -> Result:  # type: ignore[override]
        """``finish`` of a copy of ``state`` after ``action``, the one copy played on."""
        from realms.games.dominion.fast import play

        s: DominionState = game.clone(state)
        game.apply(s, action)
        if s.to_move is not None:
            self._prepare(s)
            play(game, s, [self] * s.players)
        result: Result | None = game.result(s)
        assert result is not None
        return result

    def _prepare(self, s: DominionState) -> None:
        """Set up for the kingdom of ``s`` on the first decision (nothing to do for the plain rollout)."""

    def rank(self, game: Game, state: DominionState, actions: list[Action]) -> list[float]:
        """Buys by cost (a Curse last, a Copper just above ending the buys, an Estate or Duchy low until the
        game nears its end), playing Treasures before any buy; everything else by the legal order."""
        s: DominionState = state
        late = gains_to_end(s) <= 4
        out: list[float] = []
        for i, a in enumerate(actions):
            if a.kind == "play_treasures":
                out.append(100.0)
            elif a.kind == "buy":
                c = BY_NAME[a["card"]]
                t = TYPES[c]
                if t & CURSE:
                    v = -2.0
                elif c == COPPER:
                    v = 0.5
                elif t == VICTORY and c != PROVINCE and not late:
                    v = 1.0 + COST[c] / 10
                else:
                    v = float(COST[c]) + (0.5 if IS_TREASURE[c] else 0.0)
                out.append(v)
            elif a.kind == "end_buys":
                out.append(0.0)
            else:
                out.append(50.0 - i / 100)
        return out


#: kingdom cards by how well one or two copies do in an otherwise Big Money Ultimate deck (a rough order
#: of our own, strongest first); ``bmu-plus`` without a card takes the first one in the kingdom
BMU_PLUS_ORDER = (
    "Witch", "Sea Witch", "Wharf", "Sea Hag", "Torturer", "Masquerade", "Courtyard", "Militia", "Minion", "Ghost Ship",
    "Smithy", "Tide Pools", "Library", "Courtier", "Council Room", "Patrol", "Nobles", "Diplomat", "Ambassador",
    "Bandit", "Moat", "Cutpurse", "Monkey", "Laboratory", "Sentry", "Merchant Ship", "Tactician", "Steward", "Market",
    "Bazaar", "Caravan", "Replace", "Corsair", "Secret Passage", "Pirate", "Saboteur", "Treasury", "Upgrade",
    "Poacher", "Festival", "Harbinger", "Merchant", "Vassal", "Bureaucrat", "Moneylender", "Swindler", "Baron",
    "Explorer", "Salvager", "Trading Post", "Blockade", "Spy", "Mine", "Mill", "Wishing Well", "Navigator",
    "Pirate Ship", "Lookout", "Sailor", "Warehouse", "Haven", "Lighthouse", "Astrolabe", "Fishing Village",
    "Adventurer", "Artisan", "Remodel", "Great Hall", "Harem", "Conspirator", "Bridge", "Tribute", "Ironworks",
    "Sea Chart", "Pearl Diver", "Pawn", "Island", "Duke", "Secret Chamber", "Lurker", "Scout", "Coppersmith", "Cellar",
    "Chancellor", "Woodcutter", "Mining Village", "Shanty Town", "Native Village", "Village", "Workshop", "Feast",
    "Smugglers", "Outpost", "Treasure Map", "Embargo", "Throne Room", "Thief", "Chapel", "Gardens",
)
#: how many copies ``bmu-plus`` buys by default: two of draw, attacks and cantrips, one of the rest (the cards of
#: this list; a card not in ``BMU_PLUS_ORDER`` by its data: ``bmu_plus_copies``)
BMU_PLUS_TWO = frozenset({
    "Witch", "Militia", "Smithy", "Library", "Council Room", "Bandit", "Moat", "Laboratory", "Sentry", "Market",
    "Poacher", "Festival", "Harbinger", "Merchant", "Vassal", "Bureaucrat", "Spy",
    # Intrigue and Seaside (Treasure Map does nothing alone)
    "Sea Witch", "Wharf", "Sea Hag", "Torturer", "Masquerade", "Courtyard", "Minion", "Ghost Ship", "Tide Pools",
    "Patrol", "Nobles", "Diplomat", "Ambassador", "Cutpurse", "Monkey", "Merchant Ship", "Bazaar", "Caravan",
    "Corsair", "Secret Passage", "Pirate", "Treasury", "Upgrade", "Swindler", "Great Hall", "Mill", "Wishing Well",
    "Sea Chart", "Pearl Diver", "Lighthouse", "Fishing Village", "Haven", "Treasure Map",
})


def bmu_plus_copies(card: str) -> int:
    """How many copies of ``card`` ``bmu-plus`` buys by default: the listed cards by ``BMU_PLUS_TWO``, another
    card two if it is an Attack, draws two or more cards, or draws and gives an Action (a cantrip), else one."""
    if card in BMU_PLUS_ORDER:
        return 2 if card in BMU_PLUS_TWO else 1
    c = _card_id(card)
    return 2 if TYPES[c] & ATTACK or PLUS_CARDS[c] >= 2 or (PLUS_CARDS[c] and PLUS_ACTIONS[c]) else 1


#: the cards ``bmu-plus`` can be asked to add: every kingdom card
BMU_PLUS_CARDS = tuple(sorted(c.name for c in CARDS if c.kingdom))


def bmu_plus_rules(card: str, copies: int, race: bool = False) -> BuyRules:
    """Big Money Ultimate with up to ``copies`` of ``card``: bought before Gold when it costs 5 or more,
    else before Silver; a second copy of a terminal Action only once the deck has 16 cards, unless ``race``
    (a card whose attack races for a shared pile, Witch's Curses: every copy as soon as it can)."""
    c = _card_id(card)
    terminal = not race and IS_ACTION[c] and not PLUS_ACTIONS[c]
    x: list[Rule] = []
    for k in range(copies):
        conds = parse_condition(f"count({NAMES[c]}) < {k + 1}")
        if k and terminal:
            conds += parse_condition("deck_size >= 16")
        x.append((c, conds))
    base = _PARSED["big-money-ultimate"].rules  # Province, Duchy, Estate, Gold, Duchy, Silver
    at = 3 if COST[c] >= 5 else 5
    return BuyRules(f"bmu-plus-{NAMES[c].lower().replace(' ', '-')}", base[:at] + x + base[at:])


class BmuPlusBot(StrategyBot):
    """``bmu-plus``: Big Money Ultimate plus one or two copies of a kingdom card (``card``; by default the
    first of ``BMU_PLUS_ORDER`` in the kingdom), built when it first sees the kingdom."""

    name = "bmu-plus"

    def __init__(self, rng: Rng, card: str | None, copies: int | None) -> None:
        StrategyBot.__init__(self, rng, _PARSED["big-money-ultimate"])
        self.card, self.copies, self._ready = card, copies, False

    def act(self, game: Game, state: DominionState) -> Action:
        if not self._ready:
            s = state
            card = self.card
            if card is None:
                card = _strongest(s.kingdom)
            if card is not None:
                copies = self.copies or bmu_plus_copies(card)
                rules = bmu_plus_rules(card, copies, race=card in RACE_CARDS)
                self.rules, self._rules, self.name = rules, rules.rules, rules.name
            self._ready = True
        return StrategyBot.act(self, game, state)


def _bmu_plus(rng: Rng, options: Mapping[str, Any]) -> Agent:
    card = options["card"]
    return BmuPlusBot(rng, None if card is None else BMU_PLUS_CARDS[[n.lower().replace(" ", "-")
                                                                      for n in BMU_PLUS_CARDS].index(card)],
                      options["copies"])


class RolloutPlusBot(RolloutBot):
    """``rollout-plus``: the playout policy with Big Money Ultimate plus X's buys (X the kingdom's strongest
    card for it, as ``bmu-plus`` picks it), so both sides of a playout buy and play the kingdom's key card
    (a Witch kingdom's playouts deal Curses) instead of plain money."""

    name = "rollout-plus"

    def _prepare(self, s: DominionState) -> None:
        if not getattr(self, "_ready", False):
            rules = bmu_plus_for(s.kingdom)
            self.rules, self._rules = rules, rules.rules
            self._ready = True

    def act(self, game: Game, state: DominionState) -> Action:
        self._prepare(state)
        return StrategyBot.act(self, game, state)


class RolloutAutoBot(RolloutBot):
    """``rollout-auto``: the playout policy whose buys each seat takes from what it has bought so far, which
    every seat sees (gains are public): Big Money Ultimate plus the kingdom's strongest card X (as
    ``rollout-plus``: X by ``BMU_PLUS_ORDER``, a Witch raced for) while the seat owns X or may still buy it;
    once it has passed X (``passed_x``; never for a race card: a seat without a Witch is still expected to
    race for the Curses), Big Money Ultimate plus the first kingdom card it owns by that order, or money only
    (Big Money Ultimate) if it owns none. So a Witch kingdom is played as ``rollout-plus`` plays it, and a seat
    playing money (the First Game's Big Money Ultimate, which passes its Militia) is modelled playing money."""

    name = "rollout-auto"
    _order: list[int] | None = None
    #: the buy rules of each strategy of ``MODELS``, in order (set below, once the strategies are parsed)
    MODEL_RULES: tuple[list[Rule], ...] = ()
    #: the strategies a reading may name (``MODELS``; ``rollout-adapted`` adds the kingdom's own) and their buy rules
    models: tuple[str, ...] = ()
    model_rules: Mapping[str, list[Rule]] = {}
    #: the whole files of those strategies that say more than their buys (``rollout-adapted``: a Chapel engine's
    #: Chapel), by name: a seat the model reads as one decides as that file does
    model_files: Mapping[str, BuyRules] = {}
    #: whether a decision is being made as a model seat's file (``_as_file``)
    _in_file = False

    def _prepare(self, s: DominionState) -> None:
        if self._order is None:
            names = {NAMES[c] for c in s.kingdom}
            #: the kingdom's cards in BMU_PLUS_ORDER, and the rules of Big Money Ultimate plus each
            self._order = [_card_id(n) for n in BMU_PLUS_ORDER if n in names]
            self._plus = {c: bmu_plus_rules(NAMES[c], bmu_plus_copies(NAMES[c]),
                                            race=NAMES[c] in RACE_CARDS).rules for c in self._order}
            self._money_rules = self._rules

    def finish(self, game: Dominion, state: DominionState) -> Result:  # type: ignore[override]
        """``RolloutBot.finish``, in the compiled kernel where it plays this kingdom (``botkernel``: the same
        decisions, the same game)."""
        tables = self._kernel_tables(state)
        if tables is None:
            return RolloutBot.finish(self, game, state)
        from realms.games.dominion import botkernel

        return botkernel.finish(state, tables, self._fixed_array())

    def finish_after(self, game: Dominion, state: DominionState, action: Action) -> Result:  # type: ignore[override]
        """``RolloutBot.finish_after``, in the kernel where it plays this kingdom (the state encoded once while the
        same unchanged object comes back)."""
        tables = self._kernel_tables(state)
        if tables is None or state.to_move is None:
            return RolloutBot.finish_after(self, game, state, action)
        from realms.games.dominion import botkernel, kernel

        mark = (state.rng, state.cur, state.phase, state.to_move, len(state.stack), state.coins, state.buys,
                state.actions, state.turns[state.cur], len(state.hand[state.to_move]))
        kept = self._encoded
        if kept is None or kept[0] is not state or kept[1] != mark:
            kept = self._encoded = (state, mark, kernel.encode(state))
        return botkernel.finish_after(state, action.index, tables, kept[2], self._fixed_array())

    _encoded: tuple[Any, ...] | None = None

    def finish_round(self, game: Game, state: DominionState, seat: int, rng: Rng,
                     actions: list[Action]) -> list[tuple[list[int], list[int]]] | None:
        """A flat search's whole round in the kernel (``botkernel.search_round``: the determinization too) where
        it plays this kingdom; what it needs of ``state`` is derived once while the same unchanged object comes
        back."""
        if state.to_move is None:
            return None
        from realms.games.dominion import botkernel, kernel

        mark = (state.rng, state.cur, state.phase, state.to_move, len(state.stack), state.coins, state.buys,
                state.actions, state.turns[state.cur], len(state.hand[state.to_move]), seat, botkernel.ENABLED,
                kernel.ENABLED)
        kept = self._round
        if kept is None or kept[0] is not state or kept[1] != mark:
            tables = self._kernel_tables(state)
            if tables is None:
                return None
            kept = (state, mark, kernel.round_prepare(state, seat), tables)
            self._round = kept
        return botkernel.search_round(kept[2], kept[3], state.players, [a.index for a in actions], rng, self.rng,
                                      self._fixed_array())

    _round: tuple[Any, ...] | None = None
    _tables: tuple[Any, Any, Any, int] | None = None

    def _kernel_tables(self, s: DominionState) -> tuple[Any, Any, Any, int] | None:
        """The kernel's arrays of this policy's rules, None where the kernel does not play ``s``."""
        from realms.games.dominion import botkernel

        if not botkernel.supports(s):
            return None
        self._prepare(s)
        if self._tables is None:
            self._tables = botkernel.tables(self)
        return self._tables

    #: an opponent model's reading (``use_model``): per seat a strategy of ``MODELS`` whose buy rules that seat
    #: plays in this policy's playouts, or None for the policy's own reading; None: every seat its own
    model: tuple[str | None, ...] | None = None
    _fixed: Any = None

    def portfolio(self, s: DominionState, seat: int) -> list[str]:
        """The strategies of ``models`` that seat ``seat`` could follow from ``s`` beside this policy's own reading
        (a search's ``portfolio``): those of ``MODELS`` whose every kingdom card is in this kingdom and that buy a
        kingdom card the own reading never buys (a Gardens rush on a Workshop and Gardens kingdom), and the
        kingdom's own strategies this policy adds (``_strong_own``)."""
        self._prepare(s)
        own = {c for c, _ in self.seat_rules(s, seat)}
        kingdom = set(s.kingdom)
        out = []
        for m in self.models:
            cards = {c for c, _ in self.model_rules[m] if CARDS[c].kingdom}
            if not cards <= kingdom:
                continue
            if m in STRATEGY_RULES:
                if cards and cards - own and strong_here(_PARSED[m], s.kingdom, s.edition, s.colony):
                    out.append(m)
            elif self._strong_own(m):
                out.append(m)
        return out

    def _strong_own(self, m: str) -> bool:
        """Whether the kingdom's own strategy ``m`` (one this policy adds to ``MODELS``) belongs in a portfolio."""
        return False

    def opponent_model(self) -> OpponentModel:
        """A fresh ``OpponentModel`` reading seats as this policy's ``models`` (a search agent keeps one for a game
        and hands its readings to ``use_model``)."""
        return OpponentModel(type(self))

    def use_model(self, reading: tuple[str | None, ...] | None) -> None:
        """Play seat i's buys by the strategy ``reading[i]`` (one of ``MODELS``; None: this policy's own reading)."""
        self.model = reading if reading and any(m is not None for m in reading) else None
        self._fixed = None

    def _fixed_array(self) -> Any:
        """The kernel's per-seat rule set (``botkernel.tables``' numbering; -1: the policy's own reading), or None
        without a model."""
        if self.model is None:
            return None
        if self._fixed is None:
            import numpy as np

            from realms.games.dominion import kernel

            assert self._order is not None
            out = np.full(kernel.MAXP, -1, dtype=np.int64)
            for i, m in enumerate(self.model):
                if m is not None:
                    out[i] = 1 + len(self._order) + self.models.index(m)
            self._fixed = out
        return self._fixed

    def seat_rules(self, s: DominionState, p: int) -> list[Rule]:
        """The buy rules this policy gives seat ``p`` now (see the class)."""
        self._prepare(s)
        m = self.model[p] if self.model is not None and p < len(self.model) else None
        if m is not None:
            return self.model_rules[m]
        order = self._order
        if not order:
            return self._money_rules
        owned = s.owned[p]
        x = order[0]
        if owned[x] or not passed_x(s, p, x):
            return self._plus[x]
        for c in order:
            if owned[c]:
                return self._plus[c]
        return self._money_rules

    def pick(self, s: DominionState, p: int, coins: int, among: list[int] | None) -> int:
        # seat_rules and StrategyBot.pick in one (the same rules and the same card; a playout's commonest call)
        order = self._order
        if order is None:
            self._prepare(s)
            order = self._order
            assert order is not None
        m = self.model[p] if self.model is not None and p < len(self.model) else None
        if m is not None:
            rules = self.model_rules[m]
        elif not order:
            rules = self._money_rules
        else:
            owned = s.owned[p]
            x = order[0]
            if owned[x] or not passed_x(s, p, x):
                rules = self._plus[x]
            else:
                for c in order:
                    if owned[c]:
                        rules = self._plus[c]
                        break
                else:
                    rules = self._money_rules
        self._rules = rules
        if m is not None and self.model_files:
            file = self.model_files.get(m)
            policy = file.policy if file is not None else None
            if policy is not None and (policy.ppr or policy.winning_end):  # the file's end-game checks
                supply = s.supply
                for c, conds in rules:
                    if supply[c] and COST[c] <= coins and (among is None or c in among) \
                            and all(k.holds(s, p, coins) for k in conds) and not vetoed(policy, s, p, c):
                        return c
                return -1
        return first_rule(rules, s, p, coins, among)

    def _seat_file(self, p: int) -> BuyRules | None:
        """The file of the strategy the model gives seat ``p``, where it says more than its buys; else None."""
        if not self.model_files or self.model is None or p >= len(self.model) or self._in_file:
            return None
        m = self.model[p]
        return self.model_files.get(m) if m is not None else None

    def _as_file(self, file: BuyRules, call: Callable[..., int], *args: Any) -> int:
        """``call(*args)`` deciding as ``file`` does: its play order, its end-game checks and its card choices."""
        saved = (self._play, self._cards, self._policy, self._vetoes)
        policy = file.policy
        self._play = {c: i for i, c in enumerate(file.play)} if file.play else None
        self._policy = policy
        self._cards = policy.cards if policy is not None and policy.cards else None
        self._vetoes = policy is not None and (policy.ppr or policy.winning_end)
        self._in_file = True
        try:
            return call(*args)
        finally:
            self._play, self._cards, self._policy, self._vetoes = saved
            self._in_file = False

    def decide(self, s: DominionState, f: list[int]) -> int:
        if not self.model_files or self._in_file:
            return StrategyBot.decide(self, s, f)
        file = self._seat_file(f[2])
        if file is not None:
            return self._as_file(file, StrategyBot.decide, self, s, f)
        self._in_file = True  # (the deciding seat's own answers throughout, a play order asked on the way too)
        try:
            return StrategyBot.decide(self, s, f)
        finally:
            self._in_file = False

    def choose_play(self, s: DominionState, actions: list[int]) -> int:
        file = self._seat_file(s.cur)
        if file is None:
            return StrategyBot.choose_play(self, s, actions)
        return self._as_file(file, StrategyBot.choose_play, self, s, actions)


def first_rule(rules: Sequence[tuple[int, Sequence[Any]]], s: DominionState, p: int, coins: int,
               among: list[int] | None) -> int:
    """The card of the first of ``rules`` (card, conditions) that is in the Supply, costs at most ``coins``, is in
    ``among`` (if given) and whose conditions all hold for seat ``p``; -1 if none."""
    supply = s.supply
    for c, conds in rules:
        if supply[c] and COST[c] <= coins and (among is None or c in among):
            for k in conds:
                if not k.holds(s, p, coins):
                    break
            else:
                return c
    return -1


def passed_x(s: DominionState, p: int, x: int) -> bool:
    """Whether seat ``p``, not owning ``x``, shows by what it owns that it does not buy ``x`` as Big Money
    Ultimate plus ``x`` would: never for a race card (``RACE_CARDS``); for ``x`` costing 5 or more (bought before
    Gold), it owns a Gold; for a cheaper ``x`` (bought before Silver, affordable in the first two turns' $7),
    it has played two turns."""
    if NAMES[x] in RACE_CARDS:
        return False
    if COST[x] >= 5:
        return s.owned[p][GOLD] > 0
    return s.turns[p] >= 2


#: the search agents' playout policy: each seat's buys from what it owns (``rollout-auto``, also by that name)
AGENTS["rollout"] = RolloutAutoBot
AGENTS["rollout-money"] = RolloutBot
AGENTS["rollout-plus"] = RolloutPlusBot
AGENTS["rollout-auto"] = RolloutAutoBot
AGENTS["bmu-plus"] = AgentSpec(_bmu_plus, (
    AgentOption("card", "choice", None, "the kingdom card X (default: the strongest in the kingdom for this)",
                choices=tuple(n.lower().replace(" ", "-") for n in BMU_PLUS_CARDS)),
    AgentOption("copies", "int", None, "copies of X to buy (default: 2 for draw, attacks and cantrips, else 1)",
                minimum=1, maximum=2),
), "Big Money Ultimate plus one or two copies of a kingdom card X")


# --- an opponent model from observed play ---------------------------------------------------------------------
#: the strategies an opponent model may read a seat as playing (each ``STRATEGIES`` bot), beside the playout
#: policy's own reading
MODELS = tuple(STRATEGIES)
STRATEGY_RULES = {name: _PARSED[name].rules for name in MODELS}
#: the rule sets of ``MODELS`` in order, as the compiled bot reads them from the bot it plays
RolloutAutoBot.MODEL_RULES = tuple(STRATEGY_RULES[m] for m in MODELS)
RolloutAutoBot.models, RolloutAutoBot.model_rules = MODELS, STRATEGY_RULES


def explains(rules: Sequence[tuple[int, Sequence[Any]]], s: DominionState, p: int, c: int) -> bool:
    """Whether a seat buying by ``rules`` in position ``s`` buys ``c`` with some amount of coins it could have had
    (from ``c``'s cost up to 3 more)."""
    return any(first_rule(rules, s, p, coins, None) == c for coins in range(COST[c], COST[c] + 4))


def _strongest(kingdom: Sequence[int]) -> str | None:
    """The kingdom's (card ids) strongest card for Big Money Ultimate: the first of ``BMU_PLUS_ORDER`` in it."""
    names = {NAMES[c] for c in kingdom}
    return next((n for n in BMU_PLUS_ORDER if n in names), None)


def bmu_plus_for(kingdom: Sequence[int]) -> BuyRules:
    """``bmu-plus`` for a kingdom (card ids): Big Money Ultimate plus its strongest card (``_strongest``; Big Money
    Ultimate where it has none), as the ``bmu-plus`` bot plays it and a rollout seat's own reading begins."""
    x = _strongest(kingdom)
    return bmu_plus_rules(x, bmu_plus_copies(x), race=x in RACE_CARDS) if x is not None \
        else _PARSED["big-money-ultimate"]


def duel(options: Mapping[str, Any], a: BuyRules, b: BuyRules, games: int, seed: int = 0) -> float:
    """``a``'s share of the points against ``b`` (a win 1, a shared win a half) over ``games`` two-player games of
    ``options``, seats alternating, each pair of games on one deal; played in the compiled bot where it plays the
    kingdom (``fast.FastGames``), else in the lean loop."""
    from realms.games.dominion import fast

    game = Dominion()
    opts = game.validate_options({**options, "players": 2})
    table = {"a": a, "b": b}

    def make(name: str, rng: Any) -> StrategyBot:
        return StrategyBot(rng, table[name])

    sides = [fast.FastGames(game, opts, ["a", "b"], make), fast.FastGames(game, opts, ["b", "a"], make)]
    points = 0.0
    for g in range(games):
        me = g % 2
        deal = derive_seed(seed, g // 2) & 0x7FFFFFFF
        out = sides[me](deal, [derive_seed(deal, 1), derive_seed(deal, 2)])
        if me in out.result.winners:
            points += 1 / len(out.result.winners)
    return points / games


#: (strategy, kingdom, edition, Colonies) -> whether it passes the portfolio's bar there (``strong_here``)
_STRONG: dict[tuple[Any, ...], bool] = {}
#: the deals ``strong_here`` plays from each seat, and the share of the points a strategy must take
STRONG_GAMES, STRONG_SHARE = 100, 0.55


def strong_here(rules: BuyRules, kingdom: Sequence[int], edition: int, colony: bool) -> bool:
    """The portfolio's bar, for the built-in strategies and a kingdom's own alike: whether ``rules`` (played by its
    whole file) takes at least ``STRONG_SHARE`` of the points against ``bmu-plus`` (``bmu_plus_for``) on the kingdom
    over ``STRONG_GAMES`` deals from each seat, two players, fixed seeds (``duel``; about 0.03 s in the compiled
    bot, once per strategy, kingdom and process)."""
    key = (rules.name, tuple(sorted(kingdom)), edition, colony)
    known = _STRONG.get(key)
    if known is None:
        opts = {"kingdom": ",".join(NAMES[c] for c in key[1]), "edition": "first" if edition == 1 else "second",
                "colony_platinum": colony}
        if len(_STRONG) >= 10_000:  # (a long-running process meets many kingdoms)
            _STRONG.clear()
        share = duel(opts, rules, bmu_plus_for(kingdom), 2 * STRONG_GAMES, 0x5EED)
        _STRONG[key] = known = share >= STRONG_SHARE
    return known


class OpponentModel:
    """Which strategy best explains each other seat's buys, from what everyone sees: the cards each seat owns
    (every gain is public), the Supply and the turns played. ``observe`` is handed the position at each of
    the observer's decisions; what another seat gained since the last one, Curses apart (an attack gives
    them), is that seat's buys, each checked against every candidate's rules in the earlier position
    (``explains``): the policy's own reading (``RolloutAutoBot.seat_rules``) and each of ``MODELS``. A seat is
    read as the candidate that misses the fewest of its buys, the policy's own reading when none misses fewer
    than it. It reads ``owned``, ``supply``, ``turns`` and the kingdom only (what ``view`` shows every seat)."""

    #: a probe's switch (0: off): once a seat has made this many buys, read it as the strategy of ``MODELS`` that
    #: misses fewest of them where it misses no more than the policy's own reading (a tie goes to the strategy)
    prefer_named = 0

    def __init__(self, policy: type[RolloutAutoBot] | None = None) -> None:
        self.last: tuple[list[list[int]], DominionState] | None = None
        self.misses: dict[int, list[int]] = {}
        #: buys seen per seat
        self.seen: dict[int, int] = {}
        #: the policy whose own reading and ``models`` are the candidates
        self.reader = (policy or RolloutAutoBot)(Rng(0))

    def observe(self, s: DominionState, seat: int) -> tuple[str | None, ...]:
        """Take in position ``s`` (a decision of ``seat``) and return the reading per seat (None: the policy's
        own reading; ``seat`` itself always None)."""
        owned = [row[:] for row in s.owned]
        if self.last is not None and sum(s.turns) < sum(self.last[1].turns):  # another game: start again
            self.last, self.misses, self.seen = None, {}, {}
        if self.last is not None:
            before, prev = self.last
            for p in range(s.players):
                if p == seat:
                    continue
                got = [c for c in range(len(owned[p])) for _ in range(max(0, owned[p][c] - before[p][c]))
                       if not TYPES[c] & CURSE]
                if not got:
                    continue
                own = self.reader.seat_rules(prev, p)  # (the reader knows its models from here)
                models = self.reader.models
                miss = self.misses.setdefault(p, [0] * (1 + len(models)))
                self.seen[p] = self.seen.get(p, 0) + len(got)
                for c in got:
                    for i, rules in enumerate([own] + [self.reader.model_rules[m] for m in models]):
                        if not explains(rules, prev, p, c):
                            miss[i] += 1
        self.last = (owned, _public_copy(s))
        return self.reading(s.players, seat)

    def reading(self, players: int, seat: int) -> tuple[str | None, ...]:
        out: list[str | None] = []
        for p in range(players):
            miss = self.misses.get(p)
            if p == seat or miss is None:
                out.append(None)
                continue
            if self.prefer_named and self.seen.get(p, 0) >= self.prefer_named:
                best = min(range(1, len(miss)), key=lambda i: (miss[i], i))
                out.append(self.reader.models[best - 1] if miss[best] <= miss[0] else None)
                continue
            best = min(range(len(miss)), key=lambda i: (miss[i], i))
            out.append(None if best == 0 or miss[best] >= miss[0] else self.reader.models[best - 1])
        return tuple(out)


def _public_copy(s: DominionState) -> DominionState:
    """What ``OpponentModel`` keeps of a position: a copy of it (its rules read the public fields only)."""
    return s.clone()
