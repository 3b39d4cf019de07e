"""A self-contained HTML report of a sweep: plots as embedded PNG (base64), a table of
every cell, and everything needed to reproduce it. No external asset, no script.

Every game: a sentence per headline outcome that has a fair value (thief's win rate,
first player's share…) saying which settings are fair within the margin the user set,
which are not and which need more games; then one chart per headline outcome (and the game
length) against each swept key, pooled over the other keys, with 95 % intervals and the
fair value. Cooperative games also get the team's win rate as heatmaps over the first two
swept keys, one per combination of the other keys (quiz accuracy × turn limit, one per
variant…). The table has every cell; a cell with fewer players leaves the missing
seats empty.

Needs matplotlib (``pip install 'ludinum[lab]'``).
"""

from __future__ import annotations

import base64
import html
import io
import itertools
import json
import math
import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from ludinum.content.typography import french_spacing
from ludinum.engine.numbers import decimal
from ludinum.sim.outcomes import cell_verdict, columns, pool
from ludinum.sim.stats import Z95, wilson

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


def _label(value: object, key: str = "", game: str = "") -> str:
    """A grid's value as it is typed in ``--grid`` and ``-o`` (:meth:`Option.typed`: a
    seat counted from 1, « oui ») when ``key`` is one of ``game``'s options."""
    if game and key and isinstance(value, (bool, int, float, str)):
        from ludinum.engine import LudinumError
        from ludinum.games import registry

        try:
            return registry().get(game).options[key].typed(value)
        except (KeyError, LudinumError):
            pass  # players, bots, quiz_accuracy: not a rule option
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
    game = result.get("game", "")
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
        ax.set_xticks(range(len(xs)), [_label(x, xk, game) for x in xs])
        ax.set_yticks(range(len(ys)), [_label(y, yk, game) for y in ys])
        ax.set_xlabel(xk)
        ax.set_ylabel(yk)
        for j, row in enumerate(grid):
            for i, rate in enumerate(row):
                ax.text(i, j, f"{rate:.2f}", ha="center", va="center", fontsize=9)
        caption = ", ".join(f"{k} = {_label(v, k, game)}" for k, v in fixed.items()
                            ) or "toutes"
        ax.set_title(f"Victoire de l'équipe · {caption}")
        fig.colorbar(image, ax=ax, label="taux de victoire")
        out.append((caption, _png(fig)))
    return out


