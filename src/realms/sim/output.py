"""What the simulator writes besides its table: CSV rows, plots (matplotlib, the ``plot`` extra) and a
self-contained HTML report.

>>> from realms.sim import run_tournament
>>> report = run_tournament("kingdomino", ["greedy", "random"], games=4, seed=1, by_turn=True)
>>> print(to_csv(report).splitlines()[0])
entrant,agent,metric,turn,mean,ci95_lo,ci95_hi,n
"""

from __future__ import annotations

import csv
import html
import io
import math
import platform
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from realms.core.errors import OptionsError

if TYPE_CHECKING:
    from realms.sim.roundrobin import RoundRobin
    from realms.sim.tournament import SimReport

CSV_HEADER = ["entrant", "agent", "metric", "turn", "mean", "ci95_lo", "ci95_hi", "n"]
#: a turn's mean is drawn only when at least this share of the games reached that turn
MIN_SHARE = 0.1


def to_csv(report: SimReport) -> str:
    """One row per entrant and figure (``turn`` empty), then one per entrant, per-turn figure and turn.

    Long form, so it loads as it is into a spreadsheet's pivot table, pandas or R: ``win_rate`` (its
    interval Wilson's), ``mean_score``, ``mean_rank``, the game's end-of-game statistics, and with per-turn
    statistics their mean after each turn with a 95% interval and the number of games that reached it.
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for i, e in enumerate(report.entrants):
        lo, hi = e.win_rate_ci95
        w.writerow([i + 1, e.agent, "win_rate", "", _f(e.win_rate), _f(lo), _f(hi), e.games])
        if report.by_turn:
            slo, shi = e.score_moments.ci95()
            w.writerow([i + 1, e.agent, "mean_score", "", _f(e.mean_score), _f(slo), _f(shi), e.games])
        else:
            w.writerow([i + 1, e.agent, "mean_score", "", _f(e.mean_score), "", "", e.games])
        w.writerow([i + 1, e.agent, "mean_rank", "", _f(e.mean_rank), "", "", e.games])
        for k, v in e.stats().items():
            w.writerow([i + 1, e.agent, k, "", _f(v), "", "", e.stat_counts[k]])
    for i, e in enumerate(report.entrants):
        for k, curve in e.by_turn().items():
            for t, m, (lo, hi), n in zip(curve["turn"], curve["mean"], curve["ci95"], curve["n"], strict=True):
                w.writerow([i + 1, e.agent, k, t, _f(m), _f(lo), _f(hi), n])
    return buf.getvalue()


def _f(x: float) -> str:
    return f"{x:.10g}"


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise OptionsError("plots need matplotlib: pip install 'realms[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _format_of(path: str | Path) -> str:
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in ("png", "svg"):
        raise OptionsError(f"a plot is written as .png or .svg, not {Path(path).name!r}")
    return suffix


def _labels(names: Sequence[str]) -> list[str]:
    """Entrant labels, numbered when two entrants have the same agent."""
    return [f"{n} ({i + 1})" if names.count(n) > 1 else n for i, n in enumerate(names)]


def sim_figure(report: SimReport) -> Any:
    """A figure of win rates with intervals, score distributions and each per-turn curve by entrant."""
    plt = _pyplot()
    labels = _labels([e.agent for e in report.entrants])
    metrics = sorted({k for e in report.entrants for k in e.turn_moments})
    panels = 1 + (1 if report.by_turn else 0) + len(metrics)
    cols = min(3, panels)
    rows = math.ceil(panels / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.6 * cols, 3.4 * rows), squeeze=False)
    flat = [ax for row in axes for ax in row]
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]

    ax = flat[0]
    rates = [e.win_rate for e in report.entrants]
    cis = [e.win_rate_ci95 for e in report.entrants]
    ys = list(range(len(labels)))
    ax.barh(ys, rates, color=[colours[i % len(colours)] for i in ys],
            xerr=[[r - lo for r, (lo, _) in zip(rates, cis, strict=True)],
                  [hi - r for r, (_, hi) in zip(rates, cis, strict=True)]], capsize=4)
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% interval)")
    ax.set_title(f"{report.game}: {report.games} games, seed {report.seed}", fontsize=10)

    nxt = 1
    if report.by_turn:
        ax = flat[nxt]
        nxt += 1
        for i, e in enumerate(report.entrants):
            xs = sorted(e.score_counts)
            if not xs:
                continue
            total = sum(e.score_counts.values())
            ax.step(xs, [e.score_counts[x] / total for x in xs], where="mid", color=colours[i % len(colours)],
                    label=f"{labels[i]} (mean {e.mean_score:.1f})")
        ax.set_xlabel("final score")
        ax.set_ylabel("share of games")
        ax.set_title("score distribution", fontsize=10)
        ax.legend(fontsize=7)

    for k in metrics:
        ax = flat[nxt]
        nxt += 1
        for i, e in enumerate(report.entrants):
            ms = [m for m in e.turn_moments.get(k, []) if m.n >= max(1, MIN_SHARE * e.games)]
            if not ms:
                continue
            ts = list(range(1, len(ms) + 1))
            c = colours[i % len(colours)]
            ax.plot(ts, [m.mean for m in ms], color=c, label=labels[i])
            ax.fill_between(ts, [m.ci95()[0] for m in ms], [m.ci95()[1] for m in ms], color=c, alpha=0.2)
        ax.set_xlabel(report.turn_label)
        ax.set_title(f"{k} by {report.turn_label} (mean, 95% interval)", fontsize=10)
        ax.legend(fontsize=7)
    for ax in flat[nxt:]:
        ax.set_visible(False)
    fig.tight_layout()
    return fig


def roundrobin_figure(rr: RoundRobin) -> Any:
    """The win matrix (row beat column) as a heat map, and the ranking with intervals."""
    plt = _pyplot()
    names = rr.names
    n = len(names)
    fig, (left, right) = plt.subplots(1, 2, figsize=(5 + 0.6 * n + 4.6, max(3.4, 0.5 * n + 1.5)))
    matrix = [[math.nan if i == j else rr.beat_rate(i, j) for j in range(n)] for i in range(n)]
    im = left.imshow(matrix, vmin=0, vmax=1, cmap="RdYlGn")
    left.set_xticks(range(n), names, rotation=45, ha="right")
    left.set_yticks(range(n), names)
    for i in range(n):
        for j in range(n):
            if i != j:
                left.text(j, i, f"{matrix[i][j]:.2f}", ha="center", va="center", fontsize=8)
    left.set_title(f"{rr.game}: row finishes ahead of column", fontsize=10)
    fig.colorbar(im, ax=left, fraction=0.046)
    order = rr.ranking()
    ys = list(range(n))
    rates = [r["win_rate"] for r in order]
    right.barh(ys, rates, xerr=[[r["win_rate"] - r["win_rate_ci95"][0] for r in order],
                                [r["win_rate_ci95"][1] - r["win_rate"] for r in order]], capsize=4)
    right.set_yticks(ys, [f"{k + 1}. {r['agent']}" for k, r in enumerate(order)])
    right.invert_yaxis()
    right.set_xlim(0, 1)
    right.set_xlabel("win rate over all its games (95% interval)")
    right.set_title("ranking", fontsize=10)
    fig.tight_layout()
    return fig


def save_figure(fig: Any, path: str | Path) -> None:
    fmt = _format_of(path)
    plt = _pyplot()
    try:
        fig.savefig(path, format=fmt, dpi=110)
    except OSError as e:
        raise OptionsError(f"cannot write {path}: {e.strerror or e}") from None
    finally:
        plt.close(fig)


def _svg(fig: Any) -> str:
    plt = _pyplot()
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def versions(backend: str = "local") -> dict[str, str]:
    """The versions a result depends on: realms, Python, the platform (and Ray, matplotlib where used)."""
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    names = ["realms", "matplotlib"] + (["ray"] if backend == "ray" else [])
    for name in names:
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "not installed"
    return out


_STYLE = """body{font-family:system-ui,sans-serif;max-width:70em;margin:1.5em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:.25em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}code,pre{background:#f3f3f3;padding:.2em .4em}
pre{padding:.8em;overflow-x:auto;white-space:pre-wrap}svg{max-width:100%;height:auto}"""


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    out = ["<table><tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def entrant_rows(report: SimReport) -> tuple[list[str], list[list[str]]]:
    """The simulator's table as header and rows of text (shared by the HTML report)."""
    keys = sorted({k for e in report.entrants for k in e.stat_sums})
    head = ["entrant", "games", "wins", "win rate", "95% interval", "mean score", "mean rank", *keys]
    rows = []
    for e in report.entrants:
        lo, hi = e.win_rate_ci95
        stats = e.stats()
        rows.append([e.agent, str(e.games), f"{e.wins:g}", f"{e.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}",
                     f"{e.mean_score:.2f}", f"{e.mean_rank:.2f}", *[f"{stats[k]:.2f}" if k in stats else ""
                                                                    for k in keys]])
    return head, rows


def write_html(path: str | Path, title: str, command: Sequence[str], blocks: Sequence[tuple[str, str]],
               backend: str = "local", data: Any = None) -> None:
    """A self-contained page: the blocks (heading, HTML), the exact command and the versions to reproduce it."""
    import json
    import shlex

    parts = [f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{html.escape(title)}</title>",
             f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"]
    for heading, body in blocks:
        parts.append(f"<h2>{html.escape(heading)}</h2>\n{body}")
    parts.append("<h2>Reproduce</h2><p>The same command, with the same versions, gives the same table "
                 "(games are seeded; only timings differ):</p>")
    parts.append(f"<pre>{html.escape(shlex.join(command))}</pre>")
    parts.append(_table(["package", "version"], sorted(versions(backend).items())))
    if data is not None:
        parts.append("<details><summary>the report as JSON</summary><pre>"
                     f"{html.escape(json.dumps(data, indent=1))}</pre></details>")
    parts.append("</body></html>\n")
    try:
        Path(path).write_text("\n".join(parts), encoding="utf-8")
    except OSError as e:
        raise OptionsError(f"cannot write {path}: {e.strerror or e}") from None


def sim_html(report: SimReport, path: str | Path, command: Sequence[str]) -> None:
    head, rows = entrant_rows(report)
    summary = (f"<p>{report.games} games of {html.escape(report.game)}, seed {report.seed}, seating "
               f"{html.escape(str(report.to_json().get('seating', '')))}; shared wins {report.ties}; mean game "
               f"length {report.mean_turns:.2f} turns; options <code>{html.escape(str(report.options))}</code>.</p>")
    blocks = [("Results", summary + _table(head, rows)), ("Plots", _svg(sim_figure(report)))]
    write_html(path, f"realms sim {report.game}", command, blocks, report.backend, report.to_json())


def roundrobin_html(rr: RoundRobin, path: str | Path, command: Sequence[str]) -> None:
    ranking = rr.ranking()
    rows = [[f"{k + 1}. {r['agent']}", r["games"], f"{r['wins']:g}", f"{r['win_rate']:.1%}",
             f"{r['win_rate_ci95'][0]:.1%}–{r['win_rate_ci95'][1]:.1%}", f"{r['mean_score']:.2f}"]
            for k, r in enumerate(ranking)]
    names = rr.names
    matrix = [[names[i], *["–" if i == j else f"{rr.beat_rate(i, j):.3f}" for j in range(len(names))]]
              for i in range(len(names))]
    blocks = [("Ranking", _table(["entrant", "games", "wins", "win rate", "95% interval", "mean score"], rows)),
              ("Win matrix (row finishes ahead of column; shared ranks count a half)",
               _table(["", *names], matrix)),
              ("Plots", _svg(roundrobin_figure(rr)))]
    write_html(path, f"realms tournament {rr.game}", command, blocks, rr.backend, rr.to_json())
