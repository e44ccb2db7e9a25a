"""What the browser should read, from the catalogues the client words its pages with (src/realms/web/i18n)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import realms

I18N = Path(realms.__file__).parent / "web" / "i18n"


@cache
def catalogue(lang: str) -> dict[str, Any]:
    return json.loads((I18N / f"{lang}.json").read_text())


def plural(lang: str, n: int) -> str:
    """Intl.PluralRules' category for a whole number, in the languages the tests read (English, French)."""
    if lang == "en":
        return "one" if n == 1 else "other"
    if lang == "fr":
        return "one" if n in (0, 1) else "many" if n and n % 1_000_000 == 0 else "other"
    raise ValueError(f"no plural rule for {lang!r} here")


def dominion_say(lang: str, say: dict[str, Any]) -> str:
    """A Dominion message without a seat in it (``{key, args}``), worded as dominion.js's sayText words it and
    capitalised as its buttons and the analysis are: card names in the reader's language, plural forms by n."""
    words = catalogue(lang)
    args = say.get("args", {})
    assert "seat" not in args, "a message naming a seat reads by the board's names: not worded here"
    params = {k: words.get(f"dominion.card.{v}", v) if isinstance(v, str) else v for k, v in args.items()}
    text = words[f"dominion.say.{say['key']}"]
    if isinstance(text, dict):
        text = text.get(plural(lang, int(params.get("n", 0))), text["other"])
    text = re.sub(r"\{(\w+)\}", lambda m: str(params.get(m.group(1), m.group(0))), text)
    return text[:1].upper() + text[1:]
