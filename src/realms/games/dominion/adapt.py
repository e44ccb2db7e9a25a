"""Kingdom-adapted strategies: for one kingdom, buy-rule strategies of several families are written from the
cards' data, played against each other in the simulator, and ranked.

The families (each a rule file in the strategy language, so any of them can be saved and edited):

- ``money``: Big Money Ultimate;
- ``money+X``: Big Money Ultimate with one or two copies of a kingdom Action X (``bots.bmu_plus_rules``); a
  non-terminal X that draws (a Laboratory) also up to four copies;
- ``engine``: a village V (+2 Actions) and a terminal draw card D (+2 Cards or more), bought in turn (one D, then a
  V for each further D) up to four of each, Gold, Provinces once there is a Gold;
- ``chapel``: a Chapel on the first two turns (the default play trashes Curses, Estates and Coppers while $6 in
  Treasures stay), then Big Money Ultimate with the kingdom's strongest card for it;
- ``chapel-engine``: a Chapel, then a stack of a non-terminal draw card L (+2 Cards, +1 Action: a Laboratory), one
  Gold, one copy of the kingdom's strongest terminal Attack (before the Ls when it costs 5 or more, a Witch), one
  village, Markets (a non-terminal +Buy) once three Ls are owned; the first Province only on a $13 turn (then every
  one), or once a Gold is owned; a Duchy with two Provinces left where it takes the lead, Duchies and Estates as
  the game's end nears (``_chapel_engine``);
- ``money-X-Y``: Big Money Ultimate with two kingdom cards, made after the screen from the three single cards
  that did best there (a second generation);
- ``rush``: Gardens with a card that gains or buys more cards (Workshop, Woodcutter, Ironworks, Bureaucrat):
  the gainer first, then Gardens, Estates and Coppers, ending the game on piles; Duke with Duchies likewise.

``adapt(options)`` screens every candidate against Big Money Ultimate plus the kingdom's strongest card
(``bmu-plus``, the rollout's starting reading), then plays the best few a round robin among themselves and
``bots.STRATEGIES``' bots that fit the kingdom; the ranking is the round robin's average share of the points. It
is deterministic (fixed seeds) and kept per kingdom in the process. The games are two-player, played in the
compiled bot where it plays the kingdom (``fast.FastGames``), else in the lean loop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from realms.core.agents import AgentOption, AgentSpec
from realms.core.rng import Rng, derive_seed
from realms.games.dominion.bots import (
    _PARSED,
    AGENTS,
    BMU_PLUS_ORDER,
    MODELS,
    STRATEGY_RULES,
    BuyRules,
    RolloutAutoBot,
    Rule,
    StrategyBot,
    bmu_plus_copies,
    bmu_plus_for,
    bmu_plus_rules,
    duel,
    parse_condition,
    parse_rules,
    strong_here,
)
from realms.games.dominion.cards import BY_NAME, CARDS, COST, NAMES
from realms.games.dominion.cards.basic import DUCHY, ESTATE, GOLD, PROVINCE, SILVER
from realms.games.dominion.cards.card import ATTACK, IS_ACTION, PLUS_ACTIONS, PLUS_BUYS, PLUS_CARDS, TYPES
from realms.games.dominion.defaults import RACE_CARDS

#: cards whose play gains or buys more cards, so a deck grows fast enough for Gardens
GAINERS = ("Workshop", "Woodcutter", "Ironworks", "Bureaucrat")

#: how many games each candidate plays against the reference in the screen (half from each seat), how many it
#: keeps for the round robin, and the games of each pairing there
SCREEN_GAMES, KEEP, ROUND_GAMES = 80, 6, 120
#: the hill climb's steps (``tune``) and its games against each rival per genome
TUNE_STEPS, TUNE_GAMES = 30, 300
#: how much better a neighbour must do to replace the climb's genome (the same deals for both: a paired comparison)
MARGIN = 0.005


def _rules_text(name: str, rules: Sequence[tuple[str, str | None]]) -> str:
    lines = [f'name = "{name}"']
    for card, cond in rules:
        lines += ["[[buy]]", f'card = "{card}"'] + ([f'if = "{cond}"'] if cond else [])
    return "\n".join(lines) + "\n"


def _endgame() -> list[tuple[str, str | None]]:
    return [("Province", "count(Gold) > 0"), ("Duchy", "0 < gains_to_end <= 5"), ("Estate", "0 < gains_to_end <= 2")]


def _engine(v: str, d: str) -> str:
    """Village ``v`` and draw ``d`` in turn: one D, then a V and a D each time, up to four of each."""
    rules = _endgame() + [("Gold", "count(" + d + ") >= 2")]
    rules.append((d, f"count({d}) < 1"))
    for k in range(1, 4):
        rules += [(v, f"count({v}) < {k} and count({d}) >= {k}"), (d, f"count({d}) < {k + 1} and count({v}) >= {k}")]
    rules += [("Gold", None), ("Silver", None)]
    return _rules_text(f"engine-{_slug(v)}-{_slug(d)}", rules)


def _chapel(x: str | None) -> str:
    rules = _endgame() + [("Gold", None)]
    if x is not None:
        rules.append((x, f"count({x}) < {bmu_plus_copies(x)}"))
    rules += [("Chapel", "count(Chapel) < 1 and turn <= 2"), ("Silver", None)]
    return _rules_text("chapel-" + (_slug(x) if x else "money"), rules)


#: the money a Chapel engine's Chapel keeps (``keep_money``)
ENGINE_KEEP = 5


def _chapel_engine(draw: str, payload: str | None, village: str | None, market: str | None, thirteen: bool) -> str:
    """A Chapel-thinned deck drawing with ``draw`` (non-terminal, +2 Cards), one ``payload`` (a terminal Attack), one
    ``village``, ``market`` (a non-terminal +Buy) once three ``draw`` are owned; with ``thirteen`` the first Province
    waits for a $13 turn, else for a Gold; its Chapel keeps ``ENGINE_KEEP`` coins of money."""
    rules: list[tuple[str, str | None]] = [("Duchy", "gains_to_end == 2 and -3 < vp_lead < 0")]
    rules += [("Province", "coins >= 13"), ("Province", "count(Province) >= 1")] if thirteen \
        else [("Province", "count(Gold) > 0")]
    rules += [("Duchy", "0 < gains_to_end <= 3"), ("Estate", "0 < gains_to_end <= 2"), ("Gold", "count(Gold) == 0")]
    dear = payload is not None and COST[BY_NAME[payload]] >= 5
    if payload is not None and dear:
        rules.append((payload, f"count({payload}) == 0"))
    if village is not None:
        rules.append((village, f"count({village}) == 0"))
    if market is not None:
        rules.append((market, f"count({draw}) > 2"))
    rules.append((draw, None))
    if payload is not None and not dear:
        rules.append((payload, f"count({payload}) == 0"))
    rules += [("Chapel", "count(Chapel) == 0"), ("Silver", None)]
    name = "-".join(_slug(n) for n in ("chapel", draw, payload, village, market) if n) + ("-13" if thirteen else "")
    # Chapel trashes down to $5 of money, not the default $6: on the Witch/Chapel kingdom the engine with a village and
    # a Market takes 78.0% of 6,000 games against Witch money that way, 73.3% with the default ($4: 75.7%, $3: 77.8%)
    return _rules_text(name, rules) + f"[card.Chapel]\nkeep_money = {ENGINE_KEEP}\n"


def _rush(gainer: str, vp: str) -> str:
    """``vp`` (Gardens or Duke) with ``gainer``: gainers first, then (from the 8th gainer for Gardens, the 6th for
    Dukes) the Victory cards."""
    rules = [(vp, f"count({gainer}) >= 8"), ("Province", f"pile({vp}) == 0"), (gainer, None), (vp, None),
             ("Duchy", None), ("Estate", None), ("Silver", None), ("Copper", None)]
    if vp == "Duke":  # Duchies count for Dukes: both before the gainers once the engine runs
        rules = [("Duke", f"count({gainer}) >= 6"), ("Duchy", f"count({gainer}) >= 6"), ("Province", None),
                 (gainer, None), ("Duke", None), ("Duchy", None), ("Gold", None), ("Silver", None)]
    return _rules_text(f"rush-{_slug(gainer)}-{_slug(vp)}", rules)


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def candidates(kingdom: Sequence[int]) -> dict[str, BuyRules]:
    """Every candidate strategy for ``kingdom`` (card ids), by name."""
    names = {NAMES[c] for c in kingdom}
    out: dict[str, BuyRules] = {"big-money-ultimate": _PARSED["big-money-ultimate"]}

    def add(text: str) -> None:
        rules = parse_rules(text, "<adapt>")
        out[rules.name] = rules

    actions = [n for n in BMU_PLUS_ORDER if n in names and IS_ACTION[BY_NAME[n]]]
    actions += sorted(n for n in names if IS_ACTION[BY_NAME[n]] and n not in actions)
    for x in actions:
        c = BY_NAME[x]
        race = x in RACE_CARDS
        for copies in sorted({1, 2, bmu_plus_copies(x)}):
            r = bmu_plus_rules(x, copies, race=race)
            out[f"{r.name}-{copies}"] = BuyRules(f"{r.name}-{copies}", r.rules)
        if PLUS_ACTIONS[c] and PLUS_CARDS[c] >= 1 and COST[c] >= 4:  # a Laboratory, a Market: a stack of them
            r = bmu_plus_rules(x, 4, race=False)
            out[f"{r.name}-4"] = BuyRules(f"{r.name}-4", r.rules)
    villages = [n for n in actions if PLUS_ACTIONS[BY_NAME[n]] >= 2]
    draws = [n for n in actions if PLUS_CARDS[BY_NAME[n]] >= 2 and not PLUS_ACTIONS[BY_NAME[n]]]
    for v in villages:
        for d in draws:
            add(_engine(v, d))
    if "Chapel" in names:
        strongest = [n for n in actions if n != "Chapel"][:2]
        add(_chapel(None))
        for x in strongest:
            add(_chapel(x))
        # a Chapel engine: each of the kingdom's non-terminal +2-card draws, its strongest terminal Attack, with and
        # without a village and a +Buy cantrip, the first Province on a $13 turn where a +Buy lets it come
        labs = [n for n in actions if PLUS_ACTIONS[BY_NAME[n]] == 1 and PLUS_CARDS[BY_NAME[n]] >= 2]
        payload = next((n for n in actions if TYPES[BY_NAME[n]] & ATTACK and not PLUS_ACTIONS[BY_NAME[n]]), None)
        village = villages[0] if villages else None
        market = next((n for n in actions if PLUS_ACTIONS[BY_NAME[n]] and PLUS_BUYS[BY_NAME[n]]
                       and PLUS_ACTIONS[BY_NAME[n]] < 2), None)
        for lab in labs:
            for vil in dict.fromkeys((None, village)):
                for mkt in dict.fromkeys((None, market)):
                    plus_buy = any(n is not None and PLUS_BUYS[BY_NAME[n]] for n in (vil, mkt))
                    for thirteen in (False, True) if plus_buy else (False,):
                        add(_chapel_engine(lab, payload, vil, mkt, thirteen))
    for vp in ("Gardens", "Duke"):
        if vp in names:
            for g in GAINERS:
                if g in names:
                    add(_rush(g, vp))
    return out


def _money_with(parts: Sequence[tuple[int, int]]) -> BuyRules:
    """Big Money Ultimate with up to ``copies`` of each ``(card, copies)``, in the order given: each part placed as
    ``bmu_plus_rules`` places one card (before Gold at a cost of 5 or more, else before Silver)."""
    singles = [bmu_plus_rules(NAMES[c], k, race=NAMES[c] in RACE_CARDS).rules for c, k in parts]
    base = _PARSED["big-money-ultimate"].rules
    dear = [r for one, (c, _) in zip(singles, parts, strict=True) if COST[c] >= 5 for r in one if r[0] == c]
    cheap = [r for one, (c, _) in zip(singles, parts, strict=True) if COST[c] < 5 for r in one if r[0] == c]
    name = "money-" + "-".join(f"{_slug(NAMES[c])}-{k}" for c, k in parts)
    return BuyRules(name, base[:3] + dear + base[3:5] + cheap + base[5:])


def pairs(screen: Mapping[str, float], pool: Mapping[str, BuyRules], top: int = 3) -> dict[str, BuyRules]:
    """The second generation: Big Money Ultimate with two kingdom cards, each pair of the ``top`` single cards
    whose money+X strategies did best in the screen (each at its better number of copies)."""
    best: dict[int, tuple[float, int]] = {}
    for name, share in screen.items():
        rules = pool[name]
        if not name.startswith("bmu-plus-"):
            continue
        kingdom = [c for c, _ in rules.rules if CARDS[c].kingdom]
        if not kingdom:
            continue
        c, copies = kingdom[0], len(kingdom)
        if c not in best or share > best[c][0]:
            best[c] = (share, copies)
    chosen = sorted(best, key=lambda c: (-best[c][0], c))[:top]
    out: dict[str, BuyRules] = {}
    for i, x in enumerate(chosen):
        for y in chosen[i + 1:]:
            r = _money_with([(x, best[x][1]), (y, best[y][1])])
            out[r.name] = r
    return out


@dataclass(frozen=True)
class Genome:
    """A money strategy's parameters, the space ``tune`` climbs in: its kingdom cards (card, copies, bought before
    Gold), Provinces once the Treasures are worth more than ``province`` ($0: always), Duchies while at most
    ``duchy`` gains end the game (before Gold) or ``duchy_late`` (after it), Estates at most ``estate``."""

    cards: tuple[tuple[int, int, bool], ...]
    province: int = 18
    duchy: int = 4
    duchy_late: int = 6
    estate: int = 2

    def rules(self) -> BuyRules:
        def copies(c: int, k: int) -> list[Rule]:
            terminal = IS_ACTION[c] and not PLUS_ACTIONS[c] and NAMES[c] not in RACE_CARDS
            out: list[Rule] = []
            for i in range(k):
                cond = f"count({NAMES[c]}) < {i + 1}" + (f" and deck_size >= {8 + 8 * i}" if i and terminal else "")
                out.append((c, parse_condition(cond)))
            return out

        top = [(PROVINCE, parse_condition(f"money > {self.province}") if self.province else []),
               (DUCHY, parse_condition(f"gains_to_end <= {self.duchy}")),
               (ESTATE, parse_condition(f"gains_to_end <= {self.estate}") if self.estate else [])]
        if not self.estate:
            top.pop()
        rules = top + [r for c, k, dear in self.cards if dear for r in copies(c, k)]
        rules += [(GOLD, []), (DUCHY, parse_condition(f"gains_to_end <= {self.duchy_late}"))]
        rules += [r for c, k, dear in self.cards if not dear for r in copies(c, k)] + [(SILVER, [])]
        name = "tuned-" + "-".join(f"{_slug(NAMES[c])}-{k}" for c, k, _ in self.cards) if self.cards else "tuned-money"
        return BuyRules(name, rules)

    def mutations(self, actions: Sequence[int]) -> list[Genome]:
        """Every genome one step away."""
        out: list[Genome] = []
        for i, (c, k, dear) in enumerate(self.cards):
            for k2 in (k - 1, k + 1):
                if 1 <= k2 <= 4:
                    out.append(replace(self, cards=self.cards[:i] + ((c, k2, dear),) + self.cards[i + 1:]))
            out.append(replace(self, cards=self.cards[:i] + ((c, k, not dear),) + self.cards[i + 1:]))
            if len(self.cards) > 1:
                out.append(replace(self, cards=self.cards[:i] + self.cards[i + 1:]))
        if len(self.cards) < 2:
            have = {c for c, _, _ in self.cards}
            out += [replace(self, cards=self.cards + ((c, 1, COST[c] >= 5),)) for c in actions if c not in have]
        out += [replace(self, province=v) for v in (0, 13, 15, 16, 18, 20) if v != self.province]
        out += [replace(self, duchy=v) for v in range(2, 7) if v != self.duchy]
        out += [replace(self, duchy_late=v) for v in range(3, 9) if v != self.duchy_late]
        out += [replace(self, estate=v) for v in range(0, 4) if v != self.estate]
        return out


def tune(opts: Mapping[str, Any], start: Genome, rivals: Sequence[BuyRules], actions: Sequence[int], steps: int,
         games: int, seed: int) -> tuple[Genome, float]:
    """A hill climb from ``start``: each step tries one random neighbour (``Genome.mutations``) against ``rivals``
    (its mean share of the points, ``games`` games each, the same deals for every genome), kept where it does
    better. Returns the best genome and its mean share."""
    rng = Rng(seed)

    def fitness(g: Genome) -> float:
        rules = g.rules()
        return sum(duel(opts, rules, r, games, derive_seed(seed, j)) for j, r in enumerate(rivals)) / len(rivals)

    best, score = start, fitness(start)
    tried = {start}
    for _ in range(steps):
        options = [g for g in best.mutations(actions) if g not in tried]
        if not options:
            break
        g = rng.choice(options)
        tried.add(g)
        f = fitness(g)
        if f > score + MARGIN:
            best, score = g, f
    return best, score


@dataclass
class Adapted:
    """What ``adapt`` found for one kingdom: the strategies in rank order with their average share of the points in
    the round robin, the screen's shares against the reference, and the games played."""

    ranking: list[tuple[str, float]]
    rules: dict[str, BuyRules]
    screen: dict[str, float] = field(default_factory=dict)
    games: int = 0

    @property
    def best_rule_bot(self) -> str:
        """The best-ranked of Realms' own rule bots here (``bots.STRATEGIES``' and ``bmu-plus``)."""
        from realms.games.dominion.bots import STRATEGIES

        return next(n for n, _ in self.ranking if n in STRATEGIES or n == "bmu-plus")

    @property
    def best(self) -> BuyRules:
        return self.rules[self.ranking[0][0]]

    def top(self, k: int) -> list[BuyRules]:
        return [self.rules[n] for n, _ in self.ranking[:k]]


