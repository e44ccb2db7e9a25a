"""DominionSim's XML bots as rule files (``realms.games.dominion.domsim``): every operand, comparison and extra
operation it knows becomes the strategy language's, and what has no counterpart is an error naming it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from realms.games.dominion.bots import Comparison, Condition, parse_rules
from realms.games.dominion.domsim import ConvertError, convert, main

BOTS = """<bots>
<player name="Smithy/Gardens test" author="us">
  <type name="AppliesPPR"/>
  <buy name="Province">
    <condition><left type="getTotalMoney"/><operator type="greaterThan"/><right type="constant" attribute="18.0"/>
    </condition>
  </buy>
  <buy name="Smithy">
    <condition><left type="countCardsInDeck" attribute="Smithy"/><operator type="smallerThan"/>
      <right type="countCardTypeInDeck" attribute="Treasure"/><extra_operation type="divideBy" attribute="11.0"/>
    </condition>
  </buy>
  <buy name="Gardens">
    <condition><left type="isActionPhase"/><operator type="equalTo"/><right type="constant" attribute="1.0"/>
    </condition>
    <condition><left type="countCardsInSupply" attribute="Gardens"/><operator type="greaterOrEqualThan"/>
      <right type="gainsNeededToEndGame"/><extra_operation type="minus" attribute="2.5"/></condition>
  </buy>
  <buy name="Chapel" strategy="aggressiveTrashing"/>
  <buy name="Throne_Room">
    <condition><left type="countVP"/><operator type="smallerOrEqualThan"/><right type="countMAXOpponentVP"/></condition>
  </buy>
  <buy name="Silver"/>
</player>
<player name="Odd operand"><buy name="Silver"><condition><left type="countOnTavernMat" attribute="Silver"/>
  <operator type="equalTo"/><right type="constant" attribute="0"/></condition></buy></player>
<player name="Odd card"><buy name="Farm"/></player>
<player name="Odd strategy"><buy name="Remodel" strategy="bigSpender"/></player>
<player name="Own start"><start><hand>Copper</hand></start><buy name="Silver"/></player>
</bots>"""


def _player(name: str) -> ET.Element:
    return next(p for p in ET.fromstring(BOTS).iter("player") if p.get("name") == name)


def test_every_operand_comparison_and_extra_operation_becomes_the_languages():
    text = convert(_player("Smithy/Gardens test"))
    assert 'name = "smithy-gardens-test"' in text
    assert "penultimate_province_rule = true" in text and "end_only_when_winning = true" in text
    assert 'if = "money > 18"' in text
    assert 'if = "count(Smithy) < count(Treasures) / 11"' in text
    assert 'if = ["action_phase == 1", "pile(Gardens) >= gains_to_end - 2.5"]' in text
    assert 'card = "Throne Room"' in text and 'if = "vp <= opponent_vp"' in text
    assert "[card.Chapel]\nkeep_money = 4" in text
    rules = parse_rules(text, "converted.toml")
    assert [len(conds) for _, conds in rules.rules] == [1, 1, 2, 0, 1, 0]
    assert type(rules.rules[0][1][0]) is Condition and type(rules.rules[1][1][0]) is Comparison
    assert rules.policy is not None and rules.policy.ppr and rules.policy.winning_end


@pytest.mark.parametrize("name,reason", [
    ("Odd operand", "the operand 'countOnTavernMat' has no counterpart"),
    ("Odd card", "unknown card 'Farm'"),
    ("Odd strategy", "Remodel's play strategy 'bigSpender'"),
    ("Own start", "starting cards"),
])
def test_what_has_no_counterpart_is_an_error_naming_the_bot_and_the_part(name, reason):
    with pytest.raises(ConvertError) as e:
        convert(_player(name))
    assert str(e.value).startswith(name + ":") and reason in str(e.value)


def test_the_command_lists_converts_one_and_writes_every_bot_that_converts(tmp_path, capsys):
    src = tmp_path / "bots.xml"
    src.write_text(BOTS, encoding="utf-8")
    assert main([str(src)]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["Smithy/Gardens test", "Odd operand"]
    assert main([str(src), "Smithy/Gardens test"]) == 0
    assert 'card = "Smithy"' in capsys.readouterr().out
    assert main([str(src), "--all", str(tmp_path / "out")]) == 0
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["smithy-gardens-test.toml"]
    assert "1 of 5 bots written" in capsys.readouterr().err
    assert main([str(src), "Nobody"]) == 1 and "no bot named 'Nobody'" in capsys.readouterr().err
    (tmp_path / "bad.xml").write_text("<bots><player", encoding="utf-8")
    assert main([str(tmp_path / "bad.xml")]) == 1 and "cannot read" in capsys.readouterr().err
