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
"""

from __future__ import annotations

from typing import Any

from realms.core.game import Result
from realms.games.dominion import kernel as K
from realms.games.dominion.cards import BY_NAME, CARDS, COINS, COST, NAMES, NCARDS
from realms.games.dominion.cards.card import CARD_ACTIONS, DONE, END_ACTIONS, END_BUYS, NO, PLAY_TREASURES, YES
from realms.games.dominion.defaults import DISCARD_KEYS, PLAY_KEYS, RACE_CARDS, value

#: the cards whose questions this module answers as the bot does (with the cards that ask nothing: those that are
#: their data alone, ``Card.data_only``); a kingdom with another card plays in Python
ANSWERS = ("Cellar", "Militia", "Mine", "Moat", "Remodel", "Workshop", "Merchant", "Council Room", "Witch", "Gardens",
           "Moneylender", "Chancellor", "Vassal", "Feast", "Library", "Bureaucrat", "Poacher", "Bandit", "Adventurer",
           "Chapel", "Throne Room", "Spy", "Thief", "Harbinger", "Sentry", "Artisan")
PORTED = K.SUPPORTED & (frozenset(BY_NAME[n] for n in ANSWERS)
                       | frozenset(c for c in range(NCARDS) if CARDS[c].data_only))
QUANT = {"coins": 0, "buys": 1, "gains_to_end": 2, "turn": 3, "money": 4, "deck_size": 5, "vp_lead": 6,
         "empty_piles": 7, "count": 8, "pile": 9}
OPS = {"<": 0, "<=": 1, ">": 2, ">=": 3, "==": 4, "!=": 5}
MAXCOND = 6
RW = 2 + 4 * MAXCOND


def _rank(key: Any) -> list[int]:
    """Each card's rank by ``key`` (equal keys, equal ranks)."""
    keys = sorted({key(c) for c in range(NCARDS)})
    at = {k: i for i, k in enumerate(keys)}
    return [at[key(c)] for c in range(NCARDS)]


