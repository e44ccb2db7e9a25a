"""A Castles of Burgundy knowledge tile's label reads as a label, not as a number, in every language.

Seen on a Russian page: knowledge tiles 12, 18 and 24 were labelled "З12", "З18", "З24", and the Cyrillic З
reads as a 3 on the chips and the board ("312", "318", "324").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "src" / "realms" / "web" / "i18n"
#: letters that read as digits in a bold small face: З 3, О O 0, б 6, l I 1
DIGIT_LIKE = set("ЗзОоOoбlI")


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "tr"])
def test_a_knowledge_label_does_not_read_as_a_longer_number(lang):
    label = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))["burgundy.label.knowledge"]
    prefix = label.split("{n}")[0]
    assert prefix and not prefix[-1].isdigit(), label
    assert prefix[-1] not in DIGIT_LIKE, f"{label!r}: {prefix[-1]!r} before the number reads as a digit"
