"""A lean path for whole Dominion games between strategy bots (``big-money``, ``smithy-big-money``, ... and any
buy-rule file): the simulator's and ``realms bench``'s default for them.

It runs the same engine on the same state — the turn machine (``Dominion._advance``), the card and frame code,
the zones and their random draws — and asks the same bot objects, but skips what only an untrusted caller
needs: no ``legal_actions`` list, no ``Action`` objects, no re-validation of a move the bot just chose from
the rules, and no per-game option validation (the options are validated once). So a game played here
reaches the very state ``Dominion.apply`` would (``tests/games/dominion/test_fast.py`` replays the recorded
action indices through the reference engine and compares the actions, hashes and results).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from realms.core.game import FastOutcome
from realms.core.rng import check_seed
from realms.games.dominion.cards import COINS, HANDLERS, IS_ACTION, IS_TREASURE
from realms.games.dominion.cards.basic import SILVER
from realms.games.dominion.cards.card import CARD_ACTIONS, END_ACTIONS, END_BUYS, PLAY_TREASURES
from realms.games.dominion.frames import play_card
from realms.games.dominion.rules import BUY_PHASE, SPECIAL_TREASURE, Dominion
from realms.games.dominion.state import DominionState
from realms.games.dominion.zones import hand_left, kingdom_of


class Decider(Protocol):
    """What this path asks of a bot (``bots.StrategyBot`` answers it): a pending question, a buy, an Action to play."""

    def decide(self, s: DominionState, f: list[int]) -> int: ...

    def pick(self, s: DominionState, p: int, coins: int, among: list[int] | None) -> int: ...

    def choose_play(self, s: DominionState, actions: list[int]) -> int: ...


def play(game: Dominion, s: DominionState, bots: Sequence[Decider], record: list[int] | None = None) -> int:
    """Play ``s`` to the end, seat ``p``'s decisions by ``bots[p]`` (``StrategyBot``s); returns the number of
    decisions. With ``record`` each decision's action index is appended to it."""
    advance = game._advance
    n = 0
    while s.to_move is not None:
        n += 1
        stack = s.stack
        if stack:
            f = stack[-1]
            idx = bots[s.to_move].decide(s, f)
            if record is not None:
                record.append(idx)
            HANDLERS[f[0]].decide(s, f, idx)
            advance(s)
            continue
        p = s.cur
        bot = bots[p]
        hand = s.hand[p]
        if s.phase == BUY_PHASE:
            if not s.bought:
                for c in hand:
                    if IS_TREASURE[c]:
                        break
                else:
                    c = -1
                if c >= 0 and (s.copper_bonus or s.corsair or (kingdom_of(s.piles).special_treasure
                                                             and any(SPECIAL_TREASURE[c] for c in hand))):
                    # a Treasure or a card played this turn adds to playing Treasures: the engine's own step
                    if record is not None:
                        record.append(PLAY_TREASURES)
                    game._buy_phase(s, p, PLAY_TREASURES, False)
                    n += 1
                elif c >= 0:  # the bot plays all its Treasures at once (PLAY_TREASURES), as _buy_phase does
                    if record is not None:
                        record.append(PLAY_TREASURES)
                    played = s.play[p]
                    keep: list[int] = []
                    coins = 0
                    for c in hand:
                        if IS_TREASURE[c]:
                            played.append(c)
                            coins += COINS[c]
                        else:
                            keep.append(c)
                    s.hand[p] = keep
                    if s.hpub[p]:
                        s.hpub[p] = tuple(c for c in s.hpub[p] if not IS_TREASURE[c])
                    s.coins += coins
                    if s.silver_bonus and not s.silver_played and SILVER in hand:
                        s.coins += s.silver_bonus
                        s.silver_played = True
                    # still the Buy phase with a buy left (_advance would change nothing): the same seat
                    # decides its buy now
                    n += 1
            c = bot.pick(s, p, s.coins + s.discount, None)  # (as StrategyBot.act: at the cost now)
            if c < 0:
                if record is not None:
                    record.append(END_BUYS)
                s.buys = 0
            else:
                if record is not None:
                    record.append(CARD_ACTIONS + 1 + 3 * c)
                game._buy(s, p, c, False)  # the engine's buy: costs now, Embargo tokens, the turn's record
            advance(s)
            continue
        c = bot.choose_play(s, [c for c in hand if IS_ACTION[c]])
        if c < 0:
            if record is not None:
                record.append(END_ACTIONS)
            s.phase = BUY_PHASE
        else:
            if record is not None:
                record.append(CARD_ACTIONS + 3 * c)
            hand.remove(c)
            if s.hpub[p]:
                hand_left(s, p, c)
            s.play[p].append(c)
            s.actions -= 1
            play_card(s, p, c, True)
        advance(s)
    return n


