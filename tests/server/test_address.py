"""The address phones can reach (issue 22 §2): read from the routing table, never from the
host name, which resolves to 127.0.1.1 on Debian and Ubuntu. Every test fakes the network
(routes and interfaces): nothing is read from this machine's, no packet is sent."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ludinum.cli.print_cmd import print_cards
from ludinum.cli.serve import serve
from ludinum.weblib import address, qr
from ludinum.weblib.address import Route, Sources
from tests.server.helpers import create_room
from tests.site.helpers import qr_codes

#: A laptop on the school's Wi-Fi (default route), with Docker's bridge and a wired link
#: on another network, as ``/proc/net/route`` prints them.
PROC_ROUTE = """\
Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
wlp2s0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
wlp2s0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0
enp3s0\t00000A0A\t00000000\t0001\t0\t0\t100\t0000FFFF\t0\t0\t0
"""
INTERFACES = {"wlp2s0": "192.168.1.20", "docker0": "172.17.0.1", "enp3s0": "10.10.3.7",
              "lo": "127.0.0.1"}
LAN = "http://192.168.1.20:8000"


def refuse_probe() -> str | None:
    raise AssertionError("the probe is for systems without a routing table")


FAKE = Sources(lambda: address.parse_proc_route(PROC_ROUTE), INTERFACES.get, refuse_probe)


@pytest.fixture
def debian_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """This machine, as Debian sets it up: the host name resolves to 127.0.1.1; and its
    network is the fake one above."""
    monkeypatch.setattr(socket, "gethostname", lambda: "salle-info")
    real = socket.getaddrinfo

    def getaddrinfo(host: Any, *args: Any, **kw: Any) -> Any:
        if host == "salle-info":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0))]
        return real(host, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(address, "SYSTEM", FAKE)


def test_routes_are_read_from_proc_net_route() -> None:
    routes = address.parse_proc_route(PROC_ROUTE)
    assert routes[0] == Route("wlp2s0", "0.0.0.0", "0.0.0.0", "192.168.1.1", 600)
    assert routes[0].default and not routes[1].default
    assert routes[1].destination == "172.17.0.0" and routes[1].mask == "255.255.0.0"
    assert address.parse_proc_route("Iface\tDestination\nbroken line\n") == []


def test_the_default_route_comes_first_bridges_last() -> None:
    assert address.lan_addresses(FAKE) == ["192.168.1.20", "10.10.3.7", "172.17.0.1"]


def test_without_a_routing_table_the_probe_gives_the_default_route() -> None:
    probed = Sources(list, lambda name: None, lambda: "192.168.0.42")
    assert address.lan_addresses(probed) == ["192.168.0.42"]
    nothing = Sources(list, lambda name: None, lambda: "127.0.1.1")
    assert address.lan_addresses(nothing) == []
    assert address.join_bases("0.0.0.0", 8000, None, nothing) == ["http://127.0.0.1:8000"]


def test_join_bases_and_choices() -> None:
    assert address.join_bases("0.0.0.0", 8000, None, FAKE) == [
        LAN, "http://10.10.3.7:8000", "http://172.17.0.1:8000"]
    assert address.join_bases("0.0.0.0", 80, "https://ludinum.example/", FAKE) == [
        "https://ludinum.example"]
    assert address.join_bases("10.10.3.7", 9000, None, FAKE) == ["http://10.10.3.7:9000"]
    # The host page offers the other LAN addresses when its default is one of them.
    assert address.choices("http://10.10.3.7:8000/", FAKE) == [
        "http://10.10.3.7:8000", LAN, "http://172.17.0.1:8000"]
    assert address.choices("https://ludinum.example", FAKE) == ["https://ludinum.example"]


def test_serve_prints_and_serves_the_lan_address_not_the_host_name(
    debian_host: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    assert socket.getaddrinfo(socket.gethostname(), None)[0][4][0] == "127.0.1.1"
    started: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.update(app=app, **kw))
    result = CliRunner().invoke(serve, ["--db", str(tmp_path / "db.sqlite3")])
    assert result.exit_code == 0, result.output
    # The terminal's QR code and address.
    assert f"ouvre {LAN}/" in result.output
    assert qr.terminal(LAN + "/") in result.output
    assert "127.0." not in result.output
    assert "http://10.10.3.7:8000, http://172.17.0.1:8000" in result.output
    with TestClient(started["app"]) as client:
        code, _ = create_room(client, "gnou", 2)
        page = client.get(f"/host/{code}").text
        join_url = f"{LAN}/j/{code}"
        # The QR code shown first carries the LAN address (the same drawing as the URL's).
        first = page.index('<figure class="qr-box"')
        assert page[first:].split("</figure>")[0].count(qr.svg(join_url, code)) == 1
        assert client.get(f"/qr/{code}.svg").text == qr.svg(join_url, code)
        # Every candidate is listed; each has its QR code, hidden until picked.
        assert 'data-join-address' in page
        for base in (LAN, "http://10.10.3.7:8000", "http://172.17.0.1:8000"):
            assert f'<option value="{base}"' in page
            assert qr.svg(f"{base}/j/{code}", code) in page
        assert page.count('class="qr-box" data-join-choice') == page.count('class="qr-box"') == 3
        assert "127.0.1.1" not in page
        # The printed cards follow the address picked on the host screen (a LAN address of
        # this machine only: any other is ignored).
        for picked, expected in (("http://10.10.3.7:8000", "http://10.10.3.7:8000"),
                                 ("http://evil.example", LAN)):
            pdf = client.get("/imprimer/webrunners.pdf", params={"adresse": picked})
            assert pdf.status_code == 200
            found = qr_codes(pdf.content, range(2, 3))
            assert found and all(u.startswith(f"{expected}/cartes/") for u in found)


def test_print_points_its_qr_codes_to_the_same_address(
    debian_host: None, tmp_path: Path
) -> None:
    out = tmp_path / "webrunners.pdf"
    result = CliRunner().invoke(print_cards, ["webrunners", "--output", str(out)])
    assert result.exit_code == 0, result.output
    assert f"codes QR vers {LAN}/cartes/webrunners/" in result.output
    found = qr_codes(out.read_bytes(), range(2, 3))
    assert found and all(url.startswith(f"{LAN}/cartes/webrunners/") for url in found)
    result = CliRunner().invoke(print_cards, ["voleur", "--port", "9000", "--output", str(out)])
    assert "http://192.168.1.20:9000/cartes/voleur/" in result.output
