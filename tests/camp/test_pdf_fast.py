"""ReportLab made faster for the sheets (:mod:`camp.pdf_fast`): every way it writes gives the bytes
ReportLab's own code gives for the same drawing."""

from __future__ import annotations

import io
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from camp import pdf_fast
from camp.pdf import FONT, FONT_BOLD, register_fonts
from camp.pdf_fast import SheetCanvas, kept_subsets, polygons_path, write_texts

#: Strings a sheet writes: plain ASCII, Czech, symbols, PDF's own escapes, an empty one, and more
#: letters than one font subset holds (256 codes), so a second subset is taken on the way.
STRINGS = [
    "Tým 1",
    "A1",
    "Loď 2 na Z19",
    "Žluťoučký kůň úpěl ďábelské ódy",
    "×2 · ⚔ ☠ … – „uvozovky“",
    "a(b)c\\d",
    "",
    "".join(map(chr, range(0x100, 0x17F))),
    "".join(map(chr, [*range(0x391, 0x3A2), *range(0x3A3, 0x3CA), *range(0x410, 0x450)])),
    "Z13",
    "Řeka",
]


@pytest.fixture(autouse=True)
def fonts() -> None:
    register_fonts(Path(settings.PDF_FONT_DIR))


def pdf_of(canvas_class: type[Canvas], draw: Callable[[Canvas], None], *, compression: int = 0) -> bytes:
    """The PDF ``draw`` makes on a new canvas (uncompressed unless ``compression``: its operators
    can be read)."""
    canvas = canvas_class(io.BytesIO(), pagesize=A4, pageCompression=compression, invariant=1)
    draw(canvas)
    canvas.showPage()
    return canvas.getpdfdata()


@pytest.mark.parametrize("method", ["drawString", "drawRightString", "drawCentredString"])
def test_the_sheet_canvas_writes_reportlabs_strings(method: str) -> None:
    def draw(canvas: Canvas) -> None:
        for i, text in enumerate(STRINGS * 2):
            canvas.setFont(FONT_BOLD if i % 3 else FONT, 7 + i % 5)
            getattr(canvas, method)(20.5 + i, 800 - 17.25 * i, text)
        canvas.setFont(FONT, 9)
        getattr(canvas, method)(30, 40, "obrys", mode=1)  # a render mode: ReportLab's own way

    fast, own = pdf_of(SheetCanvas, draw), pdf_of(Canvas, draw)
    assert b"Tj" in fast and fast == own


def test_write_texts_writes_what_a_text_objects_calls_write() -> None:
    items = [(10.0 + i * 13.5, 700.0 - i * 11.25, text) for i, text in enumerate(STRINGS * 2)]

    def fast(canvas: Canvas) -> None:
        out = canvas.beginText()
        write_texts(canvas, out, FONT, 8, items)
        write_texts(canvas, out, FONT_BOLD, 6.5, items, centred=True)
        canvas.drawText(out)

    def own(canvas: Canvas) -> None:
        out = canvas.beginText()
        for font, size, centred in ((FONT, 8, False), (FONT_BOLD, 6.5, True)):
            out.setFont(font, size)
            for x, y, text in items:
                shift = pdfmetrics.stringWidth(text, font, size) / 2 if centred else 0.0
                out.setTextOrigin(x - shift, y)
                out.textOut(text)
        canvas.drawText(out)

    assert pdf_of(Canvas, fast) == pdf_of(Canvas, own)


def test_polygons_path_is_the_path_reportlab_builds() -> None:
    shapes = [
        [(10.0, 10.0), (20.5, 10.0), (15.25, 19.125)],
        [(100.0, 100.0), (110.0, 100.0), (110.0, 110.0), (100.0, 110.0)],
    ]

    def own(canvas: Canvas) -> None:
        path = canvas.beginPath()
        for points in shapes:
            path.moveTo(*points[0])
            for point in points[1:]:
                path.lineTo(*point)
            path.close()
        canvas.drawPath(path, stroke=1, fill=1)

    assert pdf_of(Canvas, lambda canvas: canvas.drawPath(polygons_path(shapes), stroke=1, fill=1)) == pdf_of(
        Canvas, own
    )


def _encoded(encode: Callable[[str], bytes], text: str) -> bytes | type[Exception]:
    try:
        return encode(text)
    except UnicodeEncodeError:
        return UnicodeEncodeError


def test_a_streams_text_is_encoded_as_reportlab_encodes_it() -> None:
    assert pdfdoc.pdfdocEnc is pdf_fast._pdfdoc  # installed
    texts = [chr(code) for code in range(256)] + ["BT /F1+0 9 Tf (A1) Tj ET\n", "Řeka", "\x19", "ab\x1fc"]
    for text in texts:
        assert _encoded(pdf_fast._pdfdoc, text) == _encoded(pdf_fast._pdfdoc_encoded, text), repr(text)
    assert pdf_fast._pdfdoc(b"\x00\xff") == b"\x00\xff"


def test_a_name_is_escaped_as_reportlab_escapes_it() -> None:
    assert pdfdoc.PDFName is pdf_fast._name  # installed
    for name in ("Font", "FormXob.zoMap0123abcd", "a b(c)#%", "Řeka", "F1+0"):
        assert pdf_fast._name(name) == pdf_fast._pdf_name(name)


def test_the_flate_filter_compresses_what_zlib_gives_back_and_a_font_program_once() -> None:
    operators = "BT /F1+0 9 Tf 10.8 TL (Z13) Tj T* ET\n" * 200
    assert zlib.decompress(pdf_fast._compress(operators)) == operators.encode()
    assert pdf_fast._compress(operators) == zlib.compress(operators.encode(), pdf_fast.STREAM_LEVEL)
    assert zlib.decompress(pdf_fast._compress(b"\x00" * 100)) == b"\x00" * 100
    program = pdf_fast._FontProgram(b"glyphs" * 1000)
    first = pdf_fast._compress(program)
    assert first == zlib.compress(program) and pdf_fast._compress(program) is first


def test_a_kept_subset_is_the_font_program_reportlab_builds() -> None:
    face = pdfmetrics.getFont(FONT).face
    make = face.makeSubset.__wrapped__  # ReportLab's own
    letters = [0, *range(32, 127), 0x10F, 0x17E]
    assert face.makeSubset(letters) == make(letters)
    assert face.makeSubset(list(letters)) is face.makeSubset(letters)  # built once
    assert kept_subsets(make)(letters) == make(letters)


@pytest.fixture
def reportlab_as_it_is(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """ReportLab's own encoding, filter and font programs, for the length of a test."""
    monkeypatch.setattr(pdfdoc, "pdfdocEnc", pdf_fast._pdfdoc_encoded)
    monkeypatch.setattr(pdfdoc, "PDFName", pdf_fast._pdf_name)
    monkeypatch.delattr(pdfdoc.PDFZCompress, "encode")
    for name in (FONT, FONT_BOLD):
        face = pdfmetrics.getFont(name).face
        monkeypatch.setattr(face, "makeSubset", face.makeSubset.__wrapped__)
    yield


def test_a_page_of_strings_with_reportlab_as_it_is(reportlab_as_it_is: None) -> None:
    def draw(canvas: Canvas) -> None:
        for i, text in enumerate(STRINGS):
            canvas.setFont(FONT, 9)
            canvas.drawString(20, 800 - 20 * i, text)

    own = pdf_of(Canvas, draw)
    pdf_fast.install()
    face = pdfmetrics.getFont(FONT).face
    face.makeSubset = kept_subsets(face.makeSubset)
    assert pdf_of(SheetCanvas, draw) == own
