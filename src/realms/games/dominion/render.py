"""Terminal rendering of a Dominion view with rich: the Supply, every seat, your hand, the log.

``render(view, names=None, log=None)`` takes what ``Dominion.view`` returns (optionally a label per
seat and recent event texts) and returns a rich renderable; ``render_text`` gives the same as plain
text; ``render_result(result, names)`` draws the final scores with the VP of each card kind.

The expansions' parts: a cost Bridge lowered reads ``3 (was 4)`` in the Supply, under it the Embargo tokens
by pile and Bridge's reduction; a line per seat that has any of them for its Durations waiting for its next turn,
its face-down cards (Haven: how many, the cards themselves for their owner), its face-up ones (Blockade), its
Island and Native Village mats (the latter a count for the others), its Pirate Ship coins and Lighthouse's
protection; an Outpost's extra turn in the status line; the cards you know at the bottom of your deck.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from realms.games.dominion.cards import BY_NAME, COST

_STYLE = {"Treasure": "yellow", "Victory": "green", "Curse": "magenta", "Attack": "red", "Reaction": "cyan",
          "Action": "white"}

#: the notation of the board and the moves, shown by ``?`` or ``help`` at the move prompt
KEY = (
    "Supply: each pile's card, its cost in coins ($) and how many are left (0 in red: the pile is empty). "
    "Colours: yellow Treasure, green Victory, magenta Curse, red Attack, cyan Reaction, white Action.\n"
    "Players: > marks the seat whose turn it is; VP are victory points now; deck 5 top: ... shows the "
    "cards known on top; discard 3 (Estate) the discard pile and its top card; Copper x3 means three "
    "Coppers.\n"
    "Your turn: the action phase (play Actions), then the buy phase: 'play all treasures' (or one "
    "Treasure) adds their coins, 'buy Smithy ($4)' buys a card, 'end buying' ends your turn. Unplayed "
    "Treasures add nothing.\n"
    "Other questions (discard, trash, gain a card) list their answers the same way; a card's name is "
    "enough."
)


def _style(types: list[str]) -> str:
    for t in ("Curse", "Victory", "Treasure", "Attack", "Reaction", "Action"):
        if t in types:
            return _STYLE[t]
    return "white"


def _count(n: int, word: str) -> str:
    """``1 action``, ``2 actions``, ``0 actions``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cards(names: list[str], types: dict[str, list[str]]) -> Text:
    out = Text()
    for i, n in enumerate(names):
        if i:
            out.append(", ")
        out.append(n, style=_style(types.get(n, [])))
    return out if names else Text("-", style="dim")


def _cost(pile: dict[str, Any]) -> str:
    """A pile's cost now, with the printed cost where Bridge lowered it: ``3 (was 4)``."""
    printed = COST[BY_NAME[pile["card"]]] if pile["card"] in BY_NAME else pile["cost"]
    return f"{pile['cost']} (was {printed})" if pile["cost"] < printed else str(pile["cost"])


def _mats(s: dict[str, Any], types: dict[str, list[str]]) -> Text | None:
    """A seat's Durations, set-aside cards, mats, coins and protection as one line; None when it has none."""
    bits: list[Text] = []

    def part(title: str, body: Text | str) -> None:
        bits.append(Text.assemble((title, "bold"), body))

    if s.get("durations"):
        part("durations until next turn: ", _cards(s["durations"], types))
    if s.get("held_size"):
        held = s.get("held")
        part("Haven face down: ", _cards(held, types) if held else _count(s["held_size"], "card"))
    if s.get("shown"):
        part("Blockade face up: ", _cards(s["shown"], types))
    if s.get("island"):
        part("Island mat: ", _cards(s["island"], types))
    if s.get("native_village_size"):
        nv = s.get("native_village")
        part("Native Village mat: ", _cards(nv, types) if nv else _count(s["native_village_size"], "card"))
    if s.get("pirate_coins"):
        part("Pirate Ship: ", _count(s["pirate_coins"], "coin"))
    if s.get("protected"):
        bits.append(Text("protected by Lighthouse", style="bold cyan"))
    if not bits:
        return None
    return Text("; ").join(bits)


