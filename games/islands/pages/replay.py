"""A resolved round step by step, for the evening assembly (public: the public map at every
moment; the frames come from :mod:`games.islands.replay_frames`)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render

from camp.caches.public_pages import cached_public_page
from camp.models import Camp, Round
from camp.pages.base import HtmxHttpRequest
from games.islands import replay_frames
from games.islands.pages.notice_board import projector_fonts

TEMPLATE = "islands/round_replay.html"


@cached_public_page
def round_replay(request: HtmxHttpRequest, camp_id: int, number: int) -> HttpResponse:
    """A resolved round of the camp, step by step (public: the public map at every moment)."""
    camp = get_object_or_404(Camp, pk=camp_id)
    round_ = Round.objects.filter(camp=camp, number=number).first()
    played = replay_frames.round_replay(round_) if round_ is not None else None
    if played is None:
        raise Http404("no such resolved round")
    rounds = replay_frames.replayable_rounds(camp.pk)
    return render(
        request,
        TEMPLATE,
        {
            "camp": camp,
            "round": round_,
            "replay": played,
            "rounds": rounds,
            "projector_fonts": projector_fonts(camp.board_side),
        },
    )
