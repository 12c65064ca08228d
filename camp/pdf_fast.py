"""ReportLab made faster for the camp's sheets, every operator as it wrote them (tests compare the
uncompressed bytes with ReportLab's own code on the same drawing): a round's sheets draw hundreds of
short texts and polygons (a printed map's labels and hexes), whose cost was mostly ReportLab's
calls, not what they write.

- :class:`SheetCanvas`'s plain strings, :func:`write_texts` and :func:`polygons_path` write the
  very operators ReportLab's text and path objects write, with what depends only on the geometry
  or the font worked out once (:func:`text_width`, :func:`polygon_code`, :func:`text_runs`).
- :func:`kept_subsets`: a font's subset (its program for the letters a document uses) is built and
  compressed once per set of letters, not once per document.
- Three of ReportLab's module functions are replaced on import (:func:`install`): the FlateDecode
  filter (a kept font program compressed once; the pages' and forms' operators at a faster zlib
  level than ReportLab's, the one place where the bytes differ), the PDFDocEncoding of a stream's
  text (plain ASCII, which encodes as itself, without the charmap codec: 1 ms on a board's 50 KB
  form) and the escaping of a PDF name (once per name).
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache, wraps
from typing import Any
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject, rtlSupport


def kept_subsets(make: Callable[[list[int]], bytes]) -> Callable[[list[int]], bytes]:
    """A font's ``makeSubset`` kept per subset: the same letters give the same font program, and a
    round's sheets embed the same few subsets again and again (each ~1 ms to build and as much to
    compress, :class:`_FontProgram`)."""

    @lru_cache(maxsize=32)
    def kept(subset: tuple[int, ...]) -> _FontProgram:
        return _FontProgram(make(list(subset)))

    @wraps(make)
    def made(subset: list[int]) -> bytes:
        return kept(tuple(subset))

    return made


class _FontProgram(bytes):
    """A font subset's program (:func:`kept_subsets`), which keeps its compressed bytes."""

    compressed: bytes | None = None


#: zlib's level for a page's or a form's operators: level 2 compresses all teams' sheets' fifty
#: streams in 1.8 ms where ReportLab's 6 took 3.1 ms, for 9 % more of their bytes (5 KB of 130).
STREAM_LEVEL = 2


def _compress(content: str | bytes) -> bytes:
    """ReportLab's FlateDecode filter (``zlib.compress``) at :data:`STREAM_LEVEL`; a kept font
    program is compressed once, at zlib's usual level."""
    if isinstance(content, _FontProgram):
        if content.compressed is None:
            content.compressed = zlib.compress(content)
        return content.compressed
    return zlib.compress(content.encode("utf8") if isinstance(content, str) else content, STREAM_LEVEL)


@lru_cache(maxsize=16384)
def polygon_code(points: tuple[tuple[float, float], ...]) -> str:
    """A closed polygon's path operators, as ``moveTo``/``lineTo``/``close`` write them."""
    (x, y), rest = points[0], points[1:]
    return " ".join([f"{fp_str(x, y)} m", *(f"{fp_str(a, b)} l" for a, b in rest), "h"])


def polygons_path(polygons: Iterable[Sequence[tuple[float, float]]]) -> PDFPathObject:
    """One path of closed polygons (:func:`polygon_code`), as ReportLab builds it."""
    return PDFPathObject(code=["n", *(polygon_code(tuple(points)) for points in polygons)])


@lru_cache(maxsize=16384)
def text_width(text: str, font: str, size: float) -> float:
    """``stringWidth`` once per text, font and size (a font's widths never change once registered)."""
    return pdfmetrics.stringWidth(text, font, size)


#: The texts each document has written: (font, text): its runs (:func:`text_runs`).
_RUNS: WeakKeyDictionary[Canvas, dict[tuple[str, str], tuple[tuple[int, str], ...]]] = WeakKeyDictionary()


