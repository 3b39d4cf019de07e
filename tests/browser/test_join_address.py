"""The host picks the address phones can reach (issue 22 §2): the select switches the join
link and the QR code, and the browser remembers the choice. The network is faked (see
tests/server/test_address.py); the browser only ever talks to the loopback server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludinum.weblib import address
from tests.browser.helpers import TIMEOUT, create_room
from tests.live import LiveServer
from tests.server.test_address import FAKE, LAN


def shown(page: Any) -> list[str]:
    """The join choices visible on the page (link and QR code)."""
    found: list[str] = page.eval_on_selector_all(
        "[data-join-choice]",
        "els => els.filter(e => !e.hidden && e.offsetParent !== null)"
        ".map(e => e.tagName + ' ' + e.dataset.joinChoice)",
    )
    return sorted(found)


def test_the_select_switches_the_join_link_and_qr_code(
    browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(address, "SYSTEM", FAKE)
    other = "http://10.10.3.7:8000"
    with LiveServer(f"sqlite:///{tmp_path / 'db.sqlite3'}") as live:
        live.app.state.public_url = LAN  # as `ludinum serve` sets it from the routing table
        context = browser.new_context()
        try:
            host = context.new_page()
            code = create_room(host, live.url, "gnou", 2)
            assert shown(host) == [f"FIGURE {LAN}", f"SPAN {LAN}"]
            assert host.inner_text(".lead .url:not([hidden])") == f"{LAN}/j/{code}"
            options = host.eval_on_selector_all("#join-address option",
                                                "os => os.map(o => o.value)")
            assert options == [LAN, other, "http://172.17.0.1:8000"]
            host.select_option("#join-address", other)
            assert shown(host) == [f"FIGURE {other}", f"SPAN {other}"]
            assert host.inner_text(".lead .url:not([hidden])") == f"{other}/j/{code}"
            assert host.get_attribute("[data-print-link]", "href") == (
                "/imprimer/gnou.pdf?adresse=http%3A%2F%2F10.10.3.7%3A8000")
            visible_qr = host.locator(f'figure[data-join-choice="{other}"] svg')
            assert visible_qr.count() == 1 and visible_qr.is_visible()
            # The choice stays with this browser.
            host.reload()
            host.wait_for_selector("#join-address", timeout=TIMEOUT)
            assert host.input_value("#join-address") == other
            assert shown(host) == [f"FIGURE {other}", f"SPAN {other}"]
        finally:
            context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_the_join_address_breaks_only_between_its_parts_on_a_phone(
        live: Any, browser: Any, width: int) -> None:
    """One phone passed around shows the join address too: at 390 px it broke inside the
    path, « http://127.0.0.1:8093/j » then « /GHZJ76 »; at 360 px inside the port,
    « http://127.0.0.1:5502 » then « 5/j/A5BXWV ». It now breaks only after « :// »,
    before the port or before « /j/CODE », the port and the path each whole on one line."""
    context = browser.new_context(viewport={"width": width, "height": 844})
    try:
        page = context.new_page()
        code = create_room(page, live.url, "hacker", 4)
        where = page.evaluate("""() => {
          const url = [...document.querySelectorAll('.host-head .url')].find((u) => !u.hidden);
          const lines = (el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()]
              .filter((r) => r.width > 1).map((r) => Math.round(r.top))).size;
          };
          return {text: url.textContent, lines: lines(url),
                  whole: [...url.querySelectorAll('.url-tail')]
                    .map((piece) => [piece.textContent, lines(piece)])};
        }""")
        port = live.url.rsplit(":", 1)[1]
        assert where["text"] == f"{live.url}/j/{code}", where  # the address itself, whole
        assert where["lines"] >= 2, where  # it does not fit one line on a phone
        assert where["whole"] == [[f":{port}", 1], [f"/j/{code}", 1]], where
    finally:
        context.close()