def render(view: dict[str, Any], names: list[str] | None = None, log: Iterable[str] | None = None,
           choices: bool = False) -> RenderableType:
    types = {p["card"]: p["types"] for p in view["supply"]}

    def label(seat: int) -> str:
        return names[seat] if names and seat < len(names) else f"Seat {seat + 1}"

    supply = Table(title="Supply", show_header=True, header_style="bold", expand=False)
    for col in ("card", "$", "left", "card ", "$ ", "left "):
        supply.add_column(col, justify="right" if col.strip() in ("$", "left") else "left")
    piles = view["supply"]
    half = (len(piles) + 1) // 2
    for i in range(half):
        row: list[Any] = []
        for p in (piles[i], piles[i + half] if i + half < len(piles) else None):
            if p is None:
                row += ["", "", ""]
            else:
                count = Text(str(p["count"]), style="bold red" if p["count"] == 0 else "")
                row += [Text(p["card"], style=_style(p["types"])), _cost(p), count]
        supply.add_row(*row)

    seats = Table(title="Players", show_header=True, header_style="bold")
    for col in ("seat", "turns", "hand", "deck", "discard", "in play / aside"):
        seats.add_column(col)
    for s in view["seats"]:
        me = s["seat"] == view["seat"]
        marker = ("> " if s["seat"] == view["current"] and view["phase"] != "over" else "  ") + label(s["seat"])
        vp = f" ({s['vp']} VP)" if "vp" in s else ""
        top = [t or "?" for t in s["deck_top"]]
        deck = f"{s['deck_size']}" + (f" top: {', '.join(top)}" if top else "")
        disc = f"{s['discard_size']}" + (f" ({s['discard_top']})" if s["discard_top"] else "")
        zone = _cards(s["play"], types)
        if s["aside"]:
            zone.append("  aside: ")
            zone.append_text(_cards(s["aside"], types))
        seats.add_row(Text(marker + vp, style="bold" if me else ""), str(s["turns"]), str(s["hand_size"]), deck,
                      disc, zone)

    parts: list[RenderableType] = [supply]
    if view.get("cost_reduction"):
        parts.append(Text(f"Bridge: cards cost ${view['cost_reduction']} less this turn", style="green"))
    if view.get("embargo"):
        parts.append(Text.assemble(("Embargo tokens: ", "bold red"),
                                   ", ".join(f"{c} x{k}" for c, k in sorted(view["embargo"].items()))))
    parts.append(seats)
    for s in view["seats"]:
        line = _mats(s, types)
        if line is not None:
            parts.append(Text.assemble((f"{label(s['seat'])}: ", "bold"), line))
    trash = view["trash"]
    parts.append(Text.assemble(("Trash: ", "bold"), _cards(trash, types)))
    status = Text()
    if view["phase"] == "over":
        res = view.get("result") or {}
        scores = ", ".join(f"{label(i)} {v}" for i, v in enumerate(res.get("scores") or []))
        status.append(f"Game over. Scores: {scores}  winners: "
                      f"{', '.join(label(w) for w in res.get('winners', []))}", style="bold")
    else:
        extra = " (extra turn: Outpost)" if view.get("extra_turn") else ""
        status.append(f"{label(view['current'])}, turn {view['turn']}{extra}, {view['phase']} phase: ", style="bold")
        status.append(f"{_count(view['actions'], 'action')}, {_count(view['buys'], 'buy')}, ${view['coins']}")
    parts.append(status)
    me = view["seat"]
    if me is not None:
        mine = view["seats"][me]
        parts.append(Text.assemble(("Your hand: ", "bold"), _cards(mine.get("hand", []), types)))
        if mine.get("look"):
            parts.append(Text.assemble(("Looking at: ", "bold"), _cards(mine["look"], types)))
        if mine.get("deck_bottom"):
            parts.append(Text.assemble(("At the bottom of your deck (the lowest last): ", "bold"),
                                       _cards(mine["deck_bottom"], types)))
        deck = mine.get("deck_contents", {})
        if deck:
            parts.append(Text("Your deck holds: " + ", ".join(f"{k} x{v}" for k, v in deck.items()), style="dim"))
    if view.get("pending"):
        parts.append(Text(f"Waiting for {label(view['pending']['seat'])}: {view['pending']['prompt']}",
                          style="bold cyan"))
    if choices and view.get("legal"):
        lines = Text()
        for i, a in enumerate(view["legal"]):
            lines.append(f"{i + 1:>3}. {a['text']}\n")
        parts.append(Panel(lines, title="Your choices", expand=False))
    if log:
        parts.append(Panel(Text("\n".join(log)), title="Log", expand=False))
    return Group(*parts)


def render_result(result: dict[str, Any], names: list[str] | None = None) -> RenderableType:
    """Final scores, best first, with each seat's VP by card and turns taken."""
    table = Table(title="Final scores", title_justify="left")
    for col in ("rank", "player", "VP", "turns", "from"):
        table.add_column(col)
    breakdown = result.get("breakdown") or [{} for _ in result["scores"]]
    for s in sorted(range(len(result["scores"])), key=lambda s: result["ranks"][s]):
        b = breakdown[s]
        parts = ", ".join(f"{k} {v:+d}" for k, v in sorted(b.get("vp_by_card", {}).items()))
        name = names[s] if names and s < len(names) else f"Seat {s + 1}"
        table.add_row(str(result["ranks"][s]), Text(name), str(result["scores"][s]), str(b.get("turns", "")),
                      Text(parts))
    return table


def render_text(view: dict[str, Any], names: list[str] | None = None, log: Iterable[str] | None = None,
                choices: bool = False, width: int = 100) -> str:
    console = Console(width=width, record=True, force_terminal=False, color_system=None)
    with console.capture() as cap:
        console.print(render(view, names, log, choices))
    return cap.get()