_ADAPTED: dict[tuple[Any, ...], Adapted] = {}


def adapt(kingdom: Sequence[int], edition: int = 1, colony: bool = False, screen_games: int = SCREEN_GAMES,
          keep: int = KEEP, round_games: int = ROUND_GAMES, tune_steps: int = TUNE_STEPS,
          tune_games: int = TUNE_GAMES) -> Adapted:
    """The ranked strategies for ``kingdom`` (card ids) in ``edition`` (1 or 2), with Colonies or not."""
    key = (tuple(sorted(kingdom)), edition, colony, screen_games, keep, round_games, tune_steps, tune_games)
    known = _ADAPTED.get(key)
    if known is not None:
        return known
    opts = {"kingdom": ",".join(NAMES[c] for c in key[0]), "edition": "first" if edition == 1 else "second",
            "colony_platinum": colony}
    pool = candidates(kingdom)
    ref = bmu_plus_for(kingdom)
    played = 0
    screen: dict[str, float] = {}
    for i, (name, rules) in enumerate(pool.items()):
        screen[name] = duel(opts, rules, ref, screen_games, derive_seed(0xADA, i))
        played += screen_games
    for i, (name, rules) in enumerate(pairs(screen, pool).items()):
        pool[name] = rules
        screen[name] = duel(opts, rules, ref, screen_games, derive_seed(0xADC, i))
        played += screen_games
    # the round robin: the screen's best, and the built-in strategies that fit the kingdom
    from realms.games.dominion.bots import STRATEGIES

    cards = set(kingdom)
    field_ = sorted(screen, key=lambda n: (-screen[n], n))[:keep]
    pool["bmu-plus"] = BuyRules("bmu-plus", ref.rules)
    field_.append("bmu-plus")
    for name in STRATEGIES:
        needs = {c for c, _ in _PARSED[name].rules if CARDS[c].kingdom}
        if needs <= cards and name not in field_:
            pool[name] = _PARSED[name]
            field_.append(name)
    if tune_steps:
        # the climb starts from the screen's best money strategy, against the round robin's rule bots and the
        # screen's best (at most four rivals)
        start = _genome_of(next((pool[n] for n in sorted(screen, key=lambda n: (-screen[n], n))
                                 if n.startswith(("bmu-plus-", "money-"))), None))
        rivals = [pool[n] for n in field_ if n in STRATEGIES and n != "big-money"][:2] + [pool["bmu-plus"]]
        rivals.append(pool[field_[0]])
        actions = [c for c in cards if IS_ACTION[c]]
        genome, _ = tune(opts, start, rivals, actions, tune_steps, tune_games, derive_seed(0xADD, len(cards)))
        tuned = genome.rules()
        played += (tune_steps + 1) * len(rivals) * tune_games
        if tuned.name not in pool:
            pool[tuned.name] = tuned
            field_.append(tuned.name)
    share = {n: 0.0 for n in field_}
    for i, a in enumerate(field_):
        for j in range(i + 1, len(field_)):
            b = field_[j]
            x = duel(opts, pool[a], pool[b], round_games, derive_seed(0xADB, i, j))
            share[a] += x
            share[b] += 1 - x
            played += round_games
    n = max(1, len(field_) - 1)
    ranking = sorted(((m, share[m] / n) for m in field_), key=lambda t: (-t[1], t[0]))
    out = Adapted(ranking, {m: pool[m] for m in field_}, screen, played)
    if len(_ADAPTED) >= 1000:  # (a long-running process meets many kingdoms)
        _ADAPTED.clear()
    _ADAPTED[key] = out
    return out


