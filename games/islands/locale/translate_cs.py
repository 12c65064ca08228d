# ruff: noqa: E501
"""Czech for the islands app: fills ``cs/LC_MESSAGES/django.po`` after ``makemessages``.

Run from the project root: ``.venv/bin/python games/islands/locale/translate_cs.py`` and then
``.venv/bin/python tools/compile_messages.py``. Keeps translations already in the file.
"""

from __future__ import annotations

from pathlib import Path

import polib

PO = Path(__file__).resolve().parent / "cs" / "LC_MESSAGES" / "django.po"

CS: dict[str, str] = {
    "hex": "hex",
    "bay": "zátoka",
    "Seed": "Osivo (seed)",
    "Hex": "Hex",
    "Tile": "Políčko",
    "Chests": "Truhly",
    "Treasure only: 1 to 9.": "Jen poklad: 1 až 9.",
    "Revealed": "Odhalené",
    "No fair board was found for seed %(seed)d. Try another seed.": "Pro seed %(seed)d se nenašel spravedlivý herní plán. Zkuste jiný seed.",
    "The board cannot be generated: %(reason)s": "Herní plán nelze vytvořit: %(reason)s",
    "“%(label)s” is not a hex of this board.": "„%(label)s“ není hex tohoto herního plánu.",
    "Board set-up: %(camp)s": "Příprava herního plánu: %(camp)s",
    "Board set-up": "Příprava herního plánu",
    "The seed must be a whole number from 0 to %(max)d.": "Seed musí být celé číslo od 0 do %(max)d.",
    "Tick “replace the current board” to replace it (hand edits are lost).": "Zaškrtněte „nahradit současný herní plán“, chcete-li ho nahradit (ruční úpravy se ztratí).",
    "The board from seed %(seed)d has been stored; every hex is hidden.": "Herní plán ze seedu %(seed)d je uložen; všechny hexy jsou zahalené.",
    "Hex %(label)s saved.": "Hex %(label)s uložen.",
    "Sides drawn by lot: %(drawn)s. Now pick each team's bay.": "Strany vylosovány: %(drawn)s. Teď vyberte zátoku každého týmu.",
    "Choose a team of this camp run.": "Vyberte tým tohoto běhu tábora.",
    "%(team)s: harbor in bay Z%(bay)d.": "%(team)s: přístav v zátoce Z%(bay)d.",
    "The game has started: every team has its cargo ship C1 in its harbor.": "Hra začala: každý tým má v přístavu svou nákladní loď C1.",
    "Golden Islands": "Zlaté ostrovy",
    "open sea": "širé moře",
    "telescope": "dalekohled",
    "map": "mapa",
    "cargo ship": "nákladní loď",
    "boat": "člun",
    "rum": "rum",
    "seahorse": "mořský koník",
    "treasure": "poklad",
    "Poseidon": "Poseidon",
    "octopus": "chobotnice",
    "mermaid": "mořská panna",
    "reefs": "útesy",
    "peace zone": "území míru",
    "pirates": "piráti",
    ("map mark: telescope", "Te"): "Da",
    ("map mark: map", "Ma"): "Ma",
    ("map mark: cargo ship", "CS"): "NL",
    ("map mark: boat", "Bo"): "Čl",
    ("map mark: rum", "Ru"): "Ru",
    ("map mark: seahorse", "Sh"): "Ko",
    ("map mark: treasure", "Tr"): "Pk",
    ("map mark: Poseidon", "Po"): "Ps",
    ("map mark: octopus", "Oc"): "Ch",
    ("map mark: mermaid", "Me"): "Pa",
    ("map mark: reefs", "Re"): "Út",
    ("map mark: peace zone", "Pz"): "Mí",
    ("map mark: pirates", "Pi"): "Pi",
    "bottom (south)": "dolní (jih)",
    "right (north-east)": "pravá (severovýchod)",
    "left (north-west)": "levá (severozápad)",
    "battleship": "bitevní loď",
    "camp run": "běh tábora",
    "generator seed": "seed generátoru",
    "tile mix": "sada políček",
    "board accepted at": "herní plán přijat",
    "hexes edited by hand": "ručně upravené hexy",
    "Changes made in the hex editor after generating.": "Změny provedené v editoru hexů po vygenerování.",
    "draw of sides": "losování stran",
    "sides drawn at": "strany vylosovány",
    "game started at": "hra zahájena",
    "board set-up": "příprava herního plánu",
    "board set-ups": "příprava herního plánu",
    "tile": "políčko",
    "chests": "truhly",
    "revealed": "odhalené",
    "revealed in round": "odhaleno v kole",
    "revealed by": "odhalil tým",
    "board hex": "hex herního plánu",
    "board hexes": "hexy herního plánu",
    "team": "tým",
    "side": "strana",
    "chests delivered": "dovezené truhly",
    "harbor": "přístav",
    "harbors": "přístavy",
    "ship": "loď",
    "kind": "druh",
    "chests aboard": "truhly na palubě",
    "boat bonus": "bonus za člun",
    "Extra chests it may carry.": "Kolik truhel navíc smí nést.",
    "seahorse (moves double next round)": "mořský koník (příští kolo pluje dvojnásobně)",
    "mermaid (may not move next round)": "mořská panna (příští kolo nepluje)",
    "held by an octopus": "drží ji chobotnice",
    "built in round": "postavena v kole",
    "ships": "lodě",
    "pirate ship": "pirátská loď",
    "pirate ships": "pirátské lodě",
    "round": "herní kolo",
    "pirate moves": "tahy pirátů",
    "priority order": "pořadí přednosti",
    "opened at": "otevřeno",
    "round of the game": "kolo hry",
    "rounds of the game": "kola hry",
    "AP": "AB",
    "cargo ships to build": "stavba nákladních lodí",
    "battleships to build": "stavba bitevních lodí",
    "routes": "trasy",
    "harbor moves": "posuny přístavu",
    "fire at": "cíl střelby",
    "updated at": "upraveno",
    "updated by": "upravil",
    "team orders": "plány tahu",
    "state before the round": "stav před kolem",
    "events": "události",
    "map hints": "nápovědy z map",
    "pending telescopes": "čekající dalekohledy",
    "standings": "pořadí",
    "resolved at": "vyhodnoceno",
    "resolved by": "vyhodnotil",
    "round result": "výsledek kola",
    "round results": "výsledky kol",
    "Team and ship, e.g. red.C1.": "Tým a loď, např. red.C1.",
    "chosen at": "zvoleno",
    "telescope choice": "volba dalekohledu",
    "telescope choices": "volby dalekohledů",
    "Unknown tile mix “%(mix)s”.": "Neznámá sada políček „%(mix)s“.",
    "The game is already on (a round has been opened): the board can no longer be generated again.": "Hra už běží (některé kolo bylo otevřeno): herní plán už nelze vytvořit znovu.",
    "The game has started (the ships are in their harbors): the board can no longer be generated again.": "Hra začala (lodě jsou v přístavech): herní plán už nelze vytvořit znovu.",
    "Choose a hex.": "Vyberte hex.",
    "“%(label)s” is not a hex of this board (e.g. A1 … %(last)s).": "„%(label)s“ není hex tohoto herního plánu (např. A1 … %(last)s).",
    "“%(tile)s” is not a tile.": "„%(tile)s“ není druh políčka.",
    "The number of chests must be a whole number.": "Počet truhel musí být celé číslo.",
    "A treasure holds 1 to %(max)d chests.": "Poklad má 1 až %(max)d truhel.",
    "Only a treasure holds chests (this hex is: %(tile)s).": "Truhly má jen poklad (tento hex je: %(tile)s).",
    "Revealed is yes or no.": "Odhalené je ano, nebo ne.",
    "Generate and accept a board first.": "Nejdřív vytvořte a přijměte herní plán.",
    "The game has started: the sides can no longer be drawn.": "Hra začala: strany už nelze losovat.",
    "The sides have already been drawn. Tick “draw again” to draw them once more.": "Strany už byly vylosovány. Chcete-li losovat znovu, zaškrtněte „losovat znovu“.",
    "The game needs at least 2 teams; this camp run has %(n)d.": "Hra potřebuje aspoň 2 týmy; tento běh tábora jich má %(n)d.",
    "The game has started: the harbors can no longer be placed by hand.": "Hra začala: přístavy už nelze ručně přemístit.",
    "Draw the sides first: %(team)s has no side yet.": "Nejdřív vylosujte strany: %(team)s ještě nemá stranu.",
    "“%(bay)s” is not a bay of this board (Z1 … Z%(last)d).": "„%(bay)s“ není zátoka tohoto herního plánu (Z1 … Z%(last)d).",
    "Z%(bay)d is not %(on_side)s, which %(team)s drew.": "Z%(bay)d neleží %(on_side)s, kterou si vylosoval tým %(team)s.",
    "on the bottom side (south)": "na dolní straně (jih)",
    "on the right side (north-east)": "na pravé straně (severovýchod)",
    "on the left side (north-west)": "na levé straně (severozápad)",
    "Z%(bay)d is already the harbor of %(other)s.": "Z%(bay)d už je přístavem týmu %(other)s.",
    "The game has already started.": "Hra už začala.",
    "These teams have no harbor yet: %(teams)s. Draw the sides and pick a bay for each team.": "Tyto týmy ještě nemají přístav: %(teams)s. Vylosujte strany a vyberte každému týmu zátoku.",
    "The state is for a board of side %(side)d.": "Stav je pro herní plán se stranou %(side)d.",
    "Unknown teams: %(teams)s.": "Neznámé týmy: %(teams)s.",
    "hidden": "zahalené",
    "Game board": "Herní plán",
    "Home": "Domů",
    "Progress": "Postup",
    "1. Board accepted": "1. Herní plán přijat",
    "seed %(seed)s": "seed %(seed)s",
    "2. Sides drawn by lot": "2. Strany vylosovány",
    "3. Bays picked (%(n)s of %(total)s)": "3. Zátoky vybrány (%(n)s z %(total)s)",
    "4. Game started": "4. Hra zahájena",
    "The board": "Herní plán",
    "Staff view: hidden tiles are drawn hatched. Click a hex to change it.": "Pohled vedoucích: zahalená políčka jsou šrafovaná. Kliknutím na hex ho upravíte.",
    "Hex %(label)s": "Hex %(label)s",
    "Saved.": "Uloženo.",
    "Save hex": "Uložit hex",
    "Click a hex on the map to set its tile, chests and whether it is revealed.": "Klikněte na hex v mapě a nastavte jeho políčko, truhly a zda je odhalený.",
    "Chests near each side": "Truhly blízko každé strany",
    "Generate a new board": "Vytvořit nový herní plán",
    "Generate the board": "Vytvořit herní plán",
    "A board of side %(side)s is dealt at random from a seed, fairly between the three sides. "
    "Look at the preview; nothing is stored until you accept it.": "Herní plán se stranou %(side)s se rozdá náhodně podle seedu, spravedlivě mezi tři strany. "
    "Prohlédněte si náhled; nic se neuloží, dokud ho nepřijmete.",
    "Show the board": "Ukázat herní plán",
    "Another seed": "Jiný seed",
    "Preview of seed %(seed)s": "Náhled seedu %(seed)s",
    "Tiles": "Políčka",
    "replace the current board (hand edits are lost)": "nahradit současný herní plán (ruční úpravy se ztratí)",
    "Accept this board": "Přijmout tento herní plán",
    "Choose a seed and show the board.": "Zvolte seed a ukažte herní plán.",
    "The game is already on: the board can no longer be generated.": "Hra už běží: herní plán už nelze vytvořit.",
    "Sides and harbors": "Strany a přístavy",
    "This camp run has no teams yet.": "Tento běh tábora ještě nemá týmy.",
    "Team": "Tým",
    "Side": "Strana",
    "Harbor": "Přístav",
    "Bay": "Zátoka",
    "Set bay": "Nastavit zátoku",
    "draw again": "losovat znovu",
    "Draw the sides again": "Vylosovat strany znovu",
    "Draw no. %(n)s, repeatable from the camp's seed.": "Losování č. %(n)s, opakovatelné ze seedu tábora.",
    "Draw the sides by lot": "Vylosovat strany",
    "Accept a board first; then draw the sides.": "Nejdřív přijměte herní plán, potom losujte strany.",
    "Start the game": "Zahájit hru",
    "The game started on %(when)s.": "Hra byla zahájena %(when)s.",
    "Every team gets one cargo ship, C1, in its harbor. After this the board, the sides and the bays are fixed.": "Každý tým dostane do přístavu jednu nákladní loď C1. Potom už herní plán, strany ani zátoky nejde měnit.",
    "Camp run": "Běh tábora",
    "Board": "Herní plán",
    "Sides": "Strany",
    "Game": "Hra",
    "accepted (seed %(seed)s)": "přijat (seed %(seed)s)",
    "drawn": "vylosovány",
    "started": "zahájena",
    "There is no camp run yet. Create one first.": "Zatím tu není žádný běh tábora. Nejdřív ho založte.",
    "≤ %(r)s hexes": "≤ %(r)s hexů",
    "difference": "rozdíl",
    "Fair: the sides differ by at most %(t)s chests.": "Spravedlivé: strany se liší nejvýš o %(t)s truhly.",
    "Not fair: the sides differ by more than %(t)s chests.": "Nespravedlivé: strany se liší o víc než %(t)s truhly.",
}

