"""The kit's rulebooks, in a build: each typeset (pnp.render.rulebook) on A4 and Letter and as
a booklet, in the kit's language, from its text worked out for the kit (pnp.kit.rulebook), and
kept from the last build when what they print has not changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..impose import PAPERS
from .outputs import BuildFailed

if TYPE_CHECKING:
    from ..kit.pieces import Kit
    from .outputs import Outputs
    from .pipeline import BuildOptions


def rulebook_pages(kit: "Kit", outputs: "Outputs", options: "BuildOptions", write: bool = True) -> None:
    """print/rules-<paper>.pdf and print/rules-booklet-<paper>.pdf, in the kit's language, on A4
    and Letter: the rulebook typeset (pnp.render.rulebook) from its text worked out for the
    kit (pnp.kit.rulebook). Keyed by what is printed (its text with every reference and value
    worked out, and the drawings of the pieces it pictures) and the fonts: a card it does not
    name or picture can change without the rulebook being typeset again. Its page counts are
    kept in the cache beside it for the read-me-first (kit.rulebook_pages); without `write` (a
    build of the read-me alone) only those are worked out."""
    from reportlab.platypus.doctemplate import LayoutError

    from ..impose.booklet import saddle_stitch
    from ..kit.rulebook import pictured_pieces, resolved
    from ..render.rulebook import BOOKLET_PAGES, rulebook_look, typeset

    found = resolved(kit.game).get(kit.language)
    if found is None:
        return
    book = found[0]
    pictures = pictured_pieces(kit, book)
    papers = [paper for paper in options.papers if paper in BOOKLET_PAGES]
    look = None
    if write:
        outputs.progress.stage("rulebook", 2 * len(papers))
    for paper in papers:
        sheet = PAPERS[paper]
        counts = []
        for relative, size, booklet in ((f"print/rules-{paper}.pdf", (sheet.width, sheet.height), None),
                                        (f"print/rules-booklet-{paper}.pdf", BOOKLET_PAGES[paper],
                                         (sheet.height, sheet.width))):
            key = outputs.key("rules", book, sorted(pictures.items()), size, booklet)
            kept = outputs.cache.get("rules", key)
            if kept is not None and kept.isdigit() and (not write or outputs.reusable(relative, key)):
                pages = int(kept)
            else:
                if look is None:
                    look = rulebook_look(kit, pictures)
                try:
                    data, pages = typeset(book, look, size, booklet)
                except LayoutError:  # (what no column holds: a table's row, the only thing never split)
                    raise BuildFailed(f"{book.file}: the rulebook cannot be set on {PAPERS[paper].label} "
                                      f"{'booklet ' if booklet else ''}pages: a table row is taller than a whole "
                                      f"column; split its cell's text") from None
                if write:
                    outputs.write(relative, data, key)
                outputs.cache.put("rules", key, str(pages).encode("ascii"))
            counts.append(len(saddle_stitch(pages)) if booklet else pages)
        kit.rulebook_pages[paper] = (counts[0], counts[1])
