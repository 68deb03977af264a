"""pnp.kit.files: the contact sheet's files (one page of 14 x 14 faces, or numbered pages past
196) and the deck it shows, named alike by the build that draws them and the exports that
link them."""

from __future__ import annotations

from types import SimpleNamespace

from pnp.kit.files import COLUMNS, CONTACT_SHEET, PAGE_ROWS, PER_PAGE, deck, page_files, pages_in


def pieces(type: str, count: int, name: str = "") -> SimpleNamespace:
    return SimpleNamespace(name=name or type, type=type, pieces=[object()] * count)


def test_a_page_of_faces() -> None:
    assert (COLUMNS, PAGE_ROWS, PER_PAGE) == (14, 14, 196)


def test_the_contact_sheet_s_files() -> None:
    assert page_files(0) == page_files(1) == page_files(196) == ["png/contact-sheet.png"]
    assert page_files(197) == ["png/contact-sheet-01.png", "png/contact-sheet-02.png"]
    assert page_files(392) == ["png/contact-sheet-01.png", "png/contact-sheet-02.png"]
    assert page_files(393)[-1] == "png/contact-sheet-03.png"
    assert len(page_files(196 * 99)) == 99 and page_files(196 * 99)[-1] == "png/contact-sheet-99.png"
    hundred = page_files(196 * 99 + 1)
    assert (len(hundred), hundred[0], hundred[-1]) == (100, "png/contact-sheet-001.png", "png/contact-sheet-100.png")


def test_the_contact_sheet_s_files_among_others() -> None:
    files = {"png/contact-sheet-02.png", "png/a.png", "png/contact-sheet-01.png", "png/contact-sheet.png",
             "contact-sheet.png", "png/contact-sheet-x.png", "png/contact-sheet-.png", "png/contact-sheet.png.bak",
             "png/contact-sheet-100.png", "x/png/contact-sheet.png", "png/contact-sheetXpng"}
    assert pages_in(files) == ["png/contact-sheet-01.png", "png/contact-sheet-02.png", "png/contact-sheet-100.png",
                               "png/contact-sheet.png"]
    assert pages_in(sorted(files, reverse=True)) == pages_in(files)
    assert pages_in([]) == []
    assert CONTACT_SHEET.fullmatch("png/contact-sheet-7.png")


def test_the_deck_is_the_largest_set_of_cards() -> None:
    kit = [pieces("token", 50), pieces("card", 10, "small"), pieces("card", 30, "large"), pieces("card", 30, "late"),
           pieces("board", 1)]
    assert deck(kit).name == "large"  # (the first of the largest)
    assert deck([pieces("card", 0, "empty")]).name == "empty"
    assert deck([pieces("token", 5), pieces("tile", 9), pieces("data", 3)]) is None
    assert deck([]) is None