PLURALS: dict[str, list[str]] = {
    "%(n)s hex edited by hand": [
        "%(n)s hex upraven ručně",
        "%(n)s hexy upraveny ručně",
        "%(n)s hexu upraveno ručně",
        "%(n)s hexů upraveno ručně",
    ],
    "%(n)s chest on the board.": [
        "%(n)s truhla na herním plánu.",
        "%(n)s truhly na herním plánu.",
        "%(n)s truhly na herním plánu.",
        "%(n)s truhel na herním plánu.",
    ],
}


def main() -> int:
    po = polib.pofile(str(PO))
    po.metadata_is_fuzzy = False
    po.metadata["Language"] = "cs"
    po.metadata["Last-Translator"] = "Zlaté ostrovy staff tool team"
    po.metadata["Language-Team"] = "Czech"
    po.metadata["Project-Id-Version"] = "zlate-ostrovy"
    missing = []
    for entry in po:
        key = (entry.msgctxt, entry.msgid) if entry.msgctxt else entry.msgid
        if entry.msgid_plural:
            if entry.msgid in PLURALS:
                entry.msgstr_plural = dict(enumerate(PLURALS[entry.msgid]))
            elif not any(entry.msgstr_plural.values()):
                missing.append(entry.msgid)
        elif key in CS:
            entry.msgstr = CS[key]  # type: ignore[index]
        elif not entry.msgstr:
            missing.append(entry.msgid)
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
    po.save()
    for msgid in missing:
        print("missing:", msgid)
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
