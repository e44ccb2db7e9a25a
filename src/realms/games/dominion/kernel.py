# A numba kernel is checked less strictly than the reference engines: numba's decorators and compiled calls are
# untyped (their returns are Any), and the kernels share their tables by importing them from one another.
# mypy: disallow-any-generics=False, disallow-untyped-calls=False, disallow-untyped-defs=False
# mypy: disallow-incomplete-defs=False, disallow-untyped-decorators=False, warn-return-any=False
# mypy: implicit-reexport=True
"""A compiled fast path for Dominion games between ``random`` players (numba, the ``fast`` extra).

The readable engine (``rules``, ``frames``, ``zones``, ``cards/``) stays the reference; this module does what it
does on one flat array of int64 per game: the same zones as ordered lists (hand, deck, discard pile, play, set
aside, looked at, and the expansions' zones: Durations waiting, the turn's gains, Haven's and Blockade's cards,
the mats, the known bottom of the deck, the cards known to be in a hand; each a block with its count), the same
lazily shuffled deck and its multiply-shift draws
from the game's SplitMix64 stream at the same moments, the same stack of pending decisions (one fixed-width
row per frame), the same legal actions in the same order at every decision, the same draws from each seat's
``RandomAgent`` stream (a pick by position in that list), the same effects and turn machine. So a game played
here ends with the scores, turns, ranks and zones of the same game played through ``Dominion.apply``;
``tests/games/dominion/test_kernel.py`` replays kernel games through the reference engine and compares every
step's whole legal list, the chosen action and the final zones, and follows games step by step comparing the
whole state.

Not kept: what only tells who saw what (``dpub``, the per-card flags of ``top``: the kernel keeps how many known
cards lie on the deck, which is all that drawing reads). Neither changes a legal list, a draw or a score. What is
known to be in a hand (``hpub``) is kept: Sailor reads it.

Cards covered (``SUPPORTED``): every card whose whole behaviour is its data (``Card.data_only``: cost, types,
coins, VP and the plain bonuses, which one generic step plays from the card tables), and the cards named in
``BRANCHES``, which have code of their own here (their play, their frames, their scoring or their reaction). A
kingdom with any other card plays through the reference (``supports``, ``uncovered``), and ``realms sim`` says so.
The tables are read when this module is imported: a card registered later is not covered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from realms.core.game import FastOutcome, Result
from realms.core.rng import MASK64, Rng, check_seed
from realms.games.dominion.cards import BY_NAME, CARDS, COINS, COST, NAMES, NCARDS, TYPES, VP
from realms.games.dominion.cards.base1 import Cellar, Chapel, Library, Spy, Thief
from realms.games.dominion.cards.base2 import Poacher, Sentry, Vassal
from realms.games.dominion.cards.card import (
    ACTION,
    ATTACK,
    CARD_ACTIONS,
    DONE,
    DURATION,
    END_ACTIONS,
    END_BUYS,
    HANDLERS,
    HEAD,
    NO,
    PLAY_TREASURES,
    PLUS_ACTIONS,
    PLUS_BUYS,
    PLUS_CARDS,
    PLUS_COINS,
    REACTORS,
    TREASURE,
    VICTORY,
    YES,
    Card,
    table_key,
)
from realms.games.dominion.cards.card import CURSE as T_CURSE
from realms.games.dominion.cards.intrigue import (
    Courtier,
    Lurker,
    Masquerade,
    Mill,
    MiningVillage,
    Minion,
    Pawn,
    Replace,
    Saboteur,
    Scout,
    SecretChamber,
    SecretPassage,
    Steward,
    Swindler,
    TradingPost,
)
from realms.games.dominion.cards.intrigue import Patrol as _Patrol
from realms.games.dominion.cards.seaside import (
    _SAILOR_SHIFT,
    Ambassador,
    Blockade,
    Lookout,
    Navigator,
    PearlDiver,
    Pirate,
    PirateShip,
    Sailor,
    SeaWitch,
    TidePools,
    Treasury,
    Warehouse,
)
from realms.games.dominion.frames import (
    BODY,
    DISCARD_DOWN,
    GAIN,
    REACT,
    REPLAY,
    START,
    Body,
    DiscardDown,
    Gain,
    React,
    Replay,
    Start,
)
from realms.games.dominion.zones import (
    BOUGHT_VICTORY,
    BUY_END_SETTLED,
    CORSAIR_STRUCK,
    GAINED_VICTORY_IN_BUY,
    MAX_TURNS,
    OUTPOST_PLAYED,
    PUBLIC,
    UNSEEN,
    unseen_slots,
)

try:  # the optional ``fast`` extra
    import numba  # noqa: F401  (whether the fast extra is installed)
    import numpy as np

    from realms.core.numba_cache import key_cache

    key_cache(__file__, table_key())
    AVAILABLE = True
except ImportError:  # pragma: no cover - exercised where numba is missing
    AVAILABLE = False

# --- card ids ------------------------------------------------------------------------------------------
COPPER, SILVER, GOLD, CURSE, ESTATE, DUCHY, PROVINCE = range(7)
_ID = BY_NAME
CELLAR, CHAPEL, MOAT, CHANCELLOR = _ID["Cellar"], _ID["Chapel"], _ID["Moat"], _ID["Chancellor"]
WORKSHOP, BUREAUCRAT, FEAST, GARDENS = _ID["Workshop"], _ID["Bureaucrat"], _ID["Feast"], _ID["Gardens"]
MILITIA, MONEYLENDER, REMODEL, SPY = _ID["Militia"], _ID["Moneylender"], _ID["Remodel"], _ID["Spy"]
THIEF, THRONE_ROOM, COUNCIL_ROOM = _ID["Thief"], _ID["Throne Room"], _ID["Council Room"]
LIBRARY, MINE, WITCH = _ID["Library"], _ID["Mine"], _ID["Witch"]
ADVENTURER, HARBINGER, MERCHANT, VASSAL = _ID["Adventurer"], _ID["Harbinger"], _ID["Merchant"], _ID["Vassal"]
POACHER, BANDIT, SENTRY, ARTISAN = _ID["Poacher"], _ID["Bandit"], _ID["Sentry"], _ID["Artisan"]
PLATINUM, COLONY = _ID["Platinum"], _ID["Colony"]
# Intrigue
COURTYARD, PAWN, SHANTY_TOWN, STEWARD = _ID["Courtyard"], _ID["Pawn"], _ID["Shanty Town"], _ID["Steward"]
WISHING_WELL, BARON, BRIDGE, CONSPIRATOR = _ID["Wishing Well"], _ID["Baron"], _ID["Bridge"], _ID["Conspirator"]
COPPERSMITH, IRONWORKS, MILL, MINING_VILLAGE = _ID["Coppersmith"], _ID["Ironworks"], _ID["Mill"], _ID["Mining Village"]
DUKE, NOBLES, SECRET_CHAMBER, MASQUERADE = _ID["Duke"], _ID["Nobles"], _ID["Secret Chamber"], _ID["Masquerade"]
SWINDLER, SCOUT, DIPLOMAT, COURTIER = _ID["Swindler"], _ID["Scout"], _ID["Diplomat"], _ID["Courtier"]
MINION, PATROL, REPLACE, TORTURER = _ID["Minion"], _ID["Patrol"], _ID["Replace"], _ID["Torturer"]
TRADING_POST, TRIBUTE, UPGRADE = _ID["Trading Post"], _ID["Tribute"], _ID["Upgrade"]
# Seaside
EMBARGO, NATIVE_VILLAGE, AMBASSADOR, LOOKOUT = _ID["Embargo"], _ID["Native Village"], _ID["Ambassador"], _ID["Lookout"]
SEA_CHART, SMUGGLERS, WAREHOUSE, CUTPURSE = _ID["Sea Chart"], _ID["Smugglers"], _ID["Warehouse"], _ID["Cutpurse"]
ISLAND, SALVAGER, HAVEN, LIGHTHOUSE = _ID["Island"], _ID["Salvager"], _ID["Haven"], _ID["Lighthouse"]
NAVIGATOR, PIRATE_SHIP, SEA_HAG = _ID["Navigator"], _ID["Pirate Ship"], _ID["Sea Hag"]
TREASURE_MAP = _ID["Treasure Map"]
EXPLORER, GHOST_SHIP, TACTICIAN, TREASURY = _ID["Explorer"], _ID["Ghost Ship"], _ID["Tactician"], _ID["Treasury"]
TIDE_POOLS, CORSAIR, OUTPOST, SEA_WITCH = _ID["Tide Pools"], _ID["Corsair"], _ID["Outpost"], _ID["Sea Witch"]
ASTROLABE, SABOTEUR, PEARL_DIVER = _ID["Astrolabe"], _ID["Saboteur"], _ID["Pearl Diver"]
LURKER, SECRET_PASSAGE, MONKEY, BLOCKADE = _ID["Lurker"], _ID["Secret Passage"], _ID["Monkey"], _ID["Blockade"]
PIRATE, SAILOR = _ID["Pirate"], _ID["Sailor"]
assert NAMES[:7] == ["Copper", "Silver", "Gold", "Curse", "Estate", "Duchy", "Province"]
#: the cards with code of their own in this kernel: a branch in ``_card_play``, frames in ``_options``, ``_resume``
#: and ``_decide``, scoring (Gardens), the reaction (Moat) or the Silver bonus (Merchant)
BRANCHES = ("Cellar", "Chapel", "Moat", "Chancellor", "Workshop", "Bureaucrat", "Feast", "Gardens", "Militia",
            "Moneylender", "Remodel", "Spy", "Thief", "Throne Room", "Council Room", "Library", "Mine", "Witch",
            "Adventurer", "Harbinger", "Merchant", "Vassal", "Poacher", "Bandit", "Sentry", "Artisan",
            # Intrigue
            "Courtyard", "Pawn", "Shanty Town", "Steward", "Wishing Well", "Baron", "Bridge", "Conspirator",
            "Coppersmith", "Ironworks", "Mill", "Mining Village", "Duke", "Nobles", "Secret Chamber", "Masquerade",
            "Swindler", "Scout", "Diplomat", "Courtier", "Minion", "Patrol", "Replace", "Torturer", "Trading Post",
            "Tribute", "Upgrade", "Saboteur", "Lurker", "Secret Passage",
            # Seaside
            "Embargo", "Native Village", "Ambassador", "Lookout", "Sea Chart", "Smugglers", "Warehouse", "Cutpurse",
            "Island", "Salvager", "Haven", "Lighthouse", "Astrolabe", "Fishing Village", "Caravan", "Navigator",
            "Pirate Ship", "Sea Hag", "Treasure Map", "Explorer", "Ghost Ship", "Merchant Ship", "Tactician",
            "Treasury", "Wharf", "Tide Pools", "Corsair", "Outpost", "Sea Witch", "Pearl Diver", "Monkey", "Blockade",
            "Pirate", "Sailor")
#: the cards that watch every gain (``Card.on_gain``) that the kernel plays, called in pile order (``zones.gained``)
WATCHERS = ("Monkey", "Blockade", "Pirate", "Sailor")
#: every card the kernel plays exactly as the reference: those with a branch, and those that are their data alone
SUPPORTED = frozenset(_ID[n] for n in BRANCHES) | frozenset(c for c in range(NCARDS) if CARDS[c].data_only)
#: asked with one answer too (``Handler.always_ask``), per frame kind: the cards' (by card id) and the engine's own
#: (``ALWAYS_FRAMES[-kind]`` for the negative kinds: Reaction, discard down)
ALWAYS_FRAMES = [False] + [HANDLERS[-i].always_ask if -i in HANDLERS else False for i in range(1, 1 - min(HANDLERS))]
#: the Reactions to an Attack the kernel asks for, in the reference's order (``REACTORS``)
REACTS = tuple(c for c in REACTORS if c in SUPPORTED)
assert set(REACTS) == {MOAT, SECRET_CHAMBER, DIPLOMAT}
#: the cards whose own play is ``Card.play`` with next-turn bonuses: such a play waits for the next turn
#: (``Card.play``'s default), which the generic step does from this table
WAITS = [bool(c.next_cards or c.next_actions or c.next_buys or c.next_coins) and type(c).play is Card.play
         for c in CARDS]
#: Treasures that do more than their coins when played (``rules.SPECIAL_TREASURE``): the kernel plays them one by one
SPECIAL = [bool(c.types & TREASURE) and not (c.data_only and not (c.plus_cards or c.plus_actions or c.plus_buys
                                                                      or c.plus_coins)) for c in CARDS]
assert all(c in (ASTROLABE,) for c in SUPPORTED if SPECIAL[c] and not CARDS[c].data_only)

# --- the state array -------------------------------------------------------------------------------------
MAXP = 4
NC = NCARDS
ZC = 336  # room per zone: more than one seat can own (at most 325: 4 players, Colony/Platinum, every pile and Thief)
Z_HAND, Z_DECK, Z_DISC, Z_PLAY, Z_ASIDE, Z_LOOK = range(6)
# the expansions' zones (``DominionState``'s lists of the same names); Z_START holds the Durations a START frame
# still has to resolve (the reference keeps them in the frame's tail: ``Start.WAITING``)
Z_DUR, Z_GAINS, Z_HELD, Z_SHOWN, Z_NV, Z_ISLAND, Z_START, Z_BOTTOM, Z_HPUB = range(6, 15)
NZ = 15
ZONE_NAMES = ("hand", "deck", "disc", "play", "aside", "look", "dur", "gains", "held", "shown", "nvmat", "island",
              "start", "bottom", "hpub")
MAXFR = 24
FW = 12  # a frame row: [kind, step, seat, fields ...]
# where each field of a row lies: where the frame's owner declares it (``Field``, ``Tail``), so the reference's
# frame and the kernel's row agree by construction; a ``Tail`` list is kept as its length at the tail's index and
# its items after it (``_frame_row``). Module-level ints: numba compiles them in as constants.
GAIN_MAX_COST, GAIN_TYPE_MASK, GAIN_DEST, GAIN_EXACT = Gain.MAX_COST, Gain.TYPE_MASK, Gain.DEST, Gain.EXACT
DISCARD_DOWN_KEEP, DISCARD_DOWN_BASE = DiscardDown.KEEP, DiscardDown.BASE
REACT_CARD, REPLAY_CARD = React.CARD, Replay.CARD
BODY_CARD, BODY_IMMUNE, BODY_FIRST = Body.CARD, Body.IMMUNE, Body.FIRST
CELLAR_BASE = Cellar.BASE
CHAPEL_TRASHED, CHAPEL_LIMIT = Chapel.TRASHED, Chapel.LIMIT
SPY_TARGET, SPY_CARD, SPY_TO_REVEAL = Spy.TARGET, Spy.CARD, Spy.TO_REVEAL
THIEF_VICTIM, THIEF_TO_REVEAL, THIEF_TRASHED = Thief.VICTIM, Thief.TO_REVEAL, Thief.TRASHED
LIBRARY_SET_ASIDE, LIBRARY_DRAWN = Library.SET_ASIDE, Library.DRAWN
VASSAL_CARD = Vassal.CARD
POACHER_LEFT, POACHER_BASE = Poacher.LEFT, Poacher.BASE
SENTRY_PICKED = Sentry.PICKED
PAWN_PICKED, STEWARD_TRASHED, MILL_BASE = Pawn.PICKED, Steward.TRASHED, Mill.BASE
MV_ASK, MV_AGAIN, MV_ASK_AGAIN = MiningVillage.ASK, MiningVillage.AGAIN, MiningVillage.ASK_AGAIN
SC_BASE, SC_LEFT, MASQ_SEATS = SecretChamber.BASE, SecretChamber.LEFT, Masquerade.SEATS
SWINDLER_VICTIM, SWINDLER_COST = Swindler.VICTIM, Swindler.COST
SCOUT_COUNT, SCOUT_REST, PATROL_COUNT, PATROL_REST = Scout.COUNT, Scout.REST, _Patrol.COUNT, _Patrol.REST
COURTIER_LEFT, COURTIER_TAKEN, MINION_VICTIMS = Courtier.LEFT, Courtier.TAKEN, Minion.VICTIMS
REPLACE_MAX, REPLACE_VICTIMS, TRADING_POST_LEFT = Replace.MAX, Replace.VICTIMS, TradingPost.LEFT
AMB_CARD, AMB_RETURNED, AMB_VICTIMS = Ambassador.CARD, Ambassador.RETURNED, Ambassador.VICTIMS
LOOKOUT_BASE, WAREHOUSE_BASE, WAREHOUSE_LEFT = Lookout.BASE, Warehouse.BASE, Warehouse.LEFT
NAV_BASE, NAV_PICKED = Navigator.BASE, Navigator.PICKED
PS_VICTIM, PS_TO_REVEAL, PS_HIT, PS_SHOWN = PirateShip.VICTIM, PirateShip.TO_REVEAL, PirateShip.HIT, PirateShip.SHOWN
TREASURY_LEFT = Treasury.LEFT
SP_CARD, SP_LO, SP_HI, SP_ASKED = SecretPassage.CARD, SecretPassage.LO, SecretPassage.HI, SecretPassage.ASKED
SP_PLACES, SP_TAKE, SP_WALK = SecretPassage.PLACES, SecretPassage.TAKE, SecretPassage.WALK
LURKER_MODE, LURKER_FROM_SUPPLY, LURKER_FROM_TRASH = Lurker.MODE, Lurker.FROM_SUPPLY, Lurker.FROM_TRASH
BLOCKADE_VICTIMS, PIRATE_CARD, PIRATE_SEAT = Blockade.VICTIMS, Pirate.CARD, Pirate.SEAT
SAILOR_CARD, SAILOR_PLAY, SAILOR_TRASH, SAILOR_SHIFT = Sailor.CARD, Sailor.PLAY, Sailor.TRASH, _SAILOR_SHIFT
SAB_MAX, SAB_OTHERS, PD_ORIGIN, PD_FLAG = Saboteur.MAX, Saboteur.OTHERS, PearlDiver.ORIGIN, PearlDiver.FLAG
PD_FREE, PD_KNOWN_BOTTOM, PD_KNOWN_TOP = PearlDiver.FREE, PearlDiver.KNOWN_BOTTOM, PearlDiver.KNOWN_TOP
TP_LEFT, TP_BASE, SW_LEFT, SW_BASE = TidePools.LEFT, TidePools.BASE, SeaWitch.LEFT, SeaWitch.BASE
assert (SCOUT_COUNT, SCOUT_REST) == (PATROL_COUNT, PATROL_REST) and (TP_LEFT, TP_BASE) == (SW_LEFT, SW_BASE)
_layout: list[tuple[str, int]] = []


def _field(name: str, size: int) -> int:
    at = sum(n for _, n in _layout)
    _layout.append((name, size))
    return at


G_PLAYERS = _field("players", 1)
G_EDITION = _field("edition", 1)
G_COLONY = _field("colony", 1)
G_LIMIT = _field("turn_limit", 1)
G_CUR = _field("cur", 1)
G_PHASE = _field("phase", 1)
G_ACTIONS = _field("actions", 1)
G_BUYS = _field("buys", 1)
G_COINS = _field("coins", 1)
G_SBONUS = _field("silver_bonus", 1)
G_SPLAYED = _field("silver_played", 1)
G_BOUGHT = _field("bought", 1)
G_TOMOVE = _field("to_move", 1)  # -1: the game is over
G_EMPTY = _field("empty", 1)
G_IMMUNE = _field("immune", 1)
# the expansions' turn and table fields (``DominionState``'s of the same names; all zero in a base-set game)
G_XZ = _field("xzones", 1)
G_DISCOUNT = _field("discount", 1)
G_CBONUS = _field("copper_bonus", 1)
G_PLAYED = _field("played", 1)
G_FLAGS = _field("flags", 1)
G_SHIELD = _field("shield", 1)
G_CORSAIR = _field("corsair", 1)
G_BLOCKADE = _field("blockade", 1)
G_EXTRA = _field("extra", 1)
G_OUTPOST = _field("outpost", 1)
MAXTHR = 32
G_NTHR = _field("throned pairs (count)", 1)
G_THR = _field("throned pairs whose card is a Duration", 2 * MAXTHR)
G_NPILES = _field("pile count", 1)
G_PILES = _field("piles", NC)
G_SUPPLY = _field("supply", NC)
G_TRASH = _field("trash (count per card)", NC)
G_EMBARGO = _field("embargo tokens (per card)", NC)
TRC = 1024  # room for the trash in order (every card of a game: fewer than 600)
G_NTRL = _field("trash in order (count)", 1)
G_TRL = _field("trash in order (Lurker reads its first copies)", TRC)
G_SPECIALS = _field("whether a Treasure of the Supply does more than its coins (Astrolabe)", 1)
G_TREASURY = _field("whether Treasury is in the Supply (a card acting at the end of the Buy phase)", 1)
G_NWATCH = _field("the Supply's cards that watch gains (count)", 1)
G_WATCH = _field("the Supply's cards that watch gains, in pile order", 4)
MAXCOST = max(COST)
G_NAFFORD = _field("piles affordable with $v (count)", MAXCOST + 1)
G_AFFORD = _field("piles affordable with $v, in pile order", (MAXCOST + 1) * NC)
G_STAMP = _field("mark stamp", 1)
G_MARK = _field("card marks (== stamp: marked)", NC)
G_NFR = _field("frame count", 1)
G_FR = _field("frames", MAXFR * FW)
S0 = _field("seats", 0)
# per seat, from S0 + p * SEAT
O_ZONES = 0  # NZ blocks of ZC
O_COUNT = NZ * ZC  # NZ counts
O_TOPN = O_COUNT + NZ  # cards of known position on top of the deck
O_OWNED = O_TOPN + 1
O_TURNS = O_OWNED + NC
O_PROV = O_TURNS + 1
O_P4 = O_PROV + 1
O_P8 = O_P4 + 1
O_PCOINS = O_P8 + 1
O_MONKEY = O_PCOINS + 1
SEAT = O_MONKEY + 1
SIZE = S0 + MAXP * SEAT
ACTION_PHASE, BUY_PHASE, OVER = 0, 1, 2
TO_DISCARD, TO_HAND, TO_DECK = 0, 1, 2
NACT = CARD_ACTIONS + 3 * NC
#: what ``games`` plays (its ``mode``; see there)
PLAY, NEW, AFTER, PLAYOUT, ROUND = range(5)
#: added to a ``mode``: the seats play as ``random-treasures`` (all their Treasures at once whenever they may)
TREASURES = 8


def _play(c: int) -> int:
    return CARD_ACTIONS + 3 * c


if AVAILABLE:
    _COST = np.array(COST, dtype=np.int64)
    _TYPES = np.array(TYPES, dtype=np.int64)
    _COINS = np.array(COINS, dtype=np.int64)
    _VP = np.array(VP, dtype=np.int64)
    _PCARDS = np.array(PLUS_CARDS, dtype=np.int64)
    _PACTIONS = np.array(PLUS_ACTIONS, dtype=np.int64)
    _PBUYS = np.array(PLUS_BUYS, dtype=np.int64)
    _PCOINS = np.array(PLUS_COINS, dtype=np.int64)
    _NCARDS = np.array([c.next_cards for c in CARDS], dtype=np.int64)
    _NACTIONS = np.array([c.next_actions for c in CARDS], dtype=np.int64)
    _NBUYS = np.array([c.next_buys for c in CARDS], dtype=np.int64)
    _NCOINS = np.array([c.next_coins for c in CARDS], dtype=np.int64)
    _WAITS = np.array(WAITS, dtype=np.bool_)
    _SPECIAL = np.array(SPECIAL, dtype=np.bool_)
    _ALWAYS = np.array([c.always_ask for c in CARDS], dtype=np.bool_)
    _ALWAYS_FRAMES = np.array(ALWAYS_FRAMES, dtype=np.bool_)
    _REACTS = np.array(REACTS, dtype=np.int64)
    # per seat v, the bits of ``corsair`` that say another seat's Corsair affects v (``zones.corsair_hits``)
    _CORSAIR_HITS = np.array([sum(1 << (8 + 8 * q + v) for q in range(MAXP)) for v in range(MAXP)], dtype=np.int64)
    # SplitMix64 (``realms.core.jit``): rngs[0] is the game's stream, rngs[1 + p] seat p's agent
    from realms.core import jit
    from realms.core.jit import GOLDEN as _G
    from realms.core.jit import below as _below
    from realms.core.jit import mix as _mix
    from realms.core.jit import mulhi as _mulhi
    from realms.core.jit import pick as _pick

    jit.drop_stale_cache(__file__, jit.__file__)

    # --- zones ----------------------------------------------------------------------------------------
    @jit.compiled
    def _zb(p: int, z: int) -> int:
        return S0 + p * SEAT + z * ZC

    @jit.compiled
    def _zn(p: int, z: int) -> int:
        return S0 + p * SEAT + O_COUNT + z

    @jit.compiled
    def _append(st: Any, p: int, z: int, c: int) -> None:
        at = _zn(p, z)
        n = st[at]
        st[_zb(p, z) + n] = c
        st[at] = n + 1

    @jit.compiled
    def _find(st: Any, p: int, z: int, c: int) -> int:
        b = _zb(p, z)
        for i in range(st[_zn(p, z)]):
            if st[b + i] == c:
                return i
        return -1

    @jit.compiled
    def _pop_at(st: Any, p: int, z: int, i: int) -> int:
        """``zone.pop(i)``: the later cards move down one."""
        b = _zb(p, z)
        at = _zn(p, z)
        n = st[at]
        c = st[b + i]
        for j in range(i, n - 1):
            st[b + j] = st[b + j + 1]
        st[at] = n - 1
        return c

    @jit.compiled
    def _insert_at(st: Any, p: int, z: int, i: int, c: int) -> None:
        """``zone.insert(i, c)``: the later cards move up one."""
        b = _zb(p, z)
        at = _zn(p, z)
        n = st[at]
        for j in range(n, i, -1):
            st[b + j] = st[b + j - 1]
        st[b + i] = c
        st[at] = n + 1

    @jit.compiled
    def _remove(st: Any, p: int, z: int, c: int) -> None:
        """``zone.remove(c)``: the first copy."""
        _pop_at(st, p, z, _find(st, p, z, c))

    @jit.compiled
    def _move_from(st: Any, p: int, z: int, start: int, to: int) -> int:
        """Append ``zone[start:]`` to zone ``to`` (in order) and cut it off; returns how many moved."""
        b = _zb(p, z)
        n = st[_zn(p, z)]
        for i in range(start, n):
            _append(st, p, to, st[b + i])
        st[_zn(p, z)] = start
        return n - start

    @jit.compiled
    def _fresh_marks(st: Any) -> None:
        """Unmark every card (a new stamp: a mark is a card's entry equal to the stamp)."""
        st[G_STAMP] += 1

    @jit.compiled
    def _mark(st: Any, c: int) -> bool:
        """Mark card ``c``; whether it was unmarked."""
        if st[G_MARK + c] == st[G_STAMP]:
            return False
        st[G_MARK + c] = st[G_STAMP]
        return True

    @jit.compiled
    def _distinct(st: Any, p: int, z: int, start: int, stop: int, types: int, acts: Any, k: int) -> int:
        """``CHOOSE`` of each distinct card of ``zone[start:stop]`` in first-seen order (of a type in ``types``,
        0: any) after the ``k`` actions already in ``acts``; returns the new count."""
        b = _zb(p, z)
        _fresh_marks(st)
        for i in range(start, stop):
            c = st[b + i]
            if _mark(st, c):
                if types == 0 or _TYPES[c] & types:
                    acts[k] = CARD_ACTIONS + 2 + 3 * c
                    k += 1
        return k

    @jit.compiled
    def _reshuffle(st: Any, p: int) -> bool:
        """``zones.reshuffle`` (the deck is empty): the cards known at the bottom (Pearl Diver) become the deck, in
        their order and known; else the discard pile."""
        k = st[_zn(p, Z_BOTTOM)]
        if k:
            _move_from(st, p, Z_BOTTOM, 0, Z_DECK)
            st[S0 + p * SEAT + O_TOPN] = k
            return True
        if st[_zn(p, Z_DISC)] == 0:
            return False
        _move_from(st, p, Z_DISC, 0, Z_DECK)
        return True

    @jit.compiled
    def _take_top(st: Any, rngs: Any, p: int) -> int:
        """``zones.take_top``: the top card of the deck (reshuffling when empty), -1 if none."""
        b = _zb(p, Z_DECK)
        at = _zn(p, Z_DECK)
        tp = S0 + p * SEAT + O_TOPN
        if st[tp] > 0:
            st[tp] -= 1
            st[at] -= 1
            return st[b + st[at]]
        if st[at] == 0 and not _reshuffle(st, p):
            return -1
        if st[tp] > 0:  # the known bottom became the deck
            st[tp] -= 1
            st[at] -= 1
            return st[b + st[at]]
        m = st[at]
        i = _below(rngs, 0, m)
        c = st[b + i]
        st[b + i] = st[b + m - 1]
        st[at] = m - 1
        return c

    @jit.compiled
    def _draw(st: Any, rngs: Any, p: int, n: int) -> int:
        """``zones.draw``: up to ``n`` cards into the hand, the same picks and stream outputs."""
        b = _zb(p, Z_DECK)
        at = _zn(p, Z_DECK)
        tp = S0 + p * SEAT + O_TOPN
        m = st[at]
        if st[tp] == 0 and m >= n:
            x = rngs[0]
            z = np.uint64(0)
            m0 = m
            for k in range(n):
                if not k & 3:
                    x = x + _G
                    z = _mix(x)
                i = _mulhi(z, m)
                z = z * np.uint64(m)
                m -= 1
                t = st[b + i]
                st[b + i] = st[b + m]
                st[b + m] = t
            rngs[0] = x
            for j in range(m, m0):
                _append(st, p, Z_HAND, st[b + j])
            st[at] = m
            return n
        drawn = 0
        z = np.uint64(0)
        uses = 0
        while drawn < n:
            m = st[at]
            if st[tp] > 0:
                st[tp] -= 1
                st[at] = m - 1
                _append(st, p, Z_HAND, st[b + m - 1])
            elif m > 0:
                if uses == 0:
                    rngs[0] = rngs[0] + _G
                    z = _mix(rngs[0])
                    uses = 4
                i = _mulhi(z, m)
                z = z * np.uint64(m)
                uses -= 1
                c = st[b + i]
                st[b + i] = st[b + m - 1]
                st[at] = m - 1
                _append(st, p, Z_HAND, c)
            elif _reshuffle(st, p):
                continue
            else:
                break
            drawn += 1
        return drawn

    @jit.compiled
    def _put_on_deck(st: Any, p: int, c: int) -> None:
        _append(st, p, Z_DECK, c)
        st[S0 + p * SEAT + O_TOPN] += 1

    @jit.compiled
    def _gain(st: Any, rngs: Any, p: int, c: int, dest: int) -> bool:
        """``zones.gain``: ``c`` from the Supply to ``dest``, then what every gain does (``_gained``); False (and
        nothing happens) if its pile is empty."""
        if not _take_gain(st, p, c, dest):
            return False
        if st[G_XZ]:
            _gained(st, rngs, p, c)
        return True

    @jit.compiled
    def _take_gain(st: Any, p: int, c: int, dest: int) -> bool:
        """The move of a gain: the pile's card to ``p``'s ``dest``, owned, the Provinces counted."""
        n = st[G_SUPPLY + c]
        if n <= 0:
            return False
        st[G_SUPPLY + c] = n - 1
        if n == 1:
            st[G_EMPTY] += 1
        sb = S0 + p * SEAT
        st[sb + O_OWNED + c] += 1
        if dest == TO_DISCARD:
            _append(st, p, Z_DISC, c)
        elif dest == TO_HAND:
            _append(st, p, Z_HAND, c)
            _append(st, p, Z_HPUB, c)
        else:
            _put_on_deck(st, p, c)
        if c == PROVINCE:
            k = st[sb + O_PROV] + 1
            st[sb + O_PROV] = k
            if k == 4 or k == 8:
                turn = st[sb + O_TURNS] + (1 if p == st[G_CUR] else 0)
                st[sb + (O_P4 if k == 4 else O_P8)] = turn
        return True

    @jit.compiled
    def _gained(st: Any, rngs: Any, p: int, c: int) -> None:
        """``zones.gained``: the turn's record (Smugglers, Treasury) and the cards watching gains, in pile order."""
        if p == st[G_CUR]:
            _append(st, p, Z_GAINS, c)
            if st[G_PHASE] == BUY_PHASE and _TYPES[c] & VICTORY:
                st[G_FLAGS] |= GAINED_VICTORY_IN_BUY
        n = st[G_PLAYERS]
        for j in range(st[G_NWATCH]):
            w = st[G_WATCH + j]
            if w == MONKEY:  # the seat with ``p`` on its right draws a card per Monkey of its watching
                if n > 1:
                    left = (p + 1) % n
                    k = st[S0 + left * SEAT + O_MONKEY]
                    if k:
                        _draw(st, rngs, left, k)
            elif w == BLOCKADE:  # a Curse per copy set aside by a Blockade affecting ``p``, on ``p``'s turn
                if p == st[G_CUR]:
                    _curses(st, rngs, p, _blockaded(st, p, c))
            elif w == SAILOR:  # a Duration gained on the player's turn may be played, once a turn per Sailor
                if p == st[G_CUR] and _TYPES[c] & DURATION and _sailor_uses(st, p) > 0:
                    r = _push(st, SAILOR, SAILOR_PLAY, p)
                    st[r + SAILOR_CARD] = c
            elif w == PIRATE:  # each owner of a Pirate with cards in hand is asked, in turn order from the player
                if not _TYPES[c] & TREASURE:
                    continue
                for i in range(n - 1, -1, -1):
                    q = (st[G_CUR] + i) % n
                    if st[S0 + q * SEAT + O_OWNED + PIRATE] and st[_zn(q, Z_HAND)]:
                        r = _push(st, PIRATE, 0, q)
                        st[r + PIRATE_CARD] = c
                        st[r + PIRATE_SEAT] = p

    @jit.compiled
    def _sailor_uses(st: Any, p: int) -> int:
        """``Sailor._uses_left``: this turn's Sailor plays (waiting for the next turn) less the uses made."""
        k = 0
        b = _zb(p, Z_DUR)
        for i in range(st[_zn(p, Z_DUR)]):
            if st[b + i] == SAILOR:
                k += 1
        return k - ((st[G_FLAGS] >> SAILOR_SHIFT) & 0xFF)

    @jit.compiled
    def _sailor_where(st: Any, p: int, c: int) -> int:
        """``Sailor._where``: the gained card on the discard pile's top (0), known in the hand (1), on the deck's
        known top (2), set aside by Blockade (3); -1 lost track of."""
        nd = st[_zn(p, Z_DISC)]
        if nd and st[_zb(p, Z_DISC) + nd - 1] == c:
            return 0
        if _find(st, p, Z_HPUB, c) >= 0:
            return 1
        m = st[_zn(p, Z_DECK)]
        if st[S0 + p * SEAT + O_TOPN] and st[_zb(p, Z_DECK) + m - 1] == c:
            return 2
        if _find(st, p, Z_SHOWN, c) >= 0:
            return 3
        return -1

    @jit.compiled
    def _blockaded(st: Any, p: int, c: int) -> int:
        """How many copies of ``c`` the Blockades affecting ``p`` hold set aside (a Curse for each)."""
        k = 0
        for q in range(st[G_PLAYERS]):
            if q != p and (st[G_BLOCKADE] >> (8 * q + p)) & 1:
                b = _zb(q, Z_SHOWN)
                for i in range(st[_zn(q, Z_SHOWN)]):
                    if st[b + i] == c:
                        k += 1
        return k

    @jit.compiled
    def _curses(st: Any, rngs: Any, p: int, k: int) -> None:
        """Blockade's ``k`` Curses for ``p``, each a gain that the watchers see: a Monkey watching ``p`` draws for it,
        and a Blockaded Curse brings one more per copy (until the pile is empty); a Curse is no Treasure (Pirate).
        The reference nests these gains; every draw here is the same seat's, so their order among the gains changes
        nothing, and they are done in a loop."""
        n = st[G_PLAYERS]
        more = _blockaded(st, p, CURSE)
        monkeys = 0
        for j in range(st[G_NWATCH]):
            if st[G_WATCH + j] == MONKEY and n > 1:
                monkeys = st[S0 + ((p + 1) % n) * SEAT + O_MONKEY]
        while k > 0:
            k -= 1
            if not _take_gain(st, p, CURSE, TO_DISCARD):
                continue
            _append(st, p, Z_GAINS, CURSE)  # on ``p``'s own turn: the record
            if monkeys:
                _draw(st, rngs, (p + 1) % n, monkeys)
            k += more

    @jit.compiled
    def _trash_list_add(st: Any, c: int) -> None:
        k = st[G_NTRL]
        if k >= TRC:
            raise ValueError("dominion kernel: the trash is full")
        st[G_TRL + k] = c
        st[G_NTRL] = k + 1
        st[G_TRASH + c] += 1

    @jit.compiled
    def _gain_from_trash(st: Any, rngs: Any, p: int, c: int) -> None:
        """``zones.gain_from_trash``: the trash's first copy of ``c`` to ``p``'s discard pile; a gain."""
        k = st[G_NTRL]
        i = 0
        while st[G_TRL + i] != c:
            i += 1
        for j in range(i, k - 1):
            st[G_TRL + j] = st[G_TRL + j + 1]
        st[G_NTRL] = k - 1
        st[G_TRASH + c] -= 1
        st[S0 + p * SEAT + O_OWNED + c] += 1
        _append(st, p, Z_DISC, c)
        if st[G_XZ]:
            _gained(st, rngs, p, c)

    @jit.compiled
    def _cost(st: Any, c: int) -> int:
        """``zones.cost``: what ``c`` costs now (Bridge's reductions), never below $0."""
        d = st[G_DISCOUNT]
        x = _COST[c]
        return x - d if x > d else 0

    @jit.compiled
    def _bits(x: int) -> int:
        k = 0
        while x:
            k += x & 1
            x >>= 1
        return k

    @jit.compiled
    def _is_pile(st: Any, c: int) -> bool:
        for j in range(st[G_NPILES]):
            if st[G_PILES + j] == c:
                return True
        return False

    @jit.compiled
    def _gainable(st: Any, acts: Any, mx: int, types: int, exact: int) -> int:
        """``frames.gainable`` as ``CHOOSE`` actions into ``acts``: the piles with a card left costing (now) up to
        ``mx`` (exactly, if ``exact``), of a type in ``types`` (0: any), in pile order; returns their count."""
        k = 0
        for j in range(st[G_NPILES]):
            c = st[G_PILES + j]
            if st[G_SUPPLY + c] > 0:
                x = _cost(st, c)
                if (x == mx if exact else x <= mx) and (types == 0 or _TYPES[c] & types):
                    acts[k] = CARD_ACTIONS + 2 + 3 * c
                    k += 1
        return k

    @jit.compiled
    def _return_to_supply(st: Any, p: int, c: int) -> None:
        """Ambassador's return: ``c`` leaves ``p``'s hand for its pile (an empty pile is empty no more)."""
        _remove(st, p, Z_HAND, c)
        _hp_left(st, p, c)
        st[S0 + p * SEAT + O_OWNED + c] -= 1
        if st[G_SUPPLY + c] == 0:
            st[G_EMPTY] -= 1
        st[G_SUPPLY + c] += 1

    @jit.compiled
    def _trash(st: Any, p: int, c: int) -> None:
        _trash_list_add(st, c)
        st[S0 + p * SEAT + O_OWNED + c] -= 1

    @jit.compiled
    def _trash_from_hand(st: Any, p: int, c: int) -> None:
        _remove(st, p, Z_HAND, c)
        _hp_left(st, p, c)
        _trash(st, p, c)

    # --- what everyone knows of a hand (``s.hpub``: ``zones.hand_known``, ``hand_left``; Sailor reads it) ------
    @jit.compiled
    def _hp_left(st: Any, p: int, c: int) -> None:
        """``zones.hand_left``: ``c`` left the hand for all to see; a copy known to be there goes with it."""
        if st[_zn(p, Z_HPUB)]:
            i = _find(st, p, Z_HPUB, c)
            if i >= 0:
                _pop_at(st, p, Z_HPUB, i)

    @jit.compiled
    def _hp_known(st: Any, p: int, c: int, new: bool) -> None:
        """``zones.hand_known``: everyone knows ``c`` is in the hand (a card just put there, or one revealed)."""
        if new or _find(st, p, Z_HPUB, c) < 0:
            _append(st, p, Z_HPUB, c)

    @jit.compiled
    def _hp_clear(st: Any, p: int) -> None:
        """The hand changed in private: nothing of it is known any more."""
        st[_zn(p, Z_HPUB)] = 0

    @jit.compiled
    def _hp_reveal(st: Any, p: int) -> None:
        """The whole hand was revealed."""
        n = st[_zn(p, Z_HAND)]
        b = _zb(p, Z_HAND)
        h = _zb(p, Z_HPUB)
        for i in range(n):
            st[h + i] = st[b + i]
        st[_zn(p, Z_HPUB)] = n

    @jit.compiled
    def _topdeck_from_hand(st: Any, p: int, c: int) -> None:
        """``zones.topdeck_from_hand``: face down, so which card left is not public."""
        _remove(st, p, Z_HAND, c)
        _hp_clear(st, p)
        _put_on_deck(st, p, c)

    @jit.compiled
    def _stage_discard(st: Any, p: int, c: int) -> None:
        _hp_clear(st, p)
        _remove(st, p, Z_HAND, c)
        _append(st, p, Z_LOOK, c)

    # --- frames -----------------------------------------------------------------------------------------
    @jit.compiled
    def _push(st: Any, kind: int, step: int, p: int) -> int:
        """A new frame on top; returns its row's offset (f[3:] set to -1)."""
        n = st[G_NFR]
        if n >= MAXFR:
            raise ValueError("dominion kernel: the frame stack is full")
        r = G_FR + n * FW
        st[r] = kind
        st[r + 1] = step
        st[r + 2] = p
        for j in range(3, FW):
            st[r + j] = -1
        st[G_NFR] = n + 1
        return r

    @jit.compiled
    def _pop(st: Any) -> None:
        st[G_NFR] -= 1

    @jit.compiled
    def _push_gain(st: Any, p: int, max_cost: int, types: int, dest: int, exact: int) -> None:
        r = _push(st, GAIN, 0, p)
        st[r + GAIN_MAX_COST] = max_cost
        st[r + GAIN_TYPE_MASK] = types
        st[r + GAIN_DEST] = dest
        st[r + GAIN_EXACT] = exact

    @jit.compiled
    def _seat_after(st: Any, p: int, i: int) -> int:
        """The ``i``-th seat after ``p`` in turn order (``others(s, p)[i - 1]``)."""
        return (p + i) % st[G_PLAYERS]

    @jit.compiled
    def _hit(st: Any, v: int) -> bool:
        """Whether the Attack being played affects seat ``v`` (it revealed no Moat): ``victims``."""
        return not ((st[G_IMMUNE] | st[G_SHIELD]) >> v) & 1

    @jit.compiled
    def _victim_mask(st: Any, p: int) -> int:
        mask = 0
        for i in range(1, st[G_PLAYERS]):
            v = _seat_after(st, p, i)
            if _hit(st, v):
                mask |= 1 << v
        return mask

    @jit.compiled
    def _play_card(st: Any, rngs: Any, p: int, c: int, first: bool) -> None:
        """``frames.play_card``: reactions first for an Attack (each other seat with cards in hand, each Reaction it
        owns, in ``REACTORS`` order; the first to react on top)."""
        st[G_PLAYED] += 1
        if _TYPES[c] & ATTACK:
            n = st[G_PLAYERS]
            k = 0
            for i in range(1, n):
                v = (p + i) % n
                if st[_zn(v, Z_HAND)] > 0:
                    for r in _REACTS:
                        if st[S0 + v * SEAT + O_OWNED + r] > 0:
                            k += 1
            if k:
                row = _push(st, BODY, 0, p)
                st[row + BODY_CARD] = c
                st[row + BODY_IMMUNE] = 0
                st[row + BODY_FIRST] = 1 if first else 0
                for i in range(n - 1, 0, -1):
                    v = (p + i) % n
                    if st[_zn(v, Z_HAND)] > 0:
                        for j in range(_REACTS.shape[0] - 1, -1, -1):
                            r = _REACTS[j]
                            if st[S0 + v * SEAT + O_OWNED + r] > 0:
                                row = _push(st, REACT, 0, v)
                                st[row + REACT_CARD] = r
                return
        st[G_IMMUNE] = 0
        _card_play(st, rngs, p, c, first)

    @jit.compiled
    def _card_play(st: Any, rngs: Any, p: int, c: int, first: bool) -> None:
        """``frames.resolve``: the plain bonuses from the card tables, then each card's own ``play``."""
        if _PCARDS[c]:
            _draw(st, rngs, p, _PCARDS[c])
        st[G_ACTIONS] += _PACTIONS[c]
        st[G_BUYS] += _PBUYS[c]
        st[G_COINS] += _PCOINS[c]
        if _WAITS[c]:  # ``Card.play``'s default: a Duration with next-turn bonuses waits for them
            _append(st, p, Z_DUR, c)
        if c < COURTYARD:
            _base_play(st, rngs, p, c, first)
        else:
            _expansion_play(st, rngs, p, c, first)

    @jit.compiled
    def _base_play(st: Any, rngs: Any, p: int, c: int, first: bool) -> None:
        n = st[G_PLAYERS]
        if c == CELLAR:
            r = _push(st, CELLAR, 0, p)
            st[r + CELLAR_BASE] = st[_zn(p, Z_LOOK)]
        elif c == CHAPEL:
            r = _push(st, CHAPEL, 0, p)
            st[r + CHAPEL_TRASHED] = 0  # how many cards were trashed so far; they follow it
        elif c == CHANCELLOR:
            if st[_zn(p, Z_DECK)] > 0:
                _push(st, CHANCELLOR, 0, p)
        elif c == WORKSHOP:
            _push_gain(st, p, 4, 0, TO_DISCARD, 0)
        elif c == BUREAUCRAT:
            _gain(st, rngs, p, SILVER, TO_DECK)
            for i in range(n - 1, 0, -1):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    _push(st, BUREAUCRAT, 0, v)
        elif c == FEAST:
            if first:
                i = _find(st, p, Z_PLAY, FEAST)
                if i >= 0:
                    _pop_at(st, p, Z_PLAY, i)
                    _trash(st, p, FEAST)
            _push_gain(st, p, 5, 0, TO_DISCARD, 0)
        elif c == MILITIA:
            for i in range(n - 1, 0, -1):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    r = _push(st, DISCARD_DOWN, 0, v)
                    st[r + DISCARD_DOWN_KEEP] = 3
                    st[r + DISCARD_DOWN_BASE] = st[_zn(v, Z_LOOK)]
        elif c == MONEYLENDER:
            if _find(st, p, Z_HAND, COPPER) >= 0:
                if st[G_EDITION] == 1:
                    _trash_from_hand(st, p, COPPER)
                    st[G_COINS] += 3
                else:
                    _push(st, MONEYLENDER, 0, p)
        elif c == REMODEL:
            _push(st, REMODEL, 0, p)
        elif c == SPY:
            r = _push(st, SPY, 0, p)
            st[r + SPY_TO_REVEAL + 1] = p  # the seats still to reveal after their count
            k = 1
            for i in range(1, n):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    st[r + SPY_TO_REVEAL + 1 + k] = v
                    k += 1
            st[r + SPY_TO_REVEAL] = k
        elif c == THIEF:
            mask = 0
            for i in range(1, n):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    mask |= 1 << v
            r = _push(st, THIEF, 0, p)
            st[r + THIEF_TO_REVEAL] = mask
            st[r + THIEF_TRASHED] = 0  # how many Treasures were trashed; they follow it
        elif c == THRONE_ROOM:
            _push(st, THRONE_ROOM, 0, p)
        elif c == COUNCIL_ROOM:
            for i in range(1, n):
                _draw(st, rngs, _seat_after(st, p, i), 1)
        elif c == LIBRARY:
            r = _push(st, LIBRARY, 0, p)
            st[r + LIBRARY_SET_ASIDE] = 0
            st[r + LIBRARY_DRAWN] = 0
        elif c == MINE:
            _push(st, MINE, 0, p)
        elif c == WITCH:
            for i in range(1, n):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    _gain(st, rngs, v, CURSE, TO_DISCARD)
        elif c == ADVENTURER:
            found = 0
            start = st[_zn(p, Z_ASIDE)]
            while found < 2:
                x = _take_top(st, rngs, p)
                if x < 0:
                    break
                _append(st, p, Z_ASIDE, x)
                if _TYPES[x] & TREASURE:
                    found += 1
            b = _zb(p, Z_ASIDE)
            end = st[_zn(p, Z_ASIDE)]
            for i in range(start, end):
                if _TYPES[st[b + i]] & TREASURE:
                    _append(st, p, Z_HAND, st[b + i])
                    _append(st, p, Z_HPUB, st[b + i])
            for i in range(start, end):
                if not _TYPES[st[b + i]] & TREASURE:
                    _append(st, p, Z_DISC, st[b + i])
            st[_zn(p, Z_ASIDE)] = start
        elif c == HARBINGER:
            if st[_zn(p, Z_DISC)] > 0:
                _push(st, HARBINGER, 0, p)
        elif c == MERCHANT:
            if not st[G_SPLAYED]:
                st[G_SBONUS] += 1
        elif c == VASSAL:
            x = _take_top(st, rngs, p)
            if x >= 0:
                _append(st, p, Z_DISC, x)
                if _TYPES[x] & ACTION:
                    r = _push(st, VASSAL, 0, p)
                    st[r + VASSAL_CARD] = x
        elif c == POACHER:
            if st[G_EMPTY]:
                r = _push(st, POACHER, 0, p)
                st[r + POACHER_LEFT] = st[G_EMPTY]
                st[r + POACHER_BASE] = st[_zn(p, Z_LOOK)]
        elif c == BANDIT:
            _gain(st, rngs, p, GOLD, TO_DISCARD)
            for i in range(n - 1, 0, -1):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    _push(st, BANDIT, 0, v)
        elif c == SENTRY:
            for _ in range(2):
                x = _take_top(st, rngs, p)
                if x >= 0:
                    _append(st, p, Z_LOOK, x)
            r = _push(st, SENTRY, 0, p)
            st[r + SENTRY_PICKED] = 0
        elif c == ARTISAN:
            _push(st, ARTISAN, 0, p)
            _push_gain(st, p, 5, 0, TO_HAND, 0)

    @jit.compiled
    def _seats_of(st: Any, p: int, mask: int, out: Any) -> int:
        """The seats of ``mask`` in turn order from the left of ``p`` into ``out``; their count."""
        n = st[G_PLAYERS]
        k = 0
        for i in range(1, n):
            v = (p + i) % n
            if (mask >> v) & 1:
                out[k] = v
                k += 1
        return k

    @jit.compiled
    def _no_acts() -> Any:
        return np.empty(0, dtype=np.int64)

    @jit.compiled
    def _lurker_count(st: Any, acts: Any, mode: int) -> int:
        """Lurker's choices: the Action piles with a card left (``FROM_SUPPLY``), or the distinct Action cards of
        the trash in the order of their first copies (``FROM_TRASH``), as ``CHOOSE`` actions into ``acts`` where it
        has room (an empty ``acts``: only counted)."""
        k = 0
        room = acts.shape[0]
        if mode == LURKER_FROM_SUPPLY:
            for j in range(st[G_NPILES]):
                c = st[G_PILES + j]
                if st[G_SUPPLY + c] > 0 and _TYPES[c] & ACTION:
                    if k < room:
                        acts[k] = CARD_ACTIONS + 2 + 3 * c
                    k += 1
            return k
        _fresh_marks(st)
        for i in range(st[G_NTRL]):
            c = st[G_TRL + i]
            if _TYPES[c] & ACTION and _mark(st, c):
                if k < room:
                    acts[k] = CARD_ACTIONS + 2 + 3 * c
                k += 1
        return k

    @jit.compiled
    def _sp_questions(places: int) -> int:
        """``SecretPassage._questions``: ceil(log2(places))."""
        n = 0
        x = places - 1
        while x > 0:
            n += 1
            x >>= 1
        return n

    @jit.compiled
    def _sp_put(st: Any, rngs: Any, p: int, c: int, at: int) -> None:
        """``SecretPassage._place``: ``c`` with ``at`` cards above it (``zones.fix_above`` among the shuffled
        cards: the kernel counts the cards fixed above it among the known top ones, keeping no flags)."""
        tp = S0 + p * SEAT + O_TOPN
        known = st[tp]
        nd = st[_zn(p, Z_DECK)]
        free = nd - known
        if at <= known:
            _insert_at(st, p, Z_DECK, nd - at, c)
            st[tp] += 1
        elif at < known + free:
            d = at - known
            b = _zb(p, Z_DECK)
            for j in range(d):
                m = free - j
                i = _below(rngs, 0, m)
                x = st[b + i]
                st[b + i] = st[b + m - 1]
                st[b + m - 1] = x
            _insert_at(st, p, Z_DECK, free - d, c)
            st[tp] += d + 1
        else:
            _insert_at(st, p, Z_BOTTOM, known + free + st[_zn(p, Z_BOTTOM)] - at, c)

    @jit.compiled
    def _per_type(st: Any, rngs: Any, p: int, c: int, k: int) -> None:
        """Tribute's and Ironworks' bonus for each type of ``c``: +``k`` Actions, +$``k``, +``k`` Cards."""
        t = _TYPES[c]
        if t & ACTION:
            st[G_ACTIONS] += k
        if t & TREASURE:
            st[G_COINS] += k
        if t & VICTORY:
            _draw(st, rngs, p, k)

    @jit.compiled
    def _expansion_play(st: Any, rngs: Any, p: int, c: int, first: bool) -> None:
        """The ``play`` of the Intrigue and Seaside cards the kernel covers (``cards/intrigue.py``,
        ``cards/seaside.py``), step for step."""
        n = st[G_PLAYERS]
        if c == COURTYARD or c == WISHING_WELL or c == BARON or c == IRONWORKS or c == NOBLES or c == UPGRADE \
                or c == NATIVE_VILLAGE or c == SMUGGLERS or c == SALVAGER or c == HAVEN or c == EXPLORER:
            _push(st, c, 0, p)
        elif c == PAWN:
            r = _push(st, PAWN, 0, p)
            st[r + PAWN_PICKED] = 0
        elif c == SHANTY_TOWN:
            _hp_reveal(st, p)
            b = _zb(p, Z_HAND)
            for i in range(st[_zn(p, Z_HAND)]):
                if _TYPES[st[b + i]] & ACTION:
                    return
            _draw(st, rngs, p, 2)
        elif c == STEWARD:
            r = _push(st, STEWARD, 0, p)
            st[r + STEWARD_TRASHED] = 0
        elif c == BRIDGE:
            st[G_DISCOUNT] += 1
        elif c == CONSPIRATOR:
            if st[G_PLAYED] >= 3:
                _draw(st, rngs, p, 1)
                st[G_ACTIONS] += 1
        elif c == COPPERSMITH:
            st[G_CBONUS] += 1
        elif c == MILL:
            if st[_zn(p, Z_HAND)]:
                r = _push(st, MILL, 0, p)
                st[r + MILL_BASE] = st[_zn(p, Z_LOOK)]
        elif c == MINING_VILLAGE:
            if first and _find(st, p, Z_PLAY, MINING_VILLAGE) >= 0:
                _push(st, MINING_VILLAGE, MV_ASK, p)
        elif c == SECRET_CHAMBER:
            r = _push(st, SECRET_CHAMBER, 0, p)
            st[r + SC_BASE] = st[_zn(p, Z_LOOK)]
            st[r + SC_LEFT] = 0
        elif c == MASQUERADE:
            _push(st, MASQUERADE, 2, p)
            k = 0
            for i in range(n):
                if st[_zn((p + i) % n, Z_HAND)]:
                    k += 1
            if k:
                r = _push(st, MASQUERADE, 1, p)
                st[r + MASQ_SEATS] = k
                j = 0
                for i in range(n):
                    q = (p + i) % n
                    if st[_zn(q, Z_HAND)]:
                        st[r + MASQ_SEATS + 1 + j] = q
                        j += 1
                for i in range(n - 1, -1, -1):
                    q = (p + i) % n
                    if st[_zn(q, Z_HAND)]:
                        _push(st, MASQUERADE, 0, q)
        elif c == SWINDLER:
            for i in range(n - 1, 0, -1):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    r = _push(st, SWINDLER, 0, p)
                    st[r + SWINDLER_VICTIM] = v
                    st[r + SWINDLER_COST] = 0
        elif c == SCOUT or c == PATROL:
            keep = VICTORY if c == SCOUT else VICTORY | T_CURSE
            start = st[_zn(p, Z_ASIDE)]
            for _ in range(4):
                x = _take_top(st, rngs, p)
                if x >= 0:
                    _append(st, p, Z_ASIDE, x)
            b = _zb(p, Z_ASIDE)
            end = st[_zn(p, Z_ASIDE)]
            for i in range(start, end):
                if _TYPES[st[b + i]] & keep:
                    _append(st, p, Z_HAND, st[b + i])
                    _hp_known(st, p, st[b + i], True)
            k = 0
            for i in range(start, end):
                x = st[b + i]
                if not _TYPES[x] & keep:
                    st[b + start + k] = x
                    k += 1
            st[_zn(p, Z_ASIDE)] = start + k
            if k:
                r = _push(st, c, 0, p)
                st[r + SCOUT_COUNT] = k
                st[r + SCOUT_REST] = k
                for i in range(k):
                    st[r + SCOUT_REST + 1 + i] = st[b + start + i]
        elif c == DIPLOMAT:
            if st[_zn(p, Z_HAND)] <= 5:
                st[G_ACTIONS] += 2
        elif c == COURTIER:
            r = _push(st, COURTIER, 0, p)
            st[r + COURTIER_LEFT] = 0
            st[r + COURTIER_TAKEN] = 0
        elif c == MINION:
            r = _push(st, MINION, 0, p)
            st[r + MINION_VICTIMS] = _victim_mask(st, p)
        elif c == REPLACE:
            r = _push(st, REPLACE, 0, p)
            st[r + REPLACE_MAX] = 0
            st[r + REPLACE_VICTIMS] = _victim_mask(st, p)
        elif c == TORTURER or c == GHOST_SHIP:
            for i in range(n - 1, 0, -1):
                v = _seat_after(st, p, i)
                if _hit(st, v) and (c == TORTURER or st[_zn(v, Z_HAND)] > 3):
                    _push(st, c, 0, v)
        elif c == TRADING_POST:
            r = _push(st, TRADING_POST, 0, p)
            st[r + TRADING_POST_LEFT] = 2
        elif c == TRIBUTE:
            if n == 1:
                return
            left = (p + 1) % n
            x1 = _take_top(st, rngs, left)
            x2 = _take_top(st, rngs, left)
            if x1 >= 0:
                _append(st, left, Z_DISC, x1)
            if x2 >= 0:
                _append(st, left, Z_DISC, x2)
            for j in range(2):
                x = x1 if j == 0 else x2
                if x < 0 or (j == 1 and x2 == x1):  # each differently named card once
                    continue
                _per_type(st, rngs, p, x, 2)
        elif c == LURKER:
            if _lurker_count(st, _no_acts(), LURKER_FROM_SUPPLY) or _lurker_count(st, _no_acts(), LURKER_FROM_TRASH):
                _push(st, LURKER, LURKER_MODE, p)
        elif c == SECRET_PASSAGE:
            r = _push(st, SECRET_PASSAGE, SP_TAKE, p)
            st[r + SP_CARD] = -1
            st[r + SP_LO] = 0
            st[r + SP_HI] = 0
            st[r + SP_ASKED] = 0
            st[r + SP_PLACES] = 0
        elif c == SABOTEUR:
            for i in range(n - 1, 0, -1):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    r = _push(st, SABOTEUR, 0, v)
                    st[r + SAB_MAX] = 0
                    st[r + SAB_OTHERS] = 0  # the other revealed cards: this many at the end of the seat's aside
        # --- Seaside ---
        elif c == PEARL_DIVER:
            tp = S0 + p * SEAT + O_TOPN
            if st[_zn(p, Z_BOTTOM)]:
                origin = PD_KNOWN_BOTTOM
                x = _pop_at(st, p, Z_BOTTOM, 0)
            else:
                if st[_zn(p, Z_DECK)] == 0 and not _reshuffle(st, p):
                    return
                free = st[_zn(p, Z_DECK)] - st[tp]
                if free:  # below the known top cards the deck is unordered: any of them is equally the bottom one
                    origin = PD_FREE
                    x = _pop_at(st, p, Z_DECK, _below(rngs, 0, free))
                else:
                    origin = PD_KNOWN_TOP
                    x = _pop_at(st, p, Z_DECK, 0)
                    st[tp] -= 1
            _append(st, p, Z_LOOK, x)
            r = _push(st, PEARL_DIVER, 0, p)
            st[r + PD_ORIGIN] = origin
            st[r + PD_FLAG] = 0  # (who saw it: not kept)
        elif c == EMBARGO:
            if first and _find(st, p, Z_PLAY, EMBARGO) >= 0:
                _remove(st, p, Z_PLAY, EMBARGO)
                _trash(st, p, EMBARGO)
                _push(st, EMBARGO, 0, p)
        elif c == AMBASSADOR:
            r = _push(st, AMBASSADOR, 0, p)
            st[r + AMB_CARD] = -1
            st[r + AMB_RETURNED] = 0
            st[r + AMB_VICTIMS] = _victim_mask(st, p)
        elif c == LOOKOUT:
            base = st[_zn(p, Z_LOOK)]
            for _ in range(3):
                x = _take_top(st, rngs, p)
                if x >= 0:
                    _append(st, p, Z_LOOK, x)
            r = _push(st, LOOKOUT, 0, p)
            st[r + LOOKOUT_BASE] = base
        elif c == SEA_CHART:
            x = _take_top(st, rngs, p)
            if x >= 0:
                if _find(st, p, Z_PLAY, x) >= 0:
                    _append(st, p, Z_HAND, x)
                    _hp_known(st, p, x, True)
                else:
                    _put_on_deck(st, p, x)
        elif c == WAREHOUSE:
            r = _push(st, WAREHOUSE, 0, p)
            st[r + WAREHOUSE_BASE] = st[_zn(p, Z_LOOK)]
            st[r + WAREHOUSE_LEFT] = 3
        elif c == CUTPURSE:
            for i in range(1, n):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    j = _find(st, v, Z_HAND, COPPER)
                    if j >= 0:
                        _pop_at(st, v, Z_HAND, j)
                        _hp_left(st, v, COPPER)
                        _append(st, v, Z_DISC, COPPER)
                    else:
                        _hp_reveal(st, v)
        elif c == ISLAND:
            if first and _find(st, p, Z_PLAY, ISLAND) >= 0:
                _remove(st, p, Z_PLAY, ISLAND)
                _append(st, p, Z_ISLAND, ISLAND)
            _push(st, ISLAND, 0, p)
        elif c == LIGHTHOUSE:
            st[G_SHIELD] |= 1 << p
            _append(st, p, Z_DUR, LIGHTHOUSE)
        elif c == NAVIGATOR:
            base = st[_zn(p, Z_LOOK)]
            for _ in range(5):
                x = _take_top(st, rngs, p)
                if x < 0:
                    break
                _append(st, p, Z_LOOK, x)
            if st[_zn(p, Z_LOOK)] > base:
                r = _push(st, NAVIGATOR, 0, p)
                st[r + NAV_BASE] = base
                st[r + NAV_PICKED] = 0
        elif c == PIRATE_SHIP:
            r = _push(st, PIRATE_SHIP, 0, p)
            st[r + PS_VICTIM] = -1
            st[r + PS_TO_REVEAL] = _victim_mask(st, p)
            st[r + PS_HIT] = 0
            st[r + PS_SHOWN] = 0
        elif c == SEA_HAG:
            for i in range(1, n):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    x = _take_top(st, rngs, v)
                    if x >= 0:
                        _append(st, v, Z_DISC, x)
                    _gain(st, rngs, v, CURSE, TO_DECK)
        elif c == TREASURE_MAP:
            trashed = 0
            if first and _find(st, p, Z_PLAY, TREASURE_MAP) >= 0:
                _remove(st, p, Z_PLAY, TREASURE_MAP)
                _trash(st, p, TREASURE_MAP)
                trashed += 1
            if _find(st, p, Z_HAND, TREASURE_MAP) >= 0:
                _trash_from_hand(st, p, TREASURE_MAP)
                trashed += 1
            if trashed == 2:
                for _ in range(4):
                    if not _gain(st, rngs, p, GOLD, TO_DECK):
                        break
        elif c == TACTICIAN:
            if st[_zn(p, Z_HAND)]:
                _move_from(st, p, Z_HAND, 0, Z_DISC)
                _hp_clear(st, p)
                _append(st, p, Z_DUR, TACTICIAN)
        elif c == TIDE_POOLS:
            _append(st, p, Z_DUR, TIDE_POOLS)
        elif c == SEA_WITCH:
            for i in range(1, n):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    _gain(st, rngs, v, CURSE, TO_DISCARD)
            _append(st, p, Z_DUR, SEA_WITCH)
        elif c == CORSAIR:
            for i in range(1, n):
                v = _seat_after(st, p, i)
                if _hit(st, v):
                    st[G_CORSAIR] |= (1 << p) | (1 << (8 + 8 * p + v))
            _append(st, p, Z_DUR, CORSAIR)
        elif c == MONKEY:
            st[S0 + p * SEAT + O_MONKEY] += 1
            _append(st, p, Z_DUR, MONKEY)
        elif c == BLOCKADE:
            r = _push(st, BLOCKADE, 0, p)
            st[r + BLOCKADE_VICTIMS] = _victim_mask(st, p)
        elif c == PIRATE or c == SAILOR:
            _append(st, p, Z_DUR, c)
        elif c == OUTPOST:
            if st[G_FLAGS] & OUTPOST_PLAYED:
                return
            st[G_FLAGS] |= OUTPOST_PLAYED
            if st[G_EXTRA]:
                st[G_OUTPOST] = 1 if st[G_EDITION] == 1 else 0
                return
            st[G_OUTPOST] = 1
            _append(st, p, Z_DUR, OUTPOST)

    @jit.compiled
    def _duration(st: Any, rngs: Any, p: int, c: int) -> None:
        """A Duration acting at the start of ``p``'s turn (``frames.Start``): its next-turn bonuses, then its
        ``duration``."""
        if _NCARDS[c]:
            _draw(st, rngs, p, _NCARDS[c])
        st[G_ACTIONS] += _NACTIONS[c]
        st[G_BUYS] += _NBUYS[c]
        st[G_COINS] += _NCOINS[c]
        if c == HAVEN:
            k = st[_zn(p, Z_HELD)]
            if k:
                _append(st, p, Z_HAND, st[_zb(p, Z_HELD) + k - 1])
                st[_zn(p, Z_HELD)] = k - 1
        elif c == LIGHTHOUSE:
            st[G_SHIELD] &= ~(1 << p)
        elif c == CORSAIR:
            st[G_CORSAIR] &= ~((1 << p) | (0xFF << (8 + 8 * p)))
        elif c == TIDE_POOLS or c == SEA_WITCH:
            r = _push(st, c, 0, p)
            st[r + TP_LEFT] = 2
            st[r + TP_BASE] = st[_zn(p, Z_LOOK)]
        elif c == MONKEY:
            st[S0 + p * SEAT + O_MONKEY] = 0
        elif c == BLOCKADE:
            k = st[_zn(p, Z_SHOWN)]
            if k:  # each Blockade's card, oldest first
                x = _pop_at(st, p, Z_SHOWN, 0)
                if k == 1:
                    st[G_BLOCKADE] &= ~(0xFF << (8 * p))
                _append(st, p, Z_HAND, x)
                _hp_known(st, p, x, True)
        elif c == PIRATE:
            _push_gain(st, p, 6, TREASURE, TO_HAND, 0)
        elif c == SAILOR:
            if st[_zn(p, Z_HAND)]:
                r = _push(st, SAILOR, SAILOR_TRASH, p)
                st[r + SAILOR_CARD] = -1

    @jit.compiled
    def _x_options(st: Any, acts: Any, r: int, kind: int, step: int, p: int) -> int:
        """``options`` of the expansions' frames (see ``_options``)."""
        nh = st[_zn(p, Z_HAND)]
        if kind == COURTYARD or kind == UPGRADE or kind == SALVAGER or kind == HAVEN or kind == ISLAND:
            k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            return k if k else -1
        if kind == PAWN:
            need = 2 - _bits(st[r + PAWN_PICKED])
            if 0 < need < 4 - step:
                acts[0] = YES
                acts[1] = NO
                return 2
            return -1
        if kind == STEWARD:
            if step == 0:
                acts[0] = YES
                acts[1] = NO
                acts[2] = DONE
                return 3
            if st[r + STEWARD_TRASHED] < 2 and nh:
                return _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            return -1
        if kind == WISHING_WELL:
            _fresh_marks(st)
            k = 0
            for j in range(st[G_NPILES]):
                c = st[G_PILES + j]
                if _mark(st, c):
                    acts[k] = CARD_ACTIONS + 2 + 3 * c
                    k += 1
            sb = S0 + p * SEAT + O_OWNED
            for c in range(NC):
                if st[sb + c] > 0 and _mark(st, c):
                    acts[k] = CARD_ACTIONS + 2 + 3 * c
                    k += 1
            return k
        if kind == BARON or kind == EXPLORER:
            if _find(st, p, Z_HAND, ESTATE if kind == BARON else PROVINCE) >= 0:
                acts[0] = YES
                acts[1] = NO
                return 2
            acts[0] = NO
            return 1
        if kind == IRONWORKS:
            k = _gainable(st, acts, 4, 0, 0)
            return k if k else -1
        if kind == MILL:
            if step == 0:
                acts[0] = YES
                acts[1] = NO
                return 2
            if nh and st[_zn(p, Z_LOOK)] - st[r + MILL_BASE] < 2:
                return _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            return -1
        if kind == MINING_VILLAGE:
            if step == MV_AGAIN:
                return -1
            acts[0] = YES
            acts[1] = NO
            return 2
        if kind == NOBLES or kind == MINION or kind == TORTURER or kind == NATIVE_VILLAGE:
            acts[0] = YES
            acts[1] = NO
            return 2
        if kind == SECRET_CHAMBER:
            if step == 0:
                k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
                acts[k] = DONE
                return k + 1
            if st[r + SC_LEFT] and nh:
                return _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            return -1
        if kind == MASQUERADE:
            if step == 0:
                k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
                return k if k else -1
            if step == 2 and nh:
                k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
                acts[k] = DONE
                return k + 1
            return -1
        if kind == SWINDLER:
            if step == 1:
                k = _gainable(st, acts, st[r + SWINDLER_COST], 0, 1)
                return k if k else -1
            return -1
        if kind == SCOUT or kind == PATROL:
            _fresh_marks(st)
            k = 0
            for j in range(st[r + SCOUT_REST]):
                c = st[r + SCOUT_REST + 1 + j]
                if _mark(st, c):
                    acts[k] = CARD_ACTIONS + 2 + 3 * c
                    k += 1
            return k if k > 1 else -1
        if kind == COURTIER:
            if step == 0:
                k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
                return k if k else -1
            if not st[r + COURTIER_LEFT]:
                return -1
            t = st[r + COURTIER_TAKEN]
            k = 0
            if not t & 1:
                acts[k] = YES
                k += 1
            if not t & 2:
                acts[k] = NO
                k += 1
            if not t & 4:
                acts[k] = DONE
                k += 1
            if not t & 8:
                acts[k] = CARD_ACTIONS + 2 + 3 * GOLD
                k += 1
            return k
        if kind == REPLACE:
            if step == 0:
                k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            else:
                k = _gainable(st, acts, st[r + REPLACE_MAX], 0, 0)
            return k if k else -1
        if kind == TRADING_POST:
            if st[r + TRADING_POST_LEFT]:
                k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
                return k if k else -1
            return -1
        if kind == LURKER:
            if step == LURKER_MODE:
                acts[0] = YES
                acts[1] = NO
                return 2
            k = _lurker_count(st, acts, step)
            return k if k else -1
        if kind == SECRET_PASSAGE:
            if step == SP_TAKE:
                k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
                return k if k else -1
            if st[r + SP_ASKED] >= _sp_questions(st[r + SP_PLACES]):
                return -1
            if st[r + SP_LO] == st[r + SP_HI]:
                acts[0] = DONE
                return 1
            acts[0] = YES
            acts[1] = NO
            return 2
        if kind == SABOTEUR:
            if step == 0:
                return -1
            k = _gainable(st, acts, st[r + SAB_MAX], 0, 0)
            acts[k] = DONE
            return k + 1
        # --- Seaside ---
        if kind == PEARL_DIVER:
            acts[0] = YES
            acts[1] = NO
            return 2
        if kind == EMBARGO:
            for j in range(st[G_NPILES]):
                acts[j] = CARD_ACTIONS + 2 + 3 * st[G_PILES + j]
            return st[G_NPILES]
        if kind == AMBASSADOR:
            if step == 0:
                _fresh_marks(st)
                b = _zb(p, Z_HAND)
                k = 0
                for i in range(nh):
                    c = st[b + i]
                    if _mark(st, c) and _is_pile(st, c):
                        acts[k] = CARD_ACTIONS + 2 + 3 * c
                        k += 1
                return k if k else -1
            if st[r + AMB_RETURNED] >= 2:
                return -1
            c = st[r + AMB_CARD]
            if _find(st, p, Z_HAND, c) >= 0:
                acts[0] = CARD_ACTIONS + 2 + 3 * c
                acts[1] = DONE
                return 2
            acts[0] = DONE
            return 1
        if kind == LOOKOUT:
            base = st[r + LOOKOUT_BASE]
            m = st[_zn(p, Z_LOOK)] - base
            if m >= 2 and (step == 0 or m == 2):
                return _distinct(st, p, Z_LOOK, base, base + m, 0, acts, 0)
            return -1
        if kind == SMUGGLERS:
            right = (p - 1) % st[G_PLAYERS]
            if right == p:
                return -1
            _fresh_marks(st)
            b = _zb(right, Z_GAINS)
            k = 0
            for i in range(st[_zn(right, Z_GAINS)]):
                c = st[b + i]
                if _mark(st, c) and st[G_SUPPLY + c] > 0 and _cost(st, c) <= 6:
                    acts[k] = CARD_ACTIONS + 2 + 3 * c
                    k += 1
            return k if k else -1
        if kind == WAREHOUSE:
            if st[r + WAREHOUSE_LEFT] and nh:
                return _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            return -1
        if kind == NAVIGATOR:
            if step == 0:
                acts[0] = YES
                acts[1] = NO
                return 2
            start = st[r + NAV_BASE] + st[r + NAV_PICKED]
            end = st[_zn(p, Z_LOOK)]
            if end - start > 1:
                return _distinct(st, p, Z_LOOK, start, end, 0, acts, 0)
            return -1
        if kind == PIRATE_SHIP:
            if step == 0:
                acts[0] = YES
                acts[1] = NO
                return 2
            if step == 2:
                v = st[r + PS_VICTIM]
                end = st[_zn(v, Z_ASIDE)]
                return _distinct(st, v, Z_ASIDE, end - st[r + PS_SHOWN], end, TREASURE, acts, 0)
            return -1
        if kind == GHOST_SHIP:
            if nh > 3:
                return _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            return -1
        if kind == TREASURY:
            if st[r + TREASURY_LEFT] > 0 and _find(st, p, Z_PLAY, TREASURY) >= 0:
                acts[0] = YES
                acts[1] = NO
                return 2
            return -1
        if kind == TIDE_POOLS or kind == SEA_WITCH:
            if nh <= st[r + TP_LEFT]:
                return -1
            return _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
        if kind == BLOCKADE:
            k = _gainable(st, acts, 4, 0, 0)
            return k if k else -1
        if kind == SAILOR:
            if step == SAILOR_TRASH:
                if not nh:
                    return -1
                k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
                acts[k] = DONE
                return k + 1
            if _sailor_uses(st, p) <= 0 or _sailor_where(st, p, st[r + SAILOR_CARD]) < 0:
                return -1
            acts[0] = YES
            acts[1] = NO
            return 2
        if kind == PIRATE:
            if _find(st, p, Z_HAND, PIRATE) >= 0:
                acts[0] = YES
                acts[1] = NO
                return 2
            acts[0] = NO
            return 1
        raise ValueError("dominion kernel: a frame of a card it does not play")

    @jit.compiled
    def _x_resume(st: Any, rngs: Any, r: int, kind: int, step: int, p: int) -> None:
        """``resume`` of the expansions' frames (see ``_resume``)."""
        if kind == PAWN:
            _pop(st)
            picked = st[r + PAWN_PICKED]
            for b in range(step, 4):
                if _bits(picked) < 2:
                    picked |= 1 << b
            if picked & 1:
                _draw(st, rngs, p, 1)
            st[G_ACTIONS] += (picked >> 1) & 1
            st[G_BUYS] += (picked >> 2) & 1
            st[G_COINS] += (picked >> 3) & 1
        elif kind == MILL:
            _pop(st)
            if _move_from(st, p, Z_LOOK, st[r + MILL_BASE], Z_DISC) == 2:
                st[G_COINS] += 2
        elif kind == MINING_VILLAGE:  # AGAIN: a Throne Room's second play
            _pop(st)
            _play_card(st, rngs, p, MINING_VILLAGE, False)
            if _find(st, p, Z_PLAY, MINING_VILLAGE) >= 0:
                _push(st, MINING_VILLAGE, MV_ASK_AGAIN, p)
        elif kind == MASQUERADE:
            _pop(st)
            if step != 1:
                return
            k = st[r + MASQ_SEATS]
            n = st[G_PLAYERS]
            moved = np.empty(MAXP, dtype=np.int64)
            for i in range(k):
                q = st[r + MASQ_SEATS + 1 + i]
                m = st[_zn(q, Z_LOOK)] - 1
                moved[i] = st[_zb(q, Z_LOOK) + m]
                st[_zn(q, Z_LOOK)] = m
            for i in range(k):
                q = st[r + MASQ_SEATS + 1 + i]
                to = (q + 1) % n if st[G_EDITION] == 1 else st[r + MASQ_SEATS + 1 + (i + 1) % k]
                c = moved[i]
                _append(st, to, Z_HAND, c)
                st[S0 + q * SEAT + O_OWNED + c] -= 1
                st[S0 + to * SEAT + O_OWNED + c] += 1
        elif kind == SWINDLER:
            v = st[r + SWINDLER_VICTIM]
            if step == 1:
                _pop(st)
                return
            c = _take_top(st, rngs, v)
            if c < 0:
                _pop(st)
                return
            _trash(st, v, c)
            st[r + 1] = 1
            st[r + SWINDLER_COST] = _cost(st, c)
        elif kind == SCOUT or kind == PATROL:
            _pop(st)
            for j in range(st[r + SCOUT_REST]):
                c = st[r + SCOUT_REST + 1 + j]
                _remove(st, p, Z_ASIDE, c)
                _put_on_deck(st, p, c)
            st[r + SCOUT_REST] = 0
        elif kind == SECRET_PASSAGE:
            card, lo = st[r + SP_CARD], st[r + SP_LO]
            _pop(st)
            if card >= 0:  # a single place
                m = st[_zn(p, Z_LOOK)] - 1
                x = st[_zb(p, Z_LOOK) + m]
                st[_zn(p, Z_LOOK)] = m
                _sp_put(st, rngs, p, x, lo)
        elif kind == SABOTEUR:  # the reveal (its regain always has ``done`` to choose)
            hit = -1
            k = 0
            while True:
                x = _take_top(st, rngs, p)
                if x < 0:
                    break
                if _cost(st, x) >= 3:
                    hit = x
                    break
                _append(st, p, Z_ASIDE, x)
                k += 1
            st[r + SAB_OTHERS] = k
            if hit < 0:
                _saboteur_done(st, r, p)
                return
            _trash(st, p, hit)
            st[r + 1] = 1
            st[r + SAB_MAX] = _cost(st, hit) - 2
        elif kind == TRADING_POST:
            _pop(st)
            if not st[r + TRADING_POST_LEFT]:
                _gain(st, rngs, p, SILVER, TO_HAND)
        elif kind == AMBASSADOR:
            _pop(st)
            if step == 1:
                _ambassador_gains(st, rngs, r, p)
        elif kind == LOOKOUT:
            _pop(st)
            if st[_zn(p, Z_LOOK)] > st[r + LOOKOUT_BASE]:
                m = st[_zn(p, Z_LOOK)] - 1
                c = st[_zb(p, Z_LOOK) + m]
                st[_zn(p, Z_LOOK)] = m
                if step == 0:
                    _trash(st, p, c)
                else:
                    _append(st, p, Z_DISC, c)
        elif kind == WAREHOUSE:
            _pop(st)
            _move_from(st, p, Z_LOOK, st[r + WAREHOUSE_BASE], Z_DISC)
        elif kind == NAVIGATOR:
            _pop(st)
            base = st[r + NAV_BASE]
            end = st[_zn(p, Z_LOOK)]
            b = _zb(p, Z_LOOK)
            for i in range(end - 1, base - 1, -1):
                _put_on_deck(st, p, st[b + i])
            st[_zn(p, Z_LOOK)] = base
        elif kind == PIRATE_SHIP:
            mask = st[r + PS_TO_REVEAL]
            if not mask:
                _pop(st)
                if st[r + PS_HIT]:
                    st[S0 + p * SEAT + O_PCOINS] += 1
                return
            n = st[G_PLAYERS]
            v = -1
            for i in range(1, n):
                q = (p + i) % n
                if (mask >> q) & 1:
                    v = q
                    break
            st[r + PS_VICTIM] = v
            st[r + PS_TO_REVEAL] = mask & ~(1 << v)
            start = st[_zn(v, Z_ASIDE)]
            for _ in range(2):
                x = _take_top(st, rngs, v)
                if x >= 0:
                    _append(st, v, Z_ASIDE, x)
            shown = st[_zn(v, Z_ASIDE)] - start
            st[r + PS_SHOWN] = shown
            b = _zb(v, Z_ASIDE)
            for i in range(start, start + shown):
                if _TYPES[st[b + i]] & TREASURE:
                    st[r + 1] = 2
                    return
            _move_from(st, v, Z_ASIDE, start, Z_DISC)
        elif kind == TIDE_POOLS or kind == SEA_WITCH:
            _pop(st)
            if st[_zn(p, Z_HAND)]:
                _hp_clear(st, p)
            _move_from(st, p, Z_HAND, 0, Z_LOOK)
            _move_from(st, p, Z_LOOK, st[r + TP_BASE], Z_DISC)
        else:  # nothing left to decide: the frame is done
            _pop(st)

    @jit.compiled
    def _saboteur_done(st: Any, r: int, v: int) -> None:
        """Saboteur's end for ``v``: the other revealed cards leave the aside (each its first copy there, as the
        reference removes them) and are discarded in the order revealed."""
        k = st[r + SAB_OTHERS]
        _pop(st)
        out = np.empty(k, dtype=np.int64)
        b = _zb(v, Z_ASIDE)
        n = st[_zn(v, Z_ASIDE)]
        for i in range(k):
            out[i] = st[b + n - k + i]
        for i in range(k):
            _remove(st, v, Z_ASIDE, out[i])
        for i in range(k):
            _append(st, v, Z_DISC, out[i])

    @jit.compiled
    def _ambassador_gains(st: Any, rngs: Any, r: int, p: int) -> None:
        c = st[r + AMB_CARD]
        mask = st[r + AMB_VICTIMS]
        n = st[G_PLAYERS]
        for i in range(1, n):
            v = (p + i) % n
            if (mask >> v) & 1:
                _gain(st, rngs, v, c, TO_DISCARD)

    @jit.compiled
    def _x_decide(st: Any, rngs: Any, r: int, kind: int, step: int, p: int, a: int, c: int) -> None:
        """``decide`` of the expansions' frames (see ``_decide``)."""
        if kind == COURTYARD:
            _pop(st)
            _topdeck_from_hand(st, p, c)
        elif kind == PAWN:
            if a == YES:
                st[r + PAWN_PICKED] |= 1 << step
            st[r + 1] = step + 1
        elif kind == STEWARD:
            if step == 1:
                _trash_from_hand(st, p, c)
                st[r + STEWARD_TRASHED] += 1
            elif a == DONE:
                st[r + 1] = 1
            else:
                _pop(st)
                if a == YES:
                    _draw(st, rngs, p, 2)
                else:
                    st[G_COINS] += 2
        elif kind == WISHING_WELL:
            _pop(st)
            x = _take_top(st, rngs, p)
            if x < 0:
                return
            if x == c:
                _append(st, p, Z_HAND, x)
                _hp_known(st, p, x, True)
            else:
                _put_on_deck(st, p, x)
        elif kind == BARON:
            _pop(st)
            if a == YES:
                _remove(st, p, Z_HAND, ESTATE)
                _hp_left(st, p, ESTATE)
                _append(st, p, Z_DISC, ESTATE)
                st[G_COINS] += 4
            else:
                _gain(st, rngs, p, ESTATE, TO_DISCARD)
        elif kind == IRONWORKS:
            _pop(st)
            if _gain(st, rngs, p, c, TO_DISCARD):
                _per_type(st, rngs, p, c, 1)
        elif kind == MILL:
            if step == 1:
                _stage_discard(st, p, c)
            elif a == YES:
                st[r + 1] = 1
            else:
                _pop(st)
        elif kind == MINING_VILLAGE:
            _pop(st)
            if a == YES:
                _remove(st, p, Z_PLAY, MINING_VILLAGE)
                _trash(st, p, MINING_VILLAGE)
                st[G_COINS] += 2
            elif step == MV_ASK and st[G_NFR]:
                t = G_FR + (st[G_NFR] - 1) * FW
                if st[t] == REPLAY and st[t + REPLAY_CARD] == MINING_VILLAGE:
                    st[t] = MINING_VILLAGE
                    st[t + 1] = MV_AGAIN
                    st[t + 2] = p
                    for j in range(3, FW):
                        st[t + j] = -1
        elif kind == NOBLES:
            _pop(st)
            if a == YES:
                _draw(st, rngs, p, 3)
            else:
                st[G_ACTIONS] += 2
        elif kind == SECRET_CHAMBER:
            if step == 1:
                _topdeck_from_hand(st, p, c)
                st[r + SC_LEFT] -= 1
            elif a == DONE:
                _pop(st)
                st[G_COINS] += _move_from(st, p, Z_LOOK, st[r + SC_BASE], Z_DISC)
            else:
                _stage_discard(st, p, c)
        elif kind == MASQUERADE:
            _pop(st)
            if step == 0:
                _remove(st, p, Z_HAND, c)
                _hp_clear(st, p)
                _append(st, p, Z_LOOK, c)
            elif a != DONE:
                _trash_from_hand(st, p, c)
        elif kind == SWINDLER:
            _pop(st)
            _gain(st, rngs, st[r + SWINDLER_VICTIM], c, TO_DISCARD)
        elif kind == SCOUT or kind == PATROL:
            n = st[r + SCOUT_REST]
            for j in range(n):
                if st[r + SCOUT_REST + 1 + j] == c:
                    for i in range(j, n - 1):
                        st[r + SCOUT_REST + 1 + i] = st[r + SCOUT_REST + 2 + i]
                    break
            st[r + SCOUT_REST] = n - 1
            _remove(st, p, Z_ASIDE, c)
            _put_on_deck(st, p, c)
        elif kind == COURTIER:
            if step == 0:
                _hp_known(st, p, c, False)
                st[r + 1] = 1
                st[r + COURTIER_LEFT] = min(4, _bits(_TYPES[c]))
                return
            st[r + COURTIER_LEFT] -= 1
            if a == YES:
                st[r + COURTIER_TAKEN] |= 1
                st[G_ACTIONS] += 1
            elif a == NO:
                st[r + COURTIER_TAKEN] |= 2
                st[G_BUYS] += 1
            elif a == DONE:
                st[r + COURTIER_TAKEN] |= 4
                st[G_COINS] += 3
            else:
                st[r + COURTIER_TAKEN] |= 8
                _gain(st, rngs, p, GOLD, TO_DISCARD)
        elif kind == MINION:
            _pop(st)
            if a == YES:
                st[G_COINS] += 2
                return
            if st[_zn(p, Z_HAND)]:
                _hp_clear(st, p)
            _move_from(st, p, Z_HAND, 0, Z_DISC)
            _draw(st, rngs, p, 4)
            mask = st[r + MINION_VICTIMS]
            n = st[G_PLAYERS]
            for i in range(1, n):
                v = (p + i) % n
                if (mask >> v) & 1 and st[_zn(v, Z_HAND)] >= 5:
                    _hp_clear(st, v)
                    _move_from(st, v, Z_HAND, 0, Z_DISC)
                    _draw(st, rngs, v, 4)
        elif kind == REPLACE:
            if step == 0:
                _trash_from_hand(st, p, c)
                st[r + 1] = 1
                st[r + REPLACE_MAX] = _cost(st, c) + 2
                return
            _pop(st)
            t = _TYPES[c]
            mask = st[r + REPLACE_VICTIMS]  # (read before the gain: questions it brings take the row's place)
            _gain(st, rngs, p, c, TO_DECK if t & (ACTION | TREASURE) else TO_DISCARD)
            if t & VICTORY:
                n = st[G_PLAYERS]
                for i in range(1, n):
                    v = (p + i) % n
                    if (mask >> v) & 1:
                        _gain(st, rngs, v, CURSE, TO_DISCARD)
        elif kind == TORTURER:
            _pop(st)
            if a == YES:
                nh = st[_zn(p, Z_HAND)]
                row = _push(st, DISCARD_DOWN, 0, p)
                st[row + DISCARD_DOWN_KEEP] = max(0, nh - 2)
                st[row + DISCARD_DOWN_BASE] = st[_zn(p, Z_LOOK)]
            else:
                _gain(st, rngs, p, CURSE, TO_HAND)
        elif kind == TRADING_POST:
            _trash_from_hand(st, p, c)
            st[r + TRADING_POST_LEFT] -= 1
        elif kind == UPGRADE:
            _pop(st)
            _trash_from_hand(st, p, c)
            _push_gain(st, p, _cost(st, c) + 1, 0, TO_DISCARD, 1)
        elif kind == LURKER:
            if step == LURKER_MODE:
                st[r + 1] = LURKER_FROM_SUPPLY if a == YES else LURKER_FROM_TRASH
                return
            _pop(st)
            if step == LURKER_FROM_SUPPLY:  # not a gain: the pile shrinks (an emptied pile counts as empty)
                k = st[G_SUPPLY + c]
                st[G_SUPPLY + c] = k - 1
                if k == 1:
                    st[G_EMPTY] += 1
                _trash_list_add(st, c)
            else:
                _gain_from_trash(st, rngs, p, c)
        elif kind == SECRET_PASSAGE:
            if step == SP_TAKE:
                _remove(st, p, Z_HAND, c)
                _hp_clear(st, p)
                _append(st, p, Z_LOOK, c)
                st[r + 1] = SP_WALK
                st[r + SP_CARD] = c
                places = st[_zn(p, Z_DECK)] + st[_zn(p, Z_BOTTOM)] + 1
                st[r + SP_LO] = 0
                st[r + SP_HI] = places - 1
                st[r + SP_PLACES] = places
            else:
                st[r + SP_ASKED] += 1
                if a != DONE:
                    mid = (st[r + SP_LO] + st[r + SP_HI]) // 2
                    if a == YES:  # the upper half
                        st[r + SP_HI] = mid
                    else:
                        st[r + SP_LO] = mid + 1
                    if st[r + SP_LO] == st[r + SP_HI]:
                        m = st[_zn(p, Z_LOOK)] - 1
                        x = st[_zb(p, Z_LOOK) + m]
                        st[_zn(p, Z_LOOK)] = m
                        _sp_put(st, rngs, p, x, st[r + SP_LO])
                        st[r + SP_CARD] = -1
        elif kind == BLOCKADE:
            _pop(st)
            mask = st[r + BLOCKADE_VICTIMS]  # (read before the gain: questions it brings take the row's place)
            at = st[_zn(p, Z_DISC)]
            if not _gain(st, rngs, p, c, TO_DISCARD):
                return
            if st[_zn(p, Z_DISC)] > at and st[_zb(p, Z_DISC) + at] == c:
                _pop_at(st, p, Z_DISC, at)
                _append(st, p, Z_SHOWN, c)
                st[G_BLOCKADE] |= mask << (8 * p)
                _append(st, p, Z_DUR, BLOCKADE)
        elif kind == SAILOR:
            _pop(st)
            if step == SAILOR_TRASH:
                if a != DONE:
                    _trash_from_hand(st, p, c)
                return
            if a != YES:
                return
            x = st[r + SAILOR_CARD]
            where = _sailor_where(st, p, x)
            if where == 0:
                st[_zn(p, Z_DISC)] -= 1
            elif where == 1:
                _remove(st, p, Z_HAND, x)
                _hp_left(st, p, x)
            elif where == 2:
                st[_zn(p, Z_DECK)] -= 1
                st[S0 + p * SEAT + O_TOPN] -= 1
            else:
                _remove(st, p, Z_SHOWN, x)
            st[G_FLAGS] += 1 << SAILOR_SHIFT
            _append(st, p, Z_PLAY, x)
            _play_card(st, rngs, p, x, True)
        elif kind == PIRATE:
            _pop(st)
            if a != YES:
                return
            _remove(st, p, Z_HAND, PIRATE)
            _hp_left(st, p, PIRATE)
            _append(st, p, Z_PLAY, PIRATE)
            if p == st[G_CUR]:
                _play_card(st, rngs, p, PIRATE, True)
            else:  # played on another seat's turn: not one of that seat's plays (Conspirator)
                _card_play(st, rngs, p, PIRATE, True)
        elif kind == SABOTEUR:
            if a != DONE:
                _gain(st, rngs, p, c, TO_DISCARD)
            _saboteur_done(st, r, p)
        # --- Seaside ---
        elif kind == PEARL_DIVER:
            _pop(st)
            m = st[_zn(p, Z_LOOK)] - 1
            x = st[_zb(p, Z_LOOK) + m]
            st[_zn(p, Z_LOOK)] = m
            if a == YES:
                _put_on_deck(st, p, x)
            elif st[r + PD_ORIGIN] == PD_KNOWN_TOP:
                _insert_at(st, p, Z_DECK, 0, x)
                st[S0 + p * SEAT + O_TOPN] += 1
            else:
                _insert_at(st, p, Z_BOTTOM, 0, x)
        elif kind == EMBARGO:
            _pop(st)
            st[G_EMBARGO + c] += 1
        elif kind == NATIVE_VILLAGE:
            _pop(st)
            if a == YES:
                x = _take_top(st, rngs, p)
                if x >= 0:
                    _append(st, p, Z_NV, x)
            else:
                _move_from(st, p, Z_NV, 0, Z_HAND)
        elif kind == AMBASSADOR:
            if step == 0:
                _hp_known(st, p, c, False)
                st[r + 1] = 1
                st[r + AMB_CARD] = c
            elif a == DONE:
                _pop(st)
                _ambassador_gains(st, rngs, r, p)
            else:
                _return_to_supply(st, p, st[r + AMB_CARD])
                st[r + AMB_RETURNED] += 1
        elif kind == LOOKOUT:
            base = st[r + LOOKOUT_BASE]
            b = _zb(p, Z_LOOK)
            i = base
            while st[b + i] != c:
                i += 1
            _pop_at(st, p, Z_LOOK, i)
            if step == 0:
                _trash(st, p, c)
                st[r + 1] = 1
                return
            _append(st, p, Z_DISC, c)
            _pop(st)
            m = st[_zn(p, Z_LOOK)] - 1
            back = st[b + m]
            st[_zn(p, Z_LOOK)] = m
            _put_on_deck(st, p, back)
        elif kind == SMUGGLERS:
            _pop(st)
            _gain(st, rngs, p, c, TO_DISCARD)
        elif kind == WAREHOUSE:
            _stage_discard(st, p, c)
            st[r + WAREHOUSE_LEFT] -= 1
        elif kind == ISLAND:
            _pop(st)
            _remove(st, p, Z_HAND, c)
            _hp_left(st, p, c)
            _append(st, p, Z_ISLAND, c)
        elif kind == SALVAGER:
            _pop(st)
            k = _cost(st, c)
            _trash_from_hand(st, p, c)
            st[G_COINS] += k
        elif kind == HAVEN:
            _pop(st)
            _remove(st, p, Z_HAND, c)
            _hp_clear(st, p)
            _append(st, p, Z_HELD, c)
            _append(st, p, Z_DUR, HAVEN)
        elif kind == NAVIGATOR:
            if step == 0:
                if a == YES:
                    _pop(st)
                    _move_from(st, p, Z_LOOK, st[r + NAV_BASE], Z_DISC)
                else:
                    st[r + 1] = 1
                return
            k = st[r + NAV_BASE] + st[r + NAV_PICKED]
            b = _zb(p, Z_LOOK)
            i = k
            while st[b + i] != c:
                i += 1
            for j in range(i, k, -1):
                st[b + j] = st[b + j - 1]
            st[b + k] = c
            st[r + NAV_PICKED] += 1
        elif kind == PIRATE_SHIP:
            if step == 0:
                if a == YES:
                    st[r + 1] = 1
                else:
                    _pop(st)
                    st[G_COINS] += st[S0 + p * SEAT + O_PCOINS]
                return
            v = st[r + PS_VICTIM]
            b = _zb(v, Z_ASIDE)
            i = st[_zn(v, Z_ASIDE)] - 1
            while st[b + i] != c:
                i -= 1
            _pop_at(st, v, Z_ASIDE, i)
            _trash(st, v, c)
            st[r + PS_HIT] = 1
            _move_from(st, v, Z_ASIDE, st[_zn(v, Z_ASIDE)] - (st[r + PS_SHOWN] - 1), Z_DISC)
            st[r + 1] = 1
        elif kind == EXPLORER:
            _pop(st)
            if a == YES:
                _hp_known(st, p, PROVINCE, False)
            _gain(st, rngs, p, GOLD if a == YES else SILVER, TO_HAND)
        elif kind == GHOST_SHIP:
            _topdeck_from_hand(st, p, c)
        elif kind == TREASURY:
            st[r + TREASURY_LEFT] -= 1
            if a == YES:
                _remove(st, p, Z_PLAY, TREASURY)
                _put_on_deck(st, p, TREASURY)
        elif kind == TIDE_POOLS or kind == SEA_WITCH:
            _stage_discard(st, p, c)
            st[r + TP_LEFT] -= 1
            if not st[r + TP_LEFT]:
                _pop(st)
                _move_from(st, p, Z_LOOK, st[r + TP_BASE], Z_DISC)
        else:
            raise ValueError("dominion kernel: a decision of a frame it does not know")

    @jit.compiled
    def _can_react(st: Any, v: int, c: int) -> bool:
        """``Card.can_react``: held in hand (Diplomat: in a hand of 5 or more cards)."""
        if _find(st, v, Z_HAND, c) < 0:
            return False
        return c != DIPLOMAT or st[_zn(v, Z_HAND)] >= 5

    @jit.compiled
    def _options(st: Any, acts: Any) -> int:
        """The top frame's choices into ``acts`` (their count), -1 where it has nothing to decide."""
        r = G_FR + (st[G_NFR] - 1) * FW
        kind = st[r]
        step = st[r + 1]
        p = st[r + 2]
        if kind >= COURTYARD:
            return _x_options(st, acts, r, kind, step, p)
        nh = st[_zn(p, Z_HAND)]
        if kind == GAIN:
            k = _gainable(st, acts, st[r + GAIN_MAX_COST], st[r + GAIN_TYPE_MASK], st[r + GAIN_EXACT])
            return k if k else -1
        if kind == DISCARD_DOWN:
            if nh <= st[r + DISCARD_DOWN_KEEP]:
                return -1
            return _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
        if kind == REACT:
            if _can_react(st, p, st[r + REACT_CARD]):
                acts[0] = YES
                acts[1] = NO
                return 2
            acts[0] = NO
            return 1
        if kind == BODY or kind == REPLAY or kind == START:
            return -1
        if kind == CELLAR:
            k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            acts[k] = DONE
            return k + 1
        if kind == CHAPEL:
            if st[r + CHAPEL_TRASHED] >= CHAPEL_LIMIT:
                return -1
            k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            acts[k] = DONE
            return k + 1
        if kind == CHANCELLOR or kind == MONEYLENDER or kind == VASSAL:
            acts[0] = YES
            acts[1] = NO
            return 2
        if kind == BUREAUCRAT:
            k = _distinct(st, p, Z_HAND, 0, nh, VICTORY, acts, 0)
            return k if k else -1
        if kind == REMODEL or kind == ARTISAN:
            k = _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            return k if k else -1
        if kind == SPY:
            if step:
                acts[0] = YES
                acts[1] = NO
                return 2
            return -1
        if kind == THIEF:
            if step == 1:
                v = st[r + THIEF_VICTIM]
                return _distinct(st, v, Z_ASIDE, 0, st[_zn(v, Z_ASIDE)], TREASURE, acts, 0)
            if step == 2 and st[r + THIEF_TRASHED] > 0:
                k = 0
                _fresh_marks(st)
                for j in range(st[r + THIEF_TRASHED]):
                    c = st[r + THIEF_TRASHED + 1 + j]
                    if _mark(st, c):
                        acts[k] = CARD_ACTIONS + 2 + 3 * c
                        k += 1
                acts[k] = DONE
                return k + 1
            return -1
        if kind == THRONE_ROOM or kind == MINE:
            k = _distinct(st, p, Z_HAND, 0, nh, ACTION if kind == THRONE_ROOM else TREASURE, acts, 0)
            if st[G_EDITION] == 2:
                acts[k] = DONE
                k += 1
            return k if k else -1
        if kind == LIBRARY:
            if not step:
                return -1
            lk = st[_zb(p, Z_LOOK) + st[_zn(p, Z_LOOK)] - 1]
            if _TYPES[lk] & ACTION:
                acts[0] = YES
                acts[1] = NO
                return 2
            acts[0] = NO
            return 1
        if kind == HARBINGER:
            k = _distinct(st, p, Z_DISC, 0, st[_zn(p, Z_DISC)], 0, acts, 0)
            acts[k] = DONE
            return k + 1
        if kind == POACHER:
            if st[r + POACHER_LEFT] and nh:
                return _distinct(st, p, Z_HAND, 0, nh, 0, acts, 0)
            return -1
        if kind == BANDIT:
            if step == 0:
                return -1
            k = 0
            _fresh_marks(st)
            b = _zb(p, Z_ASIDE)
            for j in range(st[_zn(p, Z_ASIDE)]):
                c = st[b + j]
                if _mark(st, c):
                    if _TYPES[c] & TREASURE and c != COPPER:
                        acts[k] = CARD_ACTIONS + 2 + 3 * c
                        k += 1
            return k
        if kind == SENTRY:
            nl = st[_zn(p, Z_LOOK)]
            b = _zb(p, Z_LOOK)
            if step == 2:
                if nl != 2:
                    return -1
                acts[0] = CARD_ACTIONS + 2 + 3 * st[b]
                if st[b] == st[b + 1]:
                    return 1
                acts[1] = CARD_ACTIONS + 2 + 3 * st[b + 1]
                return 2
            free = nl - st[r + SENTRY_PICKED]
            if free <= 0:
                return -1
            k = _distinct(st, p, Z_LOOK, 0, free, 0, acts, 0)
            acts[k] = DONE
            return k + 1
        raise ValueError("dominion kernel: a frame of a card it does not play")

    @jit.compiled
    def _sentry_put_back(st: Any, p: int, on_top: int) -> None:
        _pop(st)
        nl = st[_zn(p, Z_LOOK)]
        if nl:
            _remove(st, p, Z_LOOK, on_top)
            b = _zb(p, Z_LOOK)
            for j in range(nl - 1):
                _put_on_deck(st, p, st[b + j])
            _put_on_deck(st, p, on_top)
            st[_zn(p, Z_LOOK)] = 0

    @jit.compiled
    def _sentry_next(st: Any, r: int, p: int) -> None:
        if st[r + 1] == 1:
            _move_from(st, p, Z_LOOK, st[_zn(p, Z_LOOK)] - st[r + SENTRY_PICKED], Z_DISC)
            st[r + SENTRY_PICKED] = 0
        st[r + 1] += 1

    @jit.compiled
    def _resume(st: Any, rngs: Any) -> None:
        """The top frame's ``resume`` (it had nothing to decide)."""
        r = G_FR + (st[G_NFR] - 1) * FW
        kind = st[r]
        p = st[r + 2]
        if kind >= COURTYARD:
            _x_resume(st, rngs, r, kind, st[r + 1], p)
        elif kind == START:  # the next Duration waiting acts (``frames.Start``)
            k = st[_zn(p, Z_START)]
            if k:
                c = _pop_at(st, p, Z_START, 0)
                _duration(st, rngs, p, c)
            else:
                _pop(st)
        elif kind == DISCARD_DOWN:
            _pop(st)
            _move_from(st, p, Z_LOOK, st[r + DISCARD_DOWN_BASE], Z_DISC)
        elif kind == POACHER:
            _pop(st)
            _move_from(st, p, Z_LOOK, st[r + POACHER_BASE], Z_DISC)
        elif kind == BODY:
            _pop(st)
            st[G_IMMUNE] = st[r + BODY_IMMUNE]
            _card_play(st, rngs, p, st[r + BODY_CARD], st[r + BODY_FIRST] != 0)
        elif kind == REPLAY:
            _pop(st)
            _play_card(st, rngs, p, st[r + REPLAY_CARD], False)
        elif kind == SPY:
            nt = st[r + SPY_TO_REVEAL]
            if nt == 0:
                _pop(st)
                return
            t = st[r + SPY_TO_REVEAL + 1]
            for j in range(nt - 1):
                st[r + SPY_TO_REVEAL + 1 + j] = st[r + SPY_TO_REVEAL + 2 + j]
            st[r + SPY_TO_REVEAL] = nt - 1
            c = _take_top(st, rngs, t)
            if c < 0:
                return
            _append(st, t, Z_ASIDE, c)
            st[r + 1] = 1
            st[r + SPY_TARGET] = t
            st[r + SPY_CARD] = c
        elif kind == THIEF:
            if st[r + 1] == 2 or st[r + THIEF_TO_REVEAL] == 0:
                if st[r + 1] == 2:
                    _pop(st)
                st[r + 1] = 2
                return
            n = st[G_PLAYERS]
            v = -1
            for i in range(1, n):
                q = (p + i) % n
                if (st[r + THIEF_TO_REVEAL] >> q) & 1:
                    v = q
                    break
            st[r + THIEF_VICTIM] = v
            st[r + THIEF_TO_REVEAL] &= ~(1 << v)
            start = st[_zn(v, Z_ASIDE)]
            for _ in range(2):
                x = _take_top(st, rngs, v)
                if x >= 0:
                    _append(st, v, Z_ASIDE, x)
            b = _zb(v, Z_ASIDE)
            any_t = False
            for i in range(start, st[_zn(v, Z_ASIDE)]):
                if _TYPES[st[b + i]] & TREASURE:
                    any_t = True
            if any_t:
                st[r + 1] = 1
            else:
                _move_from(st, v, Z_ASIDE, 0, Z_DISC)
        elif kind == LIBRARY:
            if st[_zn(p, Z_HAND)] < 7:
                c = _take_top(st, rngs, p)
                if c >= 0:
                    _append(st, p, Z_LOOK, c)
                    st[r + 1] = 1
                    return
            _pop(st)
            if st[r + LIBRARY_SET_ASIDE]:
                _move_from(st, p, Z_ASIDE, st[_zn(p, Z_ASIDE)] - st[r + LIBRARY_SET_ASIDE], Z_DISC)
        elif kind == BANDIT:
            start = st[_zn(p, Z_ASIDE)]
            for _ in range(2):
                x = _take_top(st, rngs, p)
                if x >= 0:
                    _append(st, p, Z_ASIDE, x)
            b = _zb(p, Z_ASIDE)
            good = False
            for i in range(start, st[_zn(p, Z_ASIDE)]):
                c = st[b + i]
                if _TYPES[c] & TREASURE and c != COPPER:
                    good = True
            if good:
                st[r + 1] = 1
            else:
                _pop(st)
                _move_from(st, p, Z_ASIDE, 0, Z_DISC)
        elif kind == SENTRY:
            if st[r + 1] != 2:
                _sentry_next(st, r, p)
            else:
                nl = st[_zn(p, Z_LOOK)]
                _sentry_put_back(st, p, st[_zb(p, Z_LOOK) + nl - 1] if nl else -1)
        elif kind == BUREAUCRAT:  # a hand with no Victory card: revealed
            _pop(st)
            _hp_reveal(st, p)
        else:  # GAIN, CHAPEL, REMODEL, ARTISAN, THRONE_ROOM, MINE with nothing to choose
            _pop(st)

    @jit.compiled
    def _decide(st: Any, rngs: Any, a: int) -> None:
        """The top frame's ``decide`` with action index ``a``."""
        r = G_FR + (st[G_NFR] - 1) * FW
        kind = st[r]
        p = st[r + 2]
        c = (a - CARD_ACTIONS) // 3 if a >= CARD_ACTIONS else -1
        if kind >= COURTYARD:
            _x_decide(st, rngs, r, kind, st[r + 1], p, a, c)
        elif kind == GAIN:
            _pop(st)
            _gain(st, rngs, p, c, st[r + GAIN_DEST])
        elif kind == DISCARD_DOWN:
            _stage_discard(st, p, c)
        elif kind == REACT:
            _pop(st)
            if a == YES:
                x = st[r + REACT_CARD]
                _hp_known(st, p, x, False)
                if x == MOAT:
                    for j in range(st[G_NFR] - 1, -1, -1):
                        g = G_FR + j * FW
                        if st[g] == BODY:
                            st[g + BODY_IMMUNE] |= 1 << p
                            break
                else:  # Secret Chamber, Diplomat: asked again once what they do is settled
                    row = _push(st, REACT, 0, p)
                    st[row + REACT_CARD] = x
                    _draw(st, rngs, p, 2)
                    if x == SECRET_CHAMBER:
                        row = _push(st, SECRET_CHAMBER, 1, p)
                        st[row + SC_BASE] = 0
                        st[row + SC_LEFT] = 2
                    else:
                        row = _push(st, DISCARD_DOWN, 0, p)
                        st[row + DISCARD_DOWN_KEEP] = max(0, st[_zn(p, Z_HAND)] - 3)
                        st[row + DISCARD_DOWN_BASE] = st[_zn(p, Z_LOOK)]
        elif kind == CELLAR:
            if a == DONE:
                _pop(st)
                _draw(st, rngs, p, _move_from(st, p, Z_LOOK, st[r + CELLAR_BASE], Z_DISC))
            else:
                _stage_discard(st, p, c)
        elif kind == CHAPEL:
            if a == DONE:
                _pop(st)
            else:
                _trash_from_hand(st, p, c)
                st[r + CHAPEL_TRASHED + 1 + st[r + CHAPEL_TRASHED]] = c
                st[r + CHAPEL_TRASHED] += 1
        elif kind == CHANCELLOR:
            _pop(st)
            if a == YES:  # ``zones.deck_to_discard``: the deck, then its known bottom from the top down
                _move_from(st, p, Z_DECK, 0, Z_DISC)
                st[S0 + p * SEAT + O_TOPN] = 0
                bb = _zb(p, Z_BOTTOM)
                for i in range(st[_zn(p, Z_BOTTOM)] - 1, -1, -1):
                    _append(st, p, Z_DISC, st[bb + i])
                st[_zn(p, Z_BOTTOM)] = 0
        elif kind == BUREAUCRAT:
            _pop(st)
            _remove(st, p, Z_HAND, c)
            _hp_left(st, p, c)
            _put_on_deck(st, p, c)
        elif kind == MONEYLENDER:
            _pop(st)
            if a == YES:
                _trash_from_hand(st, p, COPPER)
                st[G_COINS] += 3
        elif kind == REMODEL:
            _pop(st)
            _trash_from_hand(st, p, c)
            _push_gain(st, p, _cost(st, c) + 2, 0, TO_DISCARD, 0)
        elif kind == SPY:
            t = st[r + SPY_TARGET]
            x = st[r + SPY_CARD]
            _remove(st, t, Z_ASIDE, x)
            if a == YES:
                _append(st, t, Z_DISC, x)
            else:
                _put_on_deck(st, t, x)
            st[r + 1] = 0
        elif kind == THIEF:
            if st[r + 1] == 1:
                v = st[r + THIEF_VICTIM]
                _remove(st, v, Z_ASIDE, c)
                _trash(st, v, c)
                st[r + THIEF_TRASHED + 1 + st[r + THIEF_TRASHED]] = c
                st[r + THIEF_TRASHED] += 1
                _move_from(st, v, Z_ASIDE, 0, Z_DISC)
                st[r + 1] = 0
            elif a == DONE:
                _pop(st)
            else:
                n = st[r + THIEF_TRASHED]
                for j in range(n):
                    if st[r + THIEF_TRASHED + 1 + j] == c:
                        for i in range(j, n - 1):
                            st[r + THIEF_TRASHED + 1 + i] = st[r + THIEF_TRASHED + 2 + i]
                        break
                st[r + THIEF_TRASHED] = n - 1
                _gain_from_trash(st, rngs, p, c)
        elif kind == THRONE_ROOM:
            _pop(st)
            if a != DONE:
                _remove(st, p, Z_HAND, c)
                _hp_left(st, p, c)
                _append(st, p, Z_PLAY, c)
                if _TYPES[c] & DURATION:  # ``s.throned``: it stays in play as long as the Duration it plays
                    k = st[G_NTHR]
                    if k >= MAXTHR:
                        raise ValueError("dominion kernel: too many Throne Rooms of Durations in one turn")
                    st[G_THR + 2 * k] = THRONE_ROOM
                    st[G_THR + 2 * k + 1] = c
                    st[G_NTHR] = k + 1
                rr = _push(st, REPLAY, 0, p)
                st[rr + REPLAY_CARD] = c
                _play_card(st, rngs, p, c, True)
        elif kind == LIBRARY:
            nl = st[_zn(p, Z_LOOK)]
            x = st[_zb(p, Z_LOOK) + nl - 1]
            st[_zn(p, Z_LOOK)] = nl - 1
            if a == YES:
                _append(st, p, Z_ASIDE, x)
                st[r + LIBRARY_SET_ASIDE] += 1
            else:
                _append(st, p, Z_HAND, x)
                st[r + LIBRARY_DRAWN] += 1
            st[r + 1] = 0
        elif kind == MINE:
            _pop(st)
            if a != DONE:
                _trash_from_hand(st, p, c)
                _push_gain(st, p, _cost(st, c) + 3, TREASURE, TO_HAND, 0)
        elif kind == HARBINGER:
            _pop(st)
            if a != DONE:
                b = _zb(p, Z_DISC)
                i = st[_zn(p, Z_DISC)] - 1
                while st[b + i] != c:
                    i -= 1
                _pop_at(st, p, Z_DISC, i)
                _put_on_deck(st, p, c)
        elif kind == VASSAL:
            _pop(st)
            x = st[r + VASSAL_CARD]
            nd = st[_zn(p, Z_DISC)]
            if a == YES and nd and st[_zb(p, Z_DISC) + nd - 1] == x:
                st[_zn(p, Z_DISC)] = nd - 1
                _append(st, p, Z_PLAY, x)
                _play_card(st, rngs, p, x, True)
        elif kind == POACHER:
            _stage_discard(st, p, c)
            st[r + POACHER_LEFT] -= 1
        elif kind == BANDIT:
            _remove(st, p, Z_ASIDE, c)
            _trash(st, p, c)
            _pop(st)
            _move_from(st, p, Z_ASIDE, 0, Z_DISC)
        elif kind == SENTRY:
            if st[r + 1] == 2:
                _sentry_put_back(st, p, c)
            elif a == DONE:
                _sentry_next(st, r, p)
            else:
                _remove(st, p, Z_LOOK, c)
                if st[r + 1] == 0:
                    _trash(st, p, c)
                else:
                    _append(st, p, Z_LOOK, c)
                    st[r + SENTRY_PICKED] += 1
        elif kind == ARTISAN:
            _pop(st)
            _topdeck_from_hand(st, p, c)
        else:
            raise ValueError("dominion kernel: a decision of a frame it does not know")

    # --- the turn machine -----------------------------------------------------------------------------
    @jit.compiled
    def _phase_list(st: Any, acts: Any) -> int:
        """``legal_actions`` with the stack empty."""
        p = st[G_CUR]
        b = _zb(p, Z_HAND)
        nh = st[_zn(p, Z_HAND)]
        lo = NC
        hi = -1
        k = 0
        _fresh_marks(st)
        stamp = st[G_STAMP]
        if st[G_PHASE] == ACTION_PHASE:
            for i in range(nh):
                c = st[b + i]
                if _TYPES[c] & ACTION:
                    st[G_MARK + c] = stamp
                    lo = min(lo, c)
                    hi = max(hi, c)
            for c in range(lo, hi + 1):  # by card id
                if st[G_MARK + c] == stamp:
                    acts[k] = CARD_ACTIONS + 3 * c
                    k += 1
            acts[k] = END_ACTIONS
            return k + 1
        if not st[G_BOUGHT]:
            for i in range(nh):
                c = st[b + i]
                if _TYPES[c] & TREASURE:
                    st[G_MARK + c] = stamp
                    lo = min(lo, c)
                    hi = max(hi, c)
            if hi >= 0:
                acts[0] = PLAY_TREASURES
                k = 1
                for c in range(lo, hi + 1):
                    if st[G_MARK + c] == stamp:
                        acts[k] = CARD_ACTIONS + 3 * c
                        k += 1
        if st[G_BUYS] > 0:
            v = min(st[G_COINS] + st[G_DISCOUNT], MAXCOST)
            at = G_AFFORD + v * NC
            for j in range(st[G_NAFFORD + v]):  # the piles costing up to $v, in pile order
                c = st[at + j]
                if st[G_SUPPLY + c] > 0:
                    acts[k] = CARD_ACTIONS + 1 + 3 * c
                    k += 1
        acts[k] = END_BUYS
        return k + 1

    @jit.compiled
    def _special_in_hand(st: Any, p: int) -> bool:
        b = _zb(p, Z_HAND)
        for i in range(st[_zn(p, Z_HAND)]):
            if _SPECIAL[st[b + i]]:
                return True
        return False

    @jit.compiled
    def _play_treasure(st: Any, rngs: Any, p: int, c: int) -> None:
        """``rules.play_treasure``: ``c`` (in play already) makes its coins, what the turn adds (Merchant's first
        Silver, Coppersmith), what else it does (Astrolabe), and another seat's Corsair may trash it."""
        st[G_COINS] += _COINS[c]
        if c == SILVER and not st[G_SPLAYED]:
            st[G_SPLAYED] = 1
            st[G_COINS] += st[G_SBONUS]
        elif c == COPPER:
            st[G_COINS] += st[G_CBONUS]
        if _SPECIAL[c]:
            st[G_BUYS] += _PBUYS[c]
            st[G_ACTIONS] += _PACTIONS[c]
            st[G_COINS] += _PCOINS[c]
            if _PCARDS[c]:
                _draw(st, rngs, p, _PCARDS[c])
            if _WAITS[c]:
                _append(st, p, Z_DUR, c)
        if (st[G_CORSAIR] and (c == SILVER or c == GOLD) and st[G_CORSAIR] & _CORSAIR_HITS[p]
                and not st[G_FLAGS] & CORSAIR_STRUCK):
            j = _find(st, p, Z_PLAY, c)
            if j >= 0:
                st[G_FLAGS] |= CORSAIR_STRUCK
                _pop_at(st, p, Z_PLAY, j)
                _trash(st, p, c)

    @jit.compiled
    def _staying(st: Any, p: int) -> None:
        """``frames.staying`` at ``p``'s Clean-up: the cards in play that stay (a Duration once per play of it that
        acts next turn, and the Throne Room that played one) keep their order in the play area; the rest go to the
        discard pile in order."""
        quota = np.zeros(NC, dtype=np.int64)
        bd = _zb(p, Z_DUR)
        for i in range(st[_zn(p, Z_DUR)]):
            quota[st[bd + i]] += 1
        for i in range(st[G_NTHR]):
            x = st[G_THR + 2 * i + 1]
            if quota[x] > 0:
                quota[st[G_THR + 2 * i]] += 1
        b = _zb(p, Z_PLAY)
        n = st[_zn(p, Z_PLAY)]
        kept = 0
        for i in range(n):
            c = st[b + i]
            if quota[c] > 0:
                quota[c] -= 1
                st[b + kept] = c
                kept += 1
            else:
                _append(st, p, Z_DISC, c)
        st[_zn(p, Z_PLAY)] = kept

    @jit.compiled
    def _cleanup(st: Any, rngs: Any, p: int) -> bool:
        _move_from(st, p, Z_HAND, 0, Z_DISC)
        _hp_clear(st, p)
        if st[_zn(p, Z_DUR)]:
            _staying(st, p)
        else:
            _move_from(st, p, Z_PLAY, 0, Z_DISC)
        outpost = st[G_OUTPOST]
        extra = outpost and not st[G_EXTRA]  # an Outpost acted: the next turn is this seat's again
        _draw(st, rngs, p, 3 if outpost else 5)
        sb = S0 + p * SEAT
        if not st[G_EXTRA]:
            st[sb + O_TURNS] += 1
        st[G_ACTIONS] = 1
        st[G_BUYS] = 1
        st[G_COINS] = 0
        st[G_SBONUS] = 0
        st[G_SPLAYED] = 0
        st[G_BOUGHT] = 0
        st[G_DISCOUNT] = 0
        st[G_CBONUS] = 0
        st[G_FLAGS] = 0
        st[G_NTHR] = 0
        st[G_OUTPOST] = 0
        st[G_PLAYED] = 0
        lim = st[G_LIMIT]
        if (st[G_SUPPLY + PROVINCE] == 0 or st[G_EMPTY] >= 3 or (st[G_COLONY] and st[G_SUPPLY + COLONY] == 0)
                or (lim and p == st[G_PLAYERS] - 1 and st[sb + O_TURNS] >= lim)):
            st[G_PHASE] = OVER
            st[G_TOMOVE] = -1
            return True
        st[G_EXTRA] = 1 if extra else 0
        if not extra:
            p = (p + 1) % st[G_PLAYERS]
            st[G_CUR] = p
        st[G_PHASE] = ACTION_PHASE
        st[_zn(p, Z_GAINS)] = 0
        nd = st[_zn(p, Z_DUR)]
        if nd:  # the Durations played last turn act now, in the order they were played (``frames.Start``)
            st[_zn(p, Z_START)] = 0
            _move_from(st, p, Z_DUR, 0, Z_START)
            _push(st, START, 0, p)
        return False

    @jit.compiled
    def _settle(st: Any, rngs: Any, acts: Any) -> int:
        """``Dominion._advance``: on to the next decision; its legal actions in ``acts`` (their count), 0 at
        the end."""
        while True:
            if st[G_TOMOVE] < 0:
                return 0
            if st[G_NFR]:
                k = _options(st, acts)
                if k < 0:
                    _resume(st, rngs)
                    continue
                r = G_FR + (st[G_NFR] - 1) * FW
                kind = st[r]
                if k == 1 and not (_ALWAYS[kind] if kind >= 0 else _ALWAYS_FRAMES[-kind]):
                    _decide(st, rngs, acts[0])
                    continue
                st[G_TOMOVE] = st[r + 2]
                return k
            p = st[G_CUR]
            if st[G_PHASE] == ACTION_PHASE:
                if st[G_ACTIONS] > 0:
                    b = _zb(p, Z_HAND)
                    for i in range(st[_zn(p, Z_HAND)]):
                        if _TYPES[st[b + i]] & ACTION:
                            st[G_TOMOVE] = p
                            return _phase_list(st, acts)
                st[G_PHASE] = BUY_PHASE
            if st[G_BUYS] > 0:
                st[G_TOMOVE] = p
                return _phase_list(st, acts)
            if st[G_TREASURY] and not st[G_FLAGS] & BUY_END_SETTLED and _find(st, p, Z_PLAY, TREASURY) >= 0:
                st[G_FLAGS] |= BUY_END_SETTLED  # ``Card.buy_end``: Treasury, once for its copies in play
                if not st[G_FLAGS] & (BOUGHT_VICTORY if st[G_EDITION] == 1 else GAINED_VICTORY_IN_BUY):
                    r = _push(st, TREASURY, 0, p)
                    k = 0
                    b = _zb(p, Z_PLAY)
                    for i in range(st[_zn(p, Z_PLAY)]):
                        if st[b + i] == TREASURY:
                            k += 1
                    st[r + TREASURY_LEFT] = k
                continue
            if _cleanup(st, rngs, p):
                return 0

    @jit.compiled
    def _apply(st: Any, rngs: Any, idx: int) -> None:
        """``Dominion.apply`` of a legal action index (without the advance)."""
        if st[G_NFR]:
            _decide(st, rngs, idx)
            return
        p = st[G_CUR]
        if st[G_PHASE] == BUY_PHASE:
            if idx == PLAY_TREASURES and (st[G_CBONUS] or st[G_CORSAIR]
                                          or (st[G_SPECIALS] and _special_in_hand(st, p))):
                # one by one, in hand order, where a Treasure does more than its coins (``_play_each_treasure``)
                b = _zb(p, Z_HAND)
                i = 0
                while i < st[_zn(p, Z_HAND)]:
                    c = st[b + i]
                    if _TYPES[c] & TREASURE:
                        _pop_at(st, p, Z_HAND, i)
                        _hp_left(st, p, c)
                        _append(st, p, Z_PLAY, c)
                        _play_treasure(st, rngs, p, c)
                    else:
                        i += 1
            elif idx == PLAY_TREASURES:
                b = _zb(p, Z_HAND)
                nh = st[_zn(p, Z_HAND)]
                keep = 0
                coins = 0
                silver = False
                for i in range(nh):
                    c = st[b + i]
                    if _TYPES[c] & TREASURE:
                        _append(st, p, Z_PLAY, c)
                        coins += _COINS[c]
                        if c == SILVER:
                            silver = True
                    else:
                        st[b + keep] = c
                        keep += 1
                st[_zn(p, Z_HAND)] = keep
                nk = st[_zn(p, Z_HPUB)]
                if nk:  # the known Treasures left with the rest
                    h = _zb(p, Z_HPUB)
                    j = 0
                    for i in range(nk):
                        if not _TYPES[st[h + i]] & TREASURE:
                            st[h + j] = st[h + i]
                            j += 1
                    st[_zn(p, Z_HPUB)] = j
                st[G_COINS] += coins
                if st[G_SBONUS] and not st[G_SPLAYED] and silver:
                    st[G_COINS] += st[G_SBONUS]
                    st[G_SPLAYED] = 1
            elif idx == END_BUYS:
                st[G_BUYS] = 0
            else:
                c = (idx - CARD_ACTIONS) // 3
                if (idx - CARD_ACTIONS) % 3 == 1:
                    st[G_COINS] -= _cost(st, c)
                    st[G_BUYS] -= 1
                    st[G_BOUGHT] = 1
                    if _TYPES[c] & VICTORY:
                        st[G_FLAGS] |= BOUGHT_VICTORY
                    _gain(st, rngs, p, c, TO_DISCARD)
                    for _ in range(st[G_EMBARGO + c]):  # a Curse per Embargo token on the pile bought from
                        _gain(st, rngs, p, CURSE, TO_DISCARD)
                else:
                    _remove(st, p, Z_HAND, c)
                    _hp_left(st, p, c)
                    _append(st, p, Z_PLAY, c)
                    _play_treasure(st, rngs, p, c)
            return
        if idx == END_ACTIONS:
            st[G_PHASE] = BUY_PHASE
            return
        c = (idx - CARD_ACTIONS) // 3
        _remove(st, p, Z_HAND, c)
        _hp_left(st, p, c)
        _append(st, p, Z_PLAY, c)
        st[G_ACTIONS] -= 1
        _play_card(st, rngs, p, c, True)

    @jit.compiled
    def _copy(template: Any) -> Any:
        """A copy of the state array for play: the table fields, and of each zone its cards (not the room after
        them; nothing reads a zone beyond its count, nor a seat beyond the game's)."""
        st = np.empty(SIZE, dtype=np.int64)
        for j in range(S0):
            st[j] = template[j]
        for q in range(template[G_PLAYERS]):
            sb = S0 + q * SEAT
            for z in range(NZ):
                b = sb + z * ZC
                for j in range(b, b + template[sb + O_COUNT + z]):
                    st[j] = template[j]
            for j in range(sb + O_COUNT, sb + SEAT):
                st[j] = template[j]
        return st

    @jit.compiled
    def _score(st: Any, q: int) -> int:
        """Seat ``q``'s victory points (``rules.score``): its cards owned, Gardens by their number."""
        sb = S0 + q * SEAT
        total = 0
        for c in range(NC):
            total += st[sb + O_OWNED + c]
        vp = 0
        for c in range(NC):
            k = st[sb + O_OWNED + c]
            if k:
                if c == GARDENS:
                    vp += k * (total // 10)
                elif c == DUKE:
                    vp += k * st[sb + O_OWNED + DUCHY]
                else:
                    vp += k * _VP[c]
        return vp

    @jit.compiled
    def _result(st: Any, out: Any) -> None:
        """A finished game's scores into ``out[:4]``, turns into ``out[4:8]`` and ranks (``Dominion.result``'s:
        the score, then fewer turns) into ``out[8:12]``."""
        n = st[G_PLAYERS]
        for q in range(n):
            out[q] = _score(st, q)
            out[MAXP + q] = st[S0 + q * SEAT + O_TURNS]
        for q in range(n):
            r = 1
            for o in range(n):
                if out[o] > out[q] or (out[o] == out[q] and out[MAXP + o] < out[MAXP + q]):
                    r += 1
            out[2 * MAXP + q] = r

    @jit.compiled
    def determinize(template: Any, slots: Any, seg: Any, srng: Any) -> Any:
        """``Dominion.determinize`` on the kernel's array: a copy of ``template`` (the root state encoded with
        each resampled seat's hand as its pinned cards first, ``round_prepare``) in which each resampled seat's
        cards at the addresses ``slots`` (``seg[i]`` of them for the i-th such seat, in seat order, in the order
        ``_resample_seat`` pools them) are shuffled as ``Rng.shuffle`` shuffles that pool, from the search's
        generator (state ``srng[0]``, advanced in place)."""
        st = _copy(template)
        at = 0
        for i in range(seg.shape[0]):
            n = seg[i]
            for j in range(n - 1, 0, -1):
                x = _below(srng, 0, j + 1)
                a, b = slots[at + j], slots[at + x]
                t = st[a]
                st[a] = st[b]
                st[b] = t
            at += n
        return st

    @jit.compiled
    def summary(st: Any, out: Any) -> None:
        """Per seat: score, turns, Provinces, the turns of the 4th and 8th, then the cards owned (``NC``)."""
        for q in range(st[G_PLAYERS]):
            sb = S0 + q * SEAT
            out[q, 0] = _score(st, q)
            out[q, 1] = st[sb + O_TURNS]
            out[q, 2] = st[sb + O_PROV]
            out[q, 3] = st[sb + O_P4]
            out[q, 4] = st[sb + O_P8]
            for c in range(NC):
                out[q, 5 + c] = st[sb + O_OWNED + c]

    @jit.compiled
    def games(mode: int, state: Any, rngs: Any, first: int, record: bool, rec: Any, lists: Any, slots: Any,
              seg: Any, firsts: Any, srng: Any, out: Any) -> Any:
        """Every way the kernel plays ``random`` seats, in one compiled function (each function that calls the
        engine is compiled with the whole engine inside it, so one entry point compiles it once); returns the final
        state array and the number of decisions played (over every playout, for ``ROUND``). Seat p draws its
        choices from ``rngs[1 + p]``, chance from ``rngs[0]``; with ``TREASURES`` added to ``mode`` each seat plays as
        ``random-treasures`` (all its Treasures at once whenever it may, drawing nothing for it). By ``mode``:

        - ``PLAY``: ``state`` (settled, or at a decision) played to the end in place; with ``record``, ``rec[step]``
          is the chosen action and ``rec[cap + step]`` the number of legal actions (``cap`` half its length),
          every legal list laid end to end in ``lists``.
        - ``NEW``: ``PLAY`` from a freshly set up state, then ``summary`` into ``out``.
        - ``AFTER``: the legal action index ``first`` applied with the state's own stream (``rngs[0]``) and the game
          moved on to the next decision (as ``Dominion.apply`` does), then the game's stream replaced by
          ``srng[0]`` and the rest played as ``PLAY`` (no record).
        - ``PLAYOUT``: a search's playout: a copy of ``state`` played to the end, after ``first`` where it is not
          -1 (applied, and the game moved on, with the state's own stream ``srng[1]``). The game's stream is then
          replaced by the next output of the agent's generator (state ``srng[0]``, advanced in place) and seat q
          draws from a stream seeded by the q-th output after it (``Rng.next64``). Scores into ``out[0, :4]``,
          turns into ``out[0, 4:8]`` and the ranks (``Dominion.result``'s: the score, then fewer turns) into
          ``out[0, 8:12]``; the copy's final array is returned. ``rngs`` is room for the streams.
        - ``ROUND``: a flat search's round: ``determinize`` (the search's generator ``srng[0]``), the determinized
          state's stream and the playout policy's seed as the search's next two draws (``Rng.next64``), then a
          ``PLAYOUT`` of each action index of ``firsts`` from that state with the policy's generator at that seed
          (row j of ``out``: the scores, turns and ranks of ``firsts[j]``'s playout). ``srng[1]`` is left at the
          policy's generator state after the last playout.
        """
        money = mode & TREASURES
        mode &= TREASURES - 1
        acts = np.empty(NACT, dtype=np.int64)
        # the streams in an array of the function's own (its writes then alias no state: a faster loop), given back
        # at the end
        streams = np.empty(max(1 + MAXP, rngs.shape[0]), dtype=np.uint64)
        for q in range(rngs.shape[0]):
            streams[q] = rngs[q]
        at = 0
        nact = 0
        st = state
        base = state
        rounds = 1
        seed = srng[0]
        own = srng[1] if mode == PLAYOUT else seed
        if mode == ROUND:
            base = determinize(state, slots, seg, srng)
            s = srng[0] + _G
            own = _mix(s)
            s = s + _G
            seed = _mix(s)
            srng[0] = s
            rounds = firsts.shape[0]
        g = seed
        for j in range(rounds):
            if mode == PLAYOUT or mode == ROUND:
                st = _copy(base)
                g = seed + _G
                chance = _mix(g)
                for q in range(st[G_PLAYERS]):
                    g = g + _G
                    streams[1 + q] = _mix(g)
                f = firsts[j] if mode == ROUND else first
                if f >= 0:
                    streams[0] = own
                    _apply(st, streams, f)
                    _settle(st, streams, acts)
                streams[0] = chance
            elif mode == AFTER:
                _apply(st, streams, first)
                _settle(st, streams, acts)
                streams[0] = srng[0]
            k = _settle(st, streams, acts)
            while k:
                if money and acts[0] == PLAY_TREASURES and k > 1:  # (PLAY_TREASURES, index 0, leads only a buy list)
                    idx = PLAY_TREASURES
                else:
                    idx = _pick(acts, k, streams, 1 + st[G_TOMOVE])
                if record:
                    at = jit.record(rec, lists, nact, at, acts, k, idx)
                _apply(st, streams, idx)
                nact += 1
                k = _settle(st, streams, acts)
            if mode == PLAYOUT or mode == ROUND:
                _result(st, out[j])
        if mode == PLAYOUT:
            srng[0] = g
        elif mode == ROUND:
            srng[1] = g
        elif mode == NEW:
            summary(st, out)
        for q in range(rngs.shape[0]):
            rngs[q] = streams[q]
        return st, nact

    #: ``games``' arguments where its mode reads none (of the types the others are, so one version is compiled)
    _NO_INTS = np.zeros(2, dtype=np.int64)
    _NO_STREAMS = np.zeros(2, dtype=np.uint64)
    _NO_ROWS = np.zeros((1, 3 * MAXP), dtype=np.int64)


# --- between the reference's state and the kernel's ------------------------------------------------------
def _frame_row(f: list[int]) -> list[int]:
    """A reference frame as the kernel's row: the same fields, and a ``Tail`` list as its length and its items."""
    owner = HANDLERS[f[0]]
    if not owner.tail:
        return list(f)
    t = HEAD + len(owner.fields)
    return [*f[:t], len(f) - t, *f[t:]]


def encodable(s: Any) -> bool:
    """Whether the kernel can take the reference state ``s`` (every pile's card played by it, 1-4 seats)."""
    ok = _PILES_OK.get(s.piles)
    if ok is None or _PILES_OK.get(None) is not SUPPORTED:
        if _PILES_OK.get(None) is not SUPPORTED:
            _PILES_OK.clear()
            _PILES_OK[None] = SUPPORTED
        ok = _PILES_OK[s.piles] = all(c in SUPPORTED for c in s.piles)
    if not (ok and s.players <= MAXP and len(s.stack) < MAXFR):
        return False
    # what the kernel's fixed rooms hold: frame rows, the Throne Rooms of Durations, no known deck bottom
    return (all(len(f) + bool(HANDLERS[f[0]].tail) <= FW for f in s.stack if f[0] not in (START, SABOTEUR))
            and sum(1 for i in range(1, len(s.throned), 2) if TYPES[s.throned[i]] & DURATION) <= MAXTHR)


#: pile tuples the kernel plays (``encodable``), for the ``SUPPORTED`` at key None
_PILES_OK: dict[Any, Any] = {}


def _base(piles: tuple[int, ...]) -> Any:
    """The table fields ``encode`` starts from for a Supply of these piles: ``-1`` everywhere but the piles, the
    table of affordable piles by coins and the cards watching gains (kept per pile tuple)."""
    base = _BASES.get(piles)
    if base is None:
        base = np.full(S0, -1, dtype=np.int64)  # (the table fields: ``encode`` writes the seats)
        base[G_NPILES] = len(piles)
        base[G_STAMP] = 0
        base[G_MARK:G_MARK + NC] = 0
        base[G_PILES:G_PILES + len(piles)] = piles
        base[G_TREASURY] = int(TREASURY in piles)
        base[G_SPECIALS] = int(any(SPECIAL[c] for c in piles))
        watch = [c for c in piles if NAMES[c] in WATCHERS]
        base[G_NWATCH] = len(watch)
        base[G_WATCH:G_WATCH + len(watch)] = watch
        for v in range(MAXCOST + 1):
            cards = [c for c in piles if COST[c] <= v]
            base[G_NAFFORD + v] = len(cards)
            base[G_AFFORD + v * NC:G_AFFORD + v * NC + len(cards)] = cards
        if len(_BASES) > 1000:
            _BASES.clear()
        _BASES[piles] = base
    return base


_BASES: dict[tuple[int, ...], Any] = {}
assert (G_PLAYERS, G_EDITION, G_COLONY, G_LIMIT, G_CUR, G_PHASE, G_ACTIONS, G_BUYS, G_COINS, G_SBONUS, G_SPLAYED,
        G_BOUGHT, G_TOMOVE, G_EMPTY, G_IMMUNE) == tuple(range(15))
assert (G_XZ, G_DISCOUNT, G_CBONUS, G_PLAYED, G_FLAGS, G_SHIELD, G_CORSAIR, G_BLOCKADE, G_EXTRA, G_OUTPOST,
        G_NTHR) == tuple(range(15, 26))
assert (O_TOPN, O_OWNED, O_TURNS, O_PROV, O_P4, O_P8, O_PCOINS, O_MONKEY) == (
    O_COUNT + NZ, O_COUNT + NZ + 1, O_COUNT + NZ + 1 + NC, O_COUNT + NZ + 2 + NC, O_COUNT + NZ + 3 + NC,
    O_COUNT + NZ + 4 + NC, O_COUNT + NZ + 5 + NC, O_COUNT + NZ + 6 + NC) and SEAT == O_MONKEY + 1


def encode(s: Any) -> Any:
    """The kernel's array for a reference ``DominionState`` (running or finished). Only the table fields are copied
    from the Supply's base; of each zone only its cards are written (nothing reads a zone beyond its count)."""
    st = np.empty(SIZE, dtype=np.int64)
    st[:S0] = _base(s.piles)
    st[:15] = (s.players, s.edition, int(s.colony), s.opts["turn_limit"] or MAX_TURNS, s.cur, s.phase, s.actions,
               s.buys, s.coins, s.silver_bonus, int(s.silver_played), int(s.bought),
               -1 if s.to_move is None else s.to_move, s.empty, 0)
    st[G_SUPPLY:G_SUPPLY + NC] = s.supply
    trash = [0] * NC
    for c in s.trash:
        trash[c] += 1
    st[G_TRASH:G_TRASH + NC] = trash
    st[G_NTRL] = len(s.trash)
    st[G_TRL:G_TRL + len(s.trash)] = s.trash
    thr = [x for i in range(0, len(s.throned), 2) if TYPES[s.throned[i + 1]] & DURATION
           for x in s.throned[i:i + 2]]
    st[G_XZ:G_NTHR + 1] = (int(s.xzones), s.discount, s.copper_bonus, s.played, s.flags, s.shield, s.corsair,
                           s.blockade, int(s.extra), int(s.outpost), len(thr) // 2)
    st[G_THR:G_THR + len(thr)] = thr
    st[G_EMBARGO:G_EMBARGO + NC] = s.embargo
    st[G_NFR] = len(s.stack)
    start: list[int] = []
    for i, f in enumerate(s.stack):
        if f[0] == START:  # its waiting Durations live in the seat's Z_START zone
            start = f[Start.WAITING:]
            f = f[:Start.WAITING]
        if f[0] == SABOTEUR:  # its other revealed cards are the last ones of the seat's aside: their count
            f = [*f[:SAB_OTHERS], len(f) - SAB_OTHERS]
            row = f
        else:
            row = _frame_row(f)
        st[G_FR + i * FW:G_FR + i * FW + len(row)] = row
    for p in range(s.players):
        sb = S0 + p * SEAT
        zs = (s.hand[p], s.deck[p], s.disc[p], s.play[p], s.aside[p], s.look[p], s.dur[p], s.gains[p], s.held[p],
              s.shown[p], s.nvmat[p], s.island[p],
              start if any(f[0] == START and f[2] == p for f in s.stack) else [], s.bottom[p], s.hpub[p])
        for z, zone in enumerate(zs):
            if zone:
                st[sb + z * ZC:sb + z * ZC + len(zone)] = zone
        st[sb + O_COUNT:sb + SEAT] = [*map(len, zs), len(s.top[p]), *s.owned[p], s.turns[p], s.provinces[p], s.p4[p],
                                      s.p8[p], s.pcoins[p], s.monkey[p]]
    return st


def zones(st: Any, p: int) -> dict[str, list[int]]:
    """Seat ``p``'s zones in the kernel's array, as the reference's lists (for the tests)."""
    sb = S0 + p * SEAT
    return {n: st[sb + z * ZC:sb + z * ZC + int(st[sb + O_COUNT + z])].tolist() for z, n in enumerate(ZONE_NAMES)}


def field_of(at: int) -> str:
    """The name of the state field that holds ``st[at]`` (for readable test failures)."""
    start = 0
    for name, size in _layout:
        if start <= at < start + size:
            return f"{name}[{at - start}]"
        start += size
    return f"seat {(at - S0) // SEAT}[{(at - S0) % SEAT}]"


#: the cards whose points depend on what their owner has (Gardens, Duke): ``rules``' breakdown lists them too
_DYNAMIC_VP = frozenset(c.id for c in CARDS if type(c).points is not Card.points
                        or type(c).points_owning is not Card.points_owning)
assert _DYNAMIC_VP <= {GARDENS, DUKE} | (frozenset(range(NCARDS)) - SUPPORTED)


def result_of(rows: list[list[int]], players: int) -> Result:
    """The ``Result`` of a kernel game from ``summary``'s rows, as ``Dominion.result`` gives it."""
    scores = [rows[q][0] for q in range(players)]
    keys = [(-rows[q][1],) for q in range(players)]
    return Result.from_keys(scores, keys, lambda: _breakdown(rows, players))


def _breakdown(rows: list[list[int]], players: int) -> list[dict[str, Any]]:
    out = []
    for q in range(players):
        owned = rows[q][5:5 + NC]
        total = sum(owned)
        out.append({"vp": rows[q][0], "turns": rows[q][1], "cards": {NAMES[c]: k for c, k in enumerate(owned) if k},
                    "vp_by_card": {NAMES[c]: k * CARDS[c].points_owning(owned) for c, k in enumerate(owned)
                                   if k and (VP[c] or c in _DYNAMIC_VP)},
                    "deck_size": total})
    return out


def stats_of(rows: list[list[int]], players: int) -> list[dict[str, float]]:
    """``Dominion.stats`` from ``summary``'s rows."""
    out = []
    for q in range(players):
        d: dict[str, float] = {}
        if rows[q][3]:
            d["province_4_turn"] = rows[q][3]
        if rows[q][4]:
            d["province_8_turn"] = rows[q][4]
        out.append(d)
    return out


#: a flag to force the reference path (``fast_games`` and the ``random`` agent's playouts)
ENABLED = True


def uncovered(options: Mapping[str, Any]) -> list[str]:
    """The cards that can be in these (validated) options' Supply and that the kernel does not play (not in
    ``SUPPORTED``), by name in id order; for a random kingdom the edition's whole randomizer deck counts."""
    from realms.games.dominion.supply import FIRST_GAME, randomizer

    kingdom = options["kingdom"]
    edition = 1 if options["edition"] == "first" else 2
    if kingdom == "random":
        cards = randomizer(edition, tuple(options.get("sets", "base").split(",")))
    else:
        cards = [BY_NAME[n] for n in (FIRST_GAME[edition] if kingdom == "first-game" else kingdom)]
    cards += list(range(7)) + ([PLATINUM, COLONY] if options["colony_platinum"] else [])
    return [NAMES[c] for c in sorted(set(cards)) if c not in SUPPORTED]


def _mode(mode: int, treasures: bool) -> int:
    """``games``' ``mode`` for seats that play as ``random-treasures`` (``treasures``) or as ``random``."""
    return mode + TREASURES if treasures else mode


#: the agents the kernel plays, by name: whether they play their Treasures at once (``TREASURES``)
KERNEL_AGENTS = {"random": False, "random-treasures": True}


def supports(options: Mapping[str, Any], agents: Sequence[str]) -> bool:
    """Whether the kernel plays games of these (validated) options between these agents exactly as the
    reference: numba installed, every seat ``random`` or every seat ``random-treasures``, at most ``MAXP`` seats, and
    every card of the Supply in ``SUPPORTED`` — for a random kingdom, decided game by game as each is dealt
    (``KernelGames``: a kingdom dealt with a card it does not cover is played through the reference), so one
    uncovered card in the randomizer deck costs only the games it is in."""
    if not (AVAILABLE and ENABLED and len(set(agents)) == 1 and agents[0] in KERNEL_AGENTS) \
            or options["players"] > MAXP:
        return False
    return options["kingdom"] == "random" or not uncovered(options)


class KernelGames:
    """Whole games of one set of options between ``random`` players (or ``random-treasures`` ones, ``agent``), played
    in the kernel (``Game.fast_games``): the game is set up by ``Dominion.setup`` (its cached supply, the first hands
    drawn), then played here."""

    def __init__(self, game: Any, options: Mapping[str, Any], agent: str = "random") -> None:
        self.game = game
        self.agent = agent
        self.mode = _mode(NEW, KERNEL_AGENTS[agent])
        self.options = dict(options)
        self.players = self.options["players"]
        missing = uncovered(self.options)
        #: which implementation plays these games (``Game.play_path``)
        self.path = "the compiled kernel" + (
            f" (a kingdom dealt with {', '.join(missing)} through the reference engine)" if missing else "")
        #: games played through the reference because their dealt kingdom holds a card the kernel does not cover
        self.declined = 0

    def __call__(self, seed: int, agent_seeds: Sequence[int]) -> FastOutcome:
        s = self.game.setup(self.options, check_seed("dominion", seed))
        if not encodable(s):
            self.declined += 1
            return self._reference(s, agent_seeds)
        p = self.players
        st = encode(s)
        rngs = np.array([s.rng] + [Rng(x).state for x in agent_seeds], dtype=np.uint64)
        out = np.empty((p, 5 + NC), dtype=np.int64)
        nact = games(self.mode, st, rngs, -1, False, _NO_INTS, _NO_INTS, _NO_INTS, _NO_INTS, _NO_INTS, _NO_STREAMS,
                     out)[1]
        rows = out.tolist()
        return FastOutcome(result_of(rows, p), [r[1] for r in rows], nact, stats_of(rows, p))

    def _reference(self, s: Any, agent_seeds: Sequence[int]) -> FastOutcome:
        """The game ``s`` played to the end through the reference engine, seat p as
        ``RandomAgent(Rng(agent_seeds[p]))`` (what the protocol's ``random`` seats do), or as the game's
        ``random-treasures``."""
        game = self.game
        make = game.agents()[self.agent]
        bots = [make(Rng(x)) for x in agent_seeds]
        n = 0
        while s.to_move is not None:
            game.apply(s, bots[s.to_move].act(game, s))
            n += 1
        result = game.result(s)
        return FastOutcome(result, list(s.turns), n, game.stats(s))


def run(state: Any, rng_states: Sequence[int], record: bool = False, steps: int = 20000,
        room: int = 400_000, treasures: bool = False) -> tuple[Any, int, Any, Any, Any, int]:
    """Play a copy of the reference ``state`` (left unchanged) to the end in the kernel, seat p choosing as
    ``RandomAgent`` (``RandomTreasures`` with ``treasures``) from a SplitMix64 stream in state ``rng_states[p]``,
    chance from ``state.rng``. Returns
    (the final array, the number of decisions, and with ``record`` the chosen actions, the legal-action counts
    and every legal list laid end to end, then the game stream's final state). A state the kernel does not cover
    (``encodable``) is refused, never played wrongly."""
    if not encodable(state):
        missing = ", ".join(NAMES[c] for c in state.piles if c not in SUPPORTED) or "its size"
        raise ValueError(f"the kernel does not cover this game: {missing}")
    st = encode(state)
    rngs = np.array([state.rng] + [x & MASK64 for x in rng_states], dtype=np.uint64)
    rec = np.zeros(2 * steps if record else 2, dtype=np.int64)
    lists = np.zeros(room if record else 1, dtype=np.int64)
    nact = games(_mode(PLAY, treasures), st, rngs, -1, record, rec, lists, _NO_INTS, _NO_INTS, _NO_INTS,
                 _NO_STREAMS, _NO_ROWS)[1]
    cap = rec.shape[0] // 2
    counts = rec[cap:cap + nact]
    return st, nact, rec[:nact], counts, lists[:int(counts.sum())], int(rngs[0])


def playout_buffers() -> tuple[Any, Any, Any]:
    """The small arrays ``search_playout`` works in (one set per agent, reused): the generators, the result row and
    room for the playout's streams."""
    return np.zeros(2, dtype=np.uint64), np.zeros((1, 3 * MAXP), dtype=np.int64), np.zeros(1 + MAXP, dtype=np.uint64)


def search_playout(state: Any, first: int, rng: Rng, encoded: Any, buffers: tuple[Any, Any, Any] | None = None,
                   treasures: bool = False) -> Result:
    """The ``random`` agent's playout of a search (``games``' ``PLAYOUT``; ``random-treasures``' with ``treasures``):
    ``encoded`` is ``encode(state)`` (not changed), ``first`` a legal action index or -1, ``rng`` the agent's
    generator (advanced by 1 + players draws); the ``Result`` is ``Dominion.result``'s for the final state."""
    gen, out, rngs = buffers if buffers is not None else playout_buffers()
    gen[0] = rng.state
    gen[1] = state.rng & MASK64
    st = games(_mode(PLAYOUT, treasures), encoded, rngs, first, False, _NO_INTS, _NO_INTS, _NO_INTS, _NO_INTS,
               _NO_INTS, gen, out)[0]
    rng.state = int(gen[0])
    n = state.players
    vals = out[0].tolist()
    return Result(vals[:n], vals[2 * MAXP:2 * MAXP + n], lambda: _breakdown(scores(st, n), n),
                  [(-t,) for t in vals[MAXP:MAXP + n]])


def round_prepare(s: Any, seat: int) -> tuple[Any, Any, Any]:
    """What ``determinize`` and ``games``' ``ROUND`` take for seat ``seat``'s search from the reference state ``s``:
    the array of ``s`` with each other seat's hand reordered as ``_resample_seat`` deals it (the cards known to be
    in it first), the addresses of every card that function pools, in its order, and their count per seat."""
    t = s.clone()
    slots: list[int] = []
    seg: list[int] = []
    for q in range(s.players):
        sb = S0 + q * SEAT
        if q == seat:  # its own deck's cards nobody has seen (``_resample_unseen``), when some are of fixed position
            if UNSEEN in s.top[q]:
                own = [sb + Z_DECK * ZC + i for i in unseen_slots(s, q)]
                slots += own
                seg.append(len(own))
            continue
        known = list(s.hpub[q])
        pinned: list[int] = []
        rest: list[int] = []
        for c in s.hand[q]:
            if c in known:
                known.remove(c)
                pinned.append(c)
            else:
                rest.append(c)
        t.hand[q] = pinned + rest
        at = [sb + Z_HAND * ZC + len(pinned) + i for i in range(len(rest))]
        deck, top = s.deck[q], s.top[q]
        free = len(deck) - len(top)
        at += [sb + Z_DECK * ZC + i for i in range(free)]
        at += [sb + Z_DECK * ZC + free + i for i in range(len(top)) if top[i] != PUBLIC]
        disc = s.disc[q]
        mask = s.dpub[q] | (1 << (len(disc) - 1) if disc else 0)
        at += [sb + Z_DISC * ZC + i for i in range(len(disc)) if not mask >> i & 1]
        at += [sb + Z_LOOK * ZC + i for i in range(len(s.look[q]))]
        # face-down cards only q has seen: set aside (Haven), its Native Village mat, the known bottom of its deck
        at += [sb + Z_HELD * ZC + i for i in range(len(s.held[q]))]
        at += [sb + Z_NV * ZC + i for i in range(len(s.nvmat[q]))]
        at += [sb + Z_BOTTOM * ZC + i for i in range(len(s.bottom[q]))]
        slots += at
        seg.append(len(at))
    return encode(t), np.array(slots, dtype=np.int64), np.array(seg, dtype=np.int64)


def search_round(prepared: tuple[Any, Any, Any], players: int, firsts: Sequence[int], rng: Rng,
                 policy_rng: Rng, treasures: bool = False) -> list[tuple[list[int], list[int]]]:
    """A flat search's round (``games``' ``ROUND``; ``random-treasures``' playouts with ``treasures``) from
    ``round_prepare``'s arrays: ``rng`` (the search's) is
    advanced as ``Dominion.determinize`` and one ``next64`` advance it, ``policy_rng`` left as the playouts of
    the root actions ``firsts`` from its seed leave it; each action's final scores and winners."""
    template, slots, seg = prepared
    srng = np.array([rng.state, 0], dtype=np.uint64)
    out = np.empty((len(firsts), 3 * MAXP), dtype=np.int64)
    games(_mode(ROUND, treasures), template, np.empty(1 + MAXP, dtype=np.uint64), -1, False, _NO_INTS, _NO_INTS,
          slots, seg, np.array(firsts, dtype=np.int64), srng, out)
    rng.state = int(srng[0])
    policy_rng.state = int(srng[1])
    r = 2 * MAXP
    return [(row[:players], [q for q in range(players) if row[r + q] == 1]) for row in out.tolist()]


def scores(st: Any, players: int) -> list[list[int]]:
    out = np.zeros((players, 5 + NC), dtype=np.int64)
    summary(st, out)
    rows: list[list[int]] = out.tolist()
    return rows


def finish(state: Any, chance: int, rng_states: Sequence[int], encoded: Any = None, treasures: bool = False
           ) -> Result:
    """The ``Result`` of a copy of ``state`` played to the end in the kernel by ``random`` seats (``random-treasures``
    ones with ``treasures``), the game's stream replaced by ``chance`` and seat p drawing from ``rng_states[p]``."""
    st = encode(state) if encoded is None else encoded.copy()
    rngs = np.array([chance & MASK64] + [x & MASK64 for x in rng_states], dtype=np.uint64)
    games(_mode(PLAY, treasures), st, rngs, -1, False, _NO_INTS, _NO_INTS, _NO_INTS, _NO_INTS,
          _NO_INTS, _NO_STREAMS, _NO_ROWS)
    return result_of(scores(st, state.players), state.players)


def finish_after(state: Any, first: int, chance: int, rng_states: Sequence[int], encoded: Any = None,
                 treasures: bool = False) -> Result:
    """``finish`` of a copy of ``state`` after the legal action index ``first``, which is applied with the state's
    own stream as ``Dominion.apply`` does (then ``chance`` takes over)."""
    st = encode(state) if encoded is None else encoded.copy()
    rngs = np.array([state.rng & MASK64] + [x & MASK64 for x in rng_states], dtype=np.uint64)
    games(_mode(AFTER, treasures), st, rngs, first, False, _NO_INTS, _NO_INTS, _NO_INTS, _NO_INTS, _NO_INTS,
          np.array([chance & MASK64], dtype=np.uint64), _NO_ROWS)
    return result_of(scores(st, state.players), state.players)


__all__ = ["AVAILABLE", "BRANCHES", "ENABLED", "KERNEL_AGENTS", "SUPPORTED", "TREASURES", "KernelGames", "encode",
           "encodable", "finish", "finish_after", "result_of", "run", "supports", "uncovered"]
