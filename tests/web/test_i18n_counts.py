"""A count in a message reads in the right form, not "silverling(s)": every number after the first has its own
plural forms in the message (``{count:one=silverling|other=silverlings}``, worded by i18n.js's fill)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "src" / "realms" / "web" / "i18n"
#: "{count:one=...|other=...}", as i18n.js reads it
COUNT_FORMS = re.compile(r"\{(\w+):((?:\w+=[^|{}]*)(?:\|\w+=[^|{}]*)*)\}")
PLURALS = {"en": {"one", "other"}, "fr": {"one", "other"}, "tr": {"one", "other"},
           "ru": {"one", "few", "many", "other"}}


def texts(lang: str) -> dict[str, str]:
    cat = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    return {f"{k}.{form}" if isinstance(v, dict) else k: t
            for k, v in cat.items() for form, t in (v.items() if isinstance(v, dict) else [("", v)])}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_message_leaves_its_plural_to_the_reader(lang):
    # seen in the Burgundy log: "You sell 1 goods tile of colour 5: 1 silverling(s)"
    bad = {k: t for k, t in texts(lang).items() if re.search(r"\w\((?:s|e?s)\)", t)}
    assert not bad, bad


@pytest.mark.parametrize("lang", list(PLURALS))
def test_each_count_gives_the_forms_its_language_needs(lang):
    for key, text in texts(lang).items():
        for name, forms in COUNT_FORMS.findall(text):
            given = {f.split("=", 1)[0] for f in forms.split("|")}
            assert PLURALS[lang] <= given, (key, name, given)
            assert "{" + name + "}" in text or name == "n", (key, name)  # the number itself is shown too
