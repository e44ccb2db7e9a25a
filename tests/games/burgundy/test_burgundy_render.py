"""The terminal drawing: everything on the table comes out of the view."""

from __future__ import annotations

from rich.console import Console

from realms.core.rng import Rng
from realms.games.burgundy.render import estate_map, render, render_result, tile_code

from .helpers import GAME, new


def _text(renderable, width=140) -> str:
    console = Console(width=width, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def _played(steps: int, players: int = 3, **opts):
    s = new(players, seed=8, **opts)
    rng = Rng(3)
    for _ in range(steps):
        if s.to_move is None:
            break
        acts = GAME.legal_actions(s)
        GAME.apply(s, acts[rng.below(len(acts))])
    return s


def test_render_shows_board_depots_track_and_every_estate():
    s = _played(120)
    view = GAME.view(s, 0)
    text = _text(render(view, ["Ann", "Bob", "Cy"]))
    assert f"Phase {view['phase']}" in text
    assert "depot" in text and "black" in text
    assert "turn order:" in text and "Ann" in text and "Cy" in text
    assert text.count("board 1") == 3
    for seat in view["seats"]:
        assert f"{seat['vp']}" in text
    assert "Cas*" in text  # start castles
    assert "S2 18" in text or any(sp["id"] == 18 and sp["tile"] for seat in view["seats"] for sp in seat["estate"])


def test_estate_map_has_seven_offset_rows_with_colours_and_die_numbers():
    s = new(2)
    rows = _text(estate_map(GAME.view(s, 0)["seats"][0]["estate"])).rstrip("\n").split("\n")
    assert len(rows) == 7
    assert rows[0].split() == ["A6", "01", "C5", "02", "C4", "03", "K3", "04"]
    assert rows[3].startswith(" S6 16")
    assert rows[0].index("A6") > rows[3].index("S6")


def test_tile_codes():
    from realms.games.burgundy.data import tile_json

    codes = {tile_code(tile_json(t)) for t in range(164)}
    assert {"Shp", "Cas", "Min", "K1", "K26", "Co2", "Ch4", "Whs", "CtH"} <= codes


def test_render_free_choice_and_finished_game():
    s = new(2, scenario="free-choice")
    text = _text(render(GAME.view(s, None)))
    assert "Estate boards present: 1, 2, 3, 4, 5, 6, 7, 8, 9" in text
    assert 'board 5 "Triplets" (one source)' in text and 'board 6 "Big River"\n' in text
    assert "stands in for the 2011 board 8" in text
    s = _played(10_000, players=2)
    text = _text(render(GAME.view(s, None)))
    assert "Game over" in text
    table = _text(render_result(GAME.result(s).to_json(), ["A", "B"]))
    assert "Final scores" in table and "slv silverlings" in table


def test_names_are_printed_as_text_not_markup():
    s = _played(30, players=2)
    text = _text(render(GAME.view(s, 0), ["[/]", "[bold]b[/bold]"]))
    assert "[/]" in text and "[bold]b[/bold]" in text
    s = _played(10_000, players=2)
    table = _text(render_result(GAME.result(s).to_json(), ["[/]", "[red]x"]))
    assert "[/]" in table and "[red]x" in table