class FastGames:
    """Whole games of one set of options between named strategy bots (``Game.fast_games``), each seat's bot made
    by ``make(name, rng)`` (``bots.make_strategy``).

    Where numba is installed, every seat's bot a plain ``StrategyBot`` whose rule file the compiled bot plays whole
    (``botkernel.uncovered``: the built-in strategies and most files) and the kingdom's every card one it plays
    (``botkernel.supports``), a game is played in the compiled bot (``botkernel.play``, each seat's rule set fixed):
    the same decisions, draws and result as here (``tests/games/dominion/test_fast.py``); else in the lean loop."""

    LOOP = "the strategy bots' lean loop over the reference rules"
    COMPILED = "the strategy bots compiled (the bot kernel)"

    def __init__(self, game: Dominion, options: Mapping[str, Any], agents: Sequence[str],
                 make: Callable[[str, Any], Decider]) -> None:
        self.game = game
        self.options = dict(options)
        self.agents = list(agents)
        self.make = make
        #: the compiled bot's tables and fixed rule sets (None: not yet looked at; False: the lean loop)
        self._compiled: Any = None
        #: games played in the lean loop although the bots are compiled: their dealt kingdom has a card it lacks
        self.declined = 0
        #: the undealt table's array every game is dealt from in the compiled bot (None: not yet looked at; False:
        #: each game set up in Python, a random kingdom or one the compiled bot does not play)
        self._deal: Any = None

    def _tables(self, bots: Sequence[Decider]) -> Any:
        if self._compiled is None:
            self._compiled = False
            from realms.games.dominion import kernel

            if any(hasattr(b, "ready_for") for b in bots):
                # a bot that finds its rules from the kingdom (``adapt.AdaptedBot``): compiled where every game has
                # the same named kingdom (found once), else each game's bots in the lean loop
                if self.options["kingdom"] == "random":
                    return self._compiled
                table = self.game.undealt(self.options, 1)
                for b in bots:
                    if hasattr(b, "ready_for"):
                        b.ready_for(table)
            # each bot's rule file where it is a plain strategy bot (``StrategyBot.kernel_rules``: its file decides
            # all it decides), else None
            files = [getattr(b, "kernel_rules", lambda: None)() for b in bots]
            if kernel.AVAILABLE and kernel.ENABLED and all(f is not None for f in files):
                from realms.games.dominion import botkernel

                if botkernel.ENABLED and all(botkernel.uncovered(f) is None for f in files):
                    self._compiled = botkernel.strategy_tables(files)
        return self._compiled

    @property
    def path(self) -> str:
        """Which implementation plays these games (``Game.play_path``)."""
        from realms.core.rng import Rng

        return self.COMPILED if self._tables([self.make(a, Rng(0)) for a in self.agents]) else self.LOOP

    def _undealt(self, seed: int) -> Any:
        """The kernel's array of the undealt table (``Dominion.undealt``) where every game of these options starts
        from the same one (a named kingdom: only the deal differs) and the compiled bot plays it; else False."""
        if self._deal is None:
            self._deal = False
            opts = self.options
            if opts["kingdom"] != "random":
                from realms.games.dominion import botkernel, kernel

                s = self.game.undealt(opts, seed)
                if botkernel.supports(s):
                    self._deal = kernel.encode(s)
        return self._deal

    def __call__(self, seed: int, agent_seeds: Sequence[int]) -> FastOutcome:
        from realms.core.rng import Rng

        game = self.game
        seed = check_seed("dominion", seed)
        bots: list[Decider] | None = None
        compiled = self._compiled
        if compiled is None:  # (the first game: whether the compiled bot plays these bots, once)
            bots = [self.make(a, Rng(x)) for a, x in zip(self.agents, agent_seeds, strict=True)]
            compiled = self._tables(bots)
        if compiled:
            undealt = self._undealt(seed)
            if undealt is not False:
                from realms.games.dominion import botkernel, kernel

                tables, fixed = compiled
                players = self.options["players"]
                st, n, _ = botkernel.deal_and_play(undealt, players, Rng(seed).state, tables, fixed)
                rows = kernel.scores(st, players)
                return FastOutcome(kernel.result_of(rows, players), [r[1] for r in rows], n,
                                   kernel.stats_of(rows, players))
        s = game.setup(self.options, seed)
        if compiled:
            from realms.games.dominion import botkernel, kernel

            if botkernel.supports(s):
                tables, fixed = compiled
                st, n, _ = botkernel.play(s, tables, fixed=fixed)
                rows = kernel.scores(st, s.players)
                return FastOutcome(kernel.result_of(rows, s.players), [r[1] for r in rows], n,
                                   kernel.stats_of(rows, s.players))
            self.declined += 1
        if bots is None:
            bots = [self.make(a, Rng(x)) for a, x in zip(self.agents, agent_seeds, strict=True)]
        for b in bots:
            if hasattr(b, "ready_for"):  # (the lean loop asks the bot's rules directly, never its act)
                b.ready_for(s)
        n = play(game, s, bots)
        result = game.result(s)
        assert result is not None
        return FastOutcome(result, list(s.turns), n, game.stats(s))


__all__ = ["Decider", "FastGames", "play"]
