"""A round file to import as a new camp run, uploaded or pasted."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _

from camp.forms import refuse_nul_characters
from games.islands.forms.shared import Text

#: Largest round file accepted for an import.
MAX_IMPORT_BYTES = 2_000_000


class Upload(forms.Field):
    """An uploaded file, or None (no check here: the form says what is wrong with it)."""

    widget = forms.FileInput

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> UploadedFile | None:
        return value or None


class RoundFileForm(forms.Form):
    """A round file to import as a new camp run: uploaded (``file``) or pasted (``text``), and the
    new camp run's ``name``. Cleaned: ``text`` (the file's text) and ``name``."""

    name = Text()
    file = Upload()
    text = Text()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned["name"] = cleaned.get("name", "").strip()[:200]
        upload = cleaned.get("file")
        if upload is not None:  # an uploaded file wins over a pasted text
            cleaned["text"] = ""
            if upload.size is not None and upload.size > MAX_IMPORT_BYTES:
                raise ValidationError(_("The file is too large (at most 2 MB)."), code="too_large")
            try:
                cleaned["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise ValidationError(
                    _("The file is not UTF-8 text: is it a zlate-ostrovy/1 JSON file?"), code="not_utf8"
                ) from None
        if not cleaned.get("text", "").strip():
            raise ValidationError(_("Choose a file or paste its text."), code="empty")
        if not cleaned["name"]:
            raise ValidationError(_("Give the new camp run a name."), code="no_name")
        refuse_nul_characters(cleaned["name"], label=_("Name of the new camp run"))
        return cleaned
