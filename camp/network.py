"""The laptop's addresses on the camp network, and the address the phones are given.

``make camp`` (:mod:`camp.server`) looks the addresses up once at start, offline too (then there are
none: localhost only), and hands them to the settings (``CAMP_ADDRESSES``, ``CAMP_PHONE_BASE_URL``).
The discovery is pure Python and never raises: a laptop in a field may have no network at all.
"""

from __future__ import annotations

import ipaddress
import json
import shutil
import socket
import subprocess
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

# Interfaces a phone on the camp Wi-Fi never reaches (containers, virtual machines, VPN tunnels).
VIRTUAL_INTERFACES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg")


def usable_address(text: str) -> bool:
    """An IPv4 address another device may use to reach this one (no loopback, link-local, multicast)."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    return (
        address.version == 4
        and not address.is_loopback
        and not address.is_link_local
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


def parse_ip_json(text: str) -> list[str]:
    """The IPv4 addresses of the real interfaces in the output of ``ip -j addr``."""
    try:
        links: Any = json.loads(text)
    except ValueError:
        return []
    found = []
    for link in links if isinstance(links, list) else []:
        if not isinstance(link, dict) or str(link.get("ifname", "")).startswith(VIRTUAL_INTERFACES):
            continue
        for info in link.get("addr_info") or []:
            if isinstance(info, dict) and info.get("family") == "inet" and info.get("local"):
                found.append(str(info["local"]))
    return found


def interface_addresses() -> list[str]:
    """Every interface's address from ``ip -j addr`` (Linux), or nothing where there is no ``ip``."""
    ip = shutil.which("ip")
    if ip is None:
        return []
    try:
        done = subprocess.run([ip, "-j", "addr"], capture_output=True, text=True, timeout=3, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    return parse_ip_json(done.stdout) if done.returncode == 0 else []


def ordered_unique(addresses: Iterable[str | None]) -> list[str]:
    """Usable addresses once each, in order, private ones (a camp Wi-Fi) before the others."""
    seen: list[str] = []
    for address in addresses:
        if address and usable_address(address) and address not in seen:
            seen.append(address)
    return sorted(seen, key=lambda a: not ipaddress.ip_address(a).is_private)  # stable: order kept


def lan_addresses() -> list[str]:
    """The laptop's addresses a phone can use, the default route's first; ``[]`` with no network."""
    return ordered_unique([default_route_address(), *interface_addresses(), *hostname_addresses()])


def is_loopback_host(host: str) -> bool:
    """Whether ``host`` is the laptop itself (127.x, localhost, ::1): no phone reaches it."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def phone_base_url(request: Any) -> str:
    """The address printed on the teams' sheets and QR codes, without a trailing slash.

    The address this page was opened at, unless that is the laptop itself (the camp leader at the
    server's own keyboard, on http://127.0.0.1:8000): then the first camp-network address the camp
    server found at start, if any.
    """
    from django.conf import settings

    opened = str(request.build_absolute_uri("/")).rstrip("/")
    lan = getattr(settings, "CAMP_PHONE_BASE_URL", "")
    if lan and is_loopback_host(urlsplit(opened).hostname or ""):
        return str(lan)
    return opened
