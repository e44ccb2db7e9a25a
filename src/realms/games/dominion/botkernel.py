# A numba kernel is checked less strictly than the reference engines: numba's decorators and compiled calls are
# untyped (their returns are Any), and the kernels share their tables by importing them from one another.
# mypy: disallow-any-generics=False, disallow-untyped-calls=False, disallow-untyped-defs=False
# mypy: disallow-incomplete-defs=False, disallow-untyped-decorators=False, warn-return-any=False
# mypy: implicit-reexport=True
"""The search's ``rollout`` (``rollout-auto``: Big Money Ultimate plus the kingdom's X for each seat by what it owns)
played in the compiled kernel (``kernel.py``), decision for decision as ``bots.RolloutAutoBot`` decides them.

The kernel plays the game (the same legal lists, the same draws of the game's stream); here each decision is the
bot's: the buy rules of the seat's rule set (``RolloutAutoBot.seat_rules``: the sets and their conditions read from
the bot's own parsed rules, so the kernel evaluates what the bot would), the default play order, the Treasures
played at once, a Reaction revealed when in hand, a discard down by the discard key, a gain by the rules (then by
worth) and the choices of the kingdom cards whose frames the bot answers in ``PORTED``. A kingdom with another card
that asks the bot something plays through the Python path (``fast.play``). ``tests/games/dominion/test_botkernel.py``
plays the same positions both ways and compares every decision, the final zones and the results.

The same kernel plays ``StrategyBot``s of rule files (``strategy_tables``, for ``realms sim``): each seat's file a
rule set whose row in ``sets`` also holds its end-game checks, play order, play conditions and card choices; its
conditions are read as they are parsed (``Condition``s directly, the expressions as their postfix steps).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from realms.core.game import Result
from realms.games.dominion import kernel as K
from realms.games.dominion.cards import BY_NAME, CARDS, COINS, COST, NAMES, NCARDS, TYPES
from realms.games.dominion.cards.card import CARD_ACTIONS, DONE, END_ACTIONS, END_BUYS, NO, PLAY_TREASURES, YES
from realms.games.dominion.cards.intrigue import (
    Courtier,
    Ironworks,
    Lurker,
    Masquerade,
    Mill,
    Pawn,
    Replace,
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
    value,
)
from realms.games.dominion.zones import UNSEEN

#: the cards whose questions this module answers as the bot does (with the cards that ask nothing: those that are
#: their data alone, ``Card.data_only``); a kingdom with another card plays in Python
ANSWERS = ("Cellar", "Militia", "Mine", "Moat", "Remodel", "Workshop", "Merchant", "Council Room", "Witch", "Gardens",
           "Moneylender", "Chancellor", "Vassal", "Feast", "Library", "Bureaucrat", "Poacher", "Bandit", "Adventurer",
           "Chapel", "Throne Room", "Spy", "Thief", "Harbinger", "Sentry", "Artisan",
           # Intrigue (both editions): the questions asked (``StrategyBot.on_<card>``), the Reactions (Secret
           # Chamber, Diplomat) and the cards that ask nothing but have code of their own in the kernel
           "Courtyard", "Lurker", "Pawn", "Shanty Town", "Steward", "Wishing Well", "Baron", "Bridge", "Conspirator",
           "Coppersmith", "Ironworks", "Mill", "Mining Village", "Duke", "Nobles", "Secret Chamber", "Masquerade",
           "Swindler", "Scout", "Secret Passage", "Diplomat", "Courtier", "Minion", "Patrol", "Replace", "Saboteur",
           "Torturer", "Trading Post", "Tribute", "Upgrade",
           # Seaside (both editions)
           "Embargo", "Native Village", "Pearl Diver", "Ambassador", "Lookout", "Sea Chart", "Smugglers", "Warehouse",
           "Cutpurse", "Island", "Salvager", "Haven", "Lighthouse", "Astrolabe", "Fishing Village", "Caravan",
           "Navigator", "Pirate Ship", "Sea Hag", "Treasure Map", "Explorer", "Ghost Ship", "Merchant Ship",
           "Tactician", "Treasury", "Wharf", "Monkey", "Blockade", "Sailor", "Tide Pools", "Corsair", "Outpost",
           "Pirate", "Sea Witch")
WISHING_WELL = BY_NAME["Wishing Well"]
CHAPEL_ID, CELLAR_ID, REMODEL_ID, THRONE_ROOM_ID, LIBRARY_ID = (BY_NAME[n] for n in (
    "Chapel", "Cellar", "Remodel", "Throne Room", "Library"))
PORTED = K.SUPPORTED & (frozenset(BY_NAME[n] for n in ANSWERS)
                       | frozenset(c for c in range(NCARDS) if CARDS[c].data_only))
#: every quantity of the rule files' conditions (``bots.QUANTITIES``, ``FUNCTIONS`` and the expressions' own), as
#: the kernel numbers them; the argument of ``count``, ``in_hand``, ``in_play`` and ``opponent_count`` is a card id,
#: or a kind of card (``defaults.KINDS``) as -1 - its place there
QUANT = {"coins": 0, "buys": 1, "gains_to_end": 2, "turn": 3, "money": 4, "deck_size": 5, "vp_lead": 6,
         "empty_piles": 7, "count": 8, "pile": 9, "vp": 10, "opponent_vp": 11, "actions_left": 12, "draw_pile": 13,
         "smallest_pile": 14, "action_phase": 15, "in_hand": 16, "in_play": 17, "opponent_count": 18}
OPS = {"<": 0, "<=": 1, ">": 2, ">=": 3, "==": 4, "!=": 5}
#: the steps of a condition that compares expressions (``Comparison.rpn``), three numbers each: the step and its two
#: arguments (a quantity and its argument; a number's numerator and denominator; a comparison's operator)
STEP_Q, STEP_NUM, STEP_ADD, STEP_SUB, STEP_MUL, STEP_DIV, STEP_NEG, STEP_CMP, STEP_AND, STEP_OR = range(10)
_STEPS = {"+": STEP_ADD, "-": STEP_SUB, "*": STEP_MUL, "/": STEP_DIV, "neg": STEP_NEG, "and": STEP_AND,
          "or": STEP_OR}
#: the deepest stack a condition's steps may need
MAXSTACK = 16
#: the columns of a rule set's row in ``sets``: where its rules start and end in ``rules``; the end-game checks
#: (``penultimate_province_rule``, ``end_only_when_winning``); where the attack discard order (``discard``), Chapel's
#: trash order (with whether the file sets one, and its ``keep_money``), Cellar's discard order (with whether it is
#: set) and Remodel's trash order lie in ``rules`` and how many entries each has (an entry a card id, or a kind as
#: -1 - its place in ``defaults.KINDS``); where its play order lies (card ids, first played first) and how long it is;
#: where its cards' play conditions lie (one record per card, as a rule's: the card, its conditions); Throne Room's
#: targets (entries); Library's set-aside (``LIB_*``) and the cards it sets aside
(SET_AT, SET_END, SET_PPR, SET_WEND, SET_DISC_AT, SET_DISC_N, SET_CHAPEL, SET_KEEP, SET_TRASH_AT, SET_TRASH_N,
 SET_CELLAR, SET_CELLAR_AT, SET_CELLAR_N, SET_REMODEL_AT, SET_REMODEL_N, SET_PLAY_AT, SET_PLAY_N, SET_IF_AT, SET_IF_END,
 SET_TARGET_AT, SET_TARGET_N, SET_LIBRARY, SET_ASIDE_AT, SET_ASIDE_N, SW) = range(25)
#: ``SET_LIBRARY``: Library's set-aside as the file says it (none: the default; always; never; the cards listed)
LIB_DEFAULT, LIB_ALWAYS, LIB_NEVER, LIB_LISTED = range(4)
#: the kinds of card, in their order (their place numbers them)
KIND_WORDS = tuple(KINDS)
#: what ``bot_games`` plays (its ``mode``; see there)
BOT_PLAY, BOT_DEAL, BOT_ROUND = range(3)
# the steps of the frames the bot answers (each card's own numbering; module-level ints: numba compiles them in)
LURKER_MODE_STEP, LURKER_TRASH_STEP = Lurker.MODE, Lurker.FROM_TRASH
PAWN_CARD_STEP, PAWN_ACTION_STEP = Pawn.CARD, Pawn.ACTION
STEWARD_TRASH_STEP, MILL_DISCARD_STEP, SC_PUTTING_STEP = Steward.TRASH, Mill.DISCARD, SecretChamber.PUTTING
MASQ_PASS_STEP, SP_TAKE_STEP, SP_WALK_STEP = Masquerade.PASS, SecretPassage.TAKE, SecretPassage.WALK
COURTIER_REVEAL_STEP, REPLACE_GAIN_STEP = Courtier.REVEAL, Replace.GAIN_STEP
AMB_REVEAL_STEP, LOOKOUT_TRASH_STEP, NAV_MODE_STEP = Ambassador.REVEAL, Lookout.TRASH, Navigator.CHOOSE_MODE
PS_PICK_STEP, SAILOR_PLAY_STEP = PirateShip.PICK, Sailor.PLAY
GHOST_SHIP_KEEP, IRONWORKS_MAX, SMUGGLERS_LIMIT, BLOCKADE_MAX = GhostShip.KEEP, Ironworks.MAX, Smugglers.LIMIT, 4


def _rank(key: Any) -> list[int]:
    """Each card's rank by ``key`` (equal keys, equal ranks)."""
    keys = sorted({key(c) for c in range(NCARDS)})
    at = {k: i for i, k in enumerate(keys)}
    return [at[key(c)] for c in range(NCARDS)]


