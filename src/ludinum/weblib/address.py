"""Where phones can reach this machine: its addresses on the local network.

Read from the routing table, never from the host name (on Debian and Ubuntu the host name
resolves to 127.0.1.1, which no phone can reach). On Linux the routes come from
``/proc/net/route`` and each interface's address from the kernel (``SIOCGIFADDR``); elsewhere,
or when those are missing, a UDP socket "connected" to a documentation address gives the
address of the default route (connecting a UDP socket sends nothing).

Every reader is a field of :class:`Sources`, so tests give a made-up network.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

PROC_ROUTE = Path("/proc/net/route")
#: TEST-NET-1 (RFC 5737): routed by the default route, never reached (nothing is sent).
PROBE_TARGET = ("192.0.2.1", 9)
#: Interfaces of containers and virtual machines: listed last.
VIRTUAL = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "lxc", "cni", "flannel",
           "podman", "tun", "tap", "wg", "zt")
SIOCGIFADDR = 0x8915
WILDCARD = ("0.0.0.0", "::", "")


@dataclass(frozen=True)
class Route:
    """One line of the routing table (IPv4)."""

    interface: str
    destination: str
    mask: str
    gateway: str
    metric: int

    @property
    def default(self) -> bool:
        return self.destination == "0.0.0.0" and self.mask == "0.0.0.0"


@dataclass(frozen=True)
class Sources:
    """Where the network is read: the routes, each interface's IPv4 address, and the
    address of the default route by a probe (for systems without the first two)."""

    routes: Callable[[], list[Route]]
    interface_address: Callable[[str], str | None]
    probe: Callable[[], str | None]


def _hex_ip(text: str) -> str:
    """An address of ``/proc/net/route`` (hexadecimal, host byte order: little endian)."""
    return socket.inet_ntoa(struct.pack("<I", int(text, 16)))


def parse_proc_route(text: str) -> list[Route]:
    """The routes of a ``/proc/net/route`` text (header line first)."""
    routes = []
    for line in text.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 8:
            continue
        try:
            routes.append(Route(fields[0], _hex_ip(fields[1]), _hex_ip(fields[7]),
                                _hex_ip(fields[2]), int(fields[6])))
        except (ValueError, struct.error):
            continue
    return routes


def read_routes() -> list[Route]:
    try:
        return parse_proc_route(PROC_ROUTE.read_text(encoding="ascii"))
    except OSError:
        return []


def read_interface_address(name: str) -> str | None:
    """The IPv4 address of the interface ``name`` (Linux), or None."""
    try:
        import fcntl
    except ImportError:  # not a Unix system
        return None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            packed = fcntl.ioctl(sock.fileno(), SIOCGIFADDR,
                                 struct.pack("256s", name.encode()[:15]))
        except OSError:
            return None
    return socket.inet_ntoa(packed[20:24])


def probe_default() -> str | None:
    """The source address of the default route: connecting a UDP socket picks the route
    and sends no packet."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(PROBE_TARGET)
            return str(sock.getsockname()[0])
    except OSError:
        return None


SYSTEM = Sources(read_routes, read_interface_address, probe_default)


def reachable(address: str) -> bool:
    """Whether phones on a network could reach ``address`` (not loopback, link-local,
    unspecified or multicast)."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses(sources: Sources | None = None) -> list[str]:
    """This machine's addresses that phones may reach, best first: the interface of the
    default route (lowest metric first), then the other routed interfaces (private networks
    before others, containers' and virtual machines' bridges last)."""
    sources = sources or SYSTEM
    best: dict[str, tuple[bool, int]] = {}  # interface: (not a default route, metric)
    for route in sources.routes():
        rank = (not route.default, route.metric)
        best[route.interface] = min(best.get(route.interface, rank), rank)
    found: list[tuple[tuple[bool, bool, bool, int, int], str]] = []
    for order, (interface, (not_default, metric)) in enumerate(best.items()):
        address = sources.interface_address(interface)
        if not address or not reachable(address) or any(a == address for _, a in found):
            continue
        virtual = interface.startswith(VIRTUAL)
        public = not ipaddress.IPv4Address(address).is_private
        found.append(((not_default, virtual, public, metric, order), address))
    out = [address for _, address in sorted(found)]
    if not out:
        probed = sources.probe()
        if probed and reachable(probed):
            out.append(probed)
    return out


def base_url(address: str, port: int, scheme: str = "http") -> str:
    shown = f"[{address}]" if ":" in address else address
    return f"{scheme}://{shown}:{port}"


def join_bases(
    host: str, port: int, public_url: str | None = None, sources: Sources | None = None
) -> list[str]:
    """The addresses to give players, the default first: ``public_url`` when given; else,
    listening on every interface, each LAN address (``127.0.0.1`` when there is none);
    else the address listened on."""
    if public_url:
        return [public_url.rstrip("/")]
    if host in WILDCARD:
        lan = lan_addresses(sources)
        return [base_url(a, port) for a in lan] or [base_url("127.0.0.1", port)]
    return [base_url(host, port)]


def choices(default: str, sources: Sources | None = None) -> list[str]:
    """The join addresses a host may pick, ``default`` first: when ``default`` is one of this
    machine's LAN addresses, the others too (same scheme and port); else ``default`` alone
    (a public address given by ``--public-url``, or the address of this request)."""
    default = default.rstrip("/")
    parsed = urlparse(default)
    lan = lan_addresses(sources)
    if parsed.hostname not in lan or parsed.port is None:
        return [default]
    return [default, *(base_url(a, parsed.port, parsed.scheme) for a in lan
                       if a != parsed.hostname)]
