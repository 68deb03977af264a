"""pnp's own words, in the languages it knows (English for any other): what it prints around
a game's own text, on the read-me-first page, the gallery and the print sheets' labels; and
the runs of text they make (plain words, the kit's files, strong words). A component type's
own phrases (how to cut or fold its pieces) are its module's (pnp.components)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Union

from .units import to_mm

NBSP = "\u00a0"

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # the print sheets' labels and the duplex test page
        "sheet-fronts": "fronts",
        "sheet-backs": "backs",
        "sheet-page": "page {n} of {total}",
        "sheet-behind": "on the back of page {n}",
        "sheet-cut-lines": "cut on the lines",
        "sheet-part": "row {row} of {rows}, column {column} of {columns}",
        "sheet-tape": "lay the parts over each other with the ticks in line and tape",
        "paper-a4": "A4",
        "paper-letter": "US Letter",
        "paper-a3": "A3 landscape",
        "duplex-title": "duplex test",
        "duplex-front": "front",
        "duplex-back": "back",
        "duplex-1": "Print this page on both sides of one sheet, at 100 %, turning it over on the long edge as for the backs.",
        "duplex-2": "Hold the sheet against a window. Where each bold line of the back crosses a scale, read the number in mm: X on the scales across, Y on the scales down.",
        "duplex-3": "A positive X means the back printed X mm too far left, a positive Y that it printed Y mm too high, on the back page as it lies; a negative number, the other way. Both 0: nothing to do.",
        "duplex-4": "To correct it, find the printer driver’s back-side offset (most drivers call it “back side offset”, “duplex offset” or “image shift”), move the back X mm right and Y mm down, and print this page again. If the lines moved away from 0, the driver counts the other way: give −X and −Y.",
        "duplex-5": "Building the kit with pnp yourself? Build again with --back-shift X,Y instead (added to any shift already given) and print the backs from the new files.",
        "kicker": "Read me first",
        # the rulebook
        "rules-contents": "Contents",
        "rules-example": "Example",
        "rules-note": "Note",
        "rules-title": "Rules",
        "players": "{min}–{max} players",
        "players-exactly": "{n} players",
        "player": "1 player",
        "contents": "In the kit",
        "printing": "Printing on {paper}",
        "assembly": "Cutting and assembly",
        "rules": "The rules in brief",
        "and": "and",
        "in-groups": "{items} in {count} {groups}",
        "file": "File",
        "pages": "Pages",
        "how": "What and how",
        "n-page": "{n} page",
        "n-pages": "{n} pages",
        "step-scale": "Print every file at 100 % (“actual size”), never “fit to page” or “shrink to fit”: the "
                      "pieces are drawn to the millimetre, and the backs meet their fronts only at full size.",
        "step-test": "First print {file} on both sides of one sheet, turning it over on the long edge as for the "
                     "backs. Hold it against a window: each bold cross of the back should fall on the zeros of two "
                     "rulers. If it does not, the numbers it crosses are your printer’s drift: build the kit again "
                     "with pnp\u00a0build --back-shift\u00a0X,Y.",
        "step-backs": "A file with backs prints on both sides of the same sheets: print its fronts, put the printed "
                      "stack back in the tray turned over on the long edge (try one sheet to find which way up), "
                      "then print its backs file. Each back then lies behind its front.",
        "step-duplex": "A printer that prints both sides can take the duplex files instead ({file} and the like), "
                       "set to flip on the long edge.",
        "step-one-side": "Print on one side only: {files}.",
        "step-paper": "Thick paper or thin card (160 to 250 g/m²) makes pieces that last: check what your printer "
                      "takes.",
        "row-test": "printer test: both sides of one sheet, first",
        "row-fronts": "{what}, fronts",
        "row-backs": "their backs, on the back of the same sheets",
        "row-one-side": "{what}, one side only",
        "row-rules": "the rules, to print on both sides",
        "row-booklet": "the rules as a booklet: both sides, turned on the short edge; fold the sheets in half together and staple on the fold",
        "row-parts": "{what} in {rows} × {columns} parts, one side only",
        "row-duplex": "{what}: fronts and backs in turn, for a printer that prints both sides",
        "total-both": "In all: {sheets} sheets of {paper}, {both} of them printed on both sides.",
        "total-one": "In all: {sheets} sheets of {paper}, printed on one side.",
        "total-both-1": "In all: {sheets} sheets of {paper}, 1 of them printed on both sides.",
        "total-sheet-both": "In all: 1 sheet of {paper}, printed on both sides.",
        "total-sheet-one": "In all: 1 sheet of {paper}, printed on one side.",
        "cut-marks": "Cut along the crop marks: the short lines in the margins carry on the edges of the pieces. "
                     "A craft knife and a steel ruler on a cutting mat cut straighter than scissors.",
        "cut-bleed": "The colours run {bleed} past each cut line, so a cut a little off still shows the piece’s "
                     "own colour.",
        "cut-rows": "In {files} the pieces stand in rows of one size: first cut the rows apart along the crop marks "
                    "in the side margins, then each row’s pieces along their lines.",
        "cut-touch": "In {files} the pieces touch: one cut along a shared line frees two neighbours.",
        "footer": "{title} · read me first, {file} · page {page} of {pages} · {paper}",
    },
    "fr": {
        # the print sheets' labels and the duplex test page
        "sheet-fronts": "recto",
        "sheet-backs": "verso",
        "sheet-page": "page {n} sur {total}",
        "sheet-behind": "au dos de la page {n}",
        "sheet-cut-lines": "coupez sur les traits",
        "sheet-part": "rangée {row} sur {rows}, colonne {column} sur {columns}",
        "sheet-tape": "superposez les parties, repères alignés, et scotchez",
        "paper-a4": "A4",
        "paper-letter": "US Letter",
        "paper-a3": "A3 paysage",
        "duplex-title": "test recto verso",
        "duplex-front": "recto",
        "duplex-back": "verso",
        "duplex-1": "Imprimez cette page des deux côtés d’une feuille, à 100\u00a0%, en la retournant sur le bord long comme pour les versos.",
        "duplex-2": "Tenez la feuille devant une fenêtre. Là où chaque trait gras du verso croise une règle, lisez le nombre en mm\u00a0: X sur les règles horizontales, Y sur les règles verticales.",
        "duplex-3": "Un X positif signifie que le verso est imprimé X mm trop à gauche, un Y positif, Y mm trop haut, sur la page du verso telle qu’elle est\u00a0; un nombre négatif, dans l’autre sens. Tous deux à 0\u00a0: rien à faire.",
        "duplex-4": "Pour corriger, cherchez le décalage du verso dans le pilote de l’imprimante (la plupart des pilotes le nomment, en anglais, «\u00a0back side offset\u00a0», «\u00a0duplex offset\u00a0» ou «\u00a0image shift\u00a0»), décalez le verso de X mm vers la droite et de Y mm vers le bas, puis imprimez de nouveau cette page. Si les traits se sont éloignés de 0, le pilote compte dans l’autre sens\u00a0: donnez −X et −Y.",
        "duplex-5": "Vous construisez le kit avec pnp\u00a0? Relancez plutôt la construction avec --back-shift X,Y (ajouté à tout décalage déjà donné) et imprimez les versos des nouveaux fichiers.",
        "kicker": "À lire en premier",
        # the rulebook
        "rules-contents": "Sommaire",
        "rules-example": "Exemple",
        "rules-note": "Note",
        "rules-title": "Règles",
        "players": "{min} à {max} joueurs",
        "players-exactly": "{n} joueurs",
        "player": "1 joueur",
        "contents": "Contenu du kit",
        "printing": "Impression sur {paper}",
        "assembly": "Découpe et montage",
        "rules": "Les règles en bref",
        "and": "et",
        "in-groups": "{items} en {count} {groups}",
        "file": "Fichier",
        "pages": "Pages",
        "how": "Contenu et impression",
        "n-page": "{n} page",
        "n-pages": "{n} pages",
        "step-scale": "Imprimez chaque fichier à 100\u00a0% (« taille réelle »), jamais « ajuster à la page » ni "
                      "« réduire »\u00a0: les pièces sont dessinées au millimètre, et les versos ne tombent derrière "
                      "leurs rectos qu’en taille réelle.",
        "step-test": "Imprimez d’abord {file} recto verso sur une seule feuille, retournée sur le bord long comme "
                     "pour les versos. Regardez-la devant une fenêtre\u00a0: chaque croix épaisse du verso doit "
                     "tomber sur le zéro de deux règles. Sinon, les nombres qu’elle croise mesurent le décalage de "
                     "l’imprimante\u00a0: refaites le kit avec pnp\u00a0build --back-shift\u00a0X,Y.",
        "step-backs": "Un fichier qui a des versos s’imprime des deux côtés des mêmes feuilles\u00a0: imprimez ses "
                      "rectos, remettez la pile imprimée dans le bac, retournée sur le bord long (essayez une "
                      "feuille pour trouver le sens), puis imprimez son fichier de versos. Chaque verso tombe alors "
                      "derrière son recto.",
        "step-duplex": "Une imprimante recto verso peut prendre à la place les fichiers duplex ({file} et les "
                       "autres), réglée pour retourner sur le bord long.",
        "step-one-side": "Imprimez au recto seulement\u00a0: {files}.",
        "step-paper": "Un papier épais ou un carton fin (160 à 250\u00a0g/m²) donne des pièces qui durent\u00a0: "
                      "vérifiez ce que votre imprimante accepte.",
        "row-test": "test de l’imprimante\u00a0: recto verso sur une feuille, en premier",
        "row-fronts": "{what}, rectos",
        "row-backs": "leurs versos, au dos des mêmes feuilles",
        "row-one-side": "{what}, recto seul",
        "row-rules": "les règles, recto verso",
        "row-booklet": "les règles en livret\u00a0: recto verso, retourné sur le bord court\u00a0; pliez les feuilles ensemble en deux et agrafez sur le pli",
        "row-parts": "{what} en {rows} × {columns} parties, recto seul",
        "row-duplex": "{what}\u00a0: rectos et versos alternés, pour une imprimante recto verso",
        "total-both": "En tout\u00a0: {sheets} feuilles {paper}, dont {both} imprimées des deux côtés.",
        "total-one": "En tout\u00a0: {sheets} feuilles {paper}, imprimées au recto.",
        "total-both-1": "En tout\u00a0: {sheets} feuilles {paper}, dont 1 imprimée des deux côtés.",
        "total-sheet-both": "En tout\u00a0: 1 feuille {paper}, imprimée des deux côtés.",
        "total-sheet-one": "En tout\u00a0: 1 feuille {paper}, imprimée au recto.",
        "cut-marks": "Découpez le long des traits de coupe\u00a0: les petits traits des marges prolongent les bords "
                     "des pièces. Un cutter et une règle en métal sur un tapis de coupe coupent plus droit que des "
                     "ciseaux.",
        "cut-bleed": "Les couleurs débordent de {bleed} au-delà de chaque trait de coupe\u00a0: une coupe un peu "
                     "décalée montre encore la couleur de la pièce.",
        "cut-rows": "Dans {files}, les pièces sont disposées en rangées d’une seule taille\u00a0: séparez d’abord "
                    "les rangées le long des traits de coupe des marges latérales, puis les pièces de chaque rangée le long "
                    "de leurs traits.",
        "cut-touch": "Dans {files}, les pièces se touchent\u00a0: une seule coupe le long d’un trait commun sépare deux "
                     "voisines.",
        "footer": "{title} · à lire en premier, {file} · page {page} sur {pages} · {paper}",
    },
    "de": {
        # the print sheets' labels and the duplex test page
        "sheet-fronts": "Vorderseiten",
        "sheet-backs": "Rückseiten",
        "sheet-page": "Seite {n} von {total}",
        "sheet-behind": "auf der Rückseite von Seite {n}",
        "sheet-cut-lines": "auf den Linien schneiden",
        "sheet-part": "Reihe {row} von {rows}, Spalte {column} von {columns}",
        "sheet-tape": "Teile mit deckungsgleichen Marken übereinanderlegen und kleben",
        "paper-a4": "A4",
        "paper-letter": "US Letter",
        "paper-a3": "A3 quer",
        "duplex-title": "Duplex-Test",
        "duplex-front": "Vorderseite",
        "duplex-back": "Rückseite",
        "duplex-1": "Diese Seite beidseitig auf ein Blatt drucken, mit 100\u00a0%, über die lange Kante gewendet wie für die Rückseiten.",
        "duplex-2": "Das Blatt gegen ein Fenster halten. Wo jede fette Linie der Rückseite eine Skala kreuzt, die Zahl in mm ablesen: X auf den waagrechten Skalen, Y auf den senkrechten.",
        "duplex-3": "Ein positives X heißt, die Rückseite ist X mm zu weit links gedruckt, ein positives Y, sie ist Y mm zu hoch, auf der Rückseite selbst gesehen; ein negativer Wert, in die andere Richtung. Beide 0: nichts zu tun.",
        "duplex-4": "Zum Ausgleichen im Druckertreiber den Versatz der Rückseite suchen (meist englisch „back side offset“, „duplex offset“ oder „image shift“ genannt), die Rückseite um X mm nach rechts und Y mm nach unten verschieben und diese Seite erneut drucken. Haben sich die Linien von 0 entfernt, zählt der Treiber andersherum: −X und −Y eingeben.",
        "duplex-5": "Das Kit selbst mit pnp bauen? Dann stattdessen neu bauen mit --back-shift X,Y (zu einer schon gegebenen Verschiebung addiert) und die Rückseiten aus den neuen Dateien drucken.",
        "kicker": "Zuerst lesen",
        # the rulebook
        "rules-contents": "Inhalt",
        "rules-example": "Beispiel",
        "rules-note": "Hinweis",
        "rules-title": "Regeln",
        "players": "{min} bis {max} Spieler",
        "players-exactly": "{n} Spieler",
        "player": "1 Spieler",
        "contents": "Inhalt des Kits",
        "printing": "Drucken auf {paper}",
        "assembly": "Ausschneiden und Zusammenbauen",
        "rules": "Die Regeln in Kürze",
        "and": "und",
        "in-groups": "{items} in {count} {groups}",
        "file": "Datei",
        "pages": "Seiten",
        "how": "Inhalt und Druck",
        "n-page": "{n} Seite",
        "n-pages": "{n} Seiten",
        "step-scale": "Drucke jede Datei mit 100\u00a0% („Tatsächliche Größe“), nie „An Seite anpassen“ oder "
                      "„Verkleinern“: Die Teile sind auf den Millimeter gezeichnet, und nur in voller Größe liegen "
                      "die Rückseiten hinter ihren Vorderseiten.",
        "step-test": "Drucke zuerst {file} beidseitig auf ein einzelnes Blatt, über die lange Kante gewendet wie "
                     "für die Rückseiten. Halte es gegen ein Fenster: Jedes fette Kreuz der Rückseite sollte auf "
                     "die Nullen zweier Lineale fallen. Wenn nicht, zeigen die Zahlen, die es kreuzt, den Versatz "
                     "des Druckers: Baue das Kit neu mit pnp\u00a0build --back-shift\u00a0X,Y.",
        "step-backs": "Eine Datei mit Rückseiten wird auf beide Seiten derselben Blätter gedruckt: Drucke ihre "
                      "Vorderseiten, lege den bedruckten Stapel über die lange Kante gewendet zurück ins Fach "
                      "(probiere mit einem Blatt, wie herum) und drucke dann ihre Rückseiten-Datei. So liegt jede "
                      "Rückseite hinter ihrer Vorderseite.",
        "step-duplex": "Ein Drucker, der beidseitig druckt, kann stattdessen die Duplex-Dateien nehmen ({file} "
                       "und die anderen), eingestellt auf Wenden an der langen Kante.",
        "step-one-side": "Nur einseitig drucken: {files}.",
        "step-paper": "Dickes Papier oder dünner Karton (160 bis 250\u00a0g/m²) ergibt haltbare Teile: Prüfe, was "
                      "dein Drucker verarbeitet.",
        "row-test": "Druckertest: beidseitig auf ein Blatt, zuerst",
        "row-fronts": "{what}, Vorderseiten",
        "row-backs": "ihre Rückseiten, auf der Rückseite derselben Blätter",
        "row-one-side": "{what}, nur einseitig",
        "row-rules": "die Regeln, beidseitig",
        "row-booklet": "die Regeln als Heft: beidseitig, über die kurze Kante gewendet; die Blätter zusammen in der Mitte falten und im Falz heften",
        "row-parts": "{what} in {rows} × {columns} Teilen, nur einseitig",
        "row-duplex": "{what}: Vorder- und Rückseiten abwechselnd, für beidseitigen Druck",
        "total-both": "Insgesamt: {sheets} Blätter {paper}, davon {both} beidseitig bedruckt.",
        "total-one": "Insgesamt: {sheets} Blätter {paper}, einseitig bedruckt.",
        "total-both-1": "Insgesamt: {sheets} Blätter {paper}, davon 1 beidseitig bedruckt.",
        "total-sheet-both": "Insgesamt: 1 Blatt {paper}, beidseitig bedruckt.",
        "total-sheet-one": "Insgesamt: 1 Blatt {paper}, einseitig bedruckt.",
        "cut-marks": "Schneide entlang der Schnittmarken: Die kurzen Striche am Rand verlängern die Kanten der "
                     "Teile. Mit Cutter und Stahllineal auf einer Schneidematte wird es gerader als mit der Schere.",
        "cut-bleed": "Die Farben reichen {bleed} über jede Schnittlinie hinaus, so zeigt auch ein leicht "
                     "versetzter Schnitt die Farbe des Teils.",
        "cut-rows": "In {files} stehen die Teile in Reihen gleicher Größe: Trenne zuerst die Reihen entlang der "
                    "Schnittmarken an den Seitenrändern, dann die Teile jeder Reihe entlang ihrer Linien.",
        "cut-touch": "In {files} berühren sich die Teile: Ein Schnitt entlang einer gemeinsamen Linie trennt zwei "
                     "Nachbarn.",
        "footer": "{title} · zuerst lesen, {file} · Seite {page} von {pages} · {paper}",
    },
}



def word(language: str, key: str) -> str:
    """One of pnp's phrases in `language` (English when pnp does not speak it)."""
    return WORDS.get(language, WORDS["en"]).get(key) or WORDS["en"][key]