if K.AVAILABLE:
    import hashlib

    import numba
    import numpy as np

    from realms.core import jit
    from realms.core.numba_cache import key_cache
    from realms.games.dominion.cards.card import ACTION, TREASURE, VICTORY, table_key
    from realms.games.dominion.cards.card import CURSE as T_CURSE
    from realms.games.dominion.frames import DISCARD_DOWN, GAIN, REACT
    from realms.games.dominion.kernel import (
        _COST,
        _G,
        _TYPES,
        ARTISAN,
        BANDIT,
        BUREAUCRAT,
        BUY_PHASE,
        CELLAR,
        CHANCELLOR,
        CHAPEL,
        COLONY,
        COPPER,
        CURSE,
        ESTATE,
        FW,
        G_ACTIONS,
        G_BOUGHT,
        G_BUYS,
        G_COINS,
        G_COLONY,
        G_CUR,
        G_EMPTY,
        G_FR,
        G_NFR,
        G_NPILES,
        G_PHASE,
        G_PILES,
        G_PLAYERS,
        G_SUPPLY,
        G_TOMOVE,
        GAIN_MAX_COST,
        GOLD,
        HARBINGER,
        LIBRARY,
        MAXP,
        MINE,
        MONEYLENDER,
        NACT,
        NC,
        O_OWNED,
        O_TURNS,
        PLATINUM,
        POACHER,
        PROVINCE,
        REACT_CARD,
        REMODEL,
        S0,
        SEAT,
        SENTRY,
        SILVER,
        SPY,
        SPY_CARD,
        SPY_TARGET,
        THIEF,
        THRONE_ROOM,
        VASSAL,
        Z_HAND,
        _apply,
        _copy,
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
    # the cache of this module's kernels is keyed by what they are compiled from: the cards and the bots' ranks
    # and dropped when the kernel or jit.py changes: their functions are compiled into this module's cache too
    jit.drop_stale_cache(__file__, K.__file__, jit.__file__)
    key_cache(__file__, hashlib.sha256(repr([table_key(), RACE_CARDS, *(a.tolist() for a in (
        _PLAYR, _DISC, _GAINR, _TRASHR, _CHEAPR, _THIEFR))]).encode()).hexdigest()[:12])

    @numba.njit(cache=True)
    def _choose(c: int) -> int:
        return CARD_ACTIONS + 2 + 3 * c

    @numba.njit(cache=True)
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

    @numba.njit(cache=True)
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
            return st[sb + O_OWNED + arg]
        return st[G_SUPPLY + arg]

    @numba.njit(cache=True)
    def _holds(v: int, op: int, value: int) -> bool:
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

    @numba.njit(cache=True)
    def _pick(st: Any, p: int, coins: int, among: int, rules: Any, sets: Any, order: Any, race: int,
              fixed: Any) -> int:
        """``RolloutAutoBot.pick``: the seat's rule set (``fixed[p]`` where it is not -1: an opponent model's),
        then the first rule's card in the Supply, affordable with ``coins``, in the mask ``among`` (-1: any) whose
        conditions hold; -1 if none."""
        sb = S0 + p * SEAT
        k = 0
        if fixed[p] >= 0:
            k = fixed[p]
        elif order.shape[0]:
            x = order[0]
            if race:
                passed = False
            elif _COST[x] >= 5:
                passed = st[sb + O_OWNED + GOLD] > 0
            else:
                passed = st[sb + O_TURNS] >= 2
            if st[sb + O_OWNED + x] or not passed:
                k = 1
            else:
                for i in range(order.shape[0]):
                    if st[sb + O_OWNED + order[i]]:
                        k = 1 + i
                        break
        for r in range(sets[k], sets[k + 1]):
            c = rules[r, 0]
            if st[G_SUPPLY + c] and _COST[c] <= coins and (among == -1 or (among >> c) & 1):
                ok = True
                for j in range(rules[r, 1]):
                    b = 2 + 4 * j
                    if not _holds(_quantity(st, rules[r, b], rules[r, b + 1], p, coins), rules[r, b + 2],
                                  rules[r, b + 3]):
                        ok = False
                        break
                if ok:
                    return c
        return -1

    @numba.njit(cache=True)
    def _has(acts: Any, k: int, a: int) -> bool:
        for i in range(k):
            if acts[i] == a:
                return True
        return False

    @numba.njit(cache=True)
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

    @numba.njit(cache=True)
    def _decide(st: Any, acts: Any, k: int, rules: Any, sets: Any, order: Any, race: int, fixed: Any) -> int:
        """The bot's choice among the ``k`` legal actions ``acts`` (``StrategyBot.act``)."""
        if st[G_NFR]:
            r = G_FR + (st[G_NFR] - 1) * FW
            kind = st[r]
            p = st[r + 2]
            hb = _zb(p, Z_HAND)
            nh = st[_zn(p, Z_HAND)]
            if kind == REACT:
                for i in range(nh):
                    if st[hb + i] == st[r + REACT_CARD]:
                        return YES
                return NO
            if kind == DISCARD_DOWN:
                best = st[hb]
                for i in range(1, nh):
                    if _DISC[st[hb + i]] < _DISC[best]:
                        best = st[hb + i]
                return _choose(best)
            # the picks: the chosen cards among the options, in their order
            a = -1
            if kind == GAIN:
                mask = 0
                for i in range(k):
                    if acts[i] >= CARD_ACTIONS:
                        mask |= 1 << ((acts[i] - CARD_ACTIONS) // 3)
                c = _pick(st, p, st[r + GAIN_MAX_COST], mask, rules, sets, order, race, fixed)
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
            if kind == CELLAR:
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
                a = YES if st[G_ACTIONS] == 0 else NO
            elif kind == REMODEL:
                late = _gte(st) <= 6
                if _has(acts, k, _choose(CURSE)):
                    a = _choose(CURSE)
                elif _has(acts, k, _choose(GOLD)) and late and st[G_SUPPLY + PROVINCE]:
                    a = _choose(GOLD)
                elif _has(acts, k, _choose(ESTATE)) and not late:
                    a = _choose(ESTATE)
                else:
                    c = _least(acts, k, _TRASHR, 1)
                    a = _choose(c)
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
                others = False
                for i in range(k):
                    if acts[i] >= CARD_ACTIONS and (acts[i] - CARD_ACTIONS) // 3 != THRONE_ROOM:
                        others = True
                c = -1
                for i in range(k):
                    if acts[i] >= CARD_ACTIONS:
                        d = (acts[i] - CARD_ACTIONS) // 3
                        if (not others or d != THRONE_ROOM) and (c < 0 or _PLAYR[d] < _PLAYR[c]):
                            c = d
                a = _choose(c)
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
                if st[G_ACTIONS] == 0:
                    for i in range(k):
                        if acts[i] >= CARD_ACTIONS:
                            d = (acts[i] - CARD_ACTIONS) // 3
                            if _TYPES[d] & ACTION and (c < 0 or _PLAYR[d] < _PLAYR[c]):
                                c = d
                if c < 0:
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
            c = _pick(st, p, st[G_COINS], -1, rules, sets, order, race, fixed)
            return CARD_ACTIONS + 1 + 3 * c if c >= 0 else END_BUYS
        best = -1
        for i in range(nh):
            c = st[hb + i]
            if _TYPES[c] & ACTION and (best < 0 or _PLAYR[c] < _PLAYR[best]):
                best = c
        return CARD_ACTIONS + 3 * best if best >= 0 else END_ACTIONS

    @numba.njit(cache=True)
    def bot_play(st: Any, rngs: Any, first: int, rules: Any, sets: Any, order: Any, race: int, fixed: Any,
                 rec: Any) -> int:
        """Play ``st`` (the state's stream in ``rngs[0]``) to the end with the bot in every seat, after the legal
        action index ``first`` where it is not -1; with ``rec`` longer than 1, each decision's action into it.
        Returns the number of decisions."""
        acts = np.empty(NACT, dtype=np.int64)
        if first >= 0:
            _apply(st, rngs, first)
        n = 0
        k = _settle(st, rngs, acts)
        while k:
            a = _decide(st, acts, k, rules, sets, order, race, fixed)
            if rec.shape[0] > 1:
                rec[n] = a
            n += 1
            _apply(st, rngs, a)
            k = _settle(st, rngs, acts)
        return n

    @numba.njit(cache=True)
    def bot_round(template: Any, slots: Any, seg: Any, firsts: Any, srng: Any, rules: Any, sets: Any, order: Any,
                  race: int, fixed: Any, out: Any) -> None:
        """``kernel.round_playouts`` with the bot: the determinization, its stream as the search's next draw (and the
        draw after it, the policy's seed, unused: the bot draws nothing), each root action's playout; row j of
        ``out``: the scores, turns and ranks."""
        base = K_determinize(template, slots, seg, srng)
        s = srng[0] + _G
        own = _mix(s)
        srng[0] = s + _G
        srng[1] = _mix(srng[0])
        rngs = np.empty(1 + MAXP, dtype=np.uint64)
        rec = np.zeros(1, dtype=np.int64)
        for j in range(firsts.shape[0]):
            st = _copy(base)
            rngs[0] = own
            bot_play(st, rngs, firsts[j], rules, sets, order, race, fixed, rec)
            _result(st, out[j])


def _fixed(fixed: Any) -> Any:
    """Each seat's rule set as the kernel reads it: -1 for the bot's own reading (``fixed`` None: every seat)."""
    return np.full(K.MAXP, -1, dtype=np.int64) if fixed is None else fixed


def search_round(prepared: tuple[Any, Any, Any], bot_tables: tuple[Any, Any, Any, int], players: int,
                 firsts: list[int], rng: Any, policy_rng: Any, fixed: Any = None) -> list[tuple[list[int], list[int]]]:
    """``kernel.search_round`` with the bot (``bot_round``): ``rng`` advanced as ``Dominion.determinize`` and one
    ``next64`` advance it, ``policy_rng`` set to that draw (the seed the search gives the policy each playout)."""
    template, slots, seg = prepared
    rules, sets, order, race = bot_tables
    srng = np.array([rng.state, 0], dtype=np.uint64)
    out = np.empty((len(firsts), 3 * K.MAXP), dtype=np.int64)
    bot_round(template, slots, seg, np.array(firsts, dtype=np.int64), srng, rules, sets, order, race, _fixed(fixed),
              out)
    rng.state = int(srng[0])
    policy_rng.state = int(srng[1])
    r = 2 * K.MAXP
    return [(row[:players], [q for q in range(players) if row[r + q] == 1]) for row in out.tolist()]


def play(s: Any, bot_tables: tuple[Any, Any, Any, int], record: bool = False, first: int = -1,
         encoded: Any = None, fixed: Any = None) -> tuple[Any, int, list[int]]:
    """A copy of the reference state ``s`` (``encoded``: its array, left unchanged) played to the end by the bot in
    the kernel (the state's own stream), after the legal action index ``first`` where it is not -1: the final
    array, the number of decisions and (``record``) each decision's action."""
    rules, sets, order, race = bot_tables
    st = K.encode(s) if encoded is None else encoded.copy()
    rngs = np.zeros(1 + K.MAXP, dtype=np.uint64)
    rngs[0] = s.rng
    rec = np.zeros(20000 if record else 1, dtype=np.int64)
    n = bot_play(st, rngs, first, rules, sets, order, race, _fixed(fixed), rec)
    return st, n, rec[:n].tolist() if record else []


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
    """Whether the kernel plays the bot from the reference state ``s`` (every pile's card in ``PORTED``)."""
    return K.AVAILABLE and ENABLED and K.ENABLED and K.encodable(s) and all(c in PORTED for c in s.piles)


def tables(bot: Any) -> tuple[Any, Any, Any, int]:
    """A ``RolloutAutoBot``'s rule sets as the kernel's arrays (its kingdom already prepared): the rules (card,
    condition count, then quantity, argument, operator and value of each), where each set starts (the money rules,
    then Big Money Ultimate plus each card of the order, then each of ``bots.MODELS``' strategies (the bot's
    ``MODEL_RULES``): set ``1 + len(order) + i`` is ``MODELS[i]``'s), the order and whether its first card is
    raced for."""
    order = list(bot._order)
    sets = [bot._money_rules] + [bot._plus[c] for c in order] + list(bot.MODEL_RULES)
    rows: list[list[int]] = []
    starts = [0]
    for rs in sets:
        for c, conds in rs:
            if len(conds) > MAXCOND:
                raise ValueError("dominion bot kernel: a rule with more conditions than it reads")
            row = [c, len(conds)]
            for k in conds:
                row += [QUANT[k.name], k.arg, OPS[k.op], k.value]
            rows.append(row + [0] * (RW - len(row)))
        starts.append(len(rows))
    race = int(bool(order) and NAMES[order[0]] in RACE_CARDS)
    return (np.array(rows, dtype=np.int64).reshape(len(rows), RW), np.array(starts, dtype=np.int64),
            np.array(order, dtype=np.int64), race)


__all__ = ["ENABLED", "PORTED", "finish", "finish_after", "play", "search_round", "supports", "tables"]