def _genome_of(rules: BuyRules | None) -> Genome:
    """The genome of a ``bmu-plus-X-k`` or ``money-X-k-Y-k`` candidate: its kingdom cards, copies and places, with Big
    Money Ultimate's thresholds (money alone without one)."""
    if rules is None:
        return Genome(())
    counts: dict[int, int] = {}
    for c, _ in rules.rules:
        if CARDS[c].kingdom:
            counts[c] = counts.get(c, 0) + 1
    return Genome(tuple((c, k, COST[c] >= 5) for c, k in counts.items()))


def adapt_state(s: Any) -> Adapted:
    """``adapt`` for the kingdom, edition and Colonies of a game's state."""
    return adapt(s.kingdom, s.edition, s.colony)


def to_text(rules: BuyRules) -> str:
    """A strategy as a rule file (what ``realms sim`` and the ``file:`` agent read): the text it was read from, else
    its buy rules written out (the hill climb's strategies, built in code, have nothing more)."""
    if rules.text is not None:
        return rules.text
    lines = [f'name = "{rules.name}"']
    for c, conds in rules.rules:
        lines += ["[[buy]]", f'card = "{NAMES[c]}"']
        if conds:
            texts = list(dict.fromkeys(repr(k) for k in conds))
            lines.append(f'if = "{" and ".join(texts)}"')
    return "\n".join(lines) + "\n"


