"""A game's record: export, then import it back (:mod:`games.batavia.pages.record`)."""

from __future__ import annotations

import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games.batavia import services
from games.batavia.models import BataviaSession
from tests.games.batavia.pages.helpers import text, url


def test_export_and_import_round_trip(staff: Client, session: BataviaSession) -> None:
    services.session_act(
        session=session, seat=1, action=__import__("games.batavia.engine", fromlist=["Bid"]).Bid(4)
    )
    response = staff.get(url("export", session))
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    data = json.loads(response.content)
    assert data["format"] == "batavia/1" and data["actions"][-1] == {"by": "Modří", "bid": 4}
    staff.post(url("op", session), {"op": "undo"})
    upload = SimpleUploadedFile("record.json", response.content, content_type="application/json")
    response = staff.post(url("import", session), {"record": upload}, follow=True)
    assert "Záznam byl nahrán" in text(response)
    session.refresh_from_db()
    assert session.record["actions"][-1] == {"by": "Modří", "bid": 4}
