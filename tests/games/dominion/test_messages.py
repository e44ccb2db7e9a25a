"""Every prompt and choice text of the Dominion engine is also a message key with arguments (``Say``), and every
key is worded in each of the browser's catalogues (src/realms/web/i18n/*.json, ``dominion.say.<key>``) with
the same placeholders.

The keys are gathered two ways: from the engine's source (each ``Say("key", text, **args)``: the key must be
written out there, so that this list is complete), and from seeded random games over every kingdom card of
both editions (each pending question as every seat and a spectator see it, each legal action's text). A key
met in play that the source does not show means the gathering missed one. The English catalogue filled in
with a message's arguments must read exactly as the engine's English text: the arguments say what the text
says, no more (a question as other seats see it carries no card they may not know) and no less.
"""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import realms.games.dominion as package
from realms.games.dominion.cards import BY_NAME, COST, HANDLERS, KINGDOM, NAMES
from realms.games.dominion.cards.card import CHOOSE, DONE, NO, TO_DECK, TO_DISCARD, TREASURE, YES
from realms.games.dominion.frames import BODY, GAIN, REACT
from tests.games.dominion.util import G, kingdom_with

SOURCE = Path(package.__file__).parent
I18N = Path(__file__).resolve().parents[3] / "src" / "realms" / "web" / "i18n"
LANGS = ("en", "tr", "fr", "ru")
PREFIX = "dominion.say."


#: "{you|A|B}" in a catalogue (A for the viewer's own seat), as i18n.js reads it: A and B may hold placeholders
YOU_FORMS = re.compile(r"\{you\|((?:[^|{}]|\{\w+\})*)\|((?:[^{}]|\{\w+\})*)\}")

def catalogue(lang: str) -> dict[str, Any]:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


def placeholders(value: Any) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {m for text in texts for m in re.findall(r"\{(\w+)\}", re.sub(YOU_FORMS, r"\1 \2", text))}


def source_messages() -> dict[str, set[str]]:
    """Each key a ``Say(...)`` in the engine's source names, with its argument names (the same at every use)."""
    found: dict[str, set[str]] = {}
    bad = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Say"):
                continue
            where = f"{path.relative_to(SOURCE)}:{node.lineno}"
            key = node.args[0] if node.args else None
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)) or len(node.args) != 2:
                bad.append(f"{where}: the key is not written out")
                continue
            names = {k.arg for k in node.keywords}
            if None in names:
                bad.append(f"{where}: arguments passed as **mapping")
                continue
            if found.setdefault(key.value, names) != names:  # type: ignore[arg-type]
                bad.append(f"{where}: {key.value} with arguments {sorted(names)}, elsewhere {sorted(found[key.value])}")
    assert not bad, bad
    return found


SOURCE_MESSAGES = source_messages()


def english(value: Any, args: dict[str, Any]) -> str:
    """The English catalogue's wording filled in as a reader who is not the seat named would read it, with seats
    named as the engine names them."""
    if isinstance(value, dict):
        value = value["one"] if args.get("n") == 1 else value["other"]
    value = re.sub(YOU_FORMS, r"\2", value)
    return re.sub(r"\{(\w+)\}", lambda m: f"Seat {args['seat'] + 1}" if m[1] == "seat" else str(args[m[1]]), value)


def test_the_source_names_the_messages():
    # the questions of the generic frames and of the cards with a decision, and the phase actions
    for key in ("gain.ask", "discard_down.ask", "react.ask_against", "react.public_against", "cellar.ask",
                "moneylender.ask", "spy.ask", "library.public", "bandit.ask", "sentry.ask_order", "buy",
                "play_treasures", "end_actions", "yes"):
        assert key in SOURCE_MESSAGES, key
    assert len(SOURCE_MESSAGES) > 60


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_in_the_catalogue_with_its_placeholders(lang):
    cat = catalogue(lang)
    missing = sorted(k for k in SOURCE_MESSAGES if PREFIX + k not in cat)
    assert not missing, missing
    bad = []
    for key, args in SOURCE_MESSAGES.items():
        used = placeholders(cat[PREFIX + key])
        # a plural form may word the number ("une carte"); every other argument is said, none is invented
        if not used <= args or args - {"n"} - used:
            bad.append(f"{key}: {sorted(used)} for arguments {sorted(args)}")
    assert not bad, bad


