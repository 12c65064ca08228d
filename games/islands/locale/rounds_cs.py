# ruff: noqa: E501
"""Czech for the round lifecycle (``rounds.py``, the round parts of ``display.py`` and ``selectors.py``).

Adds these entries to ``cs/LC_MESSAGES/django.po`` when missing (never drops or changes others):
``.venv/bin/python games/islands/locale/rounds_cs.py`` then ``.venv/bin/python tools/compile_messages.py``.
"""

from __future__ import annotations

from pathlib import Path

import polib

PO = Path(__file__).resolve().parent / "cs" / "LC_MESSAGES" / "django.po"

CS: dict[str, str] = {
    "The board is not ready: generate it, draw the sides, pick the bays and start the game.": "Herní plán není připraven: vytvořte ho, vylosujte strany, vyberte zátoky a zahajte hru.",
    "“%(value)s” is not a whole number of ships": "„%(value)s“ není celý počet lodí",
    "%(team)s: %(problem)s": "%(team)s: %(problem)s",
    "%(moves)s but %(steps)s": "%(moves)s, ale %(steps)s",
    "%(team)s has no harbor and ships in the game.": "%(team)s nemá ve hře přístav ani lodě.",
    "“%(label)s” is not a hex of this board (A1 … %(last)s)": "„%(label)s“ není hex tohoto herního plánu (A1 … %(last)s)",
    "%(label)s is a bay: a battleship fires at a hex of the board": "%(label)s je zátoka: bitevní loď střílí na hex herního plánu",
    "%(team)s is not a team of this camp run.": "%(team)s není tým tohoto běhu tábora.",
    "Start the game first (draw the sides, pick the bays, put the ships in the harbors).": "Nejdřív zahajte hru (vylosujte strany, vyberte zátoky, postavte lodě do přístavů).",
    "Round %(number)d has already been opened.": "Kolo %(number)d už bylo otevřeno.",
    "Record the placements of round %(number)d first: they decide the AP and the order.": "Nejdřív zapište umístění %(number)d. kola: určují akční body a pořadí.",
    "Round %(earlier)d is not resolved yet: resolve it before opening round %(number)d.": "Kolo %(earlier)d ještě není vyhodnocené: vyhodnoťte ho, než otevřete kolo %(number)d.",
    "Round %(number)d has no placements: record the mini-game's placements first.": "Kolo %(number)d nemá žádná umístění: nejdřív zapište výsledky dílčí hry.",
    "Orders for round %(number)d cannot be entered now (the round is %(status)s).": "Plány tahu pro kolo %(number)d teď nelze zadávat (stav kola: %(status)s).",
    "Only a round open for orders can be previewed (round %(number)d is %(status)s).": "Náhled jde jen u kola otevřeného pro plány tahu (stav kola %(number)d: %(status)s).",
    "Round %(number)d has already been resolved.": "Kolo %(number)d už bylo vyhodnoceno.",
    "Round %(number)d is not open for orders yet: open it first.": "Kolo %(number)d ještě není otevřené pro plány tahu: nejdřív ho otevřete.",
    "Round %(number)d has not been opened.": "Kolo %(number)d nebylo otevřeno.",
    "Round %(number)d is closed: it can no longer be undone.": "Kolo %(number)d je uzavřené: vyhodnocení už nejde vrátit.",
    "Round %(number)d is not resolved: there is nothing to undo.": "Kolo %(number)d není vyhodnocené: není co vracet.",
    "Round %(later)d has been opened already: only the most recent round can be undone.": "Kolo %(later)d už bylo otevřeno: vrátit jde jen poslední vyhodnocené kolo.",
    "Round %(number)d is closed: its telescope choices can no longer change.": "Kolo %(number)d je uzavřené: volby dalekohledů už nejde měnit.",
    "Round %(number)d is not resolved yet: telescopes are chosen after resolving.": "Kolo %(number)d ještě není vyhodnocené: dalekohledy se volí po vyhodnocení.",
    "%(ship)s has no telescope to choose for in this round.": "%(ship)s v tomto kole nemá dalekohled, pro který by se volilo.",
    "The telescope choice of %(ship)s has already been entered.": "Volba dalekohledu pro %(ship)s už je zadaná.",
    "Enter the hex the team named for its telescope.": "Zadejte hex, který tým pro svůj dalekohled zvolil.",
    "“%(label)s” is not a hex of this board (A1 … %(last)s).": "„%(label)s“ není hex tohoto herního plánu (A1 … %(last)s).",
    "%(label)s is a bay: name a hex of the board.": "%(label)s je zátoka: zadejte hex herního plánu.",
    "Round %(number)d is already closed.": "Kolo %(number)d už je uzavřené.",
    "Round %(number)d is not resolved yet: resolve it first.": "Kolo %(number)d ještě není vyhodnocené: nejdřív ho vyhodnoťte.",
    "Telescope choices are still pending: %(ships)s. Enter or skip them first.": "Ještě chybí volby dalekohledů: %(ships)s. Nejdřív je zadejte, nebo přeskočte.",
    "Round %(number)d has not been opened yet: there is nothing to export.": "Kolo %(number)d ještě nebylo otevřeno: není co exportovat.",
    "Give the new camp run a name.": "Pojmenujte nový běh tábora.",
    "The round file cannot be imported:": "Soubor kola nelze importovat:",
    "seed: a camp's seed is a whole number from 0 to 2^63 − 1.": "seed: seed tábora je celé číslo od 0 do 2^63 − 1.",
    "teams: the round file has no team.": "teams: soubor kola nemá žádný tým.",
    "Battleship B": "Bitevní loď B",
    "Ship %(ship)s": "Loď %(ship)s",
    "step %(step)d": "krok %(step)d",
    "step %(step)d, half-step %(half)d": "krok %(step)d, půlkrok %(half)d",
    "Harbor": "Přístav",
    "Fire": "Střelba",
    "Building": "Stavba lodí",
    "%(where)s: %(what)s": "%(where)s: %(what)s",
    "there is no team %(team)s": "tým %(team)s neexistuje",
    "action points cannot be negative (%(ap)s)": "akční body nemohou být záporné (%(ap)s)",
    "the number of ships to build cannot be negative (%(count)s)": "počet lodí ke stavbě nemůže být záporný (%(count)s)",
    "the ships cost %(cost)s AP but the team has only %(ap)s AP this round": "lodě stojí %(cost)s AB, ale tým má v tomto kole jen %(ap)s AB",
    "the team has %(have)s cargo ships; %(build)s more would pass the limit of %(limit)s": "tým má %(have)s nákladních lodí; dalších %(build)s by překročilo limit %(limit)s",
    "the team already has a battleship (at most %(limit)s)": "tým už bitevní loď má (nejvýš %(limit)s)",
    "the team has no such ship (a ship built now moves from the next round)": "tým takovou loď nemá (nově postavená loď pluje až od dalšího kola)",
    "two routes for one ship": "dvě trasy pro jednu loď",
    "the ship may not move this round: an octopus holds it": "loď se v tomto kole nesmí pohnout: drží ji chobotnice",
    "the ship may not move this round: a mermaid keeps it": "loď se v tomto kole nesmí pohnout: zdržela ji mořská panna",
    "“%(token)s” is not a direction": "„%(token)s“ není směr",
    "would sail off the board at %(at)s": "vyplula by mimo herní plán u %(at)s",
    "a harbor moves by + (next bay), - (previous bay) or . (stays)": "přístav se posouvá o + (další zátoka), - (předchozí zátoka) nebo . (zůstává)",
    "the team had no battleship at the start of the round, so it cannot fire": "tým na začátku kola neměl bitevní loď, takže nemůže střílet",
    "%(target)s is not a hex of the board": "%(target)s není hex herního plánu",
    "“%(token)s” is not a direction: write S SV JV J JZ SZ (S is north) or . to stay": "„%(token)s“ není směr: pište S SV JV J JZ SZ (S je sever) nebo . pro stání",
    "“%(token)s” is not a direction: write N NE SE S SW NW or . to stay": "„%(token)s“ není směr: pište anglicky N NE SE S SW NW (S je jih) nebo . pro stání",
    "“%(token)s” is not a harbor move: write + (next bay), - (previous bay) or . (stay)": "„%(token)s“ není posun přístavu: pište + (další zátoka), - (předchozí zátoka) nebo . (zůstává)",
    "Pirate %(pirate)s": "Pirátská loď %(pirate)s",
    "%(team)s built the battleship %(ship)s": "%(team)s postavili bitevní loď %(ship)s",
    "%(team)s built the cargo ship %(ship)s": "%(team)s postavili nákladní loď %(ship)s",
    "%(who)s moved the harbor to %(at)s": "%(who)s přesunuli přístav do %(at)s",
    "%(who)s revealed %(at)s: %(tile)s": "%(who)s odhalili %(at)s: %(tile)s",
    "%(who)s loaded a chest at %(at)s (%(left)s left there)": "%(who)s naložili truhlu na %(at)s (zbývá tam %(left)s)",
    "%(who)s sank on the reefs at %(at)s": "%(who)s: ztroskotání na útesech u %(at)s",
    "%(who)s sailed off the board at %(at)s and sank": "%(who)s: vyplutí mimo herní plán u %(at)s, loď se potopila",
    "Poseidon stopped %(who)s at %(at)s": "Poseidon zastavil loď %(who)s na %(at)s",
    "A mermaid stopped %(who)s at %(at)s: it may not move next round": "%(who)s: zastavila ji mořská panna na %(at)s, v příštím kole se nepohne",
    "An octopus holds %(who)s at %(at)s": "%(who)s: drží ji chobotnice na %(at)s",
    "%(who)s at %(at)s was freed by %(by)s": "%(who)s na %(at)s je volná, vysvobodila ji loď %(by)s",
    "%(who)s found a telescope at %(at)s: the team names a hex to reveal": "%(who)s našli na %(at)s dalekohled: tým zvolí hex, který se odhalí",
    "%(who)s found a map at %(at)s": "%(who)s našli na %(at)s mapu",
    "%(team)s found a cargo ship at %(at)s: it is their %(ship)s": "%(team)s našli na %(at)s nákladní loď: je to jejich %(ship)s",
    "%(team)s found a cargo ship at %(at)s, but they already have 6": "%(team)s našli na %(at)s nákladní loď, ale už jich mají 6",
    "%(who)s found a boat at %(at)s; a battleship cannot use it": "%(who)s našli na %(at)s člun; bitevní loď ho nevyužije",
    "%(who)s found a boat at %(at)s: it may carry %(bonus)s chest(s) more": "%(who)s našli na %(at)s člun: loď uveze o %(bonus)s truhl(y) víc",
    "%(who)s found rum at %(at)s: the rest of its moves go astray": "%(who)s našli na %(at)s rum: zbytek plavby půjde nazdařbůh",
    "%(who)s drifts towards %(direction)s (rum)": "Loď %(who)s unáší rum směrem %(direction)s",
    "%(who)s found a seahorse at %(at)s: it moves double next round": "%(who)s: mořský koník na %(at)s, v příštím kole pluje dvojnásobně",
    "%(who)s appeared at %(at)s (pirates found by %(by)s)": "%(who)s se objevila na %(at)s (piráty našli %(by)s)",
    "%(who)s would leave the board: new direction %(direction)s": "%(who)s by vyplula z herního plánu: nový směr %(direction)s",
    "%(who)s was caught by %(by)s at %(at)s and turned pirate (%(pirate)s)": "%(by)s přepadla loď %(who)s na %(at)s: stala se z ní pirátská loď %(pirate)s",
    "%(who)s fired at %(at)s": "%(who)s: výstřel na %(at)s",
    "%(who)s could not fire at %(at)s: out of range": "%(who)s: cíl %(at)s je mimo dostřel",
    "%(who)s may not fire from a peace zone (%(at)s)": "%(who)s: z území míru (%(at)s) se nestřílí",
    "%(who)s does not fire from its harbor": "%(who)s: z přístavu se nestřílí",
    "%(who)s was hit at %(at)s (shot by %(by)s)": "%(who)s: zásah na %(at)s (střílela loď %(by)s)",
    "Poseidon carried %(who)s home to its harbor": "Poseidon odnesl loď %(who)s domů do přístavu",
    "%(who)s got a map hint at %(at)s: treasure lies to the %(point)s": "%(who)s dostali na %(at)s nápovědu z mapy: poklad leží směrem %(point)s",
    "Round %(round)d, before sailing": "Kolo %(round)d, před plavbou",
    "Round %(round)d, after sailing": "Kolo %(round)d, po plavbě",
    "Round %(round)d, step %(step)d (second half)": "Kolo %(round)d, krok %(step)d (druhý půlkrok)",
    "Round %(round)d, step %(step)d": "Kolo %(round)d, krok %(step)d",
    "Round %(number)d is %(status)s.": "Kolo %(number)d: %(status)s.",
    # problems of an imported round file (display.scenario_problem_text); the path before them stays
    "not valid JSON (line %(line)s, column %(column)s)": "není platný JSON (řádek %(line)s, sloupec %(column)s)",
    "not valid JSON (nested too deeply)": "není platný JSON (příliš hluboké vnoření)",
    "not valid JSON: a number has more than %(limit)s digits": "není platný JSON: číslo má víc než %(limit)s číslic",
    "the file must be a JSON object ({…})": "soubor musí být objekt JSON ({…})",
    "must be a JSON object ({…})": "musí být objekt JSON ({…})",
    "must be a list ([…])": "musí být seznam ([…])",
    "must be a string (text in quotes)": "musí být řetězec (text v uvozovkách)",
    "must be a whole number": "musí být celé číslo",
    "must be true or false": "musí být true, nebo false",
    "must be at least %(minimum)s": "musí být aspoň %(minimum)s",
    "unknown key: the zlate-ostrovy/1 format has no such item": "neznámý klíč: formát zlate-ostrovy/1 takovou položku nemá",
    "is missing": "chybí",
    "must be “%(format)s”": "musí být „%(format)s“",
    "the side of the board must be a whole number from %(minimum)s to %(maximum)s, not “%(value)s”": "strana herního plánu musí být celé číslo od %(minimum)s do %(maximum)s, ne „%(value)s“",
    "“%(label)s” is neither a hex nor a bay of a board of side %(side)s": "„%(label)s“ není hex ani zátoka herního plánu se stranou %(side)s",
    "%(label)s is a bay, not a hex of the board": "%(label)s je zátoka, ne hex herního plánu",
    "%(label)s is neither a hex of the board nor the team's harbor": "%(label)s není hex herního plánu ani přístav týmu",
    "%(label)s is not a bay (a harbor lies in a bay: Z1, Z2, …)": "%(label)s není zátoka (přístav leží v zátoce: Z1, Z2, …)",
    "names the same hex as hexes.%(other)s": "označuje stejný hex jako hexes.%(other)s",
    "“%(value)s” is not a tile (%(tiles)s)": "„%(value)s“ není druh políčka (%(tiles)s)",
    "only a treasure holds chests": "truhly může mít jen poklad",
    "a team name must be unique, non-empty and without dots": "název týmu musí být jedinečný, neprázdný a bez teček",
    "a ship id is C1…C6 or B, each at most once per team": "označení lodi je C1…C6 nebo B, v každém týmu nejvýš jednou",
    "ship %(ship)s is a battleship": "loď %(ship)s je bitevní loď",
    "ship %(ship)s is a cargo ship": "loď %(ship)s je nákladní loď",
    "too many chests (%(chests)s): the ship has room for %(room)s": "příliš mnoho truhel (%(chests)s): loď má místo pro %(room)s",
    "no octopus holds a ship in its harbor": "v přístavu loď žádná chobotnice nedrží",
    "a pirate ship's id is P1, P2, …, each once": "označení pirátské lodi je P1, P2, …, každé jen jednou",
    "a pirate ship gets %(expected)s moves, not %(count)s": "pirátská loď má %(expected)s tahů, ne %(count)s",
    "“%(value)s” is not a direction (write N NE SE S SW NW: S is south)": "„%(value)s“ není směr (pište anglicky N NE SE S SW NW: S je jih)",
    "move %(position)s “%(token)s” is not a direction: write N NE SE S SW NW or . to stay": "%(position)s. tah „%(token)s“ není směr: pište anglicky N NE SE S SW NW (S je jih) nebo . pro stání",
    "move %(position)s “%(token)s” is not a harbor move: write + (next bay), - (previous bay) or . (stay)": "%(position)s. tah „%(token)s“ není posun přístavu: pište + (další zátoka), - (předchozí zátoka) nebo . (zůstává)",
    "not a draw key (PIRATE.shot, PIRATE.redraw, TEAM.SHIP.rum, TEAM.B.shot)": "není klíč losu (PIRATE.shot, PIRATE.redraw, TEAM.SHIP.rum, TEAM.B.shot)",
    "%(what)s (%(where)s)": "%(what)s (%(where)s)",
    "the game state breaks the rules: %(detail)s": "stav hry odporuje pravidlům: %(detail)s",
    "teams[%(index)d].name: a team name has at most %(limit)d characters, not %(length)d": "teams[%(index)d].name: název týmu smí mít nejvýš %(limit)d znaků, ne %(length)d",
    "teams[%(index)d].name: the name holds a character that cannot be stored": "teams[%(index)d].name: název obsahuje znak, který nelze uložit",
}

