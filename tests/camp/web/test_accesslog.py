"""No log keeps a whole team token: the camp server's access log, Django's own logging and error reports."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import get_resolver, path, reverse
from django.views.debug import ExceptionReporter

from camp.web import accesslog
from camp.web.accesslog import AccessLog, RedactTokensFilter, TokenSafeReporterFilter, redact_tokens
from camp.web.url_tokens import TokenConverter, token_route_prefixes

TOKEN = "Zx9Qm2Lp7Rt4Vw8Ya1Bc3De5Fg6Hj0Kk_Nn-Ss2Tu4W"


@pytest.mark.parametrize(
    ("logged", "kept"),
    [
        (f"/batavia/t/{TOKEN}/", "/batavia/t/Zx9Qm2…/"),
        (f"/en/batavia/t/{TOKEN}/check/", "/en/batavia/t/Zx9Qm2…/check/"),
        (f"/admin/login/?next=%2Fbatavia%2Ft%2F{TOKEN}%2F", "/admin/login/?next=%2Fbatavia%2Ft%2FZx9Qm2…%2F"),
        (f"/tym/{TOKEN}/plan/kontrola/", "/tym/Zx9Qm2…/plan/kontrola/"),
        (f"/en/tym/{TOKEN}/dalekohled/", "/en/tym/Zx9Qm2…/dalekohled/"),
        (f"/admin/login/?next=%2ftym%2f{TOKEN}%2fplan%2f", "/admin/login/?next=%2ftym%2fZx9Qm2…%2fplan%2f"),
        ("/batavia/t/abc/", "/batavia/t/abc/"),  # nothing worth cutting
        ("/nastenka/3/", "/nastenka/3/"),
        ("/nastenka/3/kolo/12/", "/nastenka/3/kolo/12/"),
    ],
)
def test_tokens_are_cut_to_a_short_prefix(logged: str, kept: str) -> None:
    assert redact_tokens(logged) == kept


def test_the_access_log_names_the_request_without_the_token(caplog: pytest.LogCaptureFixture) -> None:
    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        start_response("200 OK", [("Content-Type", "text/html"), ("Content-Length", "5")])
        return [b"hello"]

    environ = {
        "REMOTE_ADDR": "192.168.1.23",
        "REQUEST_METHOD": "GET",
        "PATH_INFO": f"/batavia/t/{TOKEN}/check/",
        "QUERY_STRING": "version=7",
        "SERVER_PROTOCOL": "HTTP/1.1",
    }
    with caplog.at_level(logging.INFO, logger="camp.access"):
        body = AccessLog(app)(environ, lambda status, headers, *args: None)
    assert body == [b"hello"]
    (record,) = [r for r in caplog.records if r.name == "camp.access"]
    line = record.getMessage()
    assert line.startswith('192.168.1.23 "GET /batavia/t/Zx9Qm2…/check/?version=7 HTTP/1.1" 200 5 ')
    assert TOKEN[:7] not in line


def test_djangos_not_found_warning_does_not_log_the_token(db: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert Client().get(f"/batavia/t/{TOKEN}/").status_code == 404
    messages = [r.getMessage() for r in caplog.records if r.name == "django.request"]
    assert messages == ["Not Found: /batavia/t/Zx9Qm2…/"]


def _token_patterns() -> list[tuple[str, str]]:
    """Every named URL pattern with a ``<token:…>`` part: (namespace:name, the token's parameter)."""
    found = []
    for namespace in ("islands_public", "batavia"):
        for pattern in get_resolver().namespace_dict[namespace][1].url_patterns:
            for parameter, converter in pattern.pattern.converters.items():
                if isinstance(converter, TokenConverter):
                    found.append((f"{namespace}:{pattern.name}", parameter))
    return found


def test_every_private_link_in_the_url_patterns_is_found() -> None:
    assert token_route_prefixes(get_resolver().url_patterns) == ["batavia/t/", "tym/"]
    assert len(_token_patterns()) == 9  # seven pages of an islands team, two of a Batavia team


@pytest.mark.parametrize(("name", "parameter"), _token_patterns())
def test_each_private_link_is_cut_in_the_logs(name: str, parameter: str) -> None:
    url = reverse(name, kwargs={parameter: TOKEN})
    for logged in (url, f"/en{url}", f"/admin/login/?next={url.replace('/', '%2F')}"):
        redacted = redact_tokens(logged)
        assert TOKEN[:7] not in redacted, logged
        assert "Zx9Qm2…" in redacted


def test_a_new_pattern_with_a_token_is_found_without_listing_it() -> None:
    def view(request: Any, **kwargs: Any) -> None:
        return None

    patterns = [path("klic/<token:secret>/archiv/", view), path("nastenka/<int:camp_id>/", view)]
    assert token_route_prefixes(patterns) == ["klic/"]


def test_a_traceback_that_quotes_the_token_is_cut() -> None:
    try:
        raise LookupError(f"no team with /tym/{TOKEN}/")
    except LookupError:
        record = logging.LogRecord(
            "django.request",
            logging.ERROR,
            __file__,
            1,
            "Internal Server Error: %s",
            (f"/tym/{TOKEN}/plan/",),
            sys.exc_info(),
        )
    RedactTokensFilter().filter(record)
    text = logging.Formatter().format(record)
    assert "Internal Server Error: /tym/Zx9Qm2…/plan/" in text
    assert "LookupError: no team with /tym/Zx9Qm2…/" in text
    assert TOKEN[:7] not in text


def test_an_error_report_hides_a_frames_token_and_cuts_the_requests_path(rf: Any) -> None:
    request = rf.get(f"/tym/{TOKEN}/plan/")

    def team_page(token: str) -> None:
        raise RuntimeError("broken")

    try:
        team_page(TOKEN)
    except RuntimeError:
        reporter = ExceptionReporter(request, *sys.exc_info())
    reporter.filter = TokenSafeReporterFilter()
    data = reporter.get_traceback_data()
    (frame,) = [f for f in data["frames"] if f["function"] == "team_page"]
    assert dict(frame["vars"])["token"] == repr(reporter.filter.cleansed_substitute)
    assert dict(data["request_meta"])["PATH_INFO"] == "/tym/Zx9Qm2…/plan/"


# ------------------------------------------------------------------------------------ off the request threads


class ThreadNoting(logging.FileHandler):
    """A file handler that notes which thread wrote each line."""

    def __init__(self, filename: str) -> None:
        super().__init__(filename, encoding="utf-8")
        self.threads: set[int] = set()
        self.addFilter(RedactTokensFilter())

    def emit(self, record: logging.LogRecord) -> None:
        self.threads.add(threading.get_ident())
        super().emit(record)


@pytest.fixture
def access_file(tmp_path: Any) -> Iterator[ThreadNoting]:
    """``camp.access`` writing to a file of its own only (as in camp mode), put back afterwards."""
    logger = logging.getLogger("camp.access")
    saved = (list(logger.handlers), logger.level, logger.propagate)
    handler = ThreadNoting(str(tmp_path / "access.log"))
    logger.handlers, logger.propagate = [handler], False
    logger.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        accesslog.access_log_stop()
        handler.close()
        logger.handlers, logger.level, logger.propagate = saved


def test_n_requests_are_n_lines_each_once_written_by_one_thread_after_the_stop(
    access_file: ThreadNoting,
) -> None:
    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        start_response("200 OK", [("Content-Length", "2")])
        return [b"ok"]

    logging.getLogger("camp.access").handlers = [access_file]  # (pytest's capture handlers too, else)
    assert accesslog.access_log_start() == [access_file.baseFilename]
    assert accesslog.access_log_start() == [access_file.baseFilename]  # started once
    logged = AccessLog(app)
    requests = 8 * 250
    request_threads: set[int] = set()

    def serve(worker: int) -> None:
        request_threads.add(threading.get_ident())
        for i in range(requests // 8):
            path = f"/tym/{TOKEN}/plan/stav/" if i == 0 else f"/r/{worker}/{i}/"
            environ = {"REMOTE_ADDR": "10.0.0.9", "REQUEST_METHOD": "GET", "PATH_INFO": path}
            logged(environ, lambda status, headers, *args: None)

    workers = [threading.Thread(target=serve, args=(w,)) for w in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    accesslog.access_log_stop()  # every line queued is written now
    lines = Path(access_file.baseFilename).read_text(encoding="utf-8").splitlines()
    assert len(lines) == requests
    paths = [line.split('"GET ', 1)[1].split(" ", 1)[0] for line in lines]
    assert len(set(paths)) == requests - 7  # each request once (the 8 token paths read alike)
    assert paths.count("/tym/Zx9Qm2…/plan/stav/") == 8 and TOKEN[:7] not in "".join(lines)
    assert len(access_file.threads) == 1 and not access_file.threads & request_threads
    assert logging.getLogger("camp.access").handlers == [access_file]  # put back at the stop


def test_a_line_logged_after_the_stop_is_written_directly(access_file: ThreadNoting) -> None:
    logging.getLogger("camp.access").handlers = [access_file]
    accesslog.access_log_start()
    accesslog.access_log_stop()
    accesslog.access_log_stop()  # again: nothing happens
    logging.getLogger("camp.access").info("after the stop")
    assert Path(access_file.baseFilename).read_text(encoding="utf-8") == "after the stop\n"
    assert access_file.threads == {threading.get_ident()}


def test_without_handlers_nothing_is_started() -> None:
    logger = logging.getLogger("camp.access")
    saved = list(logger.handlers)
    logger.handlers = []
    try:
        assert accesslog.access_log_start() == []
        assert logger.handlers == []
    finally:
        logger.handlers = saved
