"""The round's events read aloud at the assembly: correct Czech whatever the team's name.

A team's name may be of any gender and number ("Chobotnice", "Žraloci", "Račí ocásci"), so no verb
may agree with it: the subject is the ship ("Loď 1 (Chobotnice) odhalila N5") or the word
"tým"; and every count takes its Czech plural form (1 truhla, 2 truhly, 5 truhel). Every event kind
of the engine is rendered with counts 1, 2, 5 and a team name of each kind."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.utils import translation

from games.batavia import words as batavia_words
from games.batavia.engine.log import LogCode
from games.islands import words
from games.islands.engine.events import What

TEAMS = ("Chobotnice", "Žraloci", "Račí ocásci")
COUNTS = (1, 2, 5)
OTHER = "Modří"

#: Every form of a counted noun the sentences may use, by the count it goes with.
PLURAL_FORMS = {
    "truhl": {1: {"truhla", "truhlu"}, 2: {"truhly"}, 5: {"truhel"}},
    "směn": {1: {"směnka", "směnku"}, 2: {"směnky"}, 5: {"směnek"}},
    "lod": {1: {"loď"}, 2: {"lodě"}, 5: {"lodí"}},
    "kart": {1: {"karta", "kartu"}, 2: {"karty"}, 5: {"karet"}},
    "bed": {1: {"bedna"}, 2: {"bedny"}, 5: {"beden"}},
    "zlat": {1: {"zlatý", "zlatého"}, 2: {"zlaté", "zlatých"}, 5: {"zlatých"}},
}
#: Words ending like a past participle that are not verbs.
NOT_PARTICIPLES = {"truhly", "truhel", "dostřel", "bedny", "směnky", "cíli"}


def event(what: str, team: str | None, actor: str, **detail: object) -> dict[str, object]:
    return {"what": what, "team": team, "actor": actor, "at": "N5", "step": 1, "half": 1, "detail": detail}


def variants(team: str, n: int) -> Iterator[dict[str, object]]:
    """Every sentence the islands' log can say, with ``team`` acting and ``n`` as its count."""
    ships = (("C1", team), ("B", team), ("P1", None))
    yield event("build", team, "C2", kind="cargo")
    yield event("build", team, "B", kind="battleship")
    yield event("harbor", team, "")
    yield event("found", team, "C3")
    yield event("found-lost", team, "")
    for actor, owner in ships:
        yield event("reveal", owner, actor, tile="treasure")
        yield event("load", owner, actor, left=n)
        yield event("deliver", owner, actor, chests=n)
        yield event("sink", owner, actor, reason="reefs")
        yield event("sink", owner, actor, reason="off-board")
        yield event("stop", owner, actor, tile="poseidon")
        yield event("stop", owner, actor, tile="mermaid")
        yield event("hold", owner, actor)
        yield event("free", owner, actor, by=f"{OTHER}.C2")
        yield event("free", owner, actor, by="P2")
        yield event("telescope", owner, actor)
        yield event("map", owner, actor)
        yield event("boat", owner, actor, bonus=n, used=True)
        yield event("boat", owner, actor, used=False)
        yield event("rum", owner, actor)
        yield event("rum-move", owner, actor, direction="N")
        yield event("seahorse", owner, actor)
        yield event("pirate", None, "P3", by=f"{team}.{actor}" if owner else actor)
        yield event("redraw", None, actor, direction="S")
        yield event("convert", owner, actor, by="P1", pirate="P4")
        yield event("shot", owner, actor)
        for reason in ("range", "peace", "harbor"):
            yield event("shot-lost", owner, actor, reason=reason)
        yield event("hit", owner, actor, by=f"{OTHER}.B")
        yield event("hit", owner, actor, by="P2")
        yield event("home", owner, actor)
        yield event("hint", owner, actor, point="NNE")


def participles(text: str) -> list[str]:
    """The words shaped like a Czech l-participle (odhalil, odhalila, odhalili, …)."""
    words = re.findall(r"[^\W\d_]+", text)
    return [w for w in words if re.search(r"(l|la|li|ly|lo)$", w) and w.lower() not in NOT_PARTICIPLES]


def assert_counts_agree(text: str, n: int) -> None:
    """Every counted noun after the number ``n`` has the form for ``n``."""
    for number, noun in re.findall(r"(?<!\w)(\d+) (?:\w+ )?(\w+)", text):
        for stem, forms in PLURAL_FORMS.items():
            if noun.startswith(stem) and int(number) in forms:
                assert noun in forms[int(number)], f"{number} {noun}: {text}"