def test_the_catalogues_hold_no_message_the_engine_does_not_say():
    for lang in LANGS:
        stale = sorted(k for k in catalogue(lang) if k.startswith(PREFIX) and k[len(PREFIX):] not in SOURCE_MESSAGES)
        assert not stale, (lang, stale[:20])


def _kingdoms() -> list[tuple[str, list[str]]]:
    """Kingdoms of 10 that hold every kingdom card of each edition twice over, among different neighbours."""
    out = []
    for edition, number in (("first", 1), ("second", 2)):
        cards = sorted(NAMES[c] for c in KINGDOM[number])
        for i in range(0, len(cards), 5):
            out.append((edition, [cards[(i + k) % len(cards)] for k in range(10)]))
    return out


def _pick(rng: random.Random, s: Any, kingdom: list[str]) -> Any:
    """A random legal action that plays Action cards and buys kingdom cards (a uniform pick buys Coppers and
    Curses and ends phases too soon to meet many questions)."""
    legal = G.legal_actions(s)
    if not s.stack:
        plays = [a for a in legal if a.kind == "play" and a["card"] in kingdom]
        if plays:
            return rng.choice(plays)
        buys = [a for a in legal if a.kind == "buy" and a["card"] in (*kingdom, "Silver", "Gold")]
        if buys:  # the dearest card half the time, so that the $5 and $6 cards are bought too
            return max(buys, key=lambda a: COST[BY_NAME[a["card"]]]) if rng.random() < 0.5 else rng.choice(buys)
        treasures = [a for a in legal if a.kind == "play_treasures"]
        if treasures:
            return treasures[0]
    return rng.choice(legal)


def _check(said: Any, text: str, en: dict[str, Any], where: str) -> str:
    assert said is not None, f"{where}: {text!r} has no message key"
    key, args = said["key"], said["args"]
    assert key in SOURCE_MESSAGES, f"{where}: {key} is said but no Say in the source names it"
    assert set(args) == SOURCE_MESSAGES[key], (where, key, args)
    assert json.loads(json.dumps(args)) == args, (where, args)
    assert english(en[PREFIX + key], args) == text, (where, key, args, text)
    return key


def _by_hand() -> list[Any]:
    """The messages no game reaches (the frames' defaults, the gains no card asks for, the branches for a
    question asked out of its usual place), made by hand: they are worded all the same."""
    s = G.new({"kingdom": kingdom_with("Library", "Moat", "Militia")}, 1)
    moat, library, militia = BY_NAME["Moat"], BY_NAME["Library"], BY_NAME["Militia"]
    out = [HANDLERS[GAIN].ask(s, [GAIN, 0, 0, 4, mask, dest, 0])
           for mask, dest in ((0, TO_DECK), (TREASURE, TO_DISCARD), (TREASURE, TO_DECK))]
    body = [BODY, 0, 0, militia, 0, 1]  # a frame that asks nothing: what the defaults would say
    out += [HANDLERS[BODY].ask(s, body), *(HANDLERS[BODY].choice(s, body, a) for a in (YES, NO, DONE, CHOOSE(moat)))]
    s.look[0] = []  # Library with no card drawn
    out += [HANDLERS[library].ask(s, [library, 1, 0, 0, 0]),
            *(HANDLERS[library].choice(s, [library, 1, 0, 0, 0], a) for a in (YES, NO))]
    s.stack = []  # a reaction asked with no Attack under it
    react = [REACT, 0, 1, moat]
    s.hand[1] = [moat]
    out += [HANDLERS[REACT].ask(s, react), HANDLERS[REACT].public_ask(s, react)]
    s.hand[1] = []
    out.append(HANDLERS[REACT].ask(s, react))
    out.append(G.say(s, G.undo_action))  # undo: only where the option undo is on, which these games leave off
    return out