# --- the text: runs of plain words, file names and strong words -----------------------------

@dataclass(frozen=True)
class FileRef:
    """A file of the kit named in the text (a link in the gallery), relative to out/."""

    path: str

    @property
    def name(self) -> str:
        return self.path.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class Strong:
    """Words set apart: a lead-in, a term."""

    text: str


Run = Union[str, FileRef, Strong]


def plain(runs: Iterable[Run]) -> str:
    """The runs as plain text."""
    return "".join(r if isinstance(r, str) else r.name if isinstance(r, FileRef) else r.text for r in runs)


_PLACEHOLDER = re.compile(r"\{([a-z]+)\}")


def phrase(text: str, **values: Any) -> tuple[Run, ...]:
    """A phrase as runs, each {placeholder} replaced by its value: text, a run, or runs."""
    runs: list[Run] = []
    at = 0
    for match in _PLACEHOLDER.finditer(text):
        runs.append(text[at:match.start()])
        value = values[match.group(1)]
        if isinstance(value, (str, FileRef, Strong)):
            runs.append(value)
        elif isinstance(value, (list, tuple)):
            runs.extend(value)
        else:
            runs.append(str(value))
        at = match.end()
    runs.append(text[at:])
    merged: list[Run] = []
    for run in runs:
        if isinstance(run, str) and merged and isinstance(merged[-1], str):
            merged[-1] += run
        elif run != "":
            merged.append(run)
    return tuple(merged)


def say(language: str, key: str, **values: Any) -> tuple[Run, ...]:
    """One of pnp's phrases in `language` as runs (phrase)."""
    return phrase(word(language, key), **values)


def text(language: str, key: str, **values: Any) -> str:
    return plain(say(language, key, **values))


def listed(items: list[Run], language: str) -> list[Run]:
    """Runs as a list: a, b and c."""
    runs: list[Run] = []
    for i, item in enumerate(items):
        if i:
            runs.append(f" {word(language, 'and')} " if i == len(items) - 1 else ", ")
        runs.append(item)
    return runs


def length(points: float, language: str) -> str:
    """A length in mm, written as the language writes numbers."""
    value = f"{round(to_mm(points), 1):g}"
    if language in ("fr", "de"):
        value = value.replace(".", ",")
    return f"{value}{NBSP}mm"