def text_runs(canvas: Canvas, font: str, text: str) -> tuple[tuple[int, str], ...]:
    """``text`` in ``font`` (embedded TrueType) as this document's subset runs: (subset, its ``Tj``
    operator), what a text object's ``textOut`` writes. Printable ASCII is its own code in the first
    subset in every document (ReportLab's ``ttfAsciiReadable``); other letters take the next free
    codes, in the order the document first writes them, so those runs are kept per document."""
    if text.isascii() and text.isprintable() and _ascii_readable(font):
        return _ascii_runs(text)
    runs = _RUNS.setdefault(canvas, {})
    found = runs.get((font, text))
    if found is None:
        found = runs[(font, text)] = tuple(
            (subset, f"({escapePDF(part)}) Tj")
            for subset, part in pdfmetrics.getFont(font).splitString(text, canvas._doc)
        )
    return found


@lru_cache(maxsize=16384)
def _ascii_runs(text: str) -> tuple[tuple[int, str], ...]:
    return ((0, f"({escapePDF(text.encode('latin-1'))}) Tj"),) if text else ()


@lru_cache(maxsize=8)
def _ascii_readable(font: str) -> bool:
    """Whether ``font`` writes printable ASCII as itself in subset 0 (a TrueType font with every
    ASCII glyph, ReportLab's ``ttfAsciiReadable`` on)."""
    found = pdfmetrics.getFont(font)
    glyphs = getattr(getattr(found, "face", None), "charToGlyph", None)
    return (
        bool(rl_config.ttfAsciiReadable)
        and isinstance(found, TTFont)
        and glyphs is not None
        and all(code in glyphs for code in range(32, 127))
    )


def write_texts(
    canvas: Canvas,
    text: PDFTextObject,
    font: str,
    size: float,
    items: Iterable[tuple[float, float, str]],
    *,
    centred: bool = False,
) -> None:
    """Each (x, y, string) into ``text`` from its own origin (``centred``: centred on x), in ``font``
    at ``size`` (embedded TrueType): what ``setFont`` and, for each, ``setTextOrigin`` and
    ``textOut`` write. A printable ASCII string's operators are the same in every document once its
    subset is the font's current one: worked out once per place (a board's labels)."""
    text.setFont(font, size)
    code = text._code
    ascii_readable = _ascii_readable(font)
    for x, y, string in items:
        if ascii_readable and text._curSubset == 0 and string and string.isascii() and string.isprintable():
            code.append(_placed_ascii(x, y, string, font, size, centred))
            continue
        if centred:
            x -= text_width(string, font, size) / 2
        code.append(f"1 0 0 1 {fp_str(x, y)} Tm")
        ops, text._curSubset = _shown(canvas, font, size, text._leading, string, text._curSubset)
        code.append(ops)


@lru_cache(maxsize=32768)
def _placed_ascii(x: float, y: float, string: str, font: str, size: float, centred: bool) -> str:
    """:func:`write_texts`'s operators for a printable ASCII string in the first subset."""
    if centred:
        x -= text_width(string, font, size) / 2
    return f"1 0 0 1 {fp_str(x, y)} Tm {_ascii_runs(string)[0][1]}"


def _shown(
    canvas: Canvas, font: str, size: float, leading: float, string: str, subset: int
) -> tuple[str, int]:
    """The operators that show ``string`` in a text object whose font's subset is ``subset`` now (a
    new subset's font set first), and the subset after them."""
    parts = []
    for part_subset, run in text_runs(canvas, font, string):
        if part_subset != subset:
            name = pdfmetrics.getFont(font).getSubsetInternalName(part_subset, canvas._doc)
            parts.append(f"{name} {fp_str(size)} Tf {fp_str(leading)} TL")
            subset = part_subset
        parts.append(run)
    return " ".join(parts), subset


