"""The preposition "in" before a number, as Czech says it: "ve 22 %", but "v 5 %".

Czech vocalises "v" to "ve" before a word that starts with a consonant cluster, and a number is read
aloud: "ve dvaceti dvou procentech", "v pěti procentech". So the choice follows the first word of the
number's reading (docs/islands-rules-decisions.md, "V, nebo ve před číslem"): ``ve`` when it is
dvě/dva (2, 12, 20–29, 200–299, 2 000…), tři (3, 13, 30–39…), čtyři (4, 14, 40–49…) or sto
(100–199); ``v`` before every other reading (nula, jedna, pět…devatenáct but 12–14, padesát…
devadesát, pět set, tisíc, milion). A decimal is read by its whole part first ("dvě celé pět").

The two prepositions are gettext words of their own (English says "in" for both), so only the
choice is made here, never a Czech word.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

#: "in" before a number whose reading starts with a consonant cluster (True) or not (False).
IN_BEFORE_NUMBER: dict[bool, Promise] = {
    True: pgettext_lazy("before a number read starting with dv-, tř-, čt- or st- (ve 22 %)", "in"),
    False: pgettext_lazy("before a number read starting otherwise (v 5 %)", "in"),
}

#: The first words of the readings that start with a consonant cluster: dvě, tři, čtyři (and their
#: teens and tens: dvanáct, třináct, čtrnáct, dvacet, třicet, čtyřicet).
_CLUSTER_BELOW_100 = frozenset({2, 3, 4, 12, 13, 14, *range(20, 50)})


def reads_with_cluster(number: float) -> bool:
    """Whether ``number`` read aloud in Czech starts with a consonant cluster (so: "ve")."""
    whole = abs(int(number))
    scale = 0
    while whole >= 1000:  # the leading group of three digits is read first ("dvacet dva tisíc")
        whole //= 1000
        scale += 1
    if whole >= 100:
        return whole // 100 <= 4  # sto, dvě stě, tři sta, čtyři sta; not pět set…
    if whole == 1 and scale:
        return False  # tisíc, milion: a single thousand is read without "jeden"
    return whole in _CLUSTER_BELOW_100


def in_number(number: float, shown: str) -> str:
    """``shown`` (``number`` as the page prints it) after "in": "ve 22 %", "v 5 %", "in 22%" (a
    no-break space after the preposition: Czech never ends a line with "v")."""
    return f"{IN_BEFORE_NUMBER[reads_with_cluster(number)]}\u00a0{shown}"