if K.AVAILABLE:
    import hashlib

    import numba  # noqa: F401  (whether the fast extra is installed)
    import numpy as np

    from realms.core import jit
    from realms.core.numba_cache import key_cache
    from realms.games.dominion.cards.card import ACTION, TREASURE, VICTORY, table_key
    from realms.games.dominion.cards.card import CURSE as T_CURSE
    from realms.games.dominion.frames import BODY, DISCARD_DOWN, GAIN, REACT
    from realms.games.dominion.kernel import (
        _COST,
        _G,
        _TYPES,
        AMBASSADOR,
        ARTISAN,
        BANDIT,
        BARON,
        BLOCKADE,
        BODY_CARD,
        BUREAUCRAT,
        BUY_PHASE,
        CELLAR,
        CHANCELLOR,
        CHAPEL,
        COLONY,
        COPPER,
        COURTIER,
        COURTYARD,
        CURSE,
        DIPLOMAT,
        EMBARGO,
        ESTATE,
        EXPLORER,
        FW,
        G_ACTIONS,
        G_BOUGHT,
        G_BUYS,
        G_COINS,
        G_COLONY,
        G_CUR,
        G_DISCOUNT,
        G_EMPTY,
        G_FR,
        G_NFR,
        G_NPILES,
        G_PHASE,
        G_PILES,
        G_PLAYERS,
        G_SUPPLY,
        G_TOMOVE,
        G_TRASH,
        GAIN_MAX_COST,
        GHOST_SHIP,
        GOLD,
        HARBINGER,
        HAVEN,
        IRONWORKS,
        ISLAND,
        LIBRARY,
        LOOKOUT,
        LURKER,
        MASQUERADE,
        MAXP,
        MILITIA,
        MILL,
        MINE,
        MINING_VILLAGE,
        MINION,
        MONEYLENDER,
        NACT,
        NATIVE_VILLAGE,
        NAV_BASE,
        NAVIGATOR,
        NC,
        NOBLES,
        O_OWNED,
        O_PCOINS,
        O_TOPN,
        O_TURNS,
        PATROL,
        PAWN,
        PEARL_DIVER,
        PIRATE,
        PIRATE_SHIP,
        PLATINUM,
        POACHER,
        PROVINCE,
        REACT_CARD,
        REMODEL,
        REPLACE,
        REPLACE_MAX,
        S0,
        SAB_MAX,
        SABOTEUR,
        SAILOR,
        SALVAGER,
        SCOUT,
        SEA_WITCH,
        SEAT,
        SECRET_CHAMBER,
        SECRET_PASSAGE,
        SENTRY,
        SILVER,
        SMUGGLERS,
        SP_CARD,
        SPY,
        SPY_CARD,
        SPY_TARGET,
        STEWARD,
        SWINDLER,
        THIEF,
        THRONE_ROOM,
        TIDE_POOLS,
        TORTURER,
        TRADING_POST,
        TREASURE_MAP,
        TREASURY,
        UPGRADE,
        VASSAL,
        WAREHOUSE,
        WISHING_WELL,
        Z_BOTTOM,
        Z_DECK,
        Z_DISC,
        Z_HAND,
        Z_HPUB,
        Z_LOOK,
        Z_NV,
        Z_PLAY,
        _apply,
        _copy,
        _draw,
        _find,
        _mix,
        _result,
        _score,
        _settle,
        _zb,
        _zn,
    )
    from realms.games.dominion.kernel import determinize as K_determinize

    _PLAYR = np.array(PLAY_KEYS, dtype=np.int64)
    _DISC = np.array(_rank(lambda c: DISCARD_KEYS[c]), dtype=np.int64)
    #: the gain fallback's max key (worth, cost, -id) and the trash's min key (worth, id), as ranks
    _GAINR = np.array(_rank(lambda c: (value(c), COST[c], -c)), dtype=np.int64)
    _TRASHR = np.array(_rank(lambda c: (value(c), c)), dtype=np.int64)
    _CHEAPR = np.array(_rank(lambda c: (COST[c], c)), dtype=np.int64)
    #: Thief's pick: the most coins, then the dearest (the first such in the options' order)
    _THIEFR = np.array(_rank(lambda c: (COINS[c], COST[c])), dtype=np.int64)
    _COINS = np.array(COINS, dtype=np.int64)
    #: ``defaults.value``, how many types each card has (Courtier), whether it is a kingdom card (Embargo) and
    #: whether a Reaction is asked again once revealed (``Card.reveal_again``)
    _VAL = np.array([value(c) for c in range(NCARDS)], dtype=np.int64)
    _NTYPES = np.array([bin(t).count("1") for t in TYPES], dtype=np.int64)
    _KINGDOM = np.array([c.kingdom for c in CARDS], dtype=np.bool_)
    _AGAIN = np.array([c.reveal_again for c in CARDS], dtype=np.bool_)
    #: row k: whether each card is of the kind ``KIND_WORDS[k]``
    _KIND = np.array([[c in KIND_IDS[w] for c in range(NCARDS)] for w in KIND_WORDS], dtype=np.bool_)
    # the cache of this module's kernels is keyed by what they are compiled from: the cards and the bots' ranks
    # and dropped when the kernel or jit.py changes: their functions are compiled into this module's cache too (the
    # race cards sorted: a set's order changes from process to process with Python's string hashing)
    jit.drop_stale_cache(__file__, K.__file__, jit.__file__)
    key_cache(__file__, hashlib.sha256(repr([table_key(), sorted(RACE_CARDS), *(a.tolist() for a in (
        _PLAYR, _DISC, _GAINR, _TRASHR, _CHEAPR, _THIEFR, _VAL, _NTYPES, _KINGDOM, _AGAIN, _KIND))]).encode()
                                       ).hexdigest()[:12])

    @jit.compiled
    def _choose(c: int) -> int:
        return CARD_ACTIONS + 2 + 3 * c

    @jit.compiled
    def _gte(st: Any) -> int:
        """``bots.gains_to_end``."""
        a = b = d = 1 << 40
        for j in range(st[G_NPILES]):
            v = st[G_SUPPLY + st[G_PILES + j]]
            if v < a:
                d = b
                b = a
                a = v
            elif v < b:
                d = b
                b = v
            elif v < d:
                d = v
        g = a + b + d
        if st[G_SUPPLY + PROVINCE] < g:
            g = st[G_SUPPLY + PROVINCE]
        if st[G_COLONY] and st[G_SUPPLY + COLONY] < g:
            g = st[G_SUPPLY + COLONY]
        return g

    @jit.compiled
    def _quantity(st: Any, q: int, arg: int, p: int, coins: int) -> int:
        sb = S0 + p * SEAT
        if q == 0:
            return coins
        if q == 1:
            return st[G_BUYS]
        if q == 2:
            return _gte(st)
        if q == 3:
            return st[sb + O_TURNS] + (1 if st[G_CUR] == p and st[G_TOMOVE] >= 0 else 0)
        if q == 4:
            o = sb + O_OWNED
            return st[o + COPPER] + 2 * st[o + SILVER] + 3 * st[o + GOLD] + 5 * st[o + PLATINUM]
        if q == 5:
            t = 0
            for c in range(NC):
                t += st[sb + O_OWNED + c]
            return t
        if q == 6:
            mine = _score(st, p)
            best = 0
            first = True
            for o in range(st[G_PLAYERS]):
                if o != p:
                    v = _score(st, o)
                    if first or v > best:
                        best = v
                        first = False
            return mine - best
        if q == 7:
            return st[G_EMPTY]
        if q == 8:
            return _owned_of(st, p, arg)
        if q == 9:
            return st[G_SUPPLY + arg]
        if q == 10:
            return _score(st, p)
        if q == 11:
            best = 0
            for o in range(st[G_PLAYERS]):
                if o != p:
                    best = max(best, _score(st, o))
            return best
        if q == 12:
            return st[G_ACTIONS]
        if q == 13:
            return st[_zn(p, Z_DECK)] + st[_zn(p, Z_BOTTOM)]
        if q == 14:
            least = 1 << 40
            for j in range(st[G_NPILES]):
                least = min(least, st[G_SUPPLY + st[G_PILES + j]])
            return least
        if q == 15:
            return 0 if st[G_PHASE] == BUY_PHASE else 1
        if q == 16 or q == 17:
            z = Z_HAND if q == 16 else Z_PLAY
            zb = _zb(p, z)
            t = 0
            for i in range(st[_zn(p, z)]):
                if _is(st[zb + i], arg):
                    t += 1
            return t
        best = 0
        for o in range(st[G_PLAYERS]):
            if o != p:
                best = max(best, _owned_of(st, o, arg))
        return best

    @jit.compiled
    def _is(c: int, what: int) -> bool:
        """Whether card ``c`` is the card ``what`` (0 or more) or of the kind -1 - ``what``."""
        return c == what if what >= 0 else _KIND[-1 - what, c]

    @jit.compiled
    def _owned_of(st: Any, p: int, what: int) -> int:
        """The copies seat ``p`` owns of the card ``what``, or of the kind -1 - ``what``."""
        o = S0 + p * SEAT + O_OWNED
        if what >= 0:
            return st[o + what]
        t = 0
        for c in range(NC):
            if _KIND[-1 - what, c]:
                t += st[o + c]
        return t

    @jit.compiled
    def _as_float(n: int, d: int) -> float:
        """A value of the expressions (a fraction n / d, d > 0; d 0: n 1 infinity, -1 minus infinity, 0 no number)
        as a float."""
        if d:
            return n / d
        if n > 0:
            return np.inf
        if n < 0:
            return -np.inf
        return np.nan

    @jit.compiled
    def _gcd(a: int, b: int) -> int:
        a = abs(a)
        while b:
            a, b = b, a % b
        return a if a else 1

    @jit.compiled
    def _arith(o: int, an: int, ad: int, bn: int, bd: int) -> tuple[int, int]:
        """``bots._arith``'s operator ``o`` on two values (``_as_float``'s): exact on fractions; a division by zero
        infinite (0 / 0 is 0); with an infinity, as floating point does it."""
        if o == STEP_DIV and bd and bn == 0:
            return (0, 1) if ad and an == 0 else (1, 0)
        if ad == 0 or bd == 0:
            fa = _as_float(an, ad)
            fb = _as_float(bn, bd)
            r = fa + fb if o == STEP_ADD else fa - fb if o == STEP_SUB else fa * fb if o == STEP_MUL else fa / fb
            if np.isnan(r):
                return 0, 0
            if np.isinf(r):
                return (1 if r > 0 else -1), 0
            return int(r), 1
        if o == STEP_ADD:
            n, d = an * bd + bn * ad, ad * bd
        elif o == STEP_SUB:
            n, d = an * bd - bn * ad, ad * bd
        elif o == STEP_MUL:
            n, d = an * bn, ad * bd
        else:
            n, d = an * bd, ad * bn
            if d < 0:
                n, d = -n, -d
        g = _gcd(n, d)
        return n // g, d // g

    @jit.compiled
    def _compare(an: int, ad: int, bn: int, bd: int, op: int) -> bool:
        if ad and bd:
            return _holds(an * bd - bn * ad, op, 0)
        return _holds(_as_float(an, ad), op, _as_float(bn, bd))  # an infinite side: as floating point compares

    @jit.compiled
    def _eval(st: Any, code: Any, at: int, n: int, p: int, coins: int) -> bool:
        """Whether the ``n`` steps at ``code[at:]`` (a ``Comparison``'s ``rpn``) hold for seat ``p``."""
        num = np.empty(MAXSTACK, dtype=np.int64)
        den = np.empty(MAXSTACK, dtype=np.int64)
        top = 0
        for i in range(n):
            b = at + 3 * i
            o = code[b]
            if o == STEP_Q:
                num[top] = _quantity(st, code[b + 1], code[b + 2], p, coins)
                den[top] = 1
                top += 1
            elif o == STEP_NUM:
                num[top] = code[b + 1]
                den[top] = code[b + 2]
                top += 1
            elif o == STEP_NEG:
                num[top - 1] = -num[top - 1]
            else:
                top -= 1
                x, y = num[top - 1], num[top]
                if o == STEP_CMP:
                    num[top - 1] = 1 if _compare(x, den[top - 1], y, den[top], code[b + 1]) else 0
                    den[top - 1] = 1
                elif o == STEP_AND:
                    num[top - 1] = 1 if x != 0 and y != 0 else 0
                elif o == STEP_OR:
                    num[top - 1] = 1 if x != 0 or y != 0 else 0
                else:
                    num[top - 1], den[top - 1] = _arith(o, x, den[top - 1], y, den[top])
        return num[0] != 0

    @jit.compiled
    def _vetoed(st: Any, p: int, c: int, ppr: int, wend: int) -> bool:
        """``bots.vetoed``: the penultimate Province (or Colony) while an opponent leads (``ppr``); with ``wend``, a
        gain that ends the game without ``p`` ahead (a tie is behind against an opponent with fewer turns)."""
        left = st[G_SUPPLY + c]
        big = c == PROVINCE or (st[G_COLONY] and c == COLONY)
        n = st[G_PLAYERS]
        if ppr and left == 2 and big:
            mine = _score(st, p)
            for q in range(n):
                if q != p and _score(st, q) > mine:
                    return True
        if wend and left == 1 and (big or st[G_EMPTY] + 1 >= (3 if n < 5 else 4)):
            o = S0 + p * SEAT + O_OWNED + c
            st[o] += 1
            mine = _score(st, p)
            st[o] -= 1
            turns = st[S0 + p * SEAT + O_TURNS] + 1
            for q in range(n):
                if q != p:
                    theirs = _score(st, q)
                    if theirs > mine or (theirs == mine and turns > st[S0 + q * SEAT + O_TURNS]):
                        return True
        return False

    @jit.compiled
    def _first_listed(cards: Any, n: int, code: Any, at: int, k: int, keep: int, money: int) -> int:
        """``bots.first_listed``: of the ``n`` ``cards``, the first matching the earliest of the ``k`` entries at
        ``code[at:]`` (within an entry the least by the discard key); with ``keep`` 0 or more, a Treasure only while
        ``money`` less its coins stays at least ``keep`` (Chapel's ``keep_money``); -1 if none matches."""
        for e in range(k):
            what = code[at + e]
            best = -1
            for i in range(n):
                c = cards[i]
                if _is(c, what) and not (keep >= 0 and _TYPES[c] & TREASURE and money - _COINS[c] < keep) and (
                        best < 0 or _DISC[c] < _DISC[best]):
                    best = c
            if best >= 0:
                return best
        return -1

    @jit.compiled
    def _picks(acts: Any, k: int) -> Any:
        """The cards of the card actions among the first ``k`` of ``acts``, in their order."""
        buf = np.empty(k, dtype=np.int64)
        n = 0
        for i in range(k):
            if acts[i] >= CARD_ACTIONS:
                buf[n] = (acts[i] - CARD_ACTIONS) // 3
                n += 1
        return buf[:n]

    @jit.compiled
    def _holds(v: float, op: int, value: float) -> bool:  # (numba makes an integer and a float version)
        if op == 0:
            return v < value
        if op == 1:
            return v <= value
        if op == 2:
            return v > value
        if op == 3:
            return v >= value
        if op == 4:
            return v == value
        return v != value

    @jit.compiled
    def _pick(st: Any, p: int, coins: int, acts: Any, k: int, rules: Any, sets: Any, order: Any, race: int,
              fixed: Any) -> int:
        """``RolloutAutoBot.pick``: the seat's rule set (``fixed[p]`` where it is not -1: an opponent model's),
        then the first rule's card in the Supply, affordable with ``coins`` (printed cost, as the bot reads it),
        among the cards of the first ``k`` actions of ``acts`` (``k`` -1: any card) whose conditions hold; -1 if
        none."""
        sb = S0 + p * SEAT
        rs = 0
        if fixed[p] >= 0:
            rs = fixed[p]
        elif order.shape[0]:
            x = order[0]
            if race:
                passed = False
            elif _COST[x] >= 5:
                passed = st[sb + O_OWNED + GOLD] > 0
            else:
                passed = st[sb + O_TURNS] >= 2
            if st[sb + O_OWNED + x] or not passed:
                rs = 1
            else:
                for i in range(order.shape[0]):
                    if st[sb + O_OWNED + order[i]]:
                        rs = 1 + i
                        break
        ppr = sets[rs, SET_PPR]
        wend = sets[rs, SET_WEND]
        r = sets[rs, SET_AT]
        end = sets[rs, SET_END]
        while r < end:  # each rule: its card, its plain conditions' count, its steps' count, then both
            c = rules[r]
            nplain = rules[r + 1]
            nsteps = rules[r + 2]
            at = r + 3
            r = at + 4 * nplain + 3 * nsteps
            if st[G_SUPPLY + c] and _COST[c] <= coins and (k < 0 or _offered(acts, k, c)):
                ok = _conds_hold(st, rules, at, nplain, nsteps, p, coins)
                if ok and (ppr or wend):
                    ok = not _vetoed(st, p, c, ppr, wend)
                if ok:
                    return c
        return -1

    @jit.compiled
    def _offered(acts: Any, k: int, c: int) -> bool:
        """Whether card ``c`` is the card of one of the first ``k`` actions of ``acts`` (``c in picks``)."""
        for i in range(k):
            if acts[i] >= CARD_ACTIONS and (acts[i] - CARD_ACTIONS) // 3 == c:
                return True
        return False

    @jit.compiled
    def _has(acts: Any, k: int, a: int) -> bool:
        for i in range(k):
            if acts[i] == a:
                return True
        return False

    @jit.compiled
    def _least(acts: Any, k: int, key: Any, sign: int) -> int:
        """The card of the first of the ``k`` card actions in ``acts`` whose ``key`` is least (``sign`` 1) or
        greatest (``sign`` -1); -1 if there is none."""
        c = -1
        for i in range(k):
            if acts[i] >= CARD_ACTIONS:
                d = (acts[i] - CARD_ACTIONS) // 3
                if c < 0 or sign * key[d] < sign * key[c]:
                    c = d
        return c

    @jit.compiled
    def _late(st: Any) -> bool:
        """``StrategyBot._late``: the game may end within six gains."""
        return _gte(st) <= 6

    @jit.compiled
    def _hand_money(st: Any, p: int) -> int:
        """``bots._hand_money``: the coins of the turn so far plus the Treasures in ``p``'s hand."""
        hb = _zb(p, Z_HAND)
        m = st[G_COINS]
        for i in range(st[_zn(p, Z_HAND)]):
            if _TYPES[st[hb + i]] & TREASURE:
                m += _COINS[st[hb + i]]
        return m

    @jit.compiled
    def _bracket(m: int) -> int:
        """``bots._bracket``."""
        return 4 if m >= 8 else 3 if m >= 6 else 2 if m >= 5 else 1 if m >= 3 else 0

    @jit.compiled
    def _trash_key(c: int, late: bool) -> int:
        """``StrategyBot._trash_key``."""
        if _TYPES[c] & T_CURSE:
            return -20
        if c == ESTATE and not late:
            return -10
        return -5 if c == COPPER else _VAL[c]

    @jit.compiled
    def _has_action(st: Any, p: int) -> bool:
        hb = _zb(p, Z_HAND)
        for i in range(st[_zn(p, Z_HAND)]):
            if _TYPES[st[hb + i]] & ACTION:
                return True
        return False

    @jit.compiled
    def _choose_play(st: Any, cards: Any, n: int, rules: Any, sets: Any, rs: int) -> int:
        """``StrategyBot.choose_play`` by rule set ``rs`` (-1: the defaults): a Treasure Map only where two or more
        are among the ``n`` ``cards``; a card only where its play condition holds (for the seat whose turn it is,
        with the turn's coins); then the first in the set's play order, else the first of the least play key; -1 if
        none."""
        maps = 0
        for i in range(n):
            if cards[i] == TREASURE_MAP:
                maps += 1
        ifs = rs >= 0 and sets[rs, SET_IF_END] > sets[rs, SET_IF_AT]
        listed = rs >= 0 and sets[rs, SET_PLAY_N] > 0
        best = -1
        best_at = -1  # its place in the play order (-1: not in it)
        for i in range(n):
            c = cards[i]
            if c == TREASURE_MAP and maps < 2:
                continue
            if ifs and not _may_play(st, c, rules, sets, rs):
                continue
            at = -1
            if listed:
                for j in range(sets[rs, SET_PLAY_N]):
                    if rules[sets[rs, SET_PLAY_AT] + j] == c:
                        at = j
                        break
            if best < 0 or (at >= 0 and (best_at < 0 or at < best_at)) or (
                    at < 0 and best_at < 0 and _PLAYR[c] < _PLAYR[best]):
                best = c
                best_at = at
        return best

    @jit.compiled
    def _may_play(st: Any, c: int, rules: Any, sets: Any, rs: int) -> bool:
        """Whether card ``c``'s play condition in rule set ``rs`` holds (or it has none)."""
        r = sets[rs, SET_IF_AT]
        while r < sets[rs, SET_IF_END]:
            at = r + 3
            nxt = at + 4 * rules[r + 1] + 3 * rules[r + 2]
            if rules[r] == c:
                return _conds_hold(st, rules, at, rules[r + 1], rules[r + 2], st[G_CUR], st[G_COINS])
            r = nxt
        return True

    @jit.compiled
    def _conds_hold(st: Any, rules: Any, at: int, nplain: int, nsteps: int, p: int, coins: int) -> bool:
        """Whether a rule's ``nplain`` plain conditions at ``rules[at:]`` and its ``nsteps`` steps after them hold."""
        for j in range(nplain):
            b = at + 4 * j
            if not _holds(_quantity(st, rules[b], rules[b + 1], p, coins), rules[b + 2], rules[b + 3]):
                return False
        return nsteps == 0 or _eval(st, rules, at + 4 * nplain, nsteps, p, coins)

    @jit.compiled
    def _hand_actions(st: Any, p: int, buf: Any) -> int:
        """The Action cards of ``p``'s hand into ``buf``, in hand order; how many."""
        hb = _zb(p, Z_HAND)
        n = 0
        for i in range(st[_zn(p, Z_HAND)]):
            if _TYPES[st[hb + i]] & ACTION:
                buf[n] = st[hb + i]
                n += 1
        return n

    @jit.compiled
    def _spare(st: Any, p: int, buf: Any, rules: Any, sets: Any, rs: int) -> int:
        """``StrategyBot._spare`` of ``p``'s hand (``rs``: its rule set's play order)."""
        if st[G_ACTIONS] == 0:
            n = _hand_actions(st, p, buf)
            if n:
                return _choose_play(st, buf, n, rules, sets, rs)
        hb = _zb(p, Z_HAND)
        nh = st[_zn(p, Z_HAND)]
        m = _hand_money(st, p)
        best = -1
        for i in range(nh):  # the Treasure with the most coins (then the lowest id) the buy does without
            c = st[hb + i]
            if _TYPES[c] & TREASURE and _bracket(m - _COINS[c]) == _bracket(m) and (
                    best < 0 or _COINS[c] > _COINS[best] or (_COINS[c] == _COINS[best] and c < best)):
                best = c
        if best >= 0:
            return best
        bk = 0
        for i in range(nh):  # a card that is no Treasure (no Action first), else the cheapest Treasure
            c = st[hb + i]
            key = 20 + _COINS[c] if _TYPES[c] & TREASURE else 10 if _TYPES[c] & ACTION else 0
            if best < 0 or key < bk or (key == bk and _DISC[c] < _DISC[best]):
                best = c
                bk = key
        return best

    @jit.compiled
    def _put_back(st: Any, p: int, keep: int) -> int:
        """``StrategyBot._put_back``: the card at ``min(keep, n - 1)`` of ``p``'s hand sorted by the discard key,
        highest first (equal keys in hand order); -1 for an empty hand."""
        hb = _zb(p, Z_HAND)
        nh = st[_zn(p, Z_HAND)]
        used = np.zeros(nh, dtype=np.bool_)
        at = -1
        for _ in range(min(keep, nh - 1) + 1):
            at = -1
            for i in range(nh):
                if not used[i] and (at < 0 or _DISC[st[hb + i]] > _DISC[st[hb + at]]):
                    at = i
            if at < 0:
                return -1
            used[at] = True
        return st[hb + at] if at >= 0 else -1

    @jit.compiled
    def _ghost_ship_back(st: Any, p: int, keep: int) -> int:
        """``StrategyBot.on_ghost_ship``: the first card of the least discard key while more than one is to go back;
        the last, the first card of the highest (bracket of the hand's Treasures without it, discard key)."""
        hb = _zb(p, Z_HAND)
        nh = st[_zn(p, Z_HAND)]
        best = -1
        if nh - keep > 1:
            for i in range(nh):
                c = st[hb + i]
                if best < 0 or _DISC[c] < _DISC[best]:
                    best = c
            return best
        m = 0
        for i in range(nh):
            if _TYPES[st[hb + i]] & TREASURE:
                m += _COINS[st[hb + i]]
        bb = -1
        for i in range(nh):
            c = st[hb + i]
            b = _bracket(m - _COINS[c]) if _TYPES[c] & TREASURE else _bracket(m)
            if best < 0 or b > bb or (b == bb and _DISC[c] > _DISC[best]):
                best = c
                bb = b
        return best

    @jit.compiled
    def _masq_pass(acts: Any, k: int, late: bool) -> int:
        """``StrategyBot.on_masquerade``'s pass: the pick of the least (a Duchy or Province, trash key, id)."""
        c = -1
        ck = 0
        ct = 0
        for i in range(k):
            if acts[i] >= CARD_ACTIONS:
                d = (acts[i] - CARD_ACTIONS) // 3
                dk = 1 if _TYPES[d] & VICTORY and _COST[d] >= 5 else 0
                dt = _trash_key(d, late)
                if c < 0 or dk < ck or (dk == ck and (dt < ct or (dt == ct and d < c))):
                    c, ck, ct = d, dk, dt
        return c

    @jit.compiled
    def _worst_two_coins(st: Any, p: int) -> int:
        """The coins of the Treasures among the first two cards of ``p``'s hand sorted by the discard key (equal
        keys in hand order), as ``sorted(hand, key=...)[:2]`` takes them."""
        hb = _zb(p, Z_HAND)
        nh = st[_zn(p, Z_HAND)]
        a = -1
        for i in range(nh):
            if a < 0 or _DISC[st[hb + i]] < _DISC[st[hb + a]]:
                a = i
        b = -1
        for i in range(nh):
            if i != a and (b < 0 or _DISC[st[hb + i]] < _DISC[st[hb + b]]):
                b = i
        t = 0
        for j in (a, b):
            if j >= 0 and _TYPES[st[hb + j]] & TREASURE:
                t += _COINS[st[hb + j]]
        return t

    @jit.compiled
    def _least_trash(acts: Any, k: int, late: bool) -> int:
        """``min(picks, key=lambda c: (self._trash_key(s, c), c))``; -1 if none."""
        c = -1
        for i in range(k):
            if acts[i] >= CARD_ACTIONS:
                d = (acts[i] - CARD_ACTIONS) // 3
                if c < 0 or _trash_key(d, late) < _trash_key(c, late) or (
                        _trash_key(d, late) == _trash_key(c, late) and d < c):
                    c = d
        return c

    @jit.compiled
    def _junk(acts: Any, k: int, late: bool) -> int:
        """The first pick of the least trash key at most -10 (``min(junk, key=trash key)``); -1 if none."""
        c = -1
        for i in range(k):
            if acts[i] >= CARD_ACTIONS:
                d = (acts[i] - CARD_ACTIONS) // 3
                if _trash_key(d, late) <= -10 and (c < 0 or _trash_key(d, late) < _trash_key(c, late)):
                    c = d
        return c

    @jit.compiled
    def _gain(st: Any, p: int, max_cost: int, acts: Any, k: int, rules: Any, sets: Any, order: Any, race: int,
              fixed: Any) -> int:
        """``StrategyBot._gain``: by the rules, else the worthiest pick (no Curse while another is offered)."""
        c = _pick(st, p, max_cost, acts, k, rules, sets, order, race, fixed)
        if c < 0:
            useful = False
            for i in range(k):
                if acts[i] >= CARD_ACTIONS and not _TYPES[(acts[i] - CARD_ACTIONS) // 3] & T_CURSE:
                    useful = True
            for i in range(k):
                if acts[i] >= CARD_ACTIONS:
                    d = (acts[i] - CARD_ACTIONS) // 3
                    if (not useful or not _TYPES[d] & T_CURSE) and (c < 0 or _GAINR[d] > _GAINR[c]):
                        c = d
        return _choose(c)

    @jit.compiled
    def _remodel(st: Any, acts: Any, k: int, rules: Any, sets: Any, rs: int) -> int:
        """``StrategyBot.on_remodel`` (Remodel's and Replace's trash), by rule set ``rs``'s Remodel order first where
        it has one."""
        if rs >= 0 and sets[rs, SET_REMODEL_N]:
            pk = _picks(acts, k)
            c = _first_listed(pk, pk.shape[0], rules, sets[rs, SET_REMODEL_AT], sets[rs, SET_REMODEL_N], -1, 0)
            if c >= 0:
                return _choose(c)
        late = _late(st)
        if _has(acts, k, _choose(CURSE)):
            return _choose(CURSE)
        if _has(acts, k, _choose(GOLD)) and late and st[G_SUPPLY + PROVINCE]:
            return _choose(GOLD)
        if _has(acts, k, _choose(ESTATE)) and not late:
            return _choose(ESTATE)
        return _choose(_least(acts, k, _TRASHR, 1))

    @jit.compiled
    def _least_discard(acts: Any, k: int) -> int:
        """``_choose(min(picks, key=DISCARD_KEYS))``."""
        return _choose(_least(acts, k, _DISC, 1))

    @jit.compiled
    def _throne(st: Any, acts: Any, k: int, rules: Any, sets: Any, rs: int) -> int:
        """``StrategyBot.on_throne_room`` past the file's targets: the card played twice among those that are no
        Throne Room (all of them where only Throne Rooms are offered)."""
        others = False
        for i in range(k):
            if acts[i] >= CARD_ACTIONS and (acts[i] - CARD_ACTIONS) // 3 != THRONE_ROOM:
                others = True
        buf = np.empty(k, dtype=np.int64)
        n = 0
        for i in range(k):
            if acts[i] >= CARD_ACTIONS:
                d = (acts[i] - CARD_ACTIONS) // 3
                if not others or d != THRONE_ROOM:
                    buf[n] = d
                    n += 1
        return _choose(_choose_play(st, buf, n, rules, sets, rs))

    @jit.compiled
    def _expansion(st: Any, acts: Any, k: int, r: int, kind: int, p: int, rules: Any, sets: Any, order: Any,
                   race: int, fixed: Any) -> int:
        """The Intrigue and Seaside cards' questions (``StrategyBot.on_<card>``); -1: none of them (or no
        answer of its own: the first legal option, or Done)."""
        step = st[r + 1]
        if kind == COURTYARD or kind == HAVEN:
            return _choose(_spare(st, p, np.empty(st[_zn(p, Z_HAND)], dtype=np.int64), rules, sets, fixed[p]))
        if kind == LURKER:
            if step == LURKER_MODE_STEP:
                for c in range(NC):
                    if st[G_TRASH + c] and _TYPES[c] & ACTION and _COST[c] >= 3:
                        return NO
                return YES
            if step == LURKER_TRASH_STEP:
                return _choose(_least(acts, k, _TRASHR, -1))
            return _choose(_least(acts, k, _CHEAPR, -1))
        if kind == PAWN:
            if step == PAWN_CARD_STEP:
                return YES
            if step == PAWN_ACTION_STEP:
                return YES if st[G_ACTIONS] == 0 and _has_action(st, p) else NO
            return NO
        if kind == STEWARD:
            late = _late(st)
            if step == STEWARD_TRASH_STEP:
                return _choose(_least_trash(acts, k, late))
            hb = _zb(p, Z_HAND)
            junk = 0
            for i in range(st[_zn(p, Z_HAND)]):
                if _trash_key(st[hb + i], late) <= -10:
                    junk += 1
            if junk >= 2:
                return DONE
            return YES if st[G_ACTIONS] else NO
        if kind == WISHING_WELL:
            db = _zb(p, Z_DECK)
            nd = st[_zn(p, Z_DECK)]
            if st[S0 + p * SEAT + O_TOPN] and nd:
                return _choose(st[db + nd - 1])
            c = -1
            cl = 0
            for i in range(k):
                if acts[i] >= CARD_ACTIONS:
                    d = (acts[i] - CARD_ACTIONS) // 3
                    left = st[S0 + p * SEAT + O_OWNED + d]
                    for z in (Z_HAND, Z_PLAY, Z_DISC):
                        zb = _zb(p, z)
                        for j in range(st[_zn(p, z)]):
                            if st[zb + j] == d:
                                left -= 1
                    if c < 0 or left > cl or (left == cl and d < c):
                        c = d
                        cl = left
            return _choose(c)
        if kind == BARON or kind == EXPLORER or kind == TREASURY or kind == PIRATE:
            return YES
        if kind == IRONWORKS:
            return _gain(st, p, IRONWORKS_MAX, acts, k, rules, sets, order, race, fixed)
        if kind == SMUGGLERS:
            return _gain(st, p, SMUGGLERS_LIMIT, acts, k, rules, sets, order, race, fixed)
        if kind == BLOCKADE:
            return _gain(st, p, BLOCKADE_MAX, acts, k, rules, sets, order, race, fixed)
        if kind == MILL:
            if step == MILL_DISCARD_STEP:
                return _least_discard(acts, k)
            return YES if st[_zn(p, Z_HAND)] >= 2 and _worst_two_coins(st, p) < 2 else NO
        if kind == MINING_VILLAGE:
            m = _hand_money(st, p)
            if m < 8 <= m + 2 and st[S0 + p * SEAT + O_TURNS] >= 10:
                return YES
            return YES if _late(st) and m < 5 <= m + 2 else NO
        if kind == NOBLES:
            return NO if st[G_ACTIONS] == 0 and _has_action(st, p) else YES
        if kind == SECRET_CHAMBER:
            if step == SC_PUTTING_STEP:
                attack = -1
                for j in range(st[G_NFR] - 1, -1, -1):
                    g = G_FR + j * FW
                    if st[g] == BODY:
                        attack = st[g + BODY_CARD]
                        break
                if attack == MILITIA or attack == GHOST_SHIP:
                    return _choose(_put_back(st, p, 3))
                if attack == MINION:
                    return _choose(_put_back(st, p, 0))
                return _least_discard(acts, k)
            for i in range(k):
                if acts[i] >= CARD_ACTIONS:
                    c = (acts[i] - CARD_ACTIONS) // 3
                    t = _TYPES[c]
                    if t & T_CURSE or t == VICTORY or (t & ACTION and not t & TREASURE and st[G_ACTIONS] == 0):
                        return _choose(c)
            return DONE
        if kind == MASQUERADE:
            if step == MASQ_PASS_STEP:
                return _choose(_masq_pass(acts, k, _late(st)))
            c = _junk(acts, k, _late(st))
            if c >= 0:
                return _choose(c)
            m = _hand_money(st, p)
            return _choose(COPPER) if _offered(acts, k, COPPER) and _bracket(m - 1) == _bracket(m) else DONE
        if kind == SWINDLER:
            late = _late(st)
            pool = False
            if late:
                for i in range(k):
                    if acts[i] >= CARD_ACTIONS and _TYPES[(acts[i] - CARD_ACTIONS) // 3] != VICTORY:
                        pool = True
            c = -1
            for i in range(k):
                if acts[i] >= CARD_ACTIONS:
                    d = (acts[i] - CARD_ACTIONS) // 3
                    if (not pool or _TYPES[d] != VICTORY) and (c < 0 or _TRASHR[d] < _TRASHR[c]):
                        c = d
            return _choose(c)
        if kind == SCOUT or kind == PATROL:
            return _choose(_least(acts, k, _TRASHR, 1))
        if kind == SECRET_PASSAGE:
            if step == SP_TAKE_STEP:
                return _least_discard(acts, k)
            c = st[r + SP_CARD]
            if step == SP_WALK_STEP and (_TYPES[c] & T_CURSE or _TYPES[c] == VICTORY):
                return NO if _has(acts, k, NO) else YES
            return YES if _has(acts, k, YES) else DONE
        if kind == COURTIER:
            if step == COURTIER_REVEAL_STEP:
                c = -1
                for i in range(k):
                    if acts[i] >= CARD_ACTIONS:
                        d = (acts[i] - CARD_ACTIONS) // 3
                        if c < 0 or _NTYPES[d] > _NTYPES[c] or (_NTYPES[d] == _NTYPES[c] and _VAL[d] < _VAL[c]):
                            c = d
                return _choose(c)
            m = _hand_money(st, p)
            done = _has(acts, k, DONE)
            if done and m < 8 <= m + 3 and st[G_SUPPLY + PROVINCE]:
                return DONE
            if _has(acts, k, _choose(GOLD)) and st[G_SUPPLY + GOLD] and not _late(st):
                return _choose(GOLD)
            if done:
                return DONE
            if _has(acts, k, YES) and st[G_ACTIONS] == 0 and _has_action(st, p):
                return YES
            return NO if _has(acts, k, NO) else acts[0]
        if kind == MINION:
            return YES if _has_action(st, p) or _hand_money(st, p) + 2 >= 6 else NO
        if kind == REPLACE:
            if step == REPLACE_GAIN_STEP:
                return _gain(st, p, st[r + REPLACE_MAX], acts, k, rules, sets, order, race, fixed)
            return _remodel(st, acts, k, rules, sets, fixed[p])
        if kind == SABOTEUR:
            c = _pick(st, p, st[r + SAB_MAX], acts, k, rules, sets, order, race, fixed)
            return _choose(c) if c >= 0 else DONE
        if kind == TORTURER:
            if not st[G_SUPPLY + CURSE]:
                return NO
            m = _hand_money(st, p)
            return YES if _bracket(m - _worst_two_coins(st, p)) == _bracket(m) else NO
        if kind == TRADING_POST or kind == UPGRADE or kind == SALVAGER:
            return _choose(_least_trash(acts, k, _late(st)))
        if kind == EMBARGO:
            c = -1
            co = 0
            for i in range(k):
                if acts[i] >= CARD_ACTIONS:
                    d = (acts[i] - CARD_ACTIONS) // 3
                    others = 0
                    for q in range(st[G_PLAYERS]):
                        if q != p:
                            others += st[S0 + q * SEAT + O_OWNED + d]
                    if _KINGDOM[d] and not st[S0 + p * SEAT + O_OWNED + d] and others and (
                            c < 0 or others > co or (others == co and _COST[d] > _COST[c])):
                        c = d
                        co = others
            return _choose(c if c >= 0 else CURSE)
        if kind == NATIVE_VILLAGE:
            mat = st[_zn(p, Z_NV)]
            return NO if mat >= 3 or (mat and _late(st)) else YES
        if kind == PEARL_DIVER:
            c = st[_zb(p, Z_LOOK) + st[_zn(p, Z_LOOK)] - 1]
            return YES if (_TYPES[c] & TREASURE and _COINS[c] >= 2) or _TYPES[c] & ACTION else NO
        if kind == AMBASSADOR:
            late = _late(st)
            if step == AMB_REVEAL_STEP:
                return _choose(_least_trash(acts, k, late))
            for i in range(k):
                if acts[i] >= CARD_ACTIONS:
                    c = (acts[i] - CARD_ACTIONS) // 3
                    return _choose(c) if _trash_key(c, late) <= -5 else DONE
            return DONE
        if kind == LOOKOUT:
            if step == LOOKOUT_TRASH_STEP:
                return _choose(_least_trash(acts, k, _late(st)))
            return _choose(_least(acts, k, _TRASHR, 1))
        if kind == WAREHOUSE or kind == ISLAND or kind == TIDE_POOLS or kind == SEA_WITCH:
            return _least_discard(acts, k)
        if kind == NAVIGATOR:
            if step == NAV_MODE_STEP:
                lb = _zb(p, Z_LOOK)
                t = 0
                for i in range(st[r + NAV_BASE], st[_zn(p, Z_LOOK)]):
                    if _TYPES[st[lb + i]] & TREASURE:
                        t += _COINS[st[lb + i]]
                return NO if t >= 5 else YES
            return _choose(_least(acts, k, _TRASHR, -1))
        if kind == PIRATE_SHIP:
            if step == PS_PICK_STEP:
                return _choose(_least(acts, k, _THIEFR, -1))
            return NO if st[S0 + p * SEAT + O_PCOINS] >= 3 else YES
        if kind == GHOST_SHIP:
            return _choose(_ghost_ship_back(st, p, GHOST_SHIP_KEEP))
        if kind == SAILOR:
            if step == SAILOR_PLAY_STEP:
                return YES
            c = _junk(acts, k, _late(st))
            return _choose(c) if c >= 0 else DONE
        return -1

    @jit.compiled
    def _decide(st: Any, acts: Any, k: int, rules: Any, sets: Any, order: Any, race: int, fixed: Any) -> int:
        """The bot's choice among the ``k`` legal actions ``acts`` (``StrategyBot.act``)."""
        if st[G_NFR]:
            r = G_FR + (st[G_NFR] - 1) * FW
            kind = st[r]
            p = st[r + 2]
            hb = _zb(p, Z_HAND)
            nh = st[_zn(p, Z_HAND)]
            if kind == REACT:  # revealed when it may be (``Card.can_react``), a Reaction asked again only once:
                c = st[r + REACT_CARD]  # not while a copy is known in hand or cards it put back lie on the deck
                held = False
                for i in range(nh):
                    if st[hb + i] == c:
                        held = True
                if not held or (c == DIPLOMAT and nh < 5) or (_AGAIN[c] and (
                        _find(st, p, Z_HPUB, c) >= 0 or st[S0 + p * SEAT + O_TOPN] > 0)):
                    return NO
                return YES
            rs = fixed[p]  # the seat's rule set where it plays a file's (its choices), else -1
            if kind == DISCARD_DOWN:
                if rs >= 0 and sets[rs, SET_DISC_N]:
                    c = _first_listed(st[hb:hb + nh], nh, rules, sets[rs, SET_DISC_AT], sets[rs, SET_DISC_N], -1, 0)
                    if c >= 0:
                        return _choose(c)
                best = st[hb]
                for i in range(1, nh):
                    if _DISC[st[hb + i]] < _DISC[best]:
                        best = st[hb + i]
                return _choose(best)
            # the picks: the chosen cards among the options, in their order
            a = -1
            if kind == GAIN:
                return _gain(st, p, st[r + GAIN_MAX_COST], acts, k, rules, sets, order, race, fixed)
            if kind >= COURTYARD:
                a = _expansion(st, acts, k, r, kind, p, rules, sets, order, race, fixed)
            elif kind == CELLAR and rs >= 0 and sets[rs, SET_CELLAR]:
                pk = _picks(acts, k)
                c = _first_listed(pk, pk.shape[0], rules, sets[rs, SET_CELLAR_AT], sets[rs, SET_CELLAR_N], -1, 0)
                a = _choose(c) if c >= 0 else DONE
            elif kind == CELLAR:
                a = DONE
                for i in range(k):
                    if acts[i] >= CARD_ACTIONS:
                        d = (acts[i] - CARD_ACTIONS) // 3
                        if _TYPES[d] & T_CURSE or _TYPES[d] == VICTORY:
                            a = _choose(d)
                            break
            elif kind == CHANCELLOR or kind == MONEYLENDER or kind == VASSAL:
                a = YES
            elif kind == BUREAUCRAT or kind == BANDIT:
                c = _least(acts, k, _CHEAPR, 1)
                a = _choose(c)
            elif kind == POACHER:
                c = _least(acts, k, _DISC, 1)
                a = _choose(c)
            elif kind == LIBRARY:
                lib = sets[rs, SET_LIBRARY] if rs >= 0 else LIB_DEFAULT
                if lib == LIB_ALWAYS:
                    a = YES
                elif lib == LIB_NEVER:
                    a = NO
                elif lib == LIB_LISTED:
                    a = NO
                    nl = st[_zn(p, Z_LOOK)]
                    if nl:
                        c = st[_zb(p, Z_LOOK) + nl - 1]
                        for j in range(sets[rs, SET_ASIDE_N]):
                            if rules[sets[rs, SET_ASIDE_AT] + j] == c:
                                a = YES
                else:
                    a = YES if st[G_ACTIONS] == 0 else NO
            elif kind == REMODEL:
                a = _remodel(st, acts, k, rules, sets, rs)
            elif kind == MINE:
                if _has(acts, k, _choose(GOLD)) and st[G_SUPPLY + PLATINUM]:
                    a = _choose(GOLD)
                elif _has(acts, k, _choose(SILVER)) and st[G_SUPPLY + GOLD]:
                    a = _choose(SILVER)
                elif _has(acts, k, _choose(COPPER)) and st[G_SUPPLY + SILVER]:
                    a = _choose(COPPER)
                elif _has(acts, k, DONE):
                    a = DONE
                else:
                    c = _least(acts, k, _COST, 1)
                    a = _choose(c)
            elif kind == CHAPEL and rs >= 0 and sets[rs, SET_CHAPEL]:
                pk = _picks(acts, k)
                c = _first_listed(pk, pk.shape[0], rules, sets[rs, SET_TRASH_AT], sets[rs, SET_TRASH_N],
                                  sets[rs, SET_KEEP], _quantity(st, 4, 0, p, 0))
                a = _choose(c) if c >= 0 else DONE
            elif kind == CHAPEL:
                a = DONE
                late = _gte(st) <= 6
                if _has(acts, k, _choose(CURSE)):
                    a = _choose(CURSE)
                elif _has(acts, k, _choose(ESTATE)) and not late:
                    a = _choose(ESTATE)
                elif _has(acts, k, _choose(COPPER)) and _quantity(st, 4, 0, p, 0) - 1 >= 6:
                    a = _choose(COPPER)
            elif kind == THRONE_ROOM:
                c = -1
                if rs >= 0 and sets[rs, SET_TARGET_N]:  # the file's targets first
                    pk = _picks(acts, k)
                    c = _first_listed(pk, pk.shape[0], rules, sets[rs, SET_TARGET_AT], sets[rs, SET_TARGET_N], -1, 0)
                a = _choose(c) if c >= 0 else _throne(st, acts, k, rules, sets, rs)
            elif kind == SPY:
                c = st[r + SPY_CARD]
                bad = (_TYPES[c] & (T_CURSE | VICTORY) != 0 and not _TYPES[c] & (ACTION | TREASURE)) or c == COPPER
                if st[r + SPY_TARGET] == p:
                    a = YES if bad else NO
                else:
                    a = NO if bad else YES
            elif kind == THIEF:
                if st[r + 1] == 1:
                    c = _least(acts, k, _THIEFR, -1)
                    a = _choose(c)
                else:
                    a = DONE
                    for i in range(k):
                        if acts[i] >= CARD_ACTIONS and (acts[i] - CARD_ACTIONS) // 3 != COPPER:
                            a = acts[i]
                            break
            elif kind == HARBINGER:
                c = -1
                for i in range(k):
                    if acts[i] >= CARD_ACTIONS:
                        d = (acts[i] - CARD_ACTIONS) // 3
                        if ((_TYPES[d] & TREASURE and _COINS[d] >= 2) or _TYPES[d] & ACTION) and (
                                c < 0 or _TRASHR[d] > _TRASHR[c]):
                            c = d
                a = _choose(c) if c >= 0 else DONE
            elif kind == SENTRY:
                step = st[r + 1]
                if step == 0:
                    a = DONE
                    late = _gte(st) <= 6
                    for i in range(k):
                        if acts[i] >= CARD_ACTIONS:
                            d = (acts[i] - CARD_ACTIONS) // 3
                            if _TYPES[d] & T_CURSE or (d == ESTATE and not late) or d == COPPER:
                                a = acts[i]
                                break
                elif step == 1:
                    a = DONE
                    for i in range(k):
                        if acts[i] >= CARD_ACTIONS and _TYPES[(acts[i] - CARD_ACTIONS) // 3] == VICTORY:
                            a = acts[i]
                            break
                else:
                    c = _least(acts, k, _TRASHR, -1)
                    a = _choose(c)
            elif kind == ARTISAN:
                c = -1
                buf = np.empty(k, dtype=np.int64)
                n = 0
                for i in range(k):
                    if acts[i] >= CARD_ACTIONS and _TYPES[(acts[i] - CARD_ACTIONS) // 3] & ACTION:
                        buf[n] = (acts[i] - CARD_ACTIONS) // 3
                        n += 1
                if n and st[G_ACTIONS] == 0:
                    a = _choose(_choose_play(st, buf, n, rules, sets, rs))
                else:
                    useful = False
                    for i in range(k):
                        if acts[i] >= CARD_ACTIONS and _TYPES[(acts[i] - CARD_ACTIONS) // 3] & (ACTION | TREASURE):
                            useful = True
                    for i in range(k):
                        if acts[i] >= CARD_ACTIONS:
                            d = (acts[i] - CARD_ACTIONS) // 3
                            if (not useful or _TYPES[d] & (ACTION | TREASURE)) and (c < 0 or _TRASHR[d] > _TRASHR[c]):
                                c = d
                    a = _choose(c)
            if a >= 0 and _has(acts, k, a):
                return a
            return DONE if _has(acts, k, DONE) else acts[0]
        p = st[G_CUR]
        hb = _zb(p, Z_HAND)
        nh = st[_zn(p, Z_HAND)]
        if st[G_PHASE] == BUY_PHASE:
            if not st[G_BOUGHT]:
                for i in range(nh):
                    if _TYPES[st[hb + i]] & TREASURE:
                        return PLAY_TREASURES
            c = _pick(st, p, st[G_COINS] + st[G_DISCOUNT], acts, -1, rules, sets, order, race, fixed)
            return CARD_ACTIONS + 1 + 3 * c if c >= 0 else END_BUYS
        buf = np.empty(nh, dtype=np.int64)
        best = _choose_play(st, buf, _hand_actions(st, p, buf), rules, sets, fixed[p])
        return CARD_ACTIONS + 3 * best if best >= 0 else END_ACTIONS

    @jit.compiled
    def bot_games(mode: int, state: Any, rngs: Any, first: int, players: int, rules: Any, sets: Any, order: Any,
                  race: int, fixed: Any, rec: Any, slots: Any, seg: Any, firsts: Any, srng: Any, out: Any) -> int:
        """Every way the bot plays in the kernel, in one compiled function (each function that calls the engine is
        compiled with the whole engine inside it, so one entry point compiles it once). The bot in every seat (seat
        p by its rule set ``fixed[p]``, -1 its own reading); returns the number of decisions played (of the last
        game, for ``BOT_ROUND``). By ``mode``:

        - ``BOT_PLAY``: ``state`` (the state's stream in ``rngs[0]``) played to the end in place, after the legal
          action index ``first`` where it is not -1; with ``rec`` longer than 1, each decision's action into it
          (past its end the count goes on: the caller asks again).
        - ``BOT_DEAL``: ``BOT_PLAY`` from an undealt table (``Dominion.undealt``'s array): each of the ``players``
          seats' first hand drawn, seat 0 to move, as ``Dominion.setup`` deals it, then the game played to the end.
        - ``BOT_ROUND``: ``kernel.games``' ``ROUND`` with the bot: the determinization, its stream as the search's
          next draw (and the draw after it, the policy's seed, unused: the bot draws nothing, left in ``srng[1]``),
          each root action of ``firsts`` played from a copy; row j of ``out``: the scores, turns and ranks.
        """
        acts = np.empty(NACT, dtype=np.int64)
        # the streams in an array of the function's own (its writes then alias no state: a faster loop), given back
        # at the end
        streams = np.empty(max(1 + MAXP, rngs.shape[0]), dtype=np.uint64)
        for q in range(rngs.shape[0]):
            streams[q] = rngs[q]
        st = state
        base = state
        rounds = 1
        own = rngs[0]
        if mode == BOT_ROUND:
            base = K_determinize(state, slots, seg, srng)
            s = srng[0] + _G
            own = _mix(s)
            srng[0] = s + _G
            srng[1] = _mix(srng[0])
            rounds = firsts.shape[0]
        elif mode == BOT_DEAL:
            for p in range(players):
                _draw(st, streams, p, 5)
        n = 0
        for j in range(rounds):
            f = first
            if mode == BOT_ROUND:
                st = _copy(base)
                streams[0] = own
                f = firsts[j]
            if f >= 0:
                _apply(st, streams, f)
            n = 0
            k = _settle(st, streams, acts)
            while k:
                a = _decide(st, acts, k, rules, sets, order, race, fixed)
                if 1 < rec.shape[0] and n < rec.shape[0]:
                    rec[n] = a
                n += 1
                _apply(st, streams, a)
                k = _settle(st, streams, acts)
            if mode == BOT_ROUND:
                _result(st, out[j])
        for q in range(rngs.shape[0]):
            rngs[q] = streams[q]
        return n

    _NO_INTS = np.zeros(1, dtype=np.int64)
    _NO_STREAMS = np.zeros(2, dtype=np.uint64)
    _NO_ROWS = np.zeros((1, 3 * MAXP), dtype=np.int64)


def _fixed(fixed: Any) -> Any:
    """Each seat's rule set as the kernel reads it: -1 for the bot's own reading (``fixed`` None: every seat)."""
    return np.full(K.MAXP, -1, dtype=np.int64) if fixed is None else fixed


def search_round(prepared: tuple[Any, Any, Any], bot_tables: tuple[Any, Any, Any, int], players: int,
                 firsts: list[int], rng: Any, policy_rng: Any, fixed: Any = None) -> list[tuple[list[int], list[int]]]:
    """``kernel.search_round`` with the bot (``bot_games``' ``BOT_ROUND``): ``rng`` advanced as
    ``Dominion.determinize`` and one ``next64`` advance it, ``policy_rng`` set to that draw (the seed the search
    gives the policy each playout)."""
    template, slots, seg = prepared
    rules, sets, order, race = bot_tables
    srng = np.array([rng.state, 0], dtype=np.uint64)
    out = np.empty((len(firsts), 3 * K.MAXP), dtype=np.int64)
    bot_games(BOT_ROUND, template, np.zeros(1 + K.MAXP, dtype=np.uint64), -1, players, rules, sets, order, race,
              _fixed(fixed), _NO_INTS, slots, seg, np.array(firsts, dtype=np.int64), srng, out)
    rng.state = int(srng[0])
    policy_rng.state = int(srng[1])
    r = 2 * K.MAXP
    return [(row[:players], [q for q in range(players) if row[r + q] == 1]) for row in out.tolist()]


#: the decisions ``play`` records before it needs a longer record (and plays the game again to fill it)
RECORD_ROOM = 20000


def play(s: Any, bot_tables: tuple[Any, Any, Any, int], record: bool = False, first: int = -1,
         encoded: Any = None, fixed: Any = None) -> tuple[Any, int, list[int]]:
    """A copy of the reference state ``s`` (``encoded``: its array, left unchanged) played to the end by the bot in
    the kernel (the state's own stream), after the legal action index ``first`` where it is not -1: the final
    array, the number of decisions and (``record``) each decision's action."""
    rules, sets, order, race = bot_tables
    room = RECORD_ROOM if record else 1
    while True:
        st = K.encode(s) if encoded is None else encoded.copy()
        rngs = np.zeros(1 + K.MAXP, dtype=np.uint64)
        rngs[0] = s.rng
        rec = np.zeros(room, dtype=np.int64)
        n = bot_games(BOT_PLAY, st, rngs, first, 0, rules, sets, order, race, _fixed(fixed), rec, _NO_INTS, _NO_INTS,
                      _NO_INTS, _NO_STREAMS, _NO_ROWS)
        if not record or n <= room:
            return st, n, rec[:n].tolist() if record else []
        room = n  # a longer game than the record had room for: played again (the same game) with room for all


def deal_and_play(undealt: Any, players: int, seed_state: int, bot_tables: tuple[Any, Any, Any, int],
                  fixed: Any = None, record: bool = False) -> tuple[Any, int, list[int]]:
    """A game dealt and played in the kernel from the array of an undealt table (``Dominion.undealt``, left
    unchanged), its stream at ``seed_state``: what ``play`` gives for ``Dominion.setup``'s state of that seed, without
    building it in Python."""
    rules, sets, order, race = bot_tables
    room = RECORD_ROOM if record else 1
    while True:
        st = undealt.copy()
        rngs = np.zeros(1 + K.MAXP, dtype=np.uint64)
        rngs[0] = seed_state
        rec = np.zeros(room, dtype=np.int64)
        n = bot_games(BOT_DEAL, st, rngs, -1, players, rules, sets, order, race, _fixed(fixed), rec, _NO_INTS,
                      _NO_INTS, _NO_INTS, _NO_STREAMS, _NO_ROWS)
        if not record or n <= room:
            return st, n, rec[:n].tolist() if record else []
        room = n


def finish_after(s: Any, first: int, bot_tables: tuple[Any, Any, Any, int], encoded: Any = None,
                 fixed: Any = None) -> Result:
    """``Dominion.result`` of ``s`` after the legal action index ``first`` (applied with the state's own stream, as
    ``Dominion.apply`` does), then played to the end by the bot."""
    st = play(s, bot_tables, first=first, encoded=encoded, fixed=fixed)[0]
    return K.result_of(K.scores(st, s.players), s.players)


def finish(s: Any, bot_tables: tuple[Any, Any, Any, int], fixed: Any = None) -> Result:
    """``Dominion.result`` of ``play``'s final state."""
    st = play(s, bot_tables, fixed=fixed)[0]
    return K.result_of(K.scores(st, s.players), s.players)


#: a flag to force the Python path (``fast.play``) for the bot's playouts
ENABLED = True


def supports(s: Any) -> bool:
    """Whether the kernel plays the bot from the reference state ``s``: every pile's card in ``PORTED``, and not a
    Wishing Well kingdom whose decks hold cards nobody has seen above a card of known depth (Secret Passage): the
    bot names a deck's top card for Wishing Well only when it knows it, and the kernel keeps no per-card flags."""
    return (K.AVAILABLE and ENABLED and K.ENABLED and K.encodable(s) and all(c in PORTED for c in s.piles)
            and not (WISHING_WELL in s.piles and any(UNSEEN in top for top in s.top)))


def tables(bot: Any) -> tuple[Any, Any, Any, int]:
    """A ``RolloutAutoBot``'s rule sets as the kernel's arrays (its kingdom already prepared): the rules and the sets
    (``_rule_arrays``: the money rules, then Big Money Ultimate plus each card of the order, then each of
    ``bots.MODELS``' strategies (the bot's ``MODEL_RULES``): set ``1 + len(order) + i`` is ``MODELS[i]``'s, with
    the choices of its file where ``model_files`` has one), the order and whether its first card is raced for."""
    order = list(bot._order)
    sets = [bot._money_rules] + [bot._plus[c] for c in order] + list(bot.MODEL_RULES)
    files = [bot.model_files.get(m) for m in bot.models] if bot.model_files else []
    own: list[Any] = [None] * (1 + len(order))  # (the policy's own readings: buy rules and the defaults)
    rules, rows = _rule_arrays(sets, own + [f.policy if f is not None else None for f in files] if files else None,
                               own + [f.play if f is not None else None for f in files] if files else None)
    race = int(bool(order) and NAMES[order[0]] in RACE_CARDS)
    return rules, rows, np.array(order, dtype=np.int64), race


def _entry(what: frozenset[int]) -> int:
    """One entry of a file's card list (``bots.first_listed``'s order) as the kernel reads it: a card's id, or a
    kind of card as -1 - its place in ``KIND_WORDS``."""
    if len(what) == 1:
        return next(iter(what))
    for k, word in enumerate(KIND_WORDS):
        if what == frozenset(KIND_IDS[word]):
            return -1 - k
    raise ValueError("dominion bot kernel: a card list entry that is neither a card nor a kind of card")


def _steps(rpn: list[tuple[Any, ...]]) -> list[int]:
    """A condition's postfix steps (``Comparison.rpn``) as the kernel's numbers, three to a step."""
    out: list[int] = []
    depth = 0
    for step in rpn:
        head = step[0]
        if head == "q":
            name, arg = step[1], step[2]
            if name not in QUANT:
                raise ValueError(f"dominion bot kernel: the quantity {name!r} is not one it reads")
            out += [STEP_Q, QUANT[name], -1 - KIND_WORDS.index(arg) if isinstance(arg, str) else arg]
            depth += 1
        elif head == "num":
            v = Fraction(step[1])
            out += [STEP_NUM, v.numerator, v.denominator]
            depth += 1
        elif head == "cmp":
            out += [STEP_CMP, OPS[step[1]], 0]
            depth -= 1
        elif head == "neg":
            out += [STEP_NEG, 0, 0]
        else:
            out += [_STEPS[head], 0, 0]
            depth -= 1
        if depth > MAXSTACK:
            raise ValueError("dominion bot kernel: a condition deeper than it reads")
    return out


def _rule_code(card: int, conds: list[Any]) -> list[int]:
    """One buy rule as the kernel reads it: its card, how many plain conditions and how many steps, each plain
    condition (a ``Condition``: quantity, argument, operator, value), then the other conditions' steps, all of them
    to hold."""
    plain: list[int] = []
    rpn: list[tuple[Any, ...]] = []
    for k in conds:
        if type(k).__name__ == "Condition":
            plain += [QUANT[k.name], k.arg, OPS[k.op], int(k.value)]
        else:
            rpn += k.rpn + ([("and",)] if rpn else [])
    steps = _steps(rpn)
    return [card, len(plain) // 4, len(steps) // 3, *plain, *steps]


def _put(entries: list[frozenset[int]], at: int, row: list[int], code: list[int]) -> None:
    """A card list into ``code``, where it lies and its length into columns ``at`` and ``at + 1`` of ``row``."""
    row[at], row[at + 1] = len(code), len(entries)
    code.extend(_entry(e) for e in entries)


def _rule_arrays(sets: list[Any], policies: list[Any] | None = None,
                 plays: list[list[int] | None] | None = None) -> tuple[Any, Any]:
    """Rule sets (each a list of buy rules, with the file's ``Policy`` and play order or None) as the kernel's arrays:
    ``rules``, one int array of every set's rules (``_rule_code``), card lists and play conditions, and ``sets``, one
    row per set (``SET_AT``...): where its rules lie, its end-game checks, and where its choices lie. ValueError for
    what the kernel does not read (``uncovered`` says it first)."""
    code: list[int] = []
    rows = []
    for i, rs in enumerate(sets):
        row = [0] * SW
        row[SET_AT] = len(code)
        for c, conds in rs:
            code += _rule_code(c, conds)
        row[SET_END] = len(code)
        policy = policies[i] if policies is not None else None
        play = plays[i] if plays is not None else None
        if play is not None:  # (a card listed twice ranks by its last place, as ``StrategyBot`` reads the list)
            rank = {c: j for j, c in enumerate(play)}
            row[SET_PLAY_AT], row[SET_PLAY_N] = len(code), len(rank)
            code.extend(sorted(rank, key=rank.__getitem__))
        if policy is not None:
            row[SET_PPR], row[SET_WEND] = int(policy.ppr), int(policy.winning_end)

            if policy.discard is not None:
                _put(policy.discard, SET_DISC_AT, row, code)
            for c, cp in policy.cards.items():
                if c == CHAPEL_ID and (cp.trash is not None or cp.keep_money is not None):
                    row[SET_CHAPEL] = 1
                    row[SET_KEEP] = CHAPEL_KEEP if cp.keep_money is None else cp.keep_money
                    _put(cp.trash if cp.trash is not None else list(CHAPEL_TRASH), SET_TRASH_AT, row, code)
                elif c == CELLAR_ID and cp.discard is not None:
                    row[SET_CELLAR] = 1
                    _put(cp.discard, SET_CELLAR_AT, row, code)
                elif c == REMODEL_ID and cp.trash is not None:
                    _put(cp.trash, SET_REMODEL_AT, row, code)
                elif c == THRONE_ROOM_ID and cp.target is not None:
                    _put(cp.target, SET_TARGET_AT, row, code)
                elif c == LIBRARY_ID and cp.set_aside is not None:
                    if isinstance(cp.set_aside, bool):
                        row[SET_LIBRARY] = LIB_ALWAYS if cp.set_aside else LIB_NEVER
                    else:
                        row[SET_LIBRARY] = LIB_LISTED
                        row[SET_ASIDE_AT], row[SET_ASIDE_N] = len(code), len(cp.set_aside)
                        code.extend(sorted(cp.set_aside))
            row[SET_IF_AT] = len(code)
            for c, cp in policy.cards.items():
                if cp.play_if is not None:
                    code += _rule_code(c, cp.play_if)
            row[SET_IF_END] = len(code)
        rows.append(row)
    return np.array(code or [0], dtype=np.int64), np.array(rows, dtype=np.int64).reshape(len(rows), SW)


def uncovered(buy_rules: Any) -> str | None:
    """What of a rule file (``bots.BuyRules``) the compiled bot does not play, or None where it plays all of it:
    every condition, the end-game checks, the attack discard order, the play order and play conditions, and every
    card's choices (Chapel, Cellar, Remodel, Throne Room, Library). A condition deeper than ``MAXSTACK`` is the one
    thing left."""
    try:
        _rule_arrays([buy_rules.rules], [buy_rules.policy], [buy_rules.play])
    except ValueError as e:
        return str(e).removeprefix("dominion bot kernel: ")
    return None


def strategy_tables(files: list[Any]) -> tuple[tuple[Any, Any, Any, int], Any]:
    """Strategy bots' rule files (``bots.BuyRules``, each one ``uncovered`` passes), one per seat, as ``play``'s
    tables and the ``fixed`` array that gives seat p set p (so the kernel plays each seat as that ``StrategyBot``:
    its rules, its end-game checks and choices, and the defaults for the rest)."""
    rules, rows = _rule_arrays([f.rules for f in files], [f.policy for f in files], [f.play for f in files])
    fixed = np.full(K.MAXP, -1, dtype=np.int64)
    fixed[:len(files)] = np.arange(len(files))
    return (rules, rows, np.zeros(0, dtype=np.int64), 0), fixed


__all__ = ["ENABLED", "PORTED", "deal_and_play", "finish", "finish_after", "play", "search_round",
           "strategy_tables", "supports", "tables", "uncovered"]
