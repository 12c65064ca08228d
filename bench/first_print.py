"""The first print after a real resolve (issue 32): what staff wait for when they print the evening's
sheets, on the largest camp (side 13, 12 teams, 30 rounds played), through the real camp server.

Before each timed print the camp plays its next round in a child process (:mod:`bench._advance`:
the round before closed, the next one's placements, its orders, resolved), untimed: the print then
shows a new map, new events and a new paper code on every team's order form (its QR code never
encoded before), and no sheet of it was printed before. Each print is timed from the client's side
beside the admin index page asked right after it (alternating pairs, the medians).

Targets (ratios to the admin index): one team's sheet ≤ 3×, all teams' sheets ≤ 5×, tonight's
printing (the team sheets, the notice-board sheet and the master sheet in one PDF) ≤ 8×. Beside
them, printed: the QR code of one new paper code, zxing-cpp's encoder against ReportLab's.
"""

from __future__ import annotations

import statistics
import time
from functools import partial

from bench._advance import advance
from bench._camp_server import Http, camp_server, timed_ms
from bench._targets import check

#: Prints of each kind (each after its own resolve).
PRINTS = 9
LIMITS = {"one team sheet PDF": 3.0, "all-teams PDF": 5.0, "tonight's printing PDF": 8.0}
URLS = {"one team sheet PDF": "sheet", "all-teams PDF": "sheets", "tonight's printing PDF": "evening"}


def qr_figures(codes: int = 20) -> None:
    """One paper code's QR code, encoded for the first time: zxing-cpp's encoder (what the sheets
    use) against ReportLab's pure-Python one (what they used)."""
    import zxingcpp
    from reportlab.graphics.barcode import qrencoder

    texts = [
        f"http://192.168.1.10:8000/admin/islands/islandsround/paper/?code=ZO-{n:04d}-TUNC"
        for n in range(codes)
    ]

    def zxing(text: str) -> object:
        return zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="M").to_image(scale=1)

    def reportlab(text: str) -> object:
        qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
        qr.addData(text)
        qr.make()
        return qr

    took = {}
    for name, encode in (("zxing-cpp", zxing), ("ReportLab", reportlab)):
        started = time.perf_counter()
        for text in texts:
            encode(text)
        took[name] = (time.perf_counter() - started) * 1000 / codes
    print(
        f"QR code of a new paper code: zxing-cpp {took['zxing-cpp']:.2f} ms, ReportLab's encoder "
        f"{took['ReportLab']:.2f} ms (printed, no target)"
    )


def main() -> None:
    qr_figures()
    with camp_server(world="large") as (host, port, world, data):
        staff = Http(host, port)
        staff.login()
        reference = world.urls["admin_index"]
        for _ in range(2):
            staff.get(reference)
        for name, key in URLS.items():
            mine, theirs = [], []
            for _ in range(PRINTS):
                url = str(advance(data, world.camp)[key])
                mine.append(timed_ms(partial(staff.get, url)))
                theirs.append(timed_ms(partial(staff.get, reference)))
            check(
                f"large camp: {name} (first print after a resolve)",
                statistics.median(mine),
                statistics.median(theirs),
                unit="ms",
                at_most=LIMITS[name],
                reference_name="admin index page",
            )
