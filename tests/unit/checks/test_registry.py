"""pnp.checks.registry: importing it registers every check pnp has (the text, file, printing,
print-on-demand, data, translation and quotation-mark checks, the layout's, the area maps', the
locator box's, the icons', the boards drawn as text), so that validation runs them all and `pnp
rules` lists them, in a game's folder or not."""

from __future__ import annotations

import pnp.checks.registry  # noqa: F401  (what it is for: the checks registered)
from pnp.problems import CHECKS, Severity

LOADING = ["yaml-syntax", "yaml-duplicate-key", "yaml-alias", "empty-file", "missing-file", "files-glob",
           "duplicate-file", "schema", "field-default", "rules-text"]  # pnp.problems' own
REGISTERED = {
    "text": ["missing-font", "colour-value", "missing-glyph", "text-fit", "text-language"],
    "files": ["art-file", "art-pixels", "unknown-icon", "unnamed-file", "stale-schemas", "piece-icons"],
    "printing": ["template", "piece-too-large", "print-shared", "output-name"],
    "pod": ["safe-zone", "bleed"],
    "data": ["duplicate-id", "unknown-reference"],
    "translation": ["missing-translation", "glossary-term"],
    "quotes": ["straight-quote"],
    "rulebook": ["rules-reference", "rules-example"],
    "layout": ["layout"],
    "areas": ["board-projection", "unknown-area", "neighbour-symmetric", "area-isolated", "neighbours-connected",
              "map-points", "area-geometry", "border-line", "room-for-markers", "map-cut", "map-label", "map-marks"],
    "locator": ["locator"],  # (pnp.boxes.locator_checks)
    "icons": ["icon"],  # (registered when a game's icons are read, and by the registry without a game)
    "boards": ["board-text"],  # (pnp.load.boards, imported with the fields it reads)
}
WARNINGS = {"safe-zone", "bleed", "missing-translation", "glossary-term", "straight-quote", "unnamed-file",
            "stale-schemas"}  # every other check is an error


def test_every_check_pnp_has_is_registered() -> None:
    assert sorted(CHECKS) == sorted(LOADING + [c for checks in REGISTERED.values() for c in checks])
    assert list(CHECKS)[:len(LOADING)] == LOADING  # (pnp.problems registers them as it is imported)


def test_each_check_with_its_severity_and_doc() -> None:
    assert {c for c, info in CHECKS.items() if info.severity is Severity.WARNING} == WARNINGS
    assert all(info.id == c and info.doc.endswith(".") for c, info in CHECKS.items())
    assert CHECKS["layout"].doc == ("A layout extends itself in a loop, names a field, colour, icon or font that "
                                    "does not exist, has a box that leaves the component, or a value whose name is "
                                    "taken or that uses itself.")