PLURALS: dict[str, tuple[str, list[str]]] = {
    "the route has %(length)d move": (
        "the route has %(length)d moves",
        [
            "trasa má %(length)d tah",
            "trasa má %(length)d tahy",
            "trasa má %(length)d tahu",
            "trasa má %(length)d tahů",
        ],
    ),
    "%(length)d harbor move": (
        "%(length)d harbor moves",
        [
            "%(length)d posun přístavu",
            "%(length)d posuny přístavu",
            "%(length)d posunu přístavu",
            "%(length)d posunů přístavu",
        ],
    ),
    "the team has only %(allowed)d step": (
        "the team has only %(allowed)d steps",
        [
            "tým má jen %(allowed)d krok",
            "tým má jen %(allowed)d kroky",
            "tým má jen %(allowed)d kroku",
            "tým má jen %(allowed)d kroků",
        ],
    ),
    "%(who)s delivered %(chests)d chest to the harbor": (
        "%(who)s delivered %(chests)d chests to the harbor",
        [
            "%(who)s dovezli do přístavu %(chests)d truhlu",
            "%(who)s dovezli do přístavu %(chests)d truhly",
            "%(who)s dovezli do přístavu %(chests)d truhly",
            "%(who)s dovezli do přístavu %(chests)d truhel",
        ],
    ),
}


def main() -> int:
    po = polib.pofile(str(PO))
    by_id = {(e.msgctxt, e.msgid): e for e in po}
    added = 0
    for msgid, msgstr in CS.items():
        entry = by_id.get((None, msgid))
        if entry is None:
            po.append(polib.POEntry(msgid=msgid, msgstr=msgstr))
            added += 1
        elif not entry.msgstr:
            entry.msgstr = msgstr
            added += 1
    for msgid, (plural, forms) in PLURALS.items():
        entry = by_id.get((None, msgid))
        if entry is None:
            po.append(polib.POEntry(msgid=msgid, msgid_plural=plural, msgstr_plural=dict(enumerate(forms))))
            added += 1
        elif not any(entry.msgstr_plural.values()):
            entry.msgstr_plural = dict(enumerate(forms))
            added += 1
    po.save()
    print(f"{added} entries added or filled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
