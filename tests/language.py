"""Is a screen text in one language only? ``foreign_words`` finds words of the other one.

Two curated lists: common English words that never occur in German screen text, and common
German words that never occur in English screen text. Words both languages share ("in",
"an", "die", "Start", "Bonus", "Chance", "Hand", "Name", "Rest", "so") are in neither list,
so a hit is always a real slip. Proper nouns (game, group and gang names, "Omar", "Kadi",
"OK") are never counted, and neither is anything in double quotes („…“, "…"): that is the
record's own vocabulary (an action name, a field), quoted as the record writes it.

>>> foreign_words("Omar darf sich nicht umdrehen.", "de")
[]
>>> foreign_words("Red hat keine Teppiche der Farbe green mehr.", "de")
['green', 'red']
>>> foreign_words("The carpet die shows 1 to 4, not 5.", "en")
[]
>>> foreign_words("Den Schritt „jump“ gibt es nicht.", "de")
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: English words that a German screen never shows.
ENGLISH = frozenset("""
a about action actions after again against all already although always among amount any anyone
anything are area arrest as at away back be because been before being below between black blue board both
bought branch branches bribe broke but buy by can cannot card cards carpet carpets caught cell cells choice
choices choose chosen close closed colour colours color colors column columns complete cost costs could
cover covers dealt deal dealing did diagonally different do does done double down draw drawn dump dumped
dumping each east either else empty endangered enough entry even event events every everyone face faces
fate first five for forgiven fork forks four free from game gangs give given gives giving go goes
green group groups had half halves has have he header her here him himself his holds how if
into is it its just knows lay laid least leave left less like list lists loot many may me more
move moved moves movement must my names need needs never next no nobody none north not nothing now
number numbers of off on once one only or other our out over own paid pass passes pay payment payout pays
people pile piles place placed play player players plays please poorest possible price prices quarter
rather reaches red return returned returning returns right roll rolled rolls round row rows rules said
say second seat seats seed sell selling sells set sets shall she should show shows side six sold some
someone something south still straight such take taken takes than that the their them then there these
they this those three through to together too took touch trade trades true turn turned turns two under
until up us value values variant very way we were west what when where whether which while white who
whole whom whose why with without would yellow yes yet you your
""".split())

#: German words that an English screen never shows.
GERMAN = frozenset("""
ab aber alle allem allen aller alles als am anderen andere angabe ankommen auch auf aus ausgeteilt
auszahlung bande banden basar bei beim beide beiden bestechung betroffen betroffene betroffenen bewegungskarte
bewegungskarten bis bitte blau braucht da dann darf das dem den der des diese dieser diesem diesen dieses
doppelt drehen drei dreht durch ein eine einem einen einer eines einmal entweder erlassen erst es etwa
farbe farben feld felder fehlt für gabelung gabelungen ganz ganze ganzen gegen gelb gelegt geht gehört
gefährdete gewählt gewürfelt gibt gleich gratiskarte gratiskarten grenzen grün gruppe gruppen hälfte hälften
handel hat hatte haben hört ihn ihm ihr im ist jede jeden jeder jedes jetzt kann karte karten kauf kein
keine keinen keiner kommt kostet legen legt letzte liegen liegt links mehr mindestens mit muss müssen
nach neben nein nicht nichts niemand noch norden nur ob oben oder osten pleite plätze preis preisen rechts
regeln reihe reihen restlos rot runde schachtel schaut schicksalszahl schließt schräg schritt schwarze
schwarzer schwarzen sein seine seinen sich sie sind spalte spalten spiel spiele spieler spielen
spielt stapel startzahl süden teppich teppiche teppichs teppichwürfel teppichfläche über um umdrehen und
uns unten unter variante verdecken verkauf verkaufen verkauft vier viertel vom von vor vorbei wählen
weiß weiße weißer weniger wer wen werden westen wie wird wo würde würfel würfeln zahl zahlen zahlt zahlung
zu zug zum zur zurück zurückgeben zurückgegeben zwei zwischen
""".split())

#: Never counted: names of games, figures and the box's groups and gangs, and "OK".
PROPER = frozenset({
    "ok", "omar", "kadi", "suleika", "marrakech", "ali", "baba", "mutabor", "teppich", "piaster",
})

_QUOTED = re.compile(r"„[^“]*“|\"[^\"]*\"")
_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")


def foreign_words(text: str, lang: str, proper: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` that belong to the other language, lower case, sorted, once each.

    ``lang`` is the language the text should be in (``"de"`` or ``"en"``); ``proper`` adds
    names to ignore (players, groups, gangs).
    """
    other = ENGLISH if lang == "de" else GERMAN
    skip = PROPER | {word.lower() for name in proper for word in _WORD.findall(name)}
    words = {w.lower() for w in _WORD.findall(_QUOTED.sub(" ", text))}
    return sorted(w for w in words if w in other and w not in skip)
