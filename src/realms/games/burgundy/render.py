"""Terminal drawing of a Castles of Burgundy view with rich.

``render(view, names=None)`` draws, from the view alone: the main board (phase and round, white die,
goods on the round spaces, the six depots with their tiles and goods, the black depot, the turn-order
track, bonus tiles, stacks) and every estate as a hex map (empty spaces show their colour and die
number, built spaces the tile), with storage, goods, silverlings, workers, knowledge and VP.
``render_result(result, names)`` draws the final scores with VP by source.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

#: colour of each tile type: (style of an empty space, style of a built space)
STYLES = {
    "ship": ("bold blue", "bold white on blue"),
    "animal": ("bold bright_green", "bold black on bright_green"),
    "castle": ("bold green4", "bold white on dark_green"),
    "mine": ("bold grey62", "bold black on grey62"),
    "knowledge": ("bold yellow", "bold black on yellow"),
    "building": ("bold wheat1", "bold black on wheat1"),
}
LETTERS = {"ship": "S", "animal": "A", "castle": "C", "mine": "M", "knowledge": "K", "building": "B"}
BUILDING_CODES = {"warehouse": "Whs", "watchtower": "Twr", "carpenters_workshop": "Crp", "church": "Chu",
                  "market": "Mkt", "boarding_house": "Brd", "bank": "Bnk", "city_hall": "CtH"}
GOODS_STYLES = ("bold red", "bold dark_orange", "bold magenta", "bold cyan", "bold purple", "bold white")
ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)

#: the notation of the board and the moves, shown by ``?`` or ``help`` at the move prompt
KEY = (
    "Estate: an empty space shows its colour and die number, then its number: A6 01 is space 01, a "
    "pasture that needs a die showing 6. S ship, A animals (pasture), C castle, M mine, K knowledge "
    "(monastery), B building (city).\n"
    "Built spaces show their tile: Shp ship, Cas castle, Min mine, K12 knowledge tile 12, Co2 two cows "
    "(Sh sheep, Pi pigs, Ch chickens), Whs warehouse, Twr watchtower, Crp carpenter's workshop, Chu "
    "church, Mkt market, Brd boarding house, Bnk bank, CtH city hall. A star marks your starting castle "
    "(Cas*).\n"
    "Depots: the tiles on offer; (S) an empty slot of that colour. Goods 2x2 5x1: two goods of colour 2, "
    "one of colour 5.\n"
    "Storage: the tiles you took and may place (up to three). turn order: each seat's place on the track "
    "[position].\n"
    "bonus 5/2 held by: the seats (by number) that filled every space of a colour first and second.\n"
    "Moves: 'take Castle from depot 2 (die 2=2)' uses a die; 'pay a worker: die 1 6 -> 5' changes a die "
    "by one."
)


def tile_code(tile: dict[str, Any]) -> str:
    """A 3-character code: Shp, Cas, Min, K12, Cw3 (cow x3), Bnk ..."""
    t = tile["type"]
    if t == "building":
        return BUILDING_CODES[tile["building"]]
    if t == "animal":
        return f"{tile['species'][:1].upper()}{tile['species'][1:2]}{tile['animals']}"
    if t == "knowledge":
        return f"K{tile['number']}"
    return {"ship": "Shp", "castle": "Cas", "mine": "Min"}[t]


def tile_text(tile: dict[str, Any] | None, empty: str = "  .  ") -> Text:
    if tile is None:
        return Text(empty, style="dim")
    return Text(f" {tile_code(tile):<3} ", style=STYLES[tile["type"]][1])


def goods_text(counts: list[int]) -> Text:
    out = Text()
    for c, n in enumerate(counts):
        if n:
            out.append(f"{c + 1}", style=GOODS_STYLES[c])
            out.append(f"x{n} ")
    return out if out.plain else Text("-", style="dim")


def estate_map(estate: list[dict[str, Any]]) -> Text:
    """The estate as a hex map: 7 rows of 4,5,6,7,6,5,4 spaces, offset like the board."""
    by_pos = {(sp["row"], sp["col"]): sp for sp in estate}
    out = Text()
    for row, n in enumerate(ROW_LENGTHS):
        out.append(" " * (3 * (7 - n)))
        for col in range(n):
            sp = by_pos.get((row, col))
            if sp is None:
                out.append("      ")
                continue
            tile = sp["tile"]
            if tile is None:  # colour letter and die number, then the space id
                out.append(f" {LETTERS[sp['type']]}{sp['die']}", style=STYLES[sp["type"]][0])
                out.append(f" {sp['id']:02d}", style="dim")
            else:
                star = "*" if sp.get("start") else ""
                out.append(" ")
                out.append(f"{tile_code(tile) + star:<4}", style=STYLES[tile["type"]][1])
                out.append(" ")
        out.append("\n")
    out.rstrip()
    return out


def _name(names: list[str] | None, seat: int) -> str:
    return names[seat] if names and seat < len(names) else f"Seat {seat + 1}"


def _main_board(view: dict[str, Any], names: list[str] | None) -> Panel:
    head = Text()
    if view["mode"] == "over":
        head.append("Game over", style="bold")
    else:
        head.append(f"Phase {view['phase']}  round {view['round']}/5", style="bold")
        head.append(f"   white die {view['white_die']}   goods still to come: ")
        for c in view["round_goods"]:
            head.append(f"{c} ", style=GOODS_STYLES[c - 1])
    depots = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
    depots.add_column("depot", justify="right")
    depots.add_column("tiles")
    depots.add_column("goods")
    for d in view["depots"]:
        tiles = Text()
        for slot in d["slots"]:
            if slot["tile"] is None:
                tiles.append(f" ({LETTERS[slot['type']]}) ", style="dim")
            else:
                tiles.append_text(tile_text(slot["tile"]))
            tiles.append(" ")
        depots.add_row(str(d["depot"]), tiles, goods_text(d["goods"]))
    black = Text()
    for t in view["black_depot"]:
        black.append_text(tile_text(t, empty=" --  "))
        black.append(" ")
    depots.add_row("black", black, "2 silverlings")
    track = Text("turn order: ")
    for q in view["next_turn_order"]:
        pos = next(x["position"] for x in view["track"] if x["seat"] == q)
        track.append(f"{_name(names, q)} [{pos}]", style="bold" if q == view["to_move"] else "")
        track.append("  ")
    bonus = Text(f"bonus {view['bonus_vp']['large']}/{view['bonus_vp']['small']} held by: ")
    for t, owners in view["bonus"].items():
        bonus.append(f"{LETTERS[t]} ", style=STYLES[t][0])
        bonus.append("/".join("-" if owners[size] is None else str(owners[size] + 1) for size in ("large", "small")))
        bonus.append("  ")
    stacks = Text("stacks: " + ", ".join(f"{k} {v}" for k, v in view["stacks"].items())
                  + f"; goods bag {view['goods_bag']}; removed {view['removed']}", style="dim")
    return Panel(Group(head, depots, track, bonus, stacks), title="Burgundy", title_align="left")


def _seat_panel(view: dict[str, Any], seat: dict[str, Any], names: list[str] | None) -> Panel:
    q = seat["seat"]
    side = Table.grid(padding=(0, 1))
    side.add_column(style="dim")
    side.add_column()
    side.add_row("VP", Text(str(seat["vp"]), style="bold"))
    side.add_row("silverlings", str(seat["silverlings"]))
    side.add_row("workers", str(seat["workers"]))
    dice = Text()
    used = view["dice_used"] if view["to_move"] == q else [False, False]
    for i, v in enumerate(seat["dice"]):
        dice.append(f"[{v}]", style="dim strike" if used and used[i] else "bold")
        dice.append(" ")
    side.add_row("dice", dice)
    side.add_row("goods", goods_text(seat["goods"]))
    side.add_row("sold", goods_text(seat["sold"]))
    storage = Text()
    for t in seat["storage"]:
        storage.append_text(tile_text(t))
        storage.append(" ")
    side.add_row("storage", storage if storage.plain else Text("-", style="dim"))
    if seat["knowledge"]:
        side.add_row("knowledge", ", ".join(str(k) for k in seat["knowledge"]))
    side.add_row("empty", str(seat["empty_spaces"]))
    grid = Table.grid(padding=(0, 3))
    grid.add_column()
    grid.add_column()
    grid.add_row(estate_map(seat["estate"]), side)
    info = seat.get("board_info")
    title = f"{_name(names, q)} - " + (info["label"] if info else f"board {seat['board']}")
    if view["to_move"] == q:
        title += f"  (to move: {view['pending_text']})"
    return Panel(grid, title=Text(title), title_align="left", border_style="bold" if view["to_move"] == q else "dim")


def render(view: dict[str, Any], names: list[str] | None = None) -> Group:
    """Everything on the table, drawn from ``view``."""
    parts: list[Any] = [_main_board(view, names)]
    if view["mode"] == "board-choice":
        parts.append(Text(f"Estate boards present: {', '.join(map(str, view['boards_present']))}"))
        for info in view.get("boards_info", ()):
            parts.append(Text(f"  {info['label']}", style="dim"))
    for seat in view["seats"]:
        if seat["board"] is not None:
            parts.append(_seat_panel(view, seat, names))
    scores = Text("Scores: ", style="bold")
    scores.append("  ".join(f"{_name(names, s['seat'])} {s['vp']}" for s in view["seats"]))
    parts.append(scores)
    return Group(*parts)


SOURCE_HEADERS = {"region": "reg", "colour-bonus": "bon", "animals": "ani", "sale": "sal", "watchtower": "twr",
                  "unsold-goods": "gds", "silverlings": "slv", "workers": "wrk", "knowledge": "knw"}
LEGEND = ("reg regions, bon colour bonus tiles, ani animals, sal sales, twr watchtowers, gds unsold goods, "
          "slv silverlings, wrk workers, knw knowledge 15-26, emp empty spaces")


def render_result(result: dict[str, Any], names: list[str] | None = None) -> Table:
    """Final scores with ranks and VP by source (knowledge tiles 15-26 together)."""

    def grouped(b: dict[str, Any]) -> dict[str, int]:
        out: dict[str, int] = {}
        for k, v in b["vp_by_source"].items():
            key = "knowledge" if k.startswith("knowledge") else k
            out[key] = out.get(key, 0) + v
        return out

    rows = [grouped(b) for b in result["breakdown"]]
    sources = [k for k in SOURCE_HEADERS if any(k in r for r in rows)]
    table = Table(title="Final scores", title_justify="left", box=box.SIMPLE_HEAD, caption=LEGEND,
                  caption_justify="left", pad_edge=False, collapse_padding=True)
    table.add_column("#")
    table.add_column("player", no_wrap=True)
    table.add_column("VP", justify="right", style="bold")
    for src in sources:
        table.add_column(SOURCE_HEADERS[src], justify="right", min_width=3)
    table.add_column("emp", justify="right", min_width=3)
    n = len(result["scores"])
    for q in sorted(range(n), key=lambda x: result["ranks"][x]):
        table.add_row(str(result["ranks"][q]), Text(_name(names, q)), str(result["scores"][q]),
                      *[str(rows[q].get(src, 0)) for src in sources], str(result["breakdown"][q]["empty_spaces"]))
    return table
