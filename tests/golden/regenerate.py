"""Regenerate the golden playthroughs — only on purpose, after a deliberate rule change.

    .venv/bin/python -m tests.golden.regenerate            # every variant
    .venv/bin/python -m tests.golden.regenerate NAME ...   # some (each game's in tests/games/<id>/golden.py)
    .venv/bin/python -m tests.golden.regenerate --check    # only report which files would change
"""

from __future__ import annotations

import argparse
import sys

from tests.golden.golden import DATA, dumps, path_of, play
from tests.golden.variants import BY_NAME, VARIANTS


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.golden.regenerate", description=__doc__.split("\n")[0])
    ap.add_argument("names", nargs="*", help="variants to regenerate (default: all)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file would change")
    args = ap.parse_args(argv)
    unknown = [n for n in args.names if n not in BY_NAME]
    if unknown:
        print(f"unknown variant(s): {', '.join(unknown)}; known: {', '.join(BY_NAME)}", file=sys.stderr)
        return 2
    chosen = [BY_NAME[n] for n in args.names] if args.names else list(VARIANTS)
    DATA.mkdir(exist_ok=True)
    changed = 0
    for v in chosen:
        record = play(v)
        text = dumps(record)
        path = path_of(v)
        old = path.read_text() if path.exists() else None
        if old == text:
            status = "unchanged"
        else:
            changed += 1
            status = "would change" if args.check else ("written" if old is None else "changed")
            if not args.check:
                path.write_text(text)
        print(f"{v.name}: {len(record['steps'])} steps, {status}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
