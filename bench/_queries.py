"""The database queries of staff pages, counted in a child process over a benchmark's camp (its
data folder): ``python -m bench._queries DATA_DIR URL…`` prints ``{url: queries}`` as JSON.

Each page is asked twice through Django's test client with the benchmark's staff login, in camp
mode; the second answer's queries are counted (``CaptureQueriesContext``), so what a process reads
once (the translations, the first session) does not count. Only the child imports Django."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from bench._camp_server import STAFF, child_json


def count(data_dir: Path, urls: list[str]) -> dict[str, int]:
    """(parent) The queries of each of ``urls`` on the camp in ``data_dir``."""
    counted = child_json("bench._queries", data_dir, *urls, what="counting the queries")
    return {url: int(n) for url, n in counted.items()}


def _child(urls: list[str]) -> None:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST=f"localhost:{settings.CAMP_PORT}")
    client.force_login(get_user_model().objects.get(username=STAFF))
    counts = {}
    for url in urls:
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            answer = client.get(url)
        if answer.status_code != 200:
            raise RuntimeError(f"{url} answered {answer.status_code}")
        counts[url] = len(queries)
    print(json.dumps(counts))


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    _child(sys.argv[2:])
