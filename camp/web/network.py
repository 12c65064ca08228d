"""The laptop's addresses on the camp network, and the address the phones are given.

``make camp`` (:mod:`config.server`) looks the addresses up at start, offline too (then there are
none: localhost only), and hands them to the settings (``CAMP_ADDRESSES``). The address the teams'
links and QR codes carry is chosen once and kept in the database (:class:`camp.models.PhoneAddress`,
first the best of the banner's candidates; staff change it on the admin home or the Batavia master
page). :func:`addresses_now` looks the addresses up again, briefly cached: the host check
(:mod:`camp.web.hosts`) serves an address the laptop got after the start. The discovery is pure Python
and never raises: a laptop in a field may have no network at all.
"""

from __future__ import annotations

import ipaddress
import json
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# Interfaces a phone on the camp Wi-Fi never reaches (containers, virtual machines, VPN tunnels):
# their addresses are offered last.
VIRTUAL_INTERFACES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg")
#: The private ranges in the order a camp network most likely uses them (home routers, then others).
PRIVATE_RANGES = tuple(ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12"))
#: How long :func:`addresses_now` trusts its last look-up (an unknown Host looks again after that).
ADDRESSES_NOW_SECONDS = 5.0


def usable_address(text: str) -> bool:
    """An IPv4 address another device may use to reach this one (no loopback, multicast)."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    return (
        address.version == 4
        and not address.is_loopback
        and not address.is_multicast
        and not address.is_unspecified
    )


def default_route_address() -> str | None:
    """The address of the interface the default route leaves by: a UDP "connect" only picks the
    route, it sends nothing, so this works offline on a LAN without internet."""
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                address = str(sock.getsockname()[0])
        except OSError:
            continue
        if usable_address(address):
            return address
    return None


def hostname_addresses() -> list[str]:
    """What the laptop's own name resolves to (often only 127.0.1.1 on Debian, filtered out)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]) for info in infos]


def parse_ip_json(text: str) -> list[tuple[str, str]]:
    """The interfaces' IPv4 addresses in the output of ``ip -j addr``, as (interface, address)."""
    try:
        links: Any = json.loads(text)
    except ValueError:
        return []
    found = []
    for link in links if isinstance(links, list) else []:
        if not isinstance(link, dict):
            continue
        name = str(link.get("ifname", ""))
        for info in link.get("addr_info") or []:
            if isinstance(info, dict) and info.get("family") == "inet" and info.get("local"):
                found.append((name, str(info["local"])))
    return found


def interface_addresses() -> list[tuple[str, str]]:
    """Every interface's address from ``ip -j addr`` (Linux), or nothing where there is no ``ip``."""
    ip = shutil.which("ip")
    if ip is None:
        return []
    try:
        done = subprocess.run([ip, "-j", "addr"], capture_output=True, text=True, timeout=3, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    return parse_ip_json(done.stdout) if done.returncode == 0 else []


def is_wireless(interface: str) -> bool:
    """Whether the interface is a Wi-Fi card (Linux names them wl…; /sys marks them too)."""
    return interface.startswith("wl") or Path("/sys/class/net", interface, "wireless").exists()


def address_rank(address: str, interface: str = "") -> int:
    """Where a candidate goes in the banner's list: the Wi-Fi's private address first, then the
    private ranges (192.168/16, 10/8, 172.16/12), other addresses, link-local ones and last the
    containers' and virtual machines' bridges (no phone reaches those)."""
    ip = ipaddress.ip_address(address)
    if interface.startswith(VIRTUAL_INTERFACES):
        return 6
    if ip.is_link_local:
        return 5
    in_range = [index for index, network in enumerate(PRIVATE_RANGES) if ip in network]
    if in_range and is_wireless(interface):
        return 0
    return 1 + in_range[0] if in_range else 4


def ordered_unique(addresses: Iterable[tuple[str, str | None]]) -> list[str]:
    """Usable addresses once each, best first (see :func:`address_rank`), as (interface, address)
    pairs (interface "" where unknown); within a rank the order given is kept."""
    interfaces: dict[str, str] = {}
    for interface, address in addresses:
        if address and usable_address(address):
            if not interfaces.get(address):
                interfaces[address] = interface
    return sorted(interfaces, key=lambda a: address_rank(a, interfaces[a]))  # stable: order kept


def lan_addresses() -> list[str]:
    """The laptop's addresses a phone may use, best first (the default route's first within its
    rank); ``[]`` with no network."""
    found = interface_addresses()
    default = default_route_address()
    default_interface = next((name for name, address in found if address == default), "")
    return ordered_unique([(default_interface, default), *found, *(("", a) for a in hostname_addresses())])


_now_lock = threading.Lock()
_now: tuple[float, list[str]] = (float("-inf"), [])


def addresses_now(*, max_age: float = ADDRESSES_NOW_SECONDS) -> list[str]:
    """:func:`lan_addresses` as they are now, looked up at most once per ``max_age`` seconds (one
    thread looks, the others wait for its answer): an unknown Host costs no more than that."""
    global _now
    with _now_lock:
        looked, found = _now
        if time.monotonic() - looked >= max_age:
            found = lan_addresses()
            _now = (time.monotonic(), found)
        return list(found)


def forget_addresses_now() -> None:
    """Look the addresses up again at the next :func:`addresses_now` (tests; a changed choice)."""
    global _now
    with _now_lock:
        _now = (float("-inf"), [])


def is_loopback_host(host: str) -> bool:
    """Whether ``host`` is the laptop itself (127.x, localhost, ::1): no phone reaches it."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def phone_url(address: str) -> str:
    """The address a phone opens for the laptop's ``address`` under ``make camp`` (no slash)."""
    from django.conf import settings

    return f"http://{address}:{settings.CAMP_PORT}"


def phone_base_url(request: Any) -> str:
    """The address printed on the teams' sheets and QR codes and in their links, without a trailing
    slash.

    Under ``make camp`` the address chosen for the phones (kept in the database); with none chosen
    yet (no network at the start), the address this page was opened at unless that is the laptop
    itself, then the best address the laptop has now. Elsewhere (``make run``, a real server) the
    address this page was opened at.
    """
    kept = getattr(request, "_zo_phone_base_url", None)  # a page with many links reads it once
    if kept is None:
        kept = request._zo_phone_base_url = _phone_base_url(request)
    return str(kept)


def _phone_base_url(request: Any) -> str:
    from django.conf import settings

    from camp.selectors import phone_address

    opened = str(request.build_absolute_uri("/")).rstrip("/")
    if not settings.CAMP_MODE:
        return opened
    chosen = phone_address()
    if chosen is not None:
        return phone_url(chosen.address)
    now = addresses_now()
    if now and is_loopback_host(urlsplit(opened).hostname or ""):
        return phone_url(now[0])
    return opened


@dataclass(frozen=True)
class PhoneAddressState:
    """Whether the phones can open what the teams' links and QR codes carry (``in_use``, without a
    trailing slash): ``missing`` is the address chosen under ``make camp`` that the laptop no longer
    has (another network; "" when it has it), ``loopback`` says the links point at the laptop itself."""

    in_use: str
    missing: str = ""
    loopback: bool = False

    @property
    def dead(self) -> bool:
        """No phone can open the links: a QR code printed now leads nowhere."""
        return bool(self.missing) or self.loopback


def phone_address_state(request: Any) -> PhoneAddressState:
    """The one check behind every warning about the phones' address (the admin home, the team links,
    the round page) and the confirmation before dead QR codes are printed."""
    kept = getattr(request, "_zo_phone_address_state", None)
    if kept is None:
        kept = request._zo_phone_address_state = _phone_address_state(request)
    return kept  # type: ignore[no-any-return]


def _phone_address_state(request: Any) -> PhoneAddressState:
    from django.conf import settings

    from camp.selectors import phone_address

    in_use = phone_base_url(request)
    chosen = phone_address() if settings.CAMP_MODE else None
    missing = chosen.address if chosen is not None and chosen.address not in addresses_now() else ""
    return PhoneAddressState(in_use, missing, is_loopback_host(urlsplit(in_use).hostname or ""))
