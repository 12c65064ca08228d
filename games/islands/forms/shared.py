"""What the islands forms share: a text as posted, a tick box, and the box that confirms a step that
cannot be taken back (close, undo)."""

from __future__ import annotations

from typing import Any

from django import forms


class Text(forms.Field):
    """A text as posted (nothing stripped, no value refused), cut to ``cut`` characters; absent is
    ``""``, or ``None`` with ``absent_none`` (where a page asks whether the field was sent at all)."""

    def __init__(self, *, cut: int | None = None, absent_none: bool = False, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)
        self.cut = cut
        self.absent_none = absent_none

    def to_python(self, value: Any) -> str | None:
        if value is None and self.absent_none:
            return None
        text = value or ""
        return text if self.cut is None else text[: self.cut]


class Ticked(forms.Field):
    """A tick box or switch: sent with any value but the empty one (``"0"`` too, as the pages always
    read it; Django's ``BooleanField`` would read ``"false"`` and ``"0"`` as not ticked)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> bool:
        return bool(value)


class ConfirmForm(forms.Form):
    """A step that cannot be taken back (close, undo): only with its box ticked."""

    confirm = Ticked()

    def is_ticked(self) -> bool:
        return bool(self.is_valid() and self.cleaned_data["confirm"])
