"""``make camp``: camp mode's settings, the first staff login, the laptop's addresses, and real starts
of the server (in a subprocess, on a free loopback port, with a data folder of its own)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from camp.web import network
from config import server

ROOT = Path(__file__).resolve().parents[2]
GOOD_PASSWORD = "Kormidlo-Batavie-42"


def clean_env(**env: str) -> dict[str, str]:
    """This process's environment without the project's variables (pytest sets none for a child)."""
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ZO_", "DATABASE_URL", "PYTEST"))
    }
    clean.update(env)
    return clean


# ------------------------------------------------------------------------------------ camp settings

CAMP_SETTINGS = """
import json, django
from django.conf import settings
from django.db import connection
django.setup()
with connection.cursor() as cursor:
    journal = cursor.execute("PRAGMA journal_mode").fetchone()[0]
    synchronous = cursor.execute("PRAGMA synchronous").fetchone()[0]
print(json.dumps({
    "DEBUG": settings.DEBUG,
    "db": str(settings.DATABASES["default"]["NAME"]),
    "journal": journal, "synchronous": synchronous,
    "SECRET_KEY": settings.SECRET_KEY,
    "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
    "CSRF_TRUSTED_ORIGINS": settings.CSRF_TRUSTED_ORIGINS,
    "https_only": [settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE, settings.SECURE_SSL_REDIRECT,
                   settings.SECURE_HSTS_SECONDS],
    "proxy_header": settings.SECURE_PROXY_SSL_HEADER,
    "STATIC_ROOT": str(settings.STATIC_ROOT),
    "CAMP_ADDRESSES": settings.CAMP_ADDRESSES,
    "CAMP_EXTRA_HOSTS": settings.CAMP_EXTRA_HOSTS,
    "middleware": settings.MIDDLEWARE[:2],
}))
"""


def camp_settings(data_dir: Path, **env: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", CAMP_SETTINGS],
        cwd=ROOT,
        env=clean_env(
            DJANGO_SETTINGS_MODULE="config.settings", ZO_CAMP="1", ZO_DATA_DIR=str(data_dir), **env
        ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_camp_mode_settings(tmp_path: Path) -> None:
    data = tmp_path / "var"
    found = camp_settings(data, ZO_CAMP_ADDRESSES="192.168.1.10,10.0.0.5", ZO_CAMP_PORT="8123")
    assert found["DEBUG"] is False
    assert found["db"] == str(data / "db.sqlite3")
    assert (found["journal"], found["synchronous"]) == ("wal", 1)  # 1: NORMAL
    # camp.web.hosts decides, before any middleware that asks for the host (the policy header, outside
    # it, reads no request): the addresses of now, not only those of the start.
    assert found["ALLOWED_HOSTS"] == ["*"]
    assert found["middleware"] == [
        "camp.web.security_headers.ContentSecurityPolicyMiddleware",
        "camp.web.hosts.HostCheckMiddleware",
    ]
    assert found["CAMP_ADDRESSES"] == ["192.168.1.10", "10.0.0.5"] and found["CAMP_EXTRA_HOSTS"] == []
    assert "http://192.168.1.10:8123" in found["CSRF_TRUSTED_ORIGINS"]
    assert "http://localhost:8123" in found["CSRF_TRUSTED_ORIGINS"]
    assert found["https_only"] == [False, False, False, 0]  # plain HTTP on the camp network
    assert found["proxy_header"] is None  # no proxy configured: no client may claim HTTPS
    assert found["STATIC_ROOT"] == str(data / "static")
    assert all((data / folder).is_dir() for folder in ("backups", "logs"))

    key_file = data / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert key_file.read_text().strip() == found["SECRET_KEY"] and len(found["SECRET_KEY"]) >= 50
    again = camp_settings(data, DJANGO_BEHIND_PROXY="1")
    assert again["SECRET_KEY"] == found["SECRET_KEY"]  # kept, not made again
    assert again["CAMP_ADDRESSES"] == []  # offline: localhost only
    assert again["proxy_header"] == ["HTTP_X_FORWARDED_PROTO", "https"]


def test_camp_mode_keeps_a_given_secret_key_and_database_url(tmp_path: Path) -> None:
    found = camp_settings(
        tmp_path,
        DJANGO_SECRET_KEY="given-key-" + "k" * 50,
        DATABASE_URL=f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}",
    )
    assert found["SECRET_KEY"] == "given-key-" + "k" * 50 and not (tmp_path / "secret_key").exists()
    assert found["db"] == str(tmp_path / "elsewhere.sqlite3")


def test_a_readable_secret_key_file_is_made_owner_only(tmp_path: Path) -> None:
    key_file = tmp_path / "secret_key"
    key_file.write_text("an-existing-camp-key-" + "x" * 40 + "\n")
    key_file.chmod(0o644)
    assert camp_settings(tmp_path)["SECRET_KEY"] == "an-existing-camp-key-" + "x" * 40
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


# -------------------------------------------------------------------------------- the staff login


@pytest.fixture
def out() -> list[str]:
    return []


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("zlate-ostrovy", "This is the demo's password, printed in the README: choose another one."),
        ("Zlate-Ostrovy", "This is the demo's password, printed in the README: choose another one."),
        ("password123", "This password is too common."),
        ("Ab3$x", "This password is too short. It must contain at least 8 characters."),
        ("4815162342", "This password is entirely numeric."),
        ("vedouci-tabor", "The password is too similar to the username."),
    ],
)
def test_the_staff_login_refuses_a_weak_password_and_creates_nothing(
    db: None, monkeypatch: pytest.MonkeyPatch, out: list[str], password: str, message: str
) -> None:
    monkeypatch.setenv("DJANGO_SUPERUSER_USERNAME", "vedouci-tabor")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", password)
    with translation.override("en"):
        assert server.ensure_staff_login(out=out.append) is False
    assert f"  - {message}" in out
    assert not get_user_model().objects.exists()


def test_the_staff_login_is_created_once_from_the_environment(
    db: None, monkeypatch: pytest.MonkeyPatch, out: list[str]
) -> None:
    monkeypatch.setenv("DJANGO_SUPERUSER_USERNAME", "vedouci")
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", GOOD_PASSWORD)
    assert server.ensure_staff_login(out=out.append) is True
    user = get_user_model().objects.get()
    assert user.is_superuser and user.is_staff and user.check_password(GOOD_PASSWORD)
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "Jine-Heslo-Tabora-7")
    assert server.ensure_staff_login(out=out.append) is True  # a later start: the login is kept
    assert get_user_model().objects.get().check_password(GOOD_PASSWORD)


def test_the_staff_login_is_asked_for_until_it_passes(
    db: None, monkeypatch: pytest.MonkeyPatch, out: list[str]
) -> None:
    monkeypatch.delenv("DJANGO_SUPERUSER_USERNAME", raising=False)
    monkeypatch.delenv("DJANGO_SUPERUSER_PASSWORD", raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    typed = iter(["zlate-ostrovy", "zlate-ostrovy", GOOD_PASSWORD, "Typo", GOOD_PASSWORD, GOOD_PASSWORD])
    monkeypatch.setattr(server.getpass, "getpass", lambda prompt: next(typed))
    names = iter(["vedouci", "hlavni"])
    with translation.override("en"):
        assert server.ensure_staff_login(out=out.append, ask=lambda prompt: next(names)) is True
    assert "  - This is the demo's password, printed in the README: choose another one." in out
    assert "  - The two passwords differ / Hesla se liší." in out
    user = get_user_model().objects.get()
    assert user.username == "hlavni" and user.check_password(GOOD_PASSWORD)


def test_with_no_terminal_and_no_variables_the_start_stops_and_says_how(
    db: None, monkeypatch: pytest.MonkeyPatch, out: list[str]
) -> None:
    monkeypatch.delenv("DJANGO_SUPERUSER_USERNAME", raising=False)
    monkeypatch.delenv("DJANGO_SUPERUSER_PASSWORD", raising=False)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    assert server.ensure_staff_login(out=out.append) is False
    assert any("DJANGO_SUPERUSER_USERNAME and DJANGO_SUPERUSER_PASSWORD" in line for line in out)
    assert not get_user_model().objects.exists()


# ---------------------------------------------------------------------------------- the addresses

IP_JSON = json.dumps(
    [
        {"ifname": "lo", "addr_info": [{"family": "inet", "local": "127.0.0.1"}]},
        {
            "ifname": "wlp2s0",
            "addr_info": [
                {"family": "inet", "local": "192.168.1.10"},
                {"family": "inet6", "local": "fe80::1"},
            ],
        },
        {"ifname": "docker0", "addr_info": [{"family": "inet", "local": "172.17.0.1"}]},
        {"ifname": "enp0s31f6", "addr_info": [{"family": "inet", "local": "169.254.7.7"}]},
    ]
)


def test_the_interfaces_from_ip_json() -> None:
    assert network.parse_ip_json(IP_JSON) == [
        ("lo", "127.0.0.1"),
        ("wlp2s0", "192.168.1.10"),
        ("docker0", "172.17.0.1"),
        ("enp0s31f6", "169.254.7.7"),
    ]
    assert network.parse_ip_json("not json") == []
    assert network.parse_ip_json('{"a": 1}') == []


def test_lan_addresses_wifi_first_then_private_ranges_then_others(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "default_route_address", lambda: "10.0.0.5")  # e.g. a USB modem
    monkeypatch.setattr(
        network,
        "interface_addresses",
        lambda: [
            *network.parse_ip_json(IP_JSON),
            ("enx00", "10.0.0.5"),
            ("eth1", "172.20.0.3"),
            ("eth2", "192.168.50.2"),
            ("eth3", "203.0.113.9"),
            ("veth1a2b", "10.213.0.1"),
        ],
    )
    monkeypatch.setattr(network, "hostname_addresses", lambda: ["127.0.1.1", "192.168.1.10", "8.8.8.8"])
    # The Wi-Fi's first (not the default route's), then 192.168/16, 10/8, 172.16/12, the others,
    # link-local, and last the containers' bridges; no loopback; each once.
    assert network.lan_addresses() == [
        "192.168.1.10",
        "192.168.50.2",
        "10.0.0.5",
        "172.20.0.3",
        "203.0.113.9",
        "8.8.8.8",
        "169.254.7.7",
        "172.17.0.1",
        "10.213.0.1",
    ]


def test_with_no_network_there_are_no_addresses_and_nothing_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoNetwork(socket.socket):
        def connect(self, address: Any) -> None:
            raise OSError(101, "Network is unreachable")

    def no_name(*args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr(network.socket, "socket", NoNetwork)
    monkeypatch.setattr(network.socket, "getaddrinfo", no_name)
    monkeypatch.setattr(network.shutil, "which", lambda name: None)
    assert network.default_route_address() is None
    assert network.lan_addresses() == []


def test_listening_on_one_address_offers_only_that_one() -> None:
    assert server.camp_addresses("127.0.0.1") == []
    assert server.camp_addresses("192.168.1.10") == ["192.168.1.10"]


# ------------------------------------------------------------------------------- real server starts


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Started:
    def __init__(self, data_dir: Path, port: int) -> None:
        self.data_dir, self.port, self.output = data_dir, port, ""
        self.seconds = 0.0

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


def start(
    data_dir: Path, port: int, *, sigint_ignored: bool = False, **env: str
) -> tuple[subprocess.Popen[str], Started]:
    """Start the camp server and wait until it answers (the banner is printed just before);
    ``sigint_ignored``: as a shell without job control starts a background job (``cmd &``)."""
    began = time.monotonic()
    ignored = partial(signal.signal, signal.SIGINT, signal.SIG_IGN) if sigint_ignored else None
    process = subprocess.Popen(
        [sys.executable, "-m", "config.server", "--host", "127.0.0.1", "--port", str(port), "--threads", "2"],
        cwd=ROOT,
        env=clean_env(ZO_DATA_DIR=str(data_dir), **env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=ignored,
    )
    started = Started(data_dir, port)
    assert process.stdout is not None
    for line in process.stdout:  # the banner's last line is printed right before serving
        started.output += line
        if line.startswith("Stop with Ctrl+C"):
            break
    else:
        process.wait(10)
        pytest.fail(f"the camp server did not start:\n{started.output}")
    started.seconds = time.monotonic() - began
    return process, started


def stop(process: subprocess.Popen[str], started: Started) -> None:
    process.send_signal(signal.SIGINT)
    rest, _ = process.communicate(timeout=30)
    started.output += rest


def get(url: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


class LoginPage(HTMLParser):
    """The <html lang>, the login form's field names and its submit button's label."""

    def __init__(self) -> None:
        super().__init__()
        self.lang, self.fields, self.submit = "", [], ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        elif tag == "input" and a.get("type") == "submit":
            self.submit = a.get("value") or ""
        elif tag == "input" and a.get("name"):
            self.fields.append(a["name"] or "")


TOKEN = "Zx9Qm2Lp7Rt4Vw8Ya1Bc3De5Fg6Hj0Kk_Nn-Ss2Tu4W"


@pytest.fixture(scope="module")
def first_start(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Started]:
    data_dir = tmp_path_factory.mktemp("camp-data")
    process, started = start(
        data_dir, free_port(), DJANGO_SUPERUSER_USERNAME="vedouci", DJANGO_SUPERUSER_PASSWORD=GOOD_PASSWORD
    )
    try:
        yield started
    finally:
        stop(process, started)


def test_the_camp_server_serves_the_czech_login_with_waitress_and_debug_off(first_start: Started) -> None:
    assert "First start" in first_start.output and "Staff login created" in first_start.output
    assert f"http://127.0.0.1:{first_start.port}" not in first_start.output  # nothing but loopback
    assert "Listening on this laptop only" in first_start.output

    status, headers, body = get(first_start.url("/admin/login/"))
    assert status == 200 and headers["Server"] == "waitress"
    login = LoginPage()
    login.feed(body)
    assert login.lang == "cs" and login.submit == "Přihlásit se"
    assert {"username", "password", "csrfmiddlewaretoken"} <= set(login.fields)

    status, _, body = get(first_start.url("/neni-tu-nic/"))
    assert status == 404
    assert "DEBUG = True" not in body and "URLconf" not in body  # not Django's debug page

    status, headers, _ = get(first_start.url("/static/js/htmx.min.js"))
    assert status == 200 and "max-age" in headers.get("Cache-Control", "")  # WhiteNoise, collected


def test_the_logs_never_hold_a_whole_team_token(first_start: Started) -> None:
    status, _, _ = get(first_start.url(f"/batavia/t/{TOKEN}/"))
    assert status == 404  # no such team: Django logs "Not Found" too
    time.sleep(0.2)
    access = (first_start.data_dir / "logs" / "access.log").read_text()
    errors = (first_start.data_dir / "logs" / "camp.log").read_text()
    assert f'"GET /batavia/t/{TOKEN[:6]}…/ HTTP/1.1" 404' in access
    assert f"Not Found: /batavia/t/{TOKEN[:6]}…/" in errors
    assert '"GET /admin/login/ HTTP/1.1" 200' in access
    assert TOKEN[:7] not in access + errors


def test_a_second_start_keeps_the_data_and_skips_the_first_start_work(first_start: Started) -> None:
    key = (first_start.data_dir / "secret_key").read_text()
    # No DJANGO_SUPERUSER_* this time; started as "make camp &" would be: SIGINT still stops it.
    process, again = start(first_start.data_dir, free_port(), sigint_ignored=True)
    try:
        status, _, _ = get(again.url("/admin/login/"))
    finally:
        stop(process, again)
    assert status == 200
    assert "First start" not in again.output and "Collecting" not in again.output
    assert "Staff login" not in again.output  # the login exists: nothing asked, nothing created
    assert (first_start.data_dir / "secret_key").read_text() == key
    assert again.seconds < first_start.seconds
    assert "Stopped / Zastaveno." in again.output


@pytest.mark.parametrize("console", [False, True])
def test_each_request_is_one_line_of_the_access_log_on_the_console_only_when_asked(
    first_start: Started, console: bool
) -> None:
    log = first_start.data_dir / "logs" / "access.log"
    process, again = start(
        first_start.data_dir, free_port(), **({"ZO_ACCESS_CONSOLE": "1"} if console else {})
    )
    path = f"/admin/login/?konzole={int(console)}"
    try:
        for _ in range(3):
            assert get(again.url(path))[0] == 200
    finally:
        stop(process, again)  # the lines still queued are written at the stop
    line = f'"GET {path} HTTP/1.1" 200'
    assert log.read_text(encoding="utf-8").count(line) == 3  # each request once in the file
    assert again.output.count(line) == (3 if console else 0)
    if console:
        assert f"Access log / Záznam přístupů: {log} and this console / a tato konzole" in again.output
    else:
        assert (
            f"Access log / Záznam přístupů: {log} (on the console too / i na konzoli: ZO_ACCESS_CONSOLE=1)"
            in again.output
        )


def test_the_banner_names_every_phone_address_and_each_camp_runs_notice_board(db: None) -> None:
    from camp import services as camp_services

    first = camp_services.camp_create(name="Letní tábor – 1. běh", year=2026)
    second = camp_services.camp_create(name="Letní tábor – 2. běh", year=2026, run_number=2)
    lines = server.banner(addresses=["192.168.1.10", "10.0.0.5"], port=8123, chosen="10.0.0.5")
    assert "  http://192.168.1.10:8123/" in lines
    assert "  http://10.0.0.5:8123/   <- the teams' links and QR codes / odkazy a QR kódy týmů" in lines
    assert "Staff / Vedoucí: http://10.0.0.5:8123/admin/" in lines
    assert f"  {first}: http://10.0.0.5:8123/nastenka/{first.pk}/?projektor" in lines
    assert f"  {second}: http://10.0.0.5:8123/nastenka/{second.pk}/?projektor" in lines
    gone = server.banner(addresses=["192.168.1.10"], port=8123, chosen="10.44.0.1")
    assert "The teams' links carry http://10.44.0.1:8123/, which this laptop does not have now:" in gone
    assert "Staff / Vedoucí: http://192.168.1.10:8123/admin/" in gone
    offline = server.banner(addresses=[], port=8000)
    assert "No camp network found: only this laptop can connect." in offline
    assert "Staff / Vedoucí: http://localhost:8000/admin/" in offline


def test_the_start_page_is_served_and_a_bad_host_is_one_short_log_line(first_start: Started) -> None:
    status, _, body = get(first_start.url("/"))
    assert status == 200 and 'id="zo-start-boards"' in body
    log_file = first_start.data_dir / "logs" / "camp.log"
    before = log_file.read_text(encoding="utf-8") if log_file.exists() else ""
    connection = http.client.HTTPConnection("127.0.0.1", first_start.port, timeout=30)
    connection.request("GET", "/", headers={"Host": "evil" + "x" * 5000})
    response = connection.getresponse()
    page = response.read().decode()
    connection.close()
    assert response.status == 400 and "Tato adresa nepatří táborovému serveru" in page
    written = log_file.read_text(encoding="utf-8")[len(before) :]
    assert "Traceback" not in written
    lines = written.splitlines()
    assert len(lines) == 1 and "unknown host" in lines[0] and len(lines[0]) < 320, written[:500]