def assert_no_agreement_with(text: str, team: str) -> None:
    """The team's name stands only after "tým"/"týmu" or in parentheses after its ship ("loď 1
    (Žraloci)": the word agrees, never the name), and no verb is in the plural nor takes a gender
    other than the ship's (feminine) or "tým"'s."""
    for match in re.finditer(re.escape(team), text):
        before, after = text[: match.start()], text[match.end() :]
        after_ship = re.search(r"(?i)\b(loď( \d+)?) \($", before) and after.startswith(")")
        assert re.search(r"(?i)\btýmu? $", before) or after_ship, f"{team!r} stands alone: {text}"
    for word in participles(text):
        assert word.endswith("la") or word.endswith("l"), f"{word} (plural or neuter): {text}"
        if word.endswith("l") and not word.endswith("la"):
            # only "tým" (a team-only event) or Poseidon are masculine subjects
            assert text.startswith("Tým ") or "Poseidon" in text, f"{word}: {text}"


def test_every_event_kind_is_rendered_here() -> None:
    kinds = {str(e["what"]) for e in variants("Chobotnice", 1)}
    assert kinds == {w.value for w in What}


@pytest.mark.parametrize("team", TEAMS)
@pytest.mark.parametrize("n", COUNTS)
def test_every_event_sentence_is_czech_whatever_the_team_and_count(team: str, n: int) -> None:
    with translation.override("cs"):
        for e in variants(team, n):
            text = words.event_text(e)
            with translation.override("en"):
                english = words.event_text(e)
            assert text != english, english
            assert "%(" not in text and "(y)" not in text and "(a)" not in text, text
            assert text[:1].isupper(), text
            assert_no_agreement_with(text, team)
            assert_no_agreement_with(text, OTHER)
            assert_counts_agree(text, n)


@pytest.mark.parametrize(
    ("e", "czech"),
    [
        (event("reveal", "Chobotnice", "C1", tile="treasure"), "Loď 1 (Chobotnice) odhalila N5: poklad"),
        (event("deliver", "Žraloci", "C2", chests=1), "Loď 2 (Žraloci) dovezla do přístavu 1 truhlu"),
        (event("deliver", "Žraloci", "C2", chests=2), "Loď 2 (Žraloci) dovezla do přístavu 2 truhly"),
        (event("deliver", "Žraloci", "C2", chests=5), "Loď 2 (Žraloci) dovezla do přístavu 5 truhel"),
        (
            event("load", "Račí ocásci", "B", left=1),
            "Bitevní loď (Račí ocásci) naložila na N5 truhlu (zbývá tam 1 truhla)",
        ),
        (
            event("load", "Račí ocásci", "C1", left=2),
            "Loď 1 (Račí ocásci) naložila na N5 truhlu (zbývají tam 2 truhly)",
        ),
        (
            event("load", "Račí ocásci", "C1", left=5),
            "Loď 1 (Račí ocásci) naložila na N5 truhlu (zbývá tam 5 truhel)",
        ),
        (
            event("boat", "Chobotnice", "C4", bonus=2, used=True),
            "Loď 4 (Chobotnice) našla na N5 člun: uveze o 2 truhly víc",
        ),
        (event("build", "Žraloci", "C2", kind="cargo"), "Tým Žraloci postavil loď 2"),
        (event("harbor", "Račí ocásci", ""), "Tým Račí ocásci přesunul svůj přístav do N5"),
        (
            event("found-lost", "Chobotnice", ""),
            "Tým Chobotnice našel na N5 nákladní loď, ale už jich má 6",
        ),
        (
            event("convert", "Žraloci", "C3", by="P1", pirate="P2"),
            "Loď 3 (Žraloci) se na N5 stala pirátskou lodí 2: přepadla ji pirátská loď 1",
        ),
        (
            event("hit", None, "P2", by="Račí ocásci.B"),
            "Pirátská loď 2 dostala na N5 zásah (střílela bitevní loď (Račí ocásci))",
        ),
        (
            event("pirate", None, "P3", by="Chobotnice.C1"),
            "Pirátská loď 3 se objevila na N5 (piráty našla loď 1 (Chobotnice))",
        ),
        (event("home", "Žraloci", "B"), "Poseidon odnesl bitevní loď (Žraloci) domů do přístavu"),
    ],
)
def test_representative_event_sentences(e: dict[str, object], czech: str) -> None:
    with translation.override("cs"):
        assert words.event_text(e) == czech


# ------------------------------------------------------------------------------------ Batavia


def log_entry(code: LogCode, player: str | None, **params: object) -> dict[str, object]:
    return {"round": 2, "player": player, "code": str(code), "kind": code.partition(".")[0], "params": params}


