"""Each registered game's part of the web client: the browser module it declares (``Game.web_module``) is there,
declares its rules page (``rulesSections``, ``rulesVariants``), and every catalogue words the game's name and
each section of that page. The browser itself learns the games from the server (GET /api/meta), so nothing
else in the client lists them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import realms.games

WEB = Path(__file__).resolve().parents[2] / "src" / "realms" / "web"
LANGS = ("en", "tr", "fr", "ru")


def declared(source: str, name: str) -> list[str]:
    """The keys of ``export const NAME = [...]``: the strings of a list, or the first string of each pair."""
    m = re.search(rf"export const {name} = \[(.*?)\n?\];", source, re.S)
    assert m, f"no {name}"
    body = m.group(1)
    pairs = re.findall(r'^\s*\["([\w-]+)"', body, re.M)
    return pairs or re.findall(r'"([\w-]+)"', body)


@pytest.mark.parametrize("game_id", [g for g in realms.games.ids() if realms.games.get(g).web_module])
def test_a_games_browser_module_declares_its_rules_page_and_the_catalogues_word_it(game_id):
    module = realms.games.get(game_id).web_module
    assert module is not None
    source = (WEB / module).read_text(encoding="utf-8")
    sections, variants = declared(source, "rulesSections"), declared(source, "rulesVariants")
    assert sections and variants and "export function render(" in source
    for lang in LANGS:
        cat = json.loads((WEB / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        missing = [k for k in [f"game.{game_id}"] + [f"rules.{game_id}.{s}.{part}" for s in sections + variants
                                                       for part in ("title", "body")] if k not in cat]
        assert not missing, f"{lang}: {missing}"


def test_no_other_file_of_the_client_lists_the_games():
    modules = {realms.games.get(g).web_module for g in realms.games.ids()}
    ids = realms.games.ids()
    for path in WEB.glob("*.js"):
        if path.name in modules:
            continue
        text = path.read_text(encoding="utf-8")
        listed = [g for g in ids if f'"{g}"' in text]
        assert len(listed) < 2, f"{path.name} spells out games: {listed}"