def length_entry(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The mean game length of a cell as a headline entry (no fair value), its standard
    deviation rebuilt from its 95 % interval, so that cells pool like any headline."""
    n = int(summary["games"])
    lo, hi = summary["mean_turns_ci95"]
    sd = (hi - lo) / 2 / Z95 * math.sqrt(n) if n > 1 else 0.0
    return {"key": "length", "label": {"fr": "durée (tours)", "en": "game length (turns)"},
            "kind": "mean", "per_seat": False, "n": n, "value": summary["mean_turns"],
            "ci95": [lo, hi], "sd": sd, "fair": None}


def outcomes(summary: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """A cell's headline entries, and its game length unless a headline measures it."""
    out = dict(summary.get("headline", {}))
    if not any(e["kind"] == "mean" and "turns" in k for k, e in out.items()):
        out["length"] = length_entry(summary)
    return out


def _fair_of(rows: Sequence[Mapping[str, Any]], key: str) -> float | None:
    """The fair value shared by ``rows`` for headline ``key`` (None if none or several)."""
    fairs = {outcomes(r["summary"])[key]["fair"] for r in rows}
    return fairs.pop() if len(fairs) == 1 else None


def headline_plots(result: Mapping[str, Any], margin: float) -> list[tuple[str, str, str]]:
    """One chart per headline outcome and swept key: (key, headline key, PNG data URL).
    Pooled over the other keys, with 95 % intervals; a fair value is drawn as a dashed
    line in a band of ± ``margin``."""
    from matplotlib.figure import Figure

    rows = result["rows"]
    if not rows:
        return []
    first = outcomes(rows[0]["summary"])
    out = []
    for key, values in _swept(result):
        xs = list(range(len(values)))
        groups = [_rows_where(result, {key: v}) for v in values]
        for hkey, head in first.items():
            fig = Figure(figsize=(6.4, 3.6), layout="constrained")
            ax = fig.subplots()
            entries = [[outcomes(r["summary"])[hkey] for r in g] for g in groups]
            seats = max(columns(e) for group in entries for e in group)
            for seat in range(seats):
                stats = [pool(group, seat) for group in entries]
                mid = [st[0] for st in stats]
                err = [[max(0.0, st[0] - st[1]) for st in stats],
                       [max(0.0, st[2] - st[0]) for st in stats]]
                label = f"siège {seat + 1}" if head["per_seat"] else head["label"]["fr"]
                ax.errorbar(xs, mid, yerr=err, marker="o", capsize=3, label=label)
            fair = [_fair_of(g, hkey) for g in groups]
            if any(f is not None for f in fair):
                ys = [math.nan if f is None else f for f in fair]
                ax.plot(xs, ys, linestyle="--", color="0.3", label="équitable")
                ax.fill_between(xs, [y - margin for y in ys], [y + margin for y in ys],
                                color="0.5", alpha=0.15, label=f"± {decimal(margin, 'fr')}")
            if head["kind"] == "rate":
                ax.set_ylim(0, 1)
            ax.set_ylabel(f"{head['label']['fr']} (IC 95 %)")
            ax.set_xticks(xs, [_label(v, key, result.get("game", "")) for v in values])
            ax.set_xlabel(key)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
            ax.set_title(f"{head['label']['fr']} selon {key}")
            out.append((key, hkey, _png(fig)))
    return out


def _cell_text(cell: Mapping[str, Any], game: str = "") -> str:
    text = ", ".join(f"{k} = {_label(v, k, game)}" for k, v in cell.items()) or "la seule case"
    return f"({text})" if len(cell) > 1 else text


def fairness(result: Mapping[str, Any], margin: float) -> list[tuple[str, str]]:
    """Per headline that has a fair value: a French and an English sentence saying which
    settings (cells) are fair, which are not, and which need more games."""
    rows = result["rows"]
    if not rows:
        return []
    out = []
    for hkey, head in outcomes(rows[0]["summary"]).items():
        if head.get("fair") is None:
            continue
        found: dict[str, list[str]] = {"fair": [], "unfair": [], "uncertain": []}
        for row in rows:
            verdict = cell_verdict(outcomes(row["summary"])[hkey], margin)
            if verdict is not None:
                found[verdict].append(_cell_text(row["cell"], result.get("game", "")))
        fr_margin = decimal(margin, "fr")
        fr = [("équitable pour " + ", ".join(found["fair"])) if found["fair"]
              else "aucun réglage équitable"]
        en = [("fair for " + ", ".join(found["fair"])) if found["fair"] else "no fair setting"]
        if found["unfair"]:
            fr.append("déséquilibré pour " + ", ".join(found["unfair"]))
            en.append("unbalanced for " + ", ".join(found["unfair"]))
        if found["uncertain"]:
            fr.append("incertain (il faut plus de parties) pour " + ", ".join(found["uncertain"]))
            en.append("uncertain (more games needed) for " + ", ".join(found["uncertain"]))
        out.append((
            french_spacing(f"{head['label']['fr'].capitalize()} (équitable : intervalle à 95 % "
                           f"à ± {fr_margin} de la part égale) : " + " ; ".join(fr) + "."),
            f"{head['label']['en'].capitalize()} (fair: 95 % interval within ± {margin:g} of "
            "an even share): " + "; ".join(en) + ".",
        ))
    return out


def _table(result: Mapping[str, Any]) -> str:
    """Every cell: its keys, its headlines with intervals, each seat's win share (a cell
    with fewer players leaves the missing seats' columns empty), length and games."""
    keys = list(result["grid"])
    rows = result["rows"]
    heads = outcomes(rows[0]["summary"]) if rows else {}
    seats = max((len(r["summary"].get("seats", [])) for r in rows), default=0)
    head = "".join(f"<th>{html.escape(k)}</th>" for k in keys)
    head += "".join(f"<th>{html.escape(h['label']['fr'])}</th>" for h in heads.values())
    head += "".join(f"<th>victoire siège {s + 1}</th>" for s in range(seats))
    head += "<th>médiane des tours</th><th>parties</th>"
    lines = [f"<tr>{head}</tr>"]
    for row in rows:
        s = row["summary"]
        game = result.get("game", "")
        cells = "".join(f"<td>{html.escape(_label(row['cell'][k], k, game))}</td>"
                        for k in keys)
        entries = outcomes(s)
        for hkey in heads:
            cells += f"<td>{_entry_text(entries[hkey])}</td>"
        per_seat = s.get("seats", [])
        for seat in range(seats):
            if seat < len(per_seat):
                lo, hi = per_seat[seat]["win_rate_ci95"]
                cells += f"<td>{per_seat[seat]['win_rate']:.3f} [{lo:.2f}, {hi:.2f}]</td>"
            else:
                cells += "<td>—</td>"
        cells += f"<td>{s['turns']['median']:g}</td><td>{s['games']}</td>"
        lines.append(f"<tr>{cells}</tr>")
    return "<table>" + "".join(lines) + "</table>"


def _entry_text(entry: Mapping[str, Any]) -> str:
    digits = 3 if entry["kind"] == "rate" else 2
    parts = []
    for seat in range(columns(entry)):
        value = entry["value"][seat] if entry["per_seat"] else entry["value"]
        lo, hi = entry["ci95"][seat] if entry["per_seat"] else entry["ci95"]
        parts.append(f"{value:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]")
    return "<br>".join(parts)


#: How a sweep seeds its games, as the (French) report says it; the JSON's ``seeds`` says it
#: in English.
SEEDS_FR = ("la partie i de chaque case a la graine game_seed(graine, i) ; les bots d'une "
            "partie partagent un générateur de graine game_seed(graine de la partie, 1000) "
            "(ludinum.sim.runner)")


def _provenance(result: Mapping[str, Any]) -> str:
    swept = {k for k, _ in _swept(result)}

    def fixed(key: str, value: Any) -> Any:
        """A setting the grid sweeps is no one value: « joueurs 6 » read wrong."""
        return "balayé (grille)" if key in swept else value

    items: list[tuple[str, Any]] = [
        ("jeu", result["game"]),
        ("version de ludinum", result["version"]),
        ("Python", result.get("python", "")),
        ("commande", result.get("command", "")),
        ("graine", result["seed"]),
        ("parties par case", result["games_per_cell"]),
        ("joueurs", fixed("players", result["players"])),
        ("bots (tous les sièges)", fixed("bots", result["bots"])),
        ("précision aux quiz", fixed("quiz_accuracy", result["quiz_accuracy"]
                                     if result["quiz_accuracy"] is not None
                                     else "celle du niveau")),
        ("options fixées", json.dumps(result["fixed_options"], ensure_ascii=False)),
        ("options par défaut", json.dumps(result["resolved_defaults"], ensure_ascii=False)),
        ("grille", json.dumps(result["grid"], ensure_ascii=False)),
        ("graines des parties", SEEDS_FR),
        ("marge d'équité", result.get("fair_margin", 0.05)),
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
    margin = float(result.get("fair_margin", 0.05))
    verdicts = fairness(result, margin)
    if verdicts:
        parts.append(f"<h2>{french_spacing('Quels réglages sont équitables ?')}</h2>")
        for fr, en in verdicts:
            parts.append(f'<p class="verdict">{html.escape(fr)}</p>'
                         f'<p class="verdict" lang="en"><i>{html.escape(en)}</i></p>')
    plots = headline_plots(result, margin)
    if plots:
        parts.append("<h2>Effet de chaque clé sur les résultats principaux</h2>")
        for key, hkey, url in plots:
            parts.append(f'<img src="{url}" alt="{html.escape(hkey)} selon {html.escape(key)}">')
    parts += ["<h2>Toutes les cases</h2>", _table(result)]
    parts.append("<h2>Données</h2><details><summary>JSON</summary><pre>")
    parts.append(html.escape(json.dumps(result, ensure_ascii=False, indent=1)))
    parts.append("</pre></details></body></html>")
    return "\n".join(parts)


def headline_chart(groups: Sequence[tuple[str, Mapping[str, Any]]], title: str) -> bytes:
    """A PNG of headline outcomes with their 95 % intervals: one panel per headline, one
    point per group (a run, a team, a duel) and seat, the fair value dashed. ``groups``:
    (label, a summary's ``headline`` object). Used by ``simulate --plot`` and
    ``ladder --plot``."""
    from matplotlib.figure import Figure

    keys = list(groups[0][1]) if groups else []
    ncols = max(1, min(len(keys), 3))
    nrows = math.ceil(max(1, len(keys)) / 3)
    width = max(3.8, 1.1 * len(groups) + 2.0) * ncols
    fig = Figure(figsize=(width, 3.4 * nrows + 0.4), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False).flatten()
    xs = list(range(len(groups)))
    for ax, key in zip(axes, keys, strict=False):
        entries = [g[key] for _, g in groups]
        seats = max(columns(e) for e in entries)
        for seat in range(seats):
            shift = (seat - (seats - 1) / 2) * (0.6 / max(1, seats))
            stats = [pool([e], seat) for e in entries]
            ax.errorbar([x + shift for x in xs], [s[0] for s in stats],
                        yerr=[[max(0.0, s[0] - s[1]) for s in stats],
                              [max(0.0, s[2] - s[0]) for s in stats]],
                        fmt="o", capsize=3,
                        label=f"siège {seat + 1}" if entries[0]["per_seat"] else None)
        fairs = [e["fair"] for e in entries]
        if any(f is not None for f in fairs):
            # A dash per group: the fair value may differ between groups (player counts).
            ax.plot(xs, [math.nan if f is None else f for f in fairs], color="0.2",
                    marker="_", markersize=24, linestyle="none", label="équitable")
        if entries[0]["kind"] == "rate":
            ax.set_ylim(0, 1)
        ax.set_xticks(xs, [label for label, _ in groups], fontsize=8)
        ax.set_xlim(-0.6, len(xs) - 0.4)
        ax.set_title(entries[0]["label"]["fr"], fontsize=10)
        ax.grid(alpha=0.3)
        if entries[0]["per_seat"] or any(f is not None for f in fairs):
            ax.legend(fontsize=7)
    for ax in axes[len(keys):]:
        ax.set_visible(False)
    fig.suptitle(textwrap.fill(title, int(width * 11)), fontsize=10)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return buf.getvalue()
