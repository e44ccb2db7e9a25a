"""Terminal drawing of a Kingdomino view (``game.view``) with rich."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

STYLE = {
    "W": "black on yellow3",
    "F": "white on dark_green",
    "L": "white on blue3",
    "G": "black on green3",
    "S": "white on orange4",
    "M": "black on grey58",
    "C": "bold black on white",
}
NAMES = {"W": "wheat", "F": "forest", "L": "lake", "G": "grassland", "S": "swamp", "M": "mine"}

#: the notation of the board and the moves, shown by ``?`` or ``help`` at the move prompt
KEY = (
    "Squares: a terrain letter and its crowns as a digit. W wheat field, F forest, L lake, G grassland, S "
    "swamp, M mine: M2 is a mine square with two crowns, F a forest square without one. C is your castle, "
    "· an empty square.\n"
    "Rows and columns are counted from the castle (+0,+0): a move 'F +0,+1 · W +0,+2' lays the domino's "
    "first half right of the castle and its second half right of that.\n"
    "Dominoes: #24 is domino number 24 (1-48: the higher, the more it is worth), its two halves written "
    "F|W, the crowns as on the board (F1|W: the forest half has one crown). 'pick #24' puts your king on it in the "
    "next row; 'discard' when the domino fits nowhere in your kingdom.\n"
    "Score: each region (touching squares of one terrain) scores its squares times its crowns."
)


def cell_text(letter: str, crowns: int) -> Text:
    """A square in three characters: its terrain letter and crown count (``W2``), blank for no crowns."""
    label = "C " if letter == "C" else letter + (str(crowns) if crowns else " ")
    return Text(f" {label}", style=STYLE[letter])


def half_text(half: list[Any]) -> Text:
    letter, crowns = half
    return cell_text(letter, crowns)


def kingdom_grid(kingdom: dict[str, Any], size: int) -> Table:
    cells = {(r, c): (t, k) for r, c, t, k in kingdom["cells"]}
    minr, maxr, minc, maxc = kingdom["box"]
    r0, r1 = max(-6, maxr - size + 1), min(6, minr + size - 1)
    c0, c1 = max(-6, maxc - size + 1), min(6, minc + size - 1)
    table = Table(show_header=True, header_style="dim", box=None, padding=(0, 0), pad_edge=False)
    table.add_column("", justify="right", style="dim")
    for c in range(c0, c1 + 1):
        table.add_column(f"{c:+d}", justify="center", min_width=3)
    for r in range(r0, r1 + 1):
        row: list[RenderableType] = [Text(f"{r:+d} ", style="dim")]
        for c in range(c0, c1 + 1):
            if (r, c) in cells:
                row.append(cell_text(*cells[(r, c)]))
            else:
                row.append(Text(" · ", style="dim"))
        table.add_row(*row)
    return table


def row_table(title: str, row: list[dict[str, Any]], names: list[str]) -> Table:
    table = Table(title=title, title_justify="left", box=None, padding=(0, 1))
    table.add_column("slot", justify="right")
    table.add_column("#", justify="right")
    table.add_column("domino")
    table.add_column("king")
    for i, slot in enumerate(row):
        domino = Text()
        domino.append_text(half_text(slot["halves"][0]))
        domino.append_text(half_text(slot["halves"][1]))
        king = Text("" if slot["seat"] is None else names[slot["seat"]])
        table.add_row(str(i + 1), str(slot["domino"]), domino, king)
    return table


def render(view: dict[str, Any], names: list[str] | None = None) -> RenderableType:
    p = view["players"]
    names = names or [f"Seat {i + 1}" for i in range(p)]
    parts: list[RenderableType] = []
    head = Text()
    game_no = f"game {view['game_no'] + 1} of 3, " if view["options"].get("dynasty") else ""
    stage = "opening picks" if view["round"] == 0 else f"round {view['round']}"
    head.append(f"Kingdomino — {game_no}{stage}", style="bold")
    head.append(f"   draw pile: {view['pile_count']}   discarded: {len(view['discarded'])}")
    if view["history"]:
        head.append("   earlier games: " + "; ".join(", ".join(map(str, g)) for g in view["history"]))
    parts.append(head)
    rows: list[RenderableType] = []
    if view["current_row"]:
        rows.append(row_table("Current row (to place)", view["current_row"], names))
    if view["next_row"]:
        rows.append(row_table("Next row (to pick)", view["next_row"], names))
    if rows:
        parts.append(Columns(rows, padding=(0, 4)))
    panels = []
    for k in view["kingdoms"]:
        seat = k["seat"]
        style = "bold green" if view["to_move"] == seat else "white"
        title = Text(f"{names[seat]} — {k['score']} pts")
        panels.append(Panel(kingdom_grid(k, view["size"]), title=title, border_style=style, expand=False))
    parts.append(Columns(panels, padding=(0, 1)))
    if view["to_move"] is not None:
        msg = f"{names[view['to_move']]} to {view['step']}"
        if view["placing"]:
            slot = next(s for s in view["current_row"] if s["domino"] == view["placing"])
            msg += f" #{slot['domino']} "
            t = Text(msg)
            t.append_text(half_text(slot["halves"][0]))
            t.append_text(half_text(slot["halves"][1]))
            parts.append(t)
        else:
            parts.append(Text(msg))
    return Group(*parts)


def render_result(result: dict[str, Any], names: list[str]) -> RenderableType:
    """Final scores with each seat's breakdown (regions, largest region, crowns, bonuses)."""
    out: list[RenderableType] = []
    table = Table(title="Final scores", title_justify="left")
    table.add_column("rank", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("largest region", justify="right")
    table.add_column("crowns", justify="right")
    table.add_column("bonus", justify="right")
    order = sorted(range(len(names)), key=lambda s: result["ranks"][s])
    for s in order:
        b = result["breakdown"][s]
        bonus = b.get("bonus", sum(g.get("bonus", 0) for g in b.get("games", [])))
        table.add_row(str(result["ranks"][s]), Text(names[s]), str(result["scores"][s]), str(b["largest_region"]),
                      str(b["crowns"]), str(bonus))
    out.append(table)
    for s in order:
        b = result["breakdown"][s]
        games = b.get("games", [b])
        for gi, g in enumerate(games):
            t = Table(title=Text(names[s] + (f" — game {gi + 1}" if len(games) > 1 else "")), title_justify="left",
                      box=None)
            t.add_column("terrain")
            t.add_column("squares", justify="right")
            t.add_column("crowns", justify="right")
            t.add_column("points", justify="right")
            for reg in g["regions"]:
                t.add_row(reg["terrain"], str(reg["squares"]), str(reg["crowns"]), str(reg["points"]))
            if g.get("harmony"):
                t.add_row("Harmony", "", "", str(g["harmony"]))
            if g.get("middle_kingdom"):
                t.add_row("Middle Kingdom", "", "", str(g["middle_kingdom"]))
            t.add_row("total", "", "", str(g["score"]), style="bold")
            out.append(t)
    return Group(*out)