class SheetCanvas(Canvas):
    """ReportLab's canvas whose plain strings in an embedded TrueType font (no render mode, spacing,
    direction or shaping) are written straight into the page's code: the operators its own
    ``drawString`` writes (tests compare the bytes), at a third of the cost (a round's sheets draw
    hundreds of strings)."""

    def drawString(  # type: ignore[override]
        self, x: float, y: float, text: str, mode: Any = None, charSpace: float = 0, direction: Any = None,
        wordSpace: Any = None, shaping: bool = False,
    ) -> None:  # fmt: skip
        if not self._plain(mode, charSpace, direction, wordSpace, shaping):
            super().drawString(x, y, text, mode, charSpace, direction, wordSpace, shaping)
            return
        self._string(x, y, text)

    def drawRightString(  # type: ignore[override]
        self, x: float, y: float, text: str, mode: Any = None, charSpace: float = 0, direction: Any = None,
        wordSpace: Any = None, shaping: bool = False,
    ) -> None:  # fmt: skip
        if not self._plain(mode, charSpace, direction, wordSpace, shaping):
            super().drawRightString(x, y, text, mode, charSpace, direction, wordSpace, shaping)
            return
        self._string(x - text_width(text, self._fontname, self._fontsize), y, text)

    def drawCentredString(  # type: ignore[override]
        self, x: float, y: float, text: str, mode: Any = None, charSpace: float = 0, direction: Any = None,
        wordSpace: Any = None, shaping: bool = False,
    ) -> None:  # fmt: skip
        if not self._plain(mode, charSpace, direction, wordSpace, shaping):
            super().drawCentredString(x, y, text, mode, charSpace, direction, wordSpace, shaping)
            return
        self._string(x - 0.5 * text_width(text, self._fontname, self._fontsize), y, text)

    def _plain(self, mode: Any, char_space: float, direction: Any, word_space: Any, shaping: bool) -> bool:
        return (
            mode is None
            and not char_space
            and direction is None
            and not word_space
            and not shaping
            and not rtlSupport
            and isinstance(pdfmetrics.getFont(self._fontname), TTFont)
        )

    def _string(self, x: float, y: float, text: str) -> None:
        shown, _subset = _shown(self, self._fontname, self._fontsize, self._leading, text, -1)
        self._code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {shown} T* ET")


#: ASCII that PDFDocEncoding does not write as itself (it has no such characters): such a text goes
#: to ReportLab's codec, which says so as it always did.
_NOT_PDFDOC_ASCII = re.compile("[\x18-\x1f]")
_pdfdoc_encoded = pdfdoc.pdfdocEnc


def _pdfdoc(text: Any) -> Any:
    """ReportLab's ``pdfdocEnc``: a text in PDFDocEncoding (plain ASCII as itself), bytes as they are."""
    if isinstance(text, str) and text.isascii() and _NOT_PDFDOC_ASCII.search(text) is None:
        return text.encode("ascii")
    return _pdfdoc_encoded(text)


_pdf_name = pdfdoc.PDFName


def _name(data: Any, lo: str = chr(0x21), hi: str = chr(0x7E)) -> str:
    """ReportLab's ``PDFName`` (a name's characters escaped one by one), once per name: a page's
    resources name every form it places, and the names are the same on every page."""
    try:
        return _kept_name(data, lo, hi)
    except TypeError:  # not a key (ReportLab names with text): escaped as ReportLab does
        return str(_pdf_name(data, lo, hi))


@lru_cache(maxsize=4096)
def _kept_name(data: Any, lo: str, hi: str) -> str:
    return str(_pdf_name(data, lo, hi))


def install() -> None:
    """Replace ReportLab's FlateDecode filter's ``encode`` (the one filter object every stream
    uses: page, form, font), its ``pdfdocEnc`` and its ``PDFName`` (which its PDF objects look up
    when they write themselves) by :func:`_compress`, :func:`_pdfdoc` and :func:`_name`."""
    pdfdoc.PDFZCompress.encode = _compress  # type: ignore[method-assign]
    pdfdoc.pdfdocEnc = _pdfdoc
    pdfdoc.PDFName = _name


install()
