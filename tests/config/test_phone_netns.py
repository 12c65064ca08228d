"""A phone on another network (a Linux network namespace, joined to this machine by a veth pair)
opens the camp server's start page; after the laptop gains a new address while serving, the
phone's request to that address is served too. Skipped where network namespaces are not allowed."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.config.test_camp_server import GOOD_PASSWORD, ROOT, clean_env, free_port

IP = shutil.which("ip")
NAME = f"zo{os.getpid() % 100000}"  # short: interface names hold 15 characters
NAMESPACE, LAPTOP_SIDE, PHONE_SIDE = f"{NAME}-ns", f"{NAME}h", f"{NAME}p"
FIRST, NEW = "10.213.0.1", "10.214.0.1"  # the laptop's side; the phone is 10.213.0.2


def ip(*args: str, namespace: bool = False) -> subprocess.CompletedProcess[str]:
    assert IP is not None
    command = [IP, "netns", "exec", NAMESPACE, IP, *args] if namespace else [IP, *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=10, check=False)


def namespaces_allowed() -> bool:
    if IP is None or os.geteuid() != 0:
        return False
    probe = f"{NAME}-probe"
    made = subprocess.run([IP, "netns", "add", probe], capture_output=True, check=False).returncode == 0
    if made:
        subprocess.run([IP, "netns", "del", probe], capture_output=True, check=False)
    return made


pytestmark = pytest.mark.skipif(not namespaces_allowed(), reason="network namespaces are not permitted here")

PHONE_GET = """
import sys, urllib.request, urllib.error
try:
    with urllib.request.urlopen(sys.argv[1], timeout=10) as r:
        print(r.status); print(r.read().decode())
except urllib.error.HTTPError as e:
    print(e.code); print(e.read().decode())
except OSError as e:
    print(0); print(e)
"""


def phone_get(url: str) -> tuple[int, str]:
    """GET ``url`` from inside the namespace (the phone)."""
    assert IP is not None
    done = subprocess.run(
        [IP, "netns", "exec", NAMESPACE, sys.executable, "-c", PHONE_GET, url],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    status, _, body = done.stdout.partition("\n")
    return int(status), body


@pytest.fixture
def phone_network() -> Iterator[None]:
    steps = [
        ("netns", "add", NAMESPACE),
        ("link", "add", LAPTOP_SIDE, "type", "veth", "peer", "name", PHONE_SIDE),
        ("link", "set", PHONE_SIDE, "netns", NAMESPACE),
        ("addr", "add", f"{FIRST}/24", "dev", LAPTOP_SIDE),
        ("link", "set", LAPTOP_SIDE, "up"),
    ]
    try:
        for step in steps:
            assert ip(*step).returncode == 0, step
        for step in [("addr", "add", "10.213.0.2/24", "dev", PHONE_SIDE), ("link", "set", PHONE_SIDE, "up")]:
            assert ip(*step, namespace=True).returncode == 0, step
        yield
    finally:
        ip("netns", "del", NAMESPACE)  # takes the phone's side with it, and so the pair
        ip("link", "del", LAPTOP_SIDE)


@pytest.fixture
def camp_server(phone_network: None, tmp_path: Path) -> Iterator[tuple[int, str]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "config.server", "--port", str(port), "--threads", "2"],
        cwd=ROOT,
        env=clean_env(
            ZO_DATA_DIR=str(tmp_path),
            DJANGO_SUPERUSER_USERNAME="vedouci",
            DJANGO_SUPERUSER_PASSWORD=GOOD_PASSWORD,
        ),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    banner = ""
    assert process.stdout is not None
    try:
        for line in process.stdout:
            banner += line
            if line.startswith("Stop with Ctrl+C"):
                break
        yield port, banner
    finally:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=30)


def test_a_phone_on_another_network_finds_the_camp_and_a_new_address(camp_server: tuple[int, str]) -> None:
    port, banner = camp_server
    assert f"  http://{FIRST}:{port}/" in banner  # one of the banner's candidates
    status, page = phone_get(f"http://{FIRST}:{port}/")
    assert status == 200 and 'id="zo-start-boards"' in page and "Přihlášení vedoucích" in page

    assert ip("addr", "add", f"{NEW}/24", "dev", LAPTOP_SIDE).returncode == 0  # the laptop joins a network
    assert ip("route", "add", "10.214.0.0/24", "dev", PHONE_SIDE, namespace=True).returncode == 0
    deadline = time.monotonic() + 15  # the server looks its addresses up again after a few seconds
    while True:
        status, page = phone_get(f"http://{NEW}:{port}/")
        if status == 200 or time.monotonic() > deadline:
            break
        assert status == 400 and "Tato adresa nepatří táborovému serveru" in page
        time.sleep(1)
    assert status == 200 and 'id="zo-start-boards"' in page