class AdaptedBot(StrategyBot):
    """``adapted``: plays the strategy ``adapt`` ranks first for the kingdom it sees (found on its first move); with
    ``rule_bots`` (``adapted:among=rule-bots``) the best-ranked of Realms' own rule bots instead."""

    name = "adapted"

    def __init__(self, rng: Rng, steps: int = TUNE_STEPS, rule_bots: bool = False) -> None:
        StrategyBot.__init__(self, rng, _PARSED["big-money-ultimate"])
        self._ready = False
        self.steps, self.rule_bots = steps, rule_bots

    def ready_for(self, state: Any) -> None:
        """Take the strategy for ``state``'s kingdom (once; ``act`` does it on the first move, the simulator's
        paths before they ask the bot anything)."""
        if not self._ready:
            found = adapt(state.kingdom, state.edition, state.colony, tune_steps=self.steps)
            best = found.rules[found.best_rule_bot] if self.rule_bots else found.best
            StrategyBot.__init__(self, self.rng, best)
            self._ready = True

    def kernel_rules(self) -> BuyRules | None:
        """Its rule file once it has its strategy (``StrategyBot.kernel_rules``)."""
        return self.rules if self._ready else None

    def act(self, game: Any, state: Any) -> Any:
        self.ready_for(state)
        return StrategyBot.act(self, game, state)


