"""An axe-core audit of the main pages: no serious or critical violation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludinum.games import registry
from tests.browser.helpers import TAPPABLE, TIMEOUT, create_room, join

pytestmark = pytest.mark.slow

GAMES = [g.name for g in registry()]
#: A public screen's board drawn: the drawing itself. The game's text under it may be
#: empty (Le Voleur de Données' line « Le voleur entre en jeu au tour 3. » is gone once
#: the bots have played up to the thief's first turn), which made the wait for it flaky.
DRAWN = '[data-slot="map"] *'


def audit(page: Any, axe: Path) -> list[str]:
    page.add_script_tag(path=str(axe))
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    assert result["passes"], "axe-core did not run"
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in result["violations"] if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("game", GAMES)
def test_main_pages_have_no_serious_violation(game: str, live: Any, browser: Any,
                                              axe_path: Path) -> None:
    # axe is injected as a script: this context alone bypasses the page's CSP.
    context = browser.new_context(bypass_csp=True)
    player_context = browser.new_context(bypass_csp=True)
    try:
        host = context.new_page()
        problems: dict[str, list[str]] = {}
        host.goto(f"{live.url}/")
        problems["home"] = audit(host, axe_path)
        host.goto(f"{live.url}/new/{game}")
        problems["new"] = audit(host, axe_path)
        g = registry().get(game)
        code = create_room(host, live.url, game, g.min_players, mode="turns")
        problems["host lobby"] = audit(host, axe_path)
        player = player_context.new_page()
        player.goto(f"{live.url}/j/{code}")
        problems["join"] = audit(player, axe_path)
        join(player, live.url, code, "Léa")
        host.click('[data-cmd="start"]')
        player.wait_for_selector(TAPPABLE, timeout=TIMEOUT)  # a button or a card to tap
        problems["play"] = audit(player, axe_path)
        host.wait_for_selector(DRAWN, timeout=TIMEOUT)
        problems["host playing"] = audit(host, axe_path)
        host.goto(f"{live.url}/watch/{code}")
        host.wait_for_selector(DRAWN, timeout=TIMEOUT)
        problems["watch"] = audit(host, axe_path)
        bad = {k: v for k, v in problems.items() if v}
        assert not bad, bad
    finally:
        context.close()
        player_context.close()