def batavia_entries(team: str, n: int) -> Iterator[dict[str, object]]:
    lot = (1, 0, 2, 0, 0)
    yield log_entry(LogCode.ROUND, team)
    yield log_entry(LogCode.ROLL, team, k=3, taken=lot, lot=lot)
    yield log_entry(LogCode.ROLL_MORE, None, taken=lot, lot=lot)
    yield log_entry(LogCode.BID, team, n=n)
    yield log_entry(LogCode.PASS, team)
    yield log_entry(LogCode.SOLD, team, lot=lot, bid=n)
    yield log_entry(LogCode.UNSOLD, None, start=team)
    yield log_entry(LogCode.RESHUFFLE, team, n=n)
    yield log_entry(LogCode.DRAW, team, n=n)
    yield log_entry(LogCode.PLAY, team, cards=lot)
    yield log_entry(LogCode.SEAL_TAKEN, team, company="DK")
    yield log_entry(LogCode.SEAL_RETURNED, None, company="DK")
    yield log_entry(LogCode.GOAL, team)
    yield log_entry(LogCode.MOVE, team, field=7, tile="DK-tea")
    yield log_entry(LogCode.REVEAL, None, first=3, last=6)
    yield log_entry(LogCode.CASH_IN, team, tiles=("DK-tea",), gold=n)
    yield log_entry(LogCode.PIRATES, None, cannon=4, count=n, companies=("DK",))
    yield log_entry(LogCode.END, None, winners=(team,), gold=n)


def test_every_batavia_log_code_is_rendered_here() -> None:
    assert {e["code"] for e in batavia_entries("Chobotnice", 1)} == {str(c) for c in LogCode}


@pytest.mark.parametrize("team", TEAMS)
@pytest.mark.parametrize("n", COUNTS)
def test_every_batavia_log_sentence_is_czech_whatever_the_team_and_count(team: str, n: int) -> None:
    with translation.override("cs"):
        for e in batavia_entries(team, n):
            text = batavia_words.log_text(e)
            for match in re.finditer(re.escape(team), text):
                # the name follows "tým"/"týmu" (the word agrees, never the name) or "vítězí"
                before = text[: match.start()]
                assert re.search(r"(?i)\b(týmu?|vítězí) $", before), text
            assert not [w for w in participles(text) if w.endswith("li")], text
            assert_counts_agree(text, n)


@pytest.mark.parametrize(
    ("e", "czech"),
    [
        (log_entry(LogCode.SOLD, "Žraloci", lot=(1, 0, 0, 0, 0), bid=1),
         "Tým Žraloci získává v dražbě 1× EN za 1 směnku a začíná tahy."),
        (log_entry(LogCode.SOLD, "Žraloci", lot=(1, 0, 0, 0, 0), bid=3),
         "Tým Žraloci získává v dražbě 1× EN za 3 směnky a začíná tahy."),
        (log_entry(LogCode.SOLD, "Žraloci", lot=(1, 0, 0, 0, 0), bid=5),
         "Tým Žraloci získává v dražbě 1× EN za 5 směnek a začíná tahy."),
        (log_entry(LogCode.PIRATES, None, cannon=2, count=1, companies=("DK",)),
         "Piráti! Dělo ukazuje 2: 1 loď DK je potopena."),
        (log_entry(LogCode.PIRATES, None, cannon=2, count=2, companies=("DK",)),
         "Piráti! Dělo ukazuje 2: všechny 2 lodě DK jsou potopeny."),
        (log_entry(LogCode.PIRATES, None, cannon=2, count=5, companies=("DK", "EN")),
         "Piráti! Dělo ukazuje 2: všech 5 lodí DK, EN je potopeno."),
        (log_entry(LogCode.RESHUFFLE, "Račí ocásci", n=2),
         "Tým Račí ocásci míchá 2 odložené karty do nového balíčku."),
        (log_entry(LogCode.MOVE, "Račí ocásci", field=7, tile="DK-tea"),
         "Obchodník týmu Račí ocásci táhne na pole 7 a bere destičku DK čaj."),
        (log_entry(LogCode.CASH_IN, "Chobotnice", tiles=("DK-tea",), gold=21),
         "Tým Chobotnice vyměňuje DK čaj za 21 zlatých."),
        (log_entry(LogCode.SEAL_TAKEN, "Chobotnice", company="FR"), "Pečeť FR získává tým Chobotnice."),
        (log_entry(LogCode.ROUND, "Račí ocásci"), "Kolo 2: dražbu vede tým Račí ocásci."),
    ],
)  # fmt: skip
def test_representative_batavia_sentences(e: dict[str, object], czech: str) -> None:
    with translation.override("cs"):
        assert batavia_words.log_text(e) == czech
