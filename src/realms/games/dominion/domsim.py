"""Bots of Geronimoo's DominionSim (its XML bot files) as Realms rule files.

    python -m realms.games.dominion.domsim BOTS.xml                 # the names of the bots in the file
    python -m realms.games.dominion.domsim BOTS.xml "Bot name"      # that bot as a rule file, on standard output
    python -m realms.games.dominion.domsim BOTS.xml --all DIR       # every bot that converts, one file each in DIR

A DominionSim bot is a list of buys, each with conditions comparing a left and a right operand (the right one
possibly with an extra operation: plus, minus, times or divided by a number). Each operand becomes a quantity of
the strategy language (docs/dominion.md, "Buy-rule files"): ``countCardsInDeck`` is ``count(Card)``,
``countCardTypeInDeck`` ``count(Villages)``, ``countCardsInSupply`` ``pile(Card)``, ``countAvailableMoney``
``coins``, ``getTotalMoney`` ``money``, ``isActionPhase`` ``action_phase`` and so on (``OPERANDS``). The bot type
``AppliesPPR`` is ``penultimate_province_rule``; every DominionSim bot refuses a game-ending gain that leaves it
behind, which is ``end_only_when_winning``; Chapel's ``aggressiveTrashing`` keeps $4 of money instead of $6.
What has no counterpart (another card's play strategy, an operand of an expansion Realms does not have) is an
error naming it, so a converted file says what its bot says or is not written.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from realms.core.errors import RealmsError
from realms.games.dominion.bots import RulesError, _card_id, parse_rules
from realms.games.dominion.cards import NAMES


class ConvertError(RealmsError):
    """A DominionSim bot that cannot be said in the strategy language; the message names the bot and the part."""


#: DominionSim's operand types with no argument -> the language's quantity
PLAIN = {
    "gainsNeededToEndGame": "gains_to_end", "countAllCardsInDeck": "deck_size", "countAvailableMoney": "coins",
    "countTurns": "turn", "isActionPhase": "action_phase", "countEmptyPiles": "empty_piles", "countBuysLeft": "buys",
    "getTotalMoney": "money", "actionsLeft": "actions_left", "countCardsLeftInDrawDeck": "draw_pile",
    "countCardsLeftInSmallestPile": "smallest_pile", "countVP": "vp", "countMAXOpponentVP": "opponent_vp",
}
#: DominionSim's operand types with a card (or a kind of card) -> the language's function
OF_CARD = {
    "countCardsInDeck": "count", "countCardTypeInDeck": "count", "countCardsInSupply": "pile",
    "countCardsInPlay": "in_play", "countCardsInHand": "in_hand", "countCardsInOpponentsDecks": "opponent_count",
}
OPERANDS = (*PLAIN, *OF_CARD, "constant")
#: DominionSim's card types that the language counts, as its plural words
KINDS = {"Treasure": "Treasures", "Action": "Actions", "Victory": "Victories", "Curse": "Curses",
         "Attack": "Attacks", "Reaction": "Reactions", "Duration": "Durations", "Terminal": "Terminals",
         "Village": "Villages"}
COMPARE = {"greaterThan": ">", "smallerThan": "<", "greaterOrEqualThan": ">=", "smallerOrEqualThan": "<=",
           "equalTo": "==", "notEqualTo": "!="}
EXTRA = {"plus": "+", "minus": "-", "multiplyWith": "*", "divideBy": "/"}


def _number(text: str | None, bot: str) -> str:
    try:
        v = float(text or "")
    except ValueError:
        raise ConvertError(f"{bot}: {text!r} is not a number") from None
    return str(int(v)) if v == int(v) else repr(v)


def _card(text: str | None, bot: str) -> str:
    name = (text or "").replace("_", " ").strip()
    try:
        return NAMES[_card_id(name)]
    except ValueError as e:
        raise ConvertError(f"{bot}: {e}") from None


def _operand(node: ET.Element | None, bot: str) -> str:
    if node is None:
        raise ConvertError(f"{bot}: a condition lacks an operand")
    kind, attribute = node.get("type", ""), node.get("attribute")
    if kind == "constant":
        return _number(attribute, bot)
    if kind in PLAIN:
        return PLAIN[kind]
    if kind in OF_CARD:
        if kind == "countCardTypeInDeck":
            if attribute not in KINDS:
                raise ConvertError(f"{bot}: the card type {attribute!r} has no count in the strategy language "
                                   f"(it counts {', '.join(KINDS)})")
            return f"count({KINDS[attribute]})"
        card = _card(attribute, bot)
        return f"{OF_CARD[kind]}({card})"
    raise ConvertError(f"{bot}: the operand {kind!r} has no counterpart in the strategy language")


def condition(node: ET.Element, bot: str) -> str:
    """One ``<condition>`` as the language's comparison."""
    left = _operand(node.find("left"), bot)
    op_node = node.find("operator")
    op = COMPARE.get(op_node.get("type", "") if op_node is not None else "")
    if op is None:
        raise ConvertError(f"{bot}: unknown comparison {op_node.get('type') if op_node is not None else None!r}")
    right = _operand(node.find("right"), bot)
    extra = node.find("extra_operation")
    if extra is not None:
        sign = EXTRA.get(extra.get("type", ""))
        if sign is None:
            raise ConvertError(f"{bot}: unknown extra operation {extra.get('type')!r}")
        right = f"{right} {sign} {_number(extra.get('attribute'), bot)}"
    return f"{left} {op} {right}"


