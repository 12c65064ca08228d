"""How ``make camp`` serves (config.serving, issue 18): a real waitress server with the project's app
keeps a phone's connection open across the notice board's polls (204) and conditional GETs (304)."""

from __future__ import annotations

import resource
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.wsgi import get_wsgi_application
from django.urls import reverse

from camp.models import Camp
from camp.web.accesslog import AccessLog
from config.serving import CONNECTION_LIMIT, create_camp_server, raise_open_files_limit

pytestmark = pytest.mark.django_db(transaction=True)  # the server's threads see the camp run


@pytest.fixture
def served() -> Iterator[int]:
    """The project's WSGI app on a real waitress server on loopback: its port."""
    server = create_camp_server(AccessLog(get_wsgi_application()), listen="127.0.0.1:0", threads=2)
    runner = threading.Thread(target=server.run, daemon=True)
    runner.start()
    try:
        yield int(server.effective_port)
    finally:
        server.task_dispatcher.shutdown()
        server.close()


def exchange(sock: socket.socket, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request on an open socket and its whole answer (status, headers, body)."""
    lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1"]
    lines += [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection instead of answering"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    answer_headers = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines)}
    length = int(answer_headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection in the middle of an answer"
        body += chunk
    return int(status_line.split()[1]), answer_headers, body


def closed_by_server(sock: socket.socket) -> bool:
    sock.settimeout(0.3)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_the_polls_204_and_304_keep_the_connection(served: int) -> None:
    camp = Camp.objects.create(name="Tábor", year=2026)
    board = reverse("islands_public:notice_board", args=[camp.pk])
    with socket.create_connection(("127.0.0.1", served), timeout=30) as sock:
        status, headers, _page = exchange(sock, board)
        assert status == 200
        etag = headers["etag"]
        version = etag.strip('"')
        poll: dict[str, Any] = {"HX_Request": "true", "HX_Target": "board", "HX_Trigger": "board"}
        for _poll in range(2):  # the phone's unchanged polls, every 10 s, on the same connection
            status, headers, body = exchange(sock, f"{board}?v={version}", **poll)
            assert (status, body) == (204, b"")
            assert headers.get("connection", "").lower() != "close"
        status, headers, body = exchange(sock, board, If_None_Match=etag)  # a reload of the page
        assert (status, body, headers["etag"]) == (304, b"", etag)
        assert headers.get("connection", "").lower() != "close"
        assert not closed_by_server(sock)
        status, _headers, _page = exchange(sock, board)  # and it still answers the whole page
        assert status == 200


def test_a_client_that_asks_to_close_gets_its_connection_closed(served: int) -> None:
    camp = Camp.objects.create(name="Tábor", year=2026)
    board = reverse("islands_public:notice_board", args=[camp.pk])
    with socket.create_connection(("127.0.0.1", served), timeout=30) as sock:
        _status, headers, _page = exchange(sock, board)
        status, headers, _body = exchange(sock, board, If_None_Match=headers["etag"], Connection="close")
        assert status == 304 and headers["connection"] == "close"
        assert closed_by_server(sock)


def test_the_open_files_limit_holds_the_connection_limit() -> None:
    assert raise_open_files_limit(CONNECTION_LIMIT + 100) >= min(
        CONNECTION_LIMIT + 100, resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    )


def ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


def test_every_listening_socket_keeps_alive_with_the_camp_limits() -> None:
    """``make camp`` listens on every interface: one waitress server per address (IPv4, IPv6)."""
    from waitress.server import BaseWSGIServer

    from config.serving import KeepAliveChannel

    listen = "127.0.0.1:0 [::1]:0" if ipv6_loopback() else "127.0.0.1:0"
    server = create_camp_server(lambda environ, start: [], listen=listen, threads=1)
    try:
        dispatchers = getattr(server, "map", None) or server._map
        listening = [d for d in dispatchers.values() if isinstance(d, BaseWSGIServer)]
        assert listening and all(d.channel_class is KeepAliveChannel for d in listening)
        assert (server.adj.connection_limit, server.adj.asyncore_use_poll) == (CONNECTION_LIMIT, True)
    finally:
        server.task_dispatcher.shutdown()
        server.close()
