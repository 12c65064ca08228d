"""The reader every part of a camp backup checks with: an entry that repeats one before it, and a
team or round the document does not hold (the messages of the three readers: camp, islands, Batavia)."""

from __future__ import annotations

from django.utils import translation

from camp.backups.reader import DocumentIndex, DocumentReader, Duplicates, team_named, team_reference


def test_a_repeat_names_the_first_entry_of_its_key() -> None:
    r = DocumentReader()
    names = Duplicates(r, "a second team named %(name)s (teams[%(first)d])")
    noted = [names.note(name, f"teams[{i}].name", i, name=name) for i, name in enumerate("ABAA")]
    assert noted == [True, True, False, False]
    assert r.problems == [
        "teams[2].name: a second team named A (teams[0])",
        "teams[3].name: a second team named A (teams[0])",
    ]
    assert set(names.seen) == {"A", "B"}


def test_with_latest_a_repeat_names_the_entry_just_before_it_by_its_path() -> None:
    r = DocumentReader()
    cells = Duplicates(r, "a second entry for this hex (%(path)s)", items="islands.hexes", latest=True)
    for i, label in enumerate(["E3", "E4", "E3", "E3"]):
        cells.note(label, f"islands.hexes[{i}].at", i)
    assert r.problems == [
        "islands.hexes[2].at: a second entry for this hex (islands.hexes[0])",
        "islands.hexes[3].at: a second entry for this hex (islands.hexes[2])",
    ]


def test_a_team_the_document_does_not_hold_is_named_at_its_path() -> None:
    r = DocumentReader()
    index = DocumentIndex(board_side=5, team_names={"Červení"})
    with translation.override("en"):
        assert team_named(r, "Červení", "islands.rounds[0].result.before.teams", index) == "Červení"
        assert team_named(r, "Modří", "islands.rounds[0].result.before.teams", index) is None
        assert team_reference(r, "Zelení", "batavia[0].seats[1].team", index) is None
        assert team_reference(r, None, "islands.hexes[3].revealed_by", index, null=True) is None
    assert r.problems == [
        "islands.rounds[0].result.before.teams: no team named “Modří” in teams",
        "batavia[0].seats[1].team: no team named “Zelení” in teams",
    ]


def test_objects_yields_each_object_with_its_index_and_path_and_skips_the_others() -> None:
    r = DocumentReader()
    value = [{"name": "A"}, 7, {"name": "B", "colour": "#fff"}, {}]
    with translation.override("en"):
        read = list(r.objects(value, "teams", required=("name",)))
        assert list(r.objects({"name": "A"}, "rounds", required=("name",))) == []
    assert read == [
        (0, "teams[0]", {"name": "A"}),
        (2, "teams[2]", {"name": "B", "colour": "#fff"}),
        (3, "teams[3]", {}),
    ]
    assert r.problems == [
        "teams[1]: expected an object ({…})",
        "teams[2].colour: unknown key (this is not a field of zlate-ostrovy-camp/1)",
        "teams[3].name: missing",
        "rounds: expected a list ([…])",
    ]