class RolloutAdaptedBot(RolloutAutoBot):
    """``rollout-adapted``: the search's playout policy (``rollout-auto``) whose opponent model and portfolio may
    also name the kingdom's own strategies: the ``TOP`` that ``adapt`` ranks first (beside ``bots.MODELS``), so a
    search's playouts can play the strategy found best for the kingdom, for itself (``portfolio``) or for a seat
    whose buys it explains best (``model``). The first position of a kingdom in a process runs ``adapt`` without
    its hill climb (``STEPS``: about a second; the climb's tuned money strategies are close to the policy's own
    reading, so they seldom pass the portfolio's bar)."""

    name = "rollout-adapted"
    #: how many of the ranking's strategies join the models (the built-in ones and ``bmu-plus`` are there already)
    TOP = 2
    #: the hill climb's steps of the ``adapt`` it runs
    STEPS = 0
    #: the kingdom's options for ``duel`` and its cards (set by ``_prepare``)
    _opts: dict[str, Any] = {}
    _kingdom: tuple[int, ...] = ()

    def _prepare(self, s: Any) -> None:
        if self._order is not None:
            return
        RolloutAutoBot._prepare(self, s)
        found = adapt(s.kingdom, s.edition, s.colony, tune_steps=self.STEPS)
        extra = {n: found.rules[n].rules for n, _ in found.ranking[:self.TOP]
                 if n not in STRATEGY_RULES and n != "bmu-plus"}
        self.models = MODELS + tuple(extra)
        self.model_rules = {**STRATEGY_RULES, **extra}
        self.model_files = {n: found.rules[n] for n in extra
                            if found.rules[n].policy is not None or found.rules[n].play is not None}
        self.MODEL_RULES = tuple(self.model_rules[m] for m in self.models)
        self._opts = {"kingdom": ",".join(NAMES[c] for c in sorted(s.kingdom)),
                      "edition": "first" if s.edition == 1 else "second", "colony_platinum": s.colony}
        self._kingdom = tuple(s.kingdom)

    def _strong_own(self, m: str) -> bool:
        """A strategy of the kingdom's own joins the portfolio where it passes the built-in strategies' bar
        (``bots.strong_here``), played as its playouts play it (its whole file)."""
        file = self.model_files.get(m) or BuyRules(m, self.model_rules[m])
        return strong_here(file, self._kingdom, 1 if self._opts["edition"] == "first" else 2,
                           self._opts["colony_platinum"])


def _adapted(rng: Rng, options: Mapping[str, Any]) -> AdaptedBot:
    return AdaptedBot(rng, options["steps"], options["among"] == "rule-bots")


# the game's bots (``bots.AGENTS``) gain these when the game first lists its agents (``Dominion.agents``)
AGENTS["rollout-adapted"] = RolloutAdaptedBot
AGENTS["adapted"] = AgentSpec(_adapted, (
    AgentOption("steps", "int", TUNE_STEPS, "the hill climb's steps over money strategies (0: none; each about 0.1 s)",
                minimum=0, maximum=400),
    AgentOption("among", "choice", "all", "all: the best strategy found; rule-bots: the best of Realms' own rule "
                "bots for the kingdom (the built-in strategies and bmu-plus) by the same ranking",
                choices=("all", "rule-bots")),
), "the strategy found best for the kingdom among money, engine, trasher and rush strategies, by playing them "
   "against each other in the simulator on its first move (a few seconds, once per kingdom and process)")

__all__ = ["Adapted", "AdaptedBot", "RolloutAdaptedBot", "adapt", "adapt_state", "candidates", "duel", "to_text"]