def _rare() -> list[Any]:
    """The messages of rare turns, made by hand too: which of them the seeded games meet changes with every kingdom
    card added (the kingdoms and their seeds move), so they may be met in play or not."""
    s = G.new({"kingdom": kingdom_with("Thief", "Sentry")}, 1)
    thief, sentry = HANDLERS[BY_NAME["Thief"]], HANDLERS[BY_NAME["Sentry"]]
    order = [sentry.id, sentry.ORDER, 0, 0]  # Sentry keeping two different cards: which goes on top
    out = [thief.ask(s, [thief.id, thief.PICK, 0, 1, 0]),  # the pick between two revealed Treasures
           sentry.ask(s, order), sentry.choice(s, order, CHOOSE(BY_NAME["Gold"]))]
    # the $5 and $6 cards a short random game seldom plays: Nobles, Bandit's victim, Explorer holding a Province
    nobles, bandit, explorer = (HANDLERS[BY_NAME[n]] for n in ("Nobles", "Bandit", "Explorer"))
    out += [nobles.ask(s, [nobles.id, 0, 0]), nobles.choice(s, [nobles.id, 0, 0], YES),
            nobles.choice(s, [nobles.id, 0, 0], NO), bandit.ask(s, [bandit.id, 0, 1])]
    s.hand[0] = [BY_NAME["Province"]]
    out += [explorer.ask(s, [explorer.id, 0, 0]), explorer.choice(s, [explorer.id, 0, 0], YES)]
    return out


def test_the_messages_no_game_reaches_read_as_their_english_too():
    en = catalogue("en")
    for said in _by_hand() + _rare():
        _check(said.to_json(), said.text, en, "by hand")


def test_random_games_say_every_prompt_and_choice_with_a_key_that_reads_as_the_english():
    en = catalogue("en")
    kingdoms = _kingdoms()
    assert {c for _, k in kingdoms for c in k} == {NAMES[c] for c in KINGDOM[1] + KINGDOM[2]}
    seen: set[str] = set()
    games = 0
    for i, (edition, kingdom) in enumerate(kingdoms):
        for players in (2, 3, 4):
            seed = 100 * i + players
            opts = {"players": players, "edition": edition, "kingdom": kingdom, "colony_platinum": seed % 2 == 0,
                    "turn_limit": 20}
            s, rng = G.new(opts, seed), random.Random(seed)
            games += 1
            while s.to_move is not None:
                views = {seat: G.view(s, seat) for seat in [None, *range(players)]}
                pending = views[0]["pending"]
                if pending is not None:
                    decider = pending["seat"]
                    for seat, v in views.items():
                        p = v["pending"]
                        seen.add(_check(p.get("say"), p["prompt"], en, f"{opts} seed {seed}, seat {seat}"))
                        if seat != decider:  # the others all read the public question, alike
                            assert p == views[None]["pending"], (p, views[None]["pending"])
                for a in views[s.to_move]["legal"]:
                    seen.add(_check(a.get("say"), a["text"], en, f"{opts} seed {seed}"))
                    assert a["say"] == G.describe_say(s, G.actions[a["index"]])
                G.apply(s, _pick(rng, s, kingdom))
    assert games == 3 * len(kingdoms)
    # the games and the messages made by hand meet every message, each one way only
    by_hand = {said.key for said in _by_hand()}
    assert not seen & by_hand, sorted(seen & by_hand)
    rare = {said.key for said in _rare()}
    assert seen | by_hand | rare == set(SOURCE_MESSAGES), sorted(set(SOURCE_MESSAGES) - seen - by_hand - rare)
