"""The projector's table and its htmx fragment (:mod:`games.batavia.pages.table`)."""

from __future__ import annotations

from django.test import Client

from games.batavia import services
from games.batavia.models import BataviaSession
from tests.games.batavia.html import texts
from tests.games.batavia.pages.helpers import HX, text, url


def test_table_page_and_its_fragment(staff: Client, session: BataviaSession) -> None:
    response = staff.get(url("table", session))
    body = text(response)
    assert response.status_code == 200
    assert "Dražba" in body and "Dělo" in body and "Burzy" in body and "Modří" in body
    assert "<html" in body and 'data-hx-trigger="every' in body
    same = staff.get(url("table", session), {"v": str(session.version)}, **HX)
    assert same.status_code == 204  # unchanged: nothing redrawn
    services.session_act(
        session=session, seat=1, action=__import__("games.batavia.engine", fromlist=["Pass"]).Pass()
    )
    changed = staff.get(url("table", session), {"v": "1"}, **HX)
    assert changed.status_code == 200
    assert "<html" not in changed.content.decode() and 'id="bt-table"' in changed.content.decode()
    # the public log in Czech: the round, the auctioneer's roll, then Modří's pass
    entries = {
        kind: texts(changed.content, "li", class_=f"bt-ev-{kind}") for kind in ("round", "roll", "pass")
    }
    assert entries["round"] == ["Kolo 1: dražbu vede tým Červení."]  # the round once, as a heading
    assert [e.partition(" kostkou ")[0] for e in entries["roll"]] == ["Tým Červení hází"]
    assert entries["pass"] == ["Tým Modří pasuje."]
    assert texts(changed.content, "h4", class_="bt-log-round") == ["Kolo 1"]