def convert(player: ET.Element) -> str:
    """One ``<player>`` (a DominionSim bot) as rule-file text; ConvertError says what it cannot say."""
    bot = player.get("name", "?")
    for part in ("start", "hand", "drawdeck", "discard"):
        if player.find(part) is not None:
            raise ConvertError(f"{bot}: its own starting cards (<{part}>) have no counterpart in a rule file")
    types = {t.get("name") for t in player.findall("type")}
    lines = [f"# {bot}: converted from a DominionSim bot file by realms.games.dominion.domsim",
             f"name = {_quoted(_slug(bot))}", "end_only_when_winning = true"]
    if "AppliesPPR" in types:
        lines.append("penultimate_province_rule = true")
    board = player.find("board")
    if board is not None and board.get("contents"):
        lines.insert(1, f"# its kingdom: {board.get('contents')}")
    cards: dict[str, list[str]] = {}
    for buy in player.findall("buy"):
        card = _card(buy.get("name"), bot)
        lines += ["", "[[buy]]", f"card = {_quoted(card)}"]
        conds = [condition(c, bot) for c in buy.findall("condition")]
        if len(conds) == 1:
            lines.append(f"if = {_quoted(conds[0])}")
        elif conds:
            lines.append("if = [" + ", ".join(_quoted(c) for c in conds) + "]")
        strategy = buy.get("strategy")
        if strategy and strategy != "standard":
            if card == "Chapel" and strategy == "aggressiveTrashing":
                cards[card] = ["keep_money = 4"]
            else:
                raise ConvertError(f"{bot}: {card}'s play strategy {strategy!r} has no counterpart in the strategy "
                                   "language")
    for card, keys in cards.items():
        lines += ["", f"[card.{_quoted(card) if ' ' in card else card}]", *keys]
    text = "\n".join(lines) + "\n"
    try:
        parse_rules(text, f"<{bot}>")
    except RulesError as e:  # (a card or a quantity the rules refuse: said as the converter's error)
        raise ConvertError(f"{bot}: {e}") from None
    return text


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "bot"


def players(path: str | Path) -> list[ET.Element]:
    """The ``<player>`` elements of a DominionSim bot file; ConvertError when it cannot be read."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        raise ConvertError(f"cannot read {path}: {e}") from None
    return list(root.iter("player"))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.split("\n\n")[1])
        return 0 if args else 2
    try:
        found = players(args[0])
        if len(args) == 1:
            for p in found:
                print(p.get("name"))
            return 0
        if args[1] == "--all":
            if len(args) != 3:
                raise ConvertError("--all needs the folder to write to")
            out = Path(args[2])
            out.mkdir(parents=True, exist_ok=True)
            written = 0
            for p in found:
                try:
                    text = convert(p)
                except ConvertError as e:
                    print(f"skipped: {e}", file=sys.stderr)
                    continue
                (out / f"{_slug(p.get('name', 'bot'))}.toml").write_text(text, encoding="utf-8")
                written += 1
            print(f"{written} of {len(found)} bots written to {out}", file=sys.stderr)
            return 0
        named = [p for p in found if p.get("name") == args[1]]
        if not named:
            raise ConvertError(f"no bot named {args[1]!r} in {args[0]} (run without a name to list them)")
        sys.stdout.write(convert(named[0]))
        return 0
    except ConvertError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
