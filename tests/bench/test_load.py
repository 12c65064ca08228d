"""bench.load's own logic (its crowd, bench._crowd, and its staff, bench._staff), where it is pure:
reading answers off the socket, tracking per client when the new board arrived, and what fails a
run (the run itself needs the camp server)."""

from __future__ import annotations

import asyncio

import pytest

from bench._crowd import (
    POLL,
    Client,
    Closed,
    Tally,
    held_version,
    keeps_connection,
    parse_head,
    percentile,
    read_answer,
    team_phones,
)
from bench._staff import Change
from bench.load import (
    SLACK,
    Report,
    catch_up_seconds,
    change_times,
    team_catch_up_seconds,
    team_unknown_versions,
    unknown_versions,
)


def answer(data: bytes, *, eof: bool = False) -> tuple[int, dict[str, str], bytes]:
    async def read() -> tuple[int, dict[str, str], bytes]:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        if eof:
            reader.feed_eof()
        head, body = await read_answer(reader)
        return head.status, head.headers, body

    return asyncio.run(read())


def test_an_answer_is_read_by_its_length_and_a_poll_204_has_no_body() -> None:
    status, headers, body = answer(b'HTTP/1.1 200 OK\r\nContent-Length: 5\r\nETag: "t-cs"\r\n\r\nhelloNEXT')
    assert (status, body, headers["etag"]) == (200, b"hello", '"t-cs"')
    assert answer(b"HTTP/1.1 204 No Content\r\nServer: waitress\r\n\r\n")[::2] == (204, b"")
    assert (
        answer(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")[2]
        == b"abcde"
    )


def test_an_answer_cut_short_is_a_reset_connection() -> None:
    with pytest.raises(Closed):
        answer(b"HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nonly a part", eof=True)
    with pytest.raises(Closed):
        answer(b"", eof=True)  # closed before any byte: what a dropped keep-alive connection gives


def test_a_garbled_status_line_is_refused() -> None:
    with pytest.raises(ValueError, match="not an HTTP status line"):
        parse_head(b"SSH-2.0-OpenSSH\r\n\r\n")


def test_connection_close_and_the_version_a_client_holds() -> None:
    assert not keeps_connection(parse_head(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n"))
    assert keeps_connection(parse_head(b"HTTP/1.1 204 No Content\r\n\r\n"))
    head = parse_head(b'HTTP/1.1 200 OK\r\nETag: "abc-x_1-cs"\r\n\r\n')
    assert held_version(head, b"") == "abc-x_1-cs"
    bare = parse_head(b"HTTP/1.1 200 OK\r\n\r\n")
    assert held_version(bare, b'<div id="board" data-version="zz-en">') == "zz-en"


def test_the_poll_after_a_version_carries_it_with_htmx_headers() -> None:
    phone = Client("phone", "/nastenka/1/", "board")
    assert phone.next_request("") == ("/nastenka/1/", phone.next_request("")[1])
    phone.hold(1.0, "v1-cs")
    path, headers = phone.next_request('"v1-cs"')
    assert path == "/nastenka/1/?v=v1-cs" and headers["HX-Request"] == "true"
    screen = Client("screen", "/nastenka/1/?projektor", "board", projector=True)
    screen.hold(1.0, "v1-cs")
    assert screen.next_request("")[0] == "/nastenka/1/?v=v1-cs&projektor"
    replay = Client("replay", "/nastenka/1/kolo/3/", "replay")
    replay.hold(1.0, "v1-cs")
    assert replay.next_request('"v1-cs"') == ("/nastenka/1/kolo/3/", replay.next_request('"v1-cs"')[1])
    assert replay.next_request('"v1-cs"')[1]["If-None-Match"] == '"v1-cs"'


def test_a_team_phone_polls_its_own_page_with_htmx_headers() -> None:
    (first, second) = team_phones({"team_pages": ["/tym/aaa/", "/tym/bbb/"], "board": "/nastenka/1/"})
    assert (first.name, first.page, second.page) == ("team 1", "/tym/aaa/", "/tym/bbb/")
    assert first.next_request("")[0] == "/tym/aaa/"  # the whole page first
    first.hold(1.0, "0f3a9c")
    path, headers = first.next_request("")
    assert path == "/tym/aaa/?v=0f3a9c"
    assert (headers["HX-Request"], headers["HX-Target"], headers["HX-Current-URL"]) == (
        "true",
        "team-view",
        "/tym/aaa/",
    )
    assert team_phones({"board": "/nastenka/1/"}) == []  # a camp without team links


def test_change_to_new_team_page_is_counted_by_the_versions_after_the_page() -> None:
    changes = [Change(100.0, "b-cs", "resolve"), Change(115.0, "c-cs", "undo")]
    # The undo shows again what the page showed before the resolve: the same hash, still a change.
    held = [(3.0, "h0"), (104.0, "h1"), (118.5, "h0")]
    assert team_catch_up_seconds(changes, held) == [4.0, 3.5]
    assert team_unknown_versions(changes, held) == []
    # Got before the acknowledgement arrived: 0; never got the second: None.
    assert team_catch_up_seconds(changes, [(3.0, "h0"), (99.0, "h1")]) == [0.0, None]
    # A page loaded after the first change shows it already.
    assert team_catch_up_seconds(changes, [(101.0, "h1"), (120.0, "h0")]) == [0.0, 5.0]
    assert team_catch_up_seconds(changes, []) == [None, None]
    # One more new page than changes: a write the benchmark did not make.
    assert team_unknown_versions(changes, [*held, (130.0, "h9")]) == ["h9"]


def test_polls_are_tallied_apart_from_page_loads() -> None:
    tally = Tally()
    assert tally.poll_summary() == "none"
    for status, took in ((204, 2.0), (204, 4.0), (200, 90.0), (204, 3.0)):
        tally.poll(status, took)
    assert tally.poll_summary() == (
        "4 polls, 75 % 204: p50 3.5 ms, p99 90.0 ms; the 204s p50 3.0 ms, p99 4.0 ms"
    )


def test_catch_up_is_measured_per_client_and_change() -> None:
    versions = ["a-cs", "b-cs", "c-cs"]
    changes = [Change(100.0, "b-cs", "resolve"), Change(115.0, "c-cs", "undo")]
    # A phone that polls at 104 and 118: 4 s and 3 s after the changes.
    assert catch_up_seconds(changes, versions, [(3.0, "a-cs"), (104.0, "b-cs"), (118.0, "c-cs")]) == [
        4.0,
        3.0,
    ]
    # One that jumped straight to the later version caught both with that poll; an English phone
    # holds the same token in its own language.
    assert catch_up_seconds(changes, versions, [(3.0, "a-en"), (121.0, "c-en")]) == [21.0, 6.0]
    # Held before the redirect arrived: 0, never negative.
    assert catch_up_seconds(changes, versions, [(3.0, "a-cs"), (99.5, "b-cs")])[0] == 0.0
    # Never got the second: None (the run fails on it).
    assert catch_up_seconds(changes, versions, [(3.0, "a-cs"), (104.0, "b-cs")]) == [4.0, None]
    assert catch_up_seconds(changes, versions, []) == [None, None]


def test_a_version_no_change_made_is_reported() -> None:
    assert unknown_versions(["a-cs", "b-cs"], [(1.0, "a-en"), (2.0, "x-cs")]) == ["x-cs"]


def test_the_changes_leave_every_client_time_to_see_the_last_one() -> None:
    times = change_times(60)
    assert times == [15.0, 30.0, 45.0]
    assert all(60 - t >= POLL + 2 * SLACK for t in times)
    assert change_times(20) == []


def clean_report(**changes: object) -> Report:
    report = Report(
        tally=Tally(),
        catch_ups=[1.0, 5.0, 9.5],
        unknown=[],
        staff_errors=[],
        game_errors=[],
        orders=[],
        saves_ms=[40.0, 60.0],
        changes=2,
    )
    for name, value in changes.items():
        setattr(report, name, value)
    return report


def test_a_clean_run_passes_and_each_failure_fails_it() -> None:
    assert clean_report().problems() == []
    refused = clean_report()
    refused.tally.error("refused", "phone 3 /nastenka/1/: [Errno 111]")
    assert refused.problems() == ["1 refused (clients)"]
    closing = clean_report()
    closing.tally.closed_by_server = 7
    assert closing.problems() == ["7 answers closed their connection (keep-alive lost)"]
    assert clean_report(catch_ups=[1.0, None]).problems() == ["1 times a client never got the new board"]
    slow = clean_report(catch_ups=[1.0] * 98 + [POLL + SLACK + 0.5] * 2).problems()
    assert slow == [f"change → new board p99 {POLL + SLACK + 0.5:.1f} s > {POLL + SLACK:.0f} s"]
    assert clean_report(saves_ms=[1500.0]).problems() == ["order save p99 1500 ms > 1000 ms"]
    assert clean_report(saves_ms=[]).problems() == ["no order was saved under load"]
    assert clean_report(changes=0).problems() == ["no change was made: change → new board not measured"]
    lost = "team 4: 12 saves acknowledged, version 11 stored (lost or doubled)"
    assert clean_report(orders=[lost]).problems() == [lost]
    assert clean_report(game_errors=["resolve answered 500"]).problems() == ["resolve answered 500"]


def test_the_team_pages_fail_a_run_as_the_board_does() -> None:
    assert clean_report(team_catch_ups=[1.0, 9.9]).problems() == []
    late = clean_report(team_catch_ups=[1.0] * 98 + [POLL + SLACK + 1] * 2).problems()
    assert late == [f"change → new team page p99 {POLL + SLACK + 1:.1f} s > {POLL + SLACK:.0f} s"]
    assert clean_report(team_catch_ups=[1.0, None]).problems() == [
        "1 times a team's phone never got its new page"
    ]
    failed = clean_report()
    failed.team_tally.error("5xx", "team 3 /tym/x/?v=y: 500")
    failed.team_tally.closed_by_server = 2
    assert failed.problems() == ["1 5xx (team pages)", "2 team page answers closed their connection"]


def test_percentile() -> None:
    assert percentile(list(range(101)), 0.99) == 99
    assert percentile([], 0.99) == 0.0


# A board on a loopback socket that misbehaves as waitress did (the clients' side, for real).

BOARD_PAGE = b'HTTP/1.1 200 OK\r\nETag: "a-cs"\r\nContent-Length: 14\r\n\r\n<div id=board>'


def run_against(answer_poll: bytes, monkeypatch: pytest.MonkeyPatch) -> Tally:
    """One phone for 0.4 s (a poll every 0.05 s) against a server answering its page, then its
    polls with ``answer_poll`` (empty: it closes the connection instead)."""
    import time

    import bench._crowd as crowd

    monkeypatch.setattr(crowd, "POLL", 0.05)
    served = [0]

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            try:
                await reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                break
            reply = BOARD_PAGE if served[0] == 0 else answer_poll
            served[0] += 1
            if not reply:
                break
            writer.write(reply)
            await writer.drain()
            if b"Connection: close" in reply:
                break
        writer.close()

    async def scenario() -> Tally:
        server = await asyncio.start_server(serve, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        tally = Tally()
        phone = Client("phone 0", "/nastenka/1/", "board")
        now = time.monotonic()
        await crowd.run_client(phone, "127.0.0.1", port, now, now + 0.4, tally)
        server.close()
        await server.wait_closed()
        assert phone.version == "a-cs"
        return tally

    return asyncio.run(scenario())


def test_a_poll_that_closes_its_connection_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    tally = run_against(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n", monkeypatch)
    assert tally.answers[204] >= 2
    assert tally.closed_by_server == tally.answers[204]
    # The page's connection answered the first poll and closed: each later poll connected anew.
    assert len(tally.connects_ms) == tally.answers[204]
    assert not tally.errors


def test_a_kept_connection_answers_every_poll(monkeypatch: pytest.MonkeyPatch) -> None:
    tally = run_against(b"HTTP/1.1 204 No Content\r\n\r\n", monkeypatch)
    assert tally.answers[204] >= 2 and tally.closed_by_server == 0
    assert len(tally.connects_ms) == 1
    assert not tally.errors


def test_a_connection_dropped_without_an_answer_is_a_reset(monkeypatch: pytest.MonkeyPatch) -> None:
    tally = run_against(b"", monkeypatch)  # the server closes instead of answering the poll
    assert tally.errors["reset"] >= 1
    assert Report(tally, [1.0], [], [], [], [], [50.0], 1).problems()[0].endswith("reset (clients)")


def test_the_server_memory_is_read_from_vmrss_and_a_status_without_it_is_refused() -> None:
    from bench.load import rss_mb, server_rss_mb

    status = "Name:\tpython\nVmPeak:\t  300000 kB\nVmRSS:\t  153600 kB\nRssAnon:\t  100000 kB\n"
    assert rss_mb(status) == 150.0  # VmRSS, not VmPeak or RssAnon
    with pytest.raises(ValueError, match="no VmRSS"):
        rss_mb("Name:\tkthreadd\nState:\tS (sleeping)\n")  # a kernel thread has no VmRSS line
    import os

    own = server_rss_mb(os.getpid())
    assert own is not None and 5 < own < 2000  # this test process, read off /proc
