"""The browser's translation catalogues (src/realms/web/i18n/*.json): the same keys in every language, the
same placeholders in every translation of a message, plural forms where the language needs them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "src" / "realms" / "web" / "i18n"
LANGS = ("en", "tr", "fr", "ru")
#: the plural categories each language's messages must give (Intl.PluralRules picks among them)
PLURALS = {"en": {"one", "other"}, "tr": {"one", "other"}, "fr": {"one", "other"},
           "ru": {"one", "few", "many", "other"}}


#: "{you|A|B}" (A for the viewer's own seat), as i18n.js reads it: A and B may hold placeholders of their own
YOU_FORMS = re.compile(r"\{you\|((?:[^|{}]|\{\w+\})*)\|((?:[^{}]|\{\w+\})*)\}")

def load(lang: str) -> dict:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))


def placeholders(value) -> set[str]:
    texts = value.values() if isinstance(value, dict) else [value]
    return {m for text in texts for m in re.findall(r"\{(\w+)\}", re.sub(YOU_FORMS, r"\1 \2", text))}


def test_the_four_catalogues_have_identical_keys():
    keys = {lang: set(load(lang)) for lang in LANGS}
    for lang in LANGS[1:]:
        assert keys[lang] == keys["en"], (f"{lang}: missing {sorted(keys['en'] - keys[lang])[:20]}, "
                                          f"extra {sorted(keys[lang] - keys['en'])[:20]}")


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_translation_keeps_the_placeholders(lang):
    en, other = load("en"), load(lang)
    bad = [k for k in en if k in other and placeholders(en[k]) - {"n"} != placeholders(other[k]) - {"n"}]
    assert not bad, bad[:20]


@pytest.mark.parametrize("lang", LANGS)
def test_plural_messages_give_the_forms_the_language_needs(lang):
    cat = load(lang)
    bad = [k for k, v in cat.items() if isinstance(v, dict) and not PLURALS[lang] <= set(v)]
    assert not bad, bad[:20]
    assert all(isinstance(v, (str, dict)) and v for v in cat.values())


@pytest.mark.parametrize("lang", LANGS)
def test_labels_on_the_boards_tell_apart_in_every_language(lang):
    cat = load(lang)
    letters = [cat[f"kingdomino.letter.{x}"] for x in "WFLGSM"]
    assert len(set(letters)) == 6, letters
    labels = [v for k, v in cat.items() if k.startswith("burgundy.label.") and k != "burgundy.label.knowledge"]
    assert len(set(labels)) == len(labels), labels


def test_the_catalogues_ship_with_the_package():
    text = (I18N.parents[3] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"i18n/*.json"' in text
