"""A self-contained HTML report of a sweep: plots as embedded PNG (base64), a table of
every cell, and everything needed to reproduce it. No external asset, no script.

Cooperative games: the team's win rate as heatmaps over the first two swept keys, one
heatmap per combination of the other keys (for Gnou: quiz accuracy × turn limit, one per
variant). Competitive games: for each swept key, the win rate of every seat and the game
length against the key's values (averaged over the other keys).

Needs matplotlib (``pip install 'ludinum[lab]'``).
"""

from __future__ import annotations

import base64
import html
import io
import itertools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.sim.stats import wilson

CSS = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:70rem;color:#222;
padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem}
table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #ccc;
padding:.2rem .5rem;text-align:right}th{background:#f2f2f2}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:bold}
img{max-width:100%;height:auto;border:1px solid #eee;margin:.5rem 0}
code{background:#f5f5f5;padding:0 .2rem}
"""


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _label(value: object) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _swept(result: Mapping[str, Any]) -> list[tuple[str, list[Any]]]:
    return [(k, list(v)) for k, v in result["grid"].items() if len(v) > 1]


def _rows_where(result: Mapping[str, Any], fixed: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [r for r in result["rows"] if all(r["cell"].get(k) == v for k, v in fixed.items())]


def _pooled(rows: Sequence[Mapping[str, Any]], seat: int | None) -> tuple[float, float, float]:
    """Win rate of the team (``seat`` None) or of a seat, pooled over ``rows``."""
    wins = 0.0
    games = 0
    for r in rows:
        s = r["summary"]
        rate = s["win_rate"] if seat is None else s["win_rate"][seat]
        wins += rate * s["games"]
        games += s["games"]
    lo, hi = wilson(wins, games)
    return (wins / games if games else 0.0, lo, hi)


def heatmaps(result: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(caption, PNG data URL) per combination of the keys beyond the first two."""
    from matplotlib.figure import Figure

    swept = _swept(result)
    if len(swept) < 2:
        return []
    (xk, xs), (yk, ys) = swept[0], swept[1]
    rest = swept[2:]
    out = []
    for combo in itertools.product(*(vals for _, vals in rest)):
        fixed = dict(zip((k for k, _ in rest), combo, strict=True))
        grid = [[_pooled(_rows_where(result, {**fixed, xk: x, yk: y}), None)[0] for x in xs]
                for y in ys]
        fig = Figure(figsize=(1.2 * len(xs) + 2.5, 0.8 * len(ys) + 1.8))
        ax = fig.add_subplot()
        image = ax.imshow(grid, origin="lower", cmap="RdYlGn", vmin=0.0, vmax=1.0,
                          aspect="auto")
        ax.set_xticks(range(len(xs)), [_label(x) for x in xs])
        ax.set_yticks(range(len(ys)), [_label(y) for y in ys])
        ax.set_xlabel(xk)
        ax.set_ylabel(yk)
        for j, row in enumerate(grid):
            for i, rate in enumerate(row):
                ax.text(i, j, f"{rate:.2f}", ha="center", va="center", fontsize=9)
        caption = ", ".join(f"{k} = {_label(v)}" for k, v in fixed.items()) or "toutes"
        ax.set_title(f"Victoire de l'équipe · {caption}")
        fig.colorbar(image, ax=ax, label="taux de victoire")
        out.append((caption, _png(fig)))
    return out


def line_plots(result: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Per swept key: win rate (team or per seat) and game length against its values."""
    from matplotlib.figure import Figure

    out = []
    for key, values in _swept(result):
        fig = Figure(figsize=(10, 3.6), layout="constrained")
        left, right = fig.subplots(1, 2)
        xs = list(range(len(values)))
        groups = [_rows_where(result, {key: v}) for v in values]
        seats: list[int | None]
        if result["cooperative"]:
            seats = [None]
        else:
            seats = list(range(len(groups[0][0]["summary"]["win_rate"])))
        for seat in seats:
            stats = [_pooled(rows, seat) for rows in groups]
            mid = [s[0] for s in stats]
            err = [[max(0.0, s[0] - s[1]) for s in stats], [max(0.0, s[2] - s[0]) for s in stats]]
            label = "équipe" if seat is None else f"siège {seat + 1}"
            left.errorbar(xs, mid, yerr=err, marker="o", capsize=3, label=label)
        left.set_ylim(0, 1)
        left.set_ylabel("taux de victoire (IC 95 %)")
        left.legend(fontsize=8)
        turns = [sum(r["summary"]["mean_turns"] for r in rows) / len(rows) for rows in groups]
        right.plot(xs, turns, marker="o", color="tab:purple")
        right.set_ylabel("tours (moyenne)")
        for ax in (left, right):
            ax.set_xticks(xs, [_label(v) for v in values])
            ax.set_xlabel(key)
            ax.grid(alpha=0.3)
        fig.suptitle(f"Selon {key} (moyenne sur les autres clés)")
        out.append((key, _png(fig)))
    return out


def _table(result: Mapping[str, Any]) -> str:
    keys = list(result["grid"])
    head = "".join(f"<th>{html.escape(k)}</th>" for k in keys)
    if result["cooperative"]:
        head += "<th>victoire</th><th>IC 95 %</th>"
    else:
        seats = len(result["rows"][0]["summary"]["win_rate"]) if result["rows"] else 0
        head += "".join(f"<th>siège {s + 1}</th>" for s in range(seats))
    head += "<th>tours</th><th>médiane</th><th>parties</th>"
    lines = [f"<tr>{head}</tr>"]
    for row in result["rows"]:
        s = row["summary"]
        cells = "".join(f"<td>{html.escape(_label(row['cell'][k]))}</td>" for k in keys)
        if result["cooperative"]:
            lo, hi = s["win_rate_ci95"]
            cells += f"<td>{s['win_rate']:.3f}</td><td>[{lo:.3f}, {hi:.3f}]</td>"
        else:
            cells += "".join(
                f"<td>{rate:.3f} [{ci[0]:.2f}, {ci[1]:.2f}]</td>"
                for rate, ci in zip(s["win_rate"], s["win_rate_ci95"], strict=True)
            )
        cells += (f"<td>{s['mean_turns']:.2f}</td><td>{s['turns']['median']:g}</td>"
                  f"<td>{s['games']}</td>")
        lines.append(f"<tr>{cells}</tr>")
    return "<table>" + "".join(lines) + "</table>"


def _provenance(result: Mapping[str, Any]) -> str:
    items = [
        ("jeu", result["game"]),
        ("version de ludinum", result["version"]),
        ("Python", result.get("python", "")),
        ("commande", result.get("command", "")),
        ("graine", result["seed"]),
        ("parties par case", result["games_per_cell"]),
        ("joueurs", result["players"]),
        ("bots (tous les sièges)", result["bots"]),
        ("précision aux quiz", result["quiz_accuracy"] if result["quiz_accuracy"] is not None
         else "celle du niveau"),
        ("options fixées", json.dumps(result["fixed_options"], ensure_ascii=False)),
        ("options par défaut", json.dumps(result["resolved_defaults"], ensure_ascii=False)),
        ("grille", json.dumps(result["grid"], ensure_ascii=False)),
        ("graines des parties", result["seeds"]),
    ]
    body = "".join(f"<dt>{html.escape(k)}</dt><dd>{html.escape(str(v))}</dd>" for k, v in items)
    return f"<dl>{body}</dl>"


def html_report(result: Mapping[str, Any]) -> str:
    """The whole report as one HTML document."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="fr"><head><meta charset="utf-8">',
        f"<title>Balayage · {html.escape(result['title'])}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>Balayage des options · {html.escape(result['title'])}</h1>",
        "<h2>Reproduire</h2>",
        _provenance(result),
    ]
    if result["cooperative"]:
        maps = heatmaps(result)
        if maps:
            parts.append("<h2>Victoire de l'équipe</h2>")
            for caption, url in maps:
                parts.append(f'<img src="{url}" alt="carte de chaleur : {html.escape(caption)}">')
    plots = line_plots(result)
    if plots:
        parts.append("<h2>Effet de chaque clé</h2>")
        for key, url in plots:
            parts.append(f'<img src="{url}" alt="effet de {html.escape(key)}">')
    parts += ["<h2>Toutes les cases</h2>", _table(result)]
    parts.append("<h2>Données</h2><details><summary>JSON</summary><pre>")
    parts.append(html.escape(json.dumps(result, ensure_ascii=False, indent=1)))
    parts.append("</pre></details></body></html>")
    return "\n".join(parts)
