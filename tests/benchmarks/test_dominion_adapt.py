"""benchmarks/dominion_adapt.py: kingdom-adapted strategies against the best rule bot, per kingdom."""

from __future__ import annotations

import sys

import pytest

from tests.support import load_script

ADAPT = load_script("benchmarks/dominion_adapt.py", "dominion_adapt_benchmark")


def test_with_keeps_only_kingdoms_holding_the_named_cards(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["dominion_adapt.py", "--kingdoms", "2", "--games", "2", "--steps", "0",
                                      "--with", "Chapel,Laboratory"])
    ADAPT.main()
    out = capsys.readouterr().out.splitlines()
    rows, total = out[:-1], out[-1]
    assert len(rows) == 2
    for row in rows:
        cards = row.split()[-1].split(",")
        assert "Chapel" in cards and "Laboratory" in cards and len(cards) == 10
    assert total.startswith("adapted against the best rule bot:") and "of 4 games" in total


@pytest.mark.parametrize(("cards", "says"), [("Chapel,Labratory", "no card named Labratory"),
                                             ("Torturer", "hold Torturer")])
def test_with_refuses_an_unknown_card_or_one_no_deal_holds(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str], cards: str,
                                                           says: str) -> None:
    monkeypatch.setattr(ADAPT, "MAX_DEALS", 50)
    monkeypatch.setattr(sys, "argv", ["dominion_adapt.py", "--kingdoms", "1", "--with", cards])
    with pytest.raises(SystemExit) as stop:
        ADAPT.main()
    assert stop.value.code == 2 and says in capsys.readouterr().err
