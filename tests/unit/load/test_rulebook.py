"""pnp.load.rulebook: a rulebook's Markdown subset read into located blocks (headings with
anchors, paragraphs and line breaks, lists, tables, example and note boxes, page breaks,
pictures of pieces, @check lines) and inline parts (bold, italic, references, values, icons,
escapes), and every form outside the subset a `rules-text` problem at its line and column."""

from __future__ import annotations

import pytest

from pnp import expr
from pnp.load import rulebook as rb
from pnp.load.rulebook import read_rulebook
from pnp.model.rulebook import (Box, Break, Check, Heading, Icon, ListBlock, PageBreak, Paragraph, Picture, Piece, Ref,
                                Styled, Table, Text, Value)

FILE = "rules/en.md"


def read(text: str) -> tuple[list, list[str]]:
    """The blocks of `text` and its problems as pnp prints them."""
    book, problems = read_rulebook(text, FILE, "en")
    assert (book.file, book.language) == (FILE, "en")
    return book.blocks, [p.format() for p in problems]


def clean(text: str) -> list:
    blocks, problems = read(text)
    assert problems == []
    return blocks


def error(where: str, message: str) -> str:
    return f"{FILE}:{where}: error: {message} [rules-text]"


def value(source: str, line: int, column: int) -> Value:
    return Value(expr.parse(source), line, column)


# --- headings ---------------------------------------------------------------------------------


def test_headings_with_and_without_anchors() -> None:
    assert clean("# Title {#top}\n\n## Set-up {#set-up-2}\n  ### Turn  \n") == [
        Heading(1, (Text("Title"),), "top", 1), Heading(2, (Text("Set-up"),), "set-up-2", 3),
        Heading(3, (Text("Turn"),), None, 4)]


def test_a_heading_with_a_reference_is_located_after_its_marks() -> None:
    assert clean("  ##   The {cards:king} {#k}") == [
        Heading(2, (Text("The "), Ref("cards", "king", None, 1, 12)), "k", 1)]


def test_a_heading_deeper_than_three_is_set_as_three() -> None:
    assert read("#### Deep") == ([Heading(3, (Text("Deep"),), None, 1)],
                                 [error("1:1", "a heading has at most three '#' (this one has 4)")])
    assert read("  ###### Deeper")[1] == [error("1:3", "a heading has at most three '#' (this one has 6)")]


def test_a_heading_without_a_space() -> None:
    assert read("\n #Title") == ([Heading(1, (), None, 2)],
                                 [error("2:2", "a heading is '#', '##' or '###', then a space and its text")])
    assert read("####### seven")[1] == [error("1:1", "a heading is '#', '##' or '###', then a space and its text")]


def test_a_heading_with_only_an_anchor() -> None:
    assert read("# {#only}") == ([Heading(1, (), "only", 1)], [error("1:1", "a heading with no text")])
    assert read("##   ")[1] == [error("1:1", "a heading is '#', '##' or '###', then a space and its text")]


ANCHOR = "an anchor is '{#' then lower-case letters, digits and hyphens, then '}', at the heading's end"


def test_a_bad_anchor() -> None:
    blocks, problems = read("## Turn {#Bad}")
    assert blocks == [Heading(2, (Text("Turn "),), None, 1)]
    assert problems == [error("1:9", ANCHOR)]  # (said once: not read again as a reference)
    assert read("# A {#-x} b")[1][0] == error("1:5", ANCHOR)


# --- paragraphs, line breaks, page breaks -----------------------------------------------------


def test_a_paragraph_runs_to_a_blank_line_its_lines_joined_by_spaces() -> None:
    assert clean("One\n  two\nthree\n\nFour\n") == [Paragraph((Text("One two three"),), 1),
                                                   Paragraph((Text("Four"),), 5)]


def test_a_backslash_at_a_line_end_breaks_the_line() -> None:
    assert clean("One \\\ntwo\\\n") == [Paragraph((Text("One"), Break(), Text("two"), Break()), 1)]
    # an escaped backslash at the end is a backslash, and the lines are joined
    assert clean("a\\\\\nb") == [Paragraph((Text("a\\ b"),), 1)]


@pytest.mark.parametrize("start", ["# H", "\\newpage", "- item", "1. item", "| a |\n|---|", "::: note", "![c](a:b)",
                                   "@check 1"])
def test_a_block_ends_a_paragraph(start: str) -> None:
    blocks, _ = read(f"Text\n{start}\n:::")
    assert blocks[0] == Paragraph((Text("Text"),), 1)
    assert len(blocks) >= 2 and getattr(blocks[1], "line", 2) == 2


def test_page_breaks() -> None:
    assert clean("a\n\\newpage\n  \\newpage  ") == [Paragraph((Text("a"),), 1), PageBreak(2), PageBreak(3)]


def test_windows_line_ends_and_a_byte_order_mark() -> None:
    assert clean("\ufeff# A\r\n\r\ntext\r\nmore\r\n") == [Heading(1, (Text("A"),), None, 1),
                                                         Paragraph((Text("text more"),), 3)]


# --- lists ------------------------------------------------------------------------------------


def test_bullet_lists_with_continued_items() -> None:
    assert clean("- item {a:b}\n  cont {c:d}\n* two\n\nafter") == [
        ListBlock(False, ((Text("item "), Ref("a", "b", None, 1, 8), Text(" cont "), Ref("c", "d", None, 2, 8)),
                          (Text("two"),)), 1),
        Paragraph((Text("after"),), 5)]


def test_numbered_lists_start_where_they_say() -> None:
    assert clean("3. three\n4. four") == [ListBlock(True, ((Text("three"),), (Text("four"),)), 1, 3)]
    assert clean("1. a\n1. b") == [ListBlock(True, ((Text("a"),), (Text("b"),)), 1, 1)]


def test_a_list_ends_at_a_line_not_indented_or_of_another_kind() -> None:
    assert clean("- a\nplain") == [ListBlock(False, ((Text("a"),),), 1), Paragraph((Text("plain"),), 2)]
    assert clean("1. a\n- b") == [ListBlock(True, ((Text("a"),),), 1), ListBlock(False, ((Text("b"),),), 2)]
    assert clean("- a\n - b") == [ListBlock(False, ((Text("a"),), (Text("b"),)), 1)]
    assert clean("- a\n  # h") == [ListBlock(False, ((Text("a"),),), 1), Heading(1, (Text("h"),), None, 2)]
    assert clean("- a\n\n  more") == [ListBlock(False, ((Text("a"),),), 1), Paragraph((Text("more"),), 3)]


def test_a_list_items_parts_are_located() -> None:
    assert clean("  -   {=1}") == [ListBlock(False, ((value("1", 1, 7),),), 1)]
    assert clean("12.\t:star:") == [ListBlock(True, ((Icon("star", 1, 5),),), 1, 12)]


# --- tables -----------------------------------------------------------------------------------


def test_a_table_with_its_alignments() -> None:
    assert clean("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n| *x* | y | z |") == [
        Table(((Text("a"),), (Text("b"),), (Text("c"),)),
              (((Text("1"),), (Text("2"),), (Text("3"),)),
               ((Styled("italic", (Text("x"),)),), (Text("y"),), (Text("z"),))),
              ("left", "centre", "right"), 1)]


def test_a_tables_cells_are_located_and_an_escaped_bar_stays_in_its_cell() -> None:
    assert clean("| {a:b} |  :x: |\n|---|---|\n|  {c:d.e} | \\| {=1} |") == [
        Table(((Ref("a", "b", None, 1, 3),), (Icon("x", 1, 12),)),
              (((Ref("c", "d", "e", 3, 4),), (Text("| "), value("1", 3, 17))),), ("left", "left"), 1)]


def test_a_table_without_a_rule() -> None:
    assert read("| a | b |\n| 1 | 2 |\n\nafter") == (
        [Paragraph((Text("after"),), 4)], [error("1:1", "a table's second row is its rule, such as '|---|---|'")])
    assert read("text\n| a |")[1] == [error("2:1", "a table's second row is its rule, such as '|---|---|'")]


def test_rows_of_the_wrong_width() -> None:
    blocks, problems = read("| a | b |\n|---|---|---|\n| 1 |\n| 1 | 2 | 3 |")
    assert blocks == [Table(((Text("a"),), (Text("b"),)), (((Text("1"),), ()), ((Text("1"),), (Text("2"),))),
                            ("left", "left", "left"), 1)]
    assert problems == [error("1:1", "the table's header has 2 cells and its rule 3"),
                        error("3:1", "this row has 1 cells, the table 2"),
                        error("4:1", "this row has 3 cells, the table 2")]


def test_rows_without_outer_bars() -> None:
    assert clean("| a | b\n|---|--:\n| 1 | 2") == [
        Table(((Text("a"),), (Text("b"),)), (((Text("1"),), (Text("2"),)),), ("left", "right"), 1)]


# --- boxes ------------------------------------------------------------------------------------


def test_an_example_box_with_its_pictures_and_checks() -> None:
    blocks = clean("::: example Ti *t*\n![Cap](cards:king cards:queen:back tiles:sea+tokens:ship)\n"
                   "@check len(shown) == 4\n:::\n@check shown == []")
    king, queen = Piece("cards", "king", False, 2, 8), Piece("cards", "queen", True, 2, 19)
    sea, ship = Piece("tiles", "sea", False, 2, 36), Piece("tokens", "ship", False, 2, 46)
    picture = Picture((Text("Cap"),), ((king,), (queen,), (sea, ship)), 2)
    check = Check(expr.parse("len(shown) == 4"), "len(shown) == 4", 3, 8, (king, queen, sea, ship))
    assert blocks == [Box("example", (Text("Ti "), Styled("italic", (Text("t"),))), (picture, check), 1),
                      Check(expr.parse("shown == []"), "shown == []", 5, 8, ())]


def test_a_note_box_with_its_title_located() -> None:
    assert clean("  ::: note  Title {a:b}\ntext\n  :::") == [
        Box("note", (Text("Title "), Ref("a", "b", None, 1, 19)), (Paragraph((Text("text"),), 2),), 1)]
    assert clean(":::example\n:::") == [Box("example", (), (), 1)]


def test_what_a_check_was_shown_starts_again_at_a_box_or_heading() -> None:
    piece = Piece("a", "b", False, 2, 6)
    assert clean("# H\n![a](a:b)\n@check 1\n## I\n@check 2") == [
        Heading(1, (Text("H"),), None, 1), Picture((Text("a"),), ((piece,),), 2),
        Check(expr.parse("1"), "1", 3, 8, (piece,)), Heading(2, (Text("I"),), None, 4),
        Check(expr.parse("2"), "2", 5, 8, ())]
    blocks = clean("![a](a:b)\n::: note\n@check 3\n:::")
    assert blocks[1].blocks == (Check(expr.parse("3"), "3", 3, 8, ()),)
    blocks = clean("::: note\n![a](a:b)\n:::\n@check 4")
    assert blocks[1] == Check(expr.parse("4"), "4", 4, 8, ())


def test_a_box_that_is_never_closed() -> None:
    assert read("::: example\nnever") == (
        [Box("example", (), (Paragraph((Text("never"),), 2),), 1)],
        [error("1:1", "the example box opened here is never closed: end it with a line ':::'")])
    assert read("\n\n::: note T")[1] == [error("3:1", "the note box opened here is never closed: end it with a "
                                                   "line ':::'")]


def test_a_box_inside_a_box() -> None:
    assert read("::: note\ntext\n  ::: example")[1] == [
        error("3:3", "a box cannot open inside the box opened at line 1: close it with ':::' first"),
        error("1:1", "the note box opened here is never closed: end it with a line ':::'")]
    # the refused box's own ':::' closes nothing: the outer box keeps its blocks, and the next ':::' ends it
    blocks, problems = read("::: example A\n::: note B\nx\n:::\ny\n:::\nz")
    assert problems == [error("2:1", "a box cannot open inside the box opened at line 1: close it with ':::' first")]
    assert blocks == [Box("example", (Text("A"),), (Paragraph((Text("x"),), 3), Paragraph((Text("y"),), 5)), 1),
                      Paragraph((Text("z"),), 7)]
    assert read("::: note\n::: x")[1][0] == error("2:1", "a box cannot open inside the box opened at line 1: close "
                                                       "it with ':::' first")


def test_a_box_of_no_kind() -> None:
    assert read("::: sidebar")[1] == [error("1:4", "no kind of box 'sidebar': a box is 'example' or 'note'")]
    assert read("  ::: Example T")[1] == [
        error("1:6", "no kind of box 'Example': a box is 'example' or 'note' (did you mean 'example'?)")]
    assert read(":::nite")[1] == [error("1:4", "no kind of box 'nite': a box is 'example' or 'note' "
                                               "(did you mean 'note'?)")]


def test_a_close_with_no_box_open() -> None:
    assert read("a\n\n  :::") == ([Paragraph((Text("a"),), 1)],
                                  [error("3:3", "':::' closes a box, but no box is open")])


# --- pictures ---------------------------------------------------------------------------------


def test_a_picture_with_a_styled_caption_and_stacks() -> None:
    assert clean("  ![a **b**](a:b:back+c:d   x_1:y-2.z)") == [
        Picture((Text("a "), Styled("bold", (Text("b"),))),
                ((Piece("a", "b", True, 1, 14), Piece("c", "d", False, 1, 23)), (Piece("x_1", "y-2.z", False, 1, 29),)),
                1)]
    assert clean("![](a:b)") == [Picture((), ((Piece("a", "b", False, 1, 5),),), 1)]


def test_a_picture_not_alone_on_its_line() -> None:
    assert read("![x] (a:b)") == ([], [error("1:1", "a picture is '![caption](set:id set:id ...)' alone on its line")])
    assert read(" ![x](a:b) more")[1] == [error("1:2", "a picture is '![caption](set:id set:id ...)' alone on its "
                                                     "line")]


def test_a_picture_of_what_is_not_a_piece() -> None:
    assert read("![x](bad a:b+:c)") == (
        [Picture((Text("x"),), ((Piece("a", "b", False, 1, 10),),), 1)],
        [error("1:6", "'bad' is not a piece: a piece is set:id (or set:id:back), and 'a+b' stands b on a"),
         error("1:14", "':c' is not a piece: a piece is set:id (or set:id:back), and 'a+b' stands b on a")])
    assert read("![x](a:b:front)")[1][0] == error(
        "1:6", "'a:b:front' is not a piece: a piece is set:id (or set:id:back), and 'a+b' stands b on a")


def test_a_picture_of_nothing() -> None:
    assert read("![x]()") == ([], [error("1:6", "a picture shows at least one piece: ![caption](set:id)")])
    assert read("![x](bad)")[1] == [
        error("1:6", "'bad' is not a piece: a piece is set:id (or set:id:back), and 'a+b' stands b on a"),
        error("1:6", "a picture shows at least one piece: ![caption](set:id)")]


def test_a_picture_of_too_many_pieces() -> None:
    many = " ".join(f"a:b{i}" for i in range(rb.MAX_PICTURED))
    assert len(clean(f"![x]({many})")[0].stacks) == 60
    assert read(f"![x]({many}+a:c)") == ([], [error("1:6", "a picture shows at most 60 pieces, not 61")])


# --- checks -----------------------------------------------------------------------------------


def test_a_line_starting_with_at_that_is_not_a_check() -> None:
    message = ("is not a directive: a line starting '@' is '@check EXPRESSION' (write '\\@' for an '@' that starts "
               "a paragraph)")
    assert read(" @chek 1 == 1") == ([Check(None, "@chek 1 == 1", 1, 2, ())], [error("1:2", f"'@chek' {message}")])
    assert read("@checks")[1] == [error("1:1", f"'@checks' {message}")]
    assert clean("\\@check 1") == [Paragraph((Text("@check 1"),), 1)]
    assert clean("a @check") == [Paragraph((Text("a @check"),), 1)]


def test_a_check_without_an_expression() -> None:
    assert read("  @check  ") == ([Check(None, "", 1, 9, ())],
                                  [error("1:9", "'@check' needs an expression that holds for the example")])


def test_a_check_that_does_not_parse_is_located_in_its_expression() -> None:
    assert read("@check 1 +") == ([Check(None, "1 +", 1, 8, ())],
                                  [error("1:11", "@check: syntax error: invalid syntax in '1 +'")])
    assert read(" @check   (1")[1] == [error("1:11", "@check: syntax error: '(' was never closed in '(1'")]


# --- inline -----------------------------------------------------------------------------------


def test_bold_italic_and_both() -> None:
    assert clean("Some **bold** and *it* and ***both* b**.") == [Paragraph((
        Text("Some "), Styled("bold", (Text("bold"),)), Text(" and "), Styled("italic", (Text("it"),)),
        Text(" and "), Styled("bold", (Styled("italic", (Text("both"),)), Text(" b"))), Text(".")), 1)]
    assert clean("*a **b** c*") == [Paragraph((Styled("italic", (
        Text("a "), Styled("bold", (Text("b"),)), Text(" c"))),), 1)]


def test_emphasis_across_lines() -> None:
    assert clean("*one\ntwo*") == [Paragraph((Styled("italic", (Text("one two"),)),), 1)]


def test_emphasis_never_closed() -> None:
    assert read("*open") == ([Paragraph((Text("*"), Text("open")), 1)],
                             [error("1:1", "'*' opens italic text that is never closed (write '\\*' for a star)")])
    assert read("The **{=game.x} wins.")[1] == [
        error("1:5", "'**' opens bold text that is never closed (write '\\*' for a star)")]


def test_emphasis_closed_across_another() -> None:
    blocks, problems = read("**a *b** c*")
    assert blocks == [Paragraph((Text("**"), Text("a "), Styled("italic", (Text("b c"),))), 1)]
    assert problems == [error("1:7", "'**' closes bold text while other text inside it is still open"),
                        error("1:1", "'**' opens bold text that is never closed (write '\\*' for a star)")]
    assert read("*a **b* c**")[1][0] == error("1:7", "'*' closes italic text while other text inside it is "
                                                     "still open")


def test_escapes() -> None:
    assert clean("\\*not\\* \\{x\\} \\:a\\: \\\\ \\x \\ y") == [Paragraph((Text("*not* {x} :a: \\ \\x \\ y"),), 1)]
    assert clean("\\# not a heading") == [Paragraph((Text("# not a heading"),), 1)]


def test_references_and_their_fields() -> None:
    assert clean("{cards:king} and {turn-tokens:dutch.short} {x_1:a-b}") == [Paragraph((
        Ref("cards", "king", None, 1, 1), Text(" and "), Ref("turn-tokens", "dutch", "short", 1, 18), Text(" "),
        Ref("x_1", "a-b", None, 1, 44)), 1)]


def test_values() -> None:
    assert clean("First to {=game.target}, {=  '}' + \"{\" } {={'a': 1}['a']}.") == [Paragraph((
        Text("First to "), value("game.target", 1, 10), Text(", "), value("  '}' + \"{\" ", 1, 26), Text(" "),
        value("{'a': 1}['a']", 1, 42), Text(".")), 1)]


def test_a_value_that_does_not_parse() -> None:
    assert read("a {=1 +} b") == ([Paragraph((Text("a  b"),), 1)],
                                  [error("1:8", "{=1 +}: syntax error: invalid syntax")])


def test_braces_that_are_neither() -> None:
    assert read("x {cards}") == ([Paragraph((Text("x "),), 1)], [error(
        "1:3", "'{cards}' is neither a reference '{set:id}' nor a value '{=expression}' (write '\\{' for a brace)")])
    assert read("{a:b c}")[1][0].startswith(f"{FILE}:1:1: error: '{{a:b c}}' is neither")


def test_braces_never_opened_or_closed() -> None:
    assert read("a { b") == ([Paragraph((Text("a { b"),), 1)],
                             [error("1:3", "'{' is never closed on its line (write '\\{' for a brace)")])
    assert read("a } b") == ([Paragraph((Text("a } b"),), 1)],
                             [error("1:3", "'}' closes no '{' (write '\\}' for a brace)")])
    assert read("{=\"a}b\"} {=1")[1] == [error("1:10", "'{' is never closed on its line (write '\\{' for a brace)")]


def test_a_quote_skips_an_escaped_quote_in_a_value() -> None:
    assert clean("{='a\\'}'}") == [Paragraph((value("'a\\'}'", 1, 1),), 1)]


def test_icons() -> None:
    assert clean("x :star: y:z: :Bad: (:crossed-swords:)") == [Paragraph((
        Text("x "), Icon("star", 1, 3), Text(" y:z: :Bad: ("), Icon("crossed-swords", 1, 22), Text(")")), 1)]
    assert clean(":a::b:") == [Paragraph((Icon("a", 1, 1), Icon("b", 1, 4)), 1)]


def test_parts_are_located_on_their_own_line() -> None:
    assert clean("para {a:b}\n   next {c:d} :x: {=1}") == [Paragraph((
        Text("para "), Ref("a", "b", None, 1, 6), Text(" next "), Ref("c", "d", None, 2, 9), Text(" "),
        Icon("x", 2, 15), Text(" "), value("1", 2, 19)), 1)]


def test_too_many_parts_in_one_block() -> None:
    many = "*a* " * 700
    (paragraph,), problems = read(f"xx\n  {many}")
    assert problems == [error("1:1", "more than 2,000 parts in one block: split it"),
                        error("2:1999", "'*' opens italic text that is never closed (write '\\*' for a star)")]
    assert sum(isinstance(p, Styled) for p in paragraph.parts) == 499  # (2 + 4 × 499 + 2 tokens)
    assert clean("*a* " * 499 + "*a*")[0].parts.count(Text(" ")) == 499


# --- limits, the whole rulebook ---------------------------------------------------------------


def test_a_rulebook_too_long_is_not_read_further() -> None:
    blocks, problems = read("a\n\n" * 5001)
    assert len(blocks) == 5000
    assert problems == [error("10001:1", "more than 5,000 blocks: a rulebook this long is not read further")]


def test_blank_lines_are_not_counted_as_blocks() -> None:
    """(They were: 1,700 paragraphs two blank lines apart, some 150 kB, were "more than 5,000
    blocks".)"""
    blocks, problems = read("a\n\n\n" * 5000)
    assert (len(blocks), problems) == (5000, [])


def test_lines_ending_and_starting_in_capital_x() -> None:
    assert clean("X marks the X\n\n# Head X\n\n- item X\n  more X\n\n| a X |\n|---|\n") == [
        Paragraph((Text("X marks the X"),), 1), Heading(1, (Text("Head X"),), None, 3),
        ListBlock(False, ((Text("item X more X"),),), 5), Table(((Text("a X"),),), (), ("left",), 8)]


def test_a_captions_parts_are_located() -> None:
    assert clean("\n  ![{a:b} :x:](c:d)") == [
        Picture((Ref("a", "b", None, 2, 5), Text(" "), Icon("x", 2, 11)), ((Piece("c", "d", False, 2, 16),),), 2)]


def test_a_stack_of_three_and_a_bad_piece_inside_a_stack() -> None:
    assert clean("![x](a:b+c:d+e:f)")[0].stacks == (
        (Piece("a", "b", False, 1, 6), Piece("c", "d", False, 1, 10), Piece("e", "f", False, 1, 14)),)
    blocks, problems = read("![x](bad+a:b)")
    assert blocks[0].stacks == ((Piece("a", "b", False, 1, 10),),)
    assert problems == [error("1:6", "'bad' is not a piece: a piece is set:id (or set:id:back), and 'a+b' stands b "
                                     "on a")]


def test_a_check_is_shown_every_picture_before_it() -> None:
    *_, check = clean("![x](a:b)\n![y](c:d)\n@check 1")
    assert check.shown == (Piece("a", "b", False, 1, 6), Piece("c", "d", False, 2, 6))


def test_exactly_as_many_parts_as_a_block_may_have() -> None:
    assert len(clean(":a:" * 2000)[0].parts) == 2000
    assert read("\n\n :a:" + ":a:" * 2000)[1] == [error("3:2", "more than 2,000 parts in one block: split it")]


def test_an_icon_at_the_start_of_a_text_ending_in_a_letter() -> None:
    assert clean(":a: b") == [Paragraph((Icon("a", 1, 1), Text(" b")), 1)]


def test_a_backslash_ending_a_cell() -> None:
    assert clean("| a\\ |\n|---|")[0].header == ((Text("a\\"),),)
    assert clean("| b \\|\n|---|")[0].header == ((Text("b |"),),)


def test_cells_without_spaces_and_an_indented_table() -> None:
    assert clean("|a|{b:c}|\n|-|-|") == [Table(((Text("a"),), (Ref("b", "c", None, 1, 4),)), (), ("left", "left"), 1)]
    assert clean("  | {b:c} |\n  |---|")[0].header == ((Ref("b", "c", None, 1, 5),),)


def test_a_quote_escaped_before_its_closing_quote() -> None:
    assert clean('{="a\\""} {=game.X}') == [Paragraph((value('"a\\""', 1, 1), Text(" "), value("game.X", 1, 10)), 1)]


def test_a_table_row_ending_in_capital_x() -> None:
    assert clean("| a\n|---|\n| b X")[0].rows == (((Text("b X"),),),)


def test_three_stars_are_bold_italic_closed_in_the_order_they_were_opened() -> None:
    assert clean("a ***b*** c") == [Paragraph((Text("a "), Styled("bold", (Styled("italic", (Text("b"),)),)),
                                               Text(" c")), 1)]
    assert clean("***a** b*") == [Paragraph((Styled("italic", (Styled("bold", (Text("a"),)), Text(" b"))),), 1)]
    assert clean("***a* b**") == [Paragraph((Styled("bold", (Styled("italic", (Text("a"),)), Text(" b"))),), 1)]
    assert clean("*a **b***") == [Paragraph((Styled("italic", (Text("a "), Styled("bold", (Text("b"),)))),), 1)]


def test_a_check_after_a_tab_and_columns_found_where_they_are() -> None:
    blocks, problems = read("@check\tc == 1\n  @check c\n::: note e")
    assert [(b.source, b.line, b.column) for b in blocks[:2]] == [("c == 1", 1, 8), ("c", 2, 10)]
    assert blocks[2].title == (Text("e"),)
    assert read("::: note e {cards:x y}")[1][0] == error("1:12", "'{cards:x y}' is neither a reference '{set:id}' "
                                                                 "nor a value '{=expression}' (write '\\{' for a brace)")


def test_a_backslash_hyphen_is_a_soft_hyphen() -> None:
    assert clean("Staats\\-streich") == [Paragraph((Text("Staats\u00adstreich"),), 1)]


# --- what the mutation run asked for after boxes in boxes, soft hyphens and '***' -------------


def test_every_box_refused_inside_a_box_takes_its_own_close() -> None:
    blocks, problems = read("::: note\n::: example\n::: example\n:::\n:::\nx\n:::")
    assert blocks == [Box("note", (), (Paragraph((Text("x"),), 6),), 1)]
    assert problems == [
        error("2:1", "a box cannot open inside the box opened at line 1: close it with ':::' first"),
        error("3:1", "a box cannot open inside the box opened at line 1: close it with ':::' first")]


def test_a_heading_with_a_bad_anchor_after_a_good_looking_one_is_cut_at_the_first() -> None:
    assert read("# A {#x} b {#Bad}") == ([Heading(1, (Text("A "),), None, 1)], [error("1:5", ANCHOR)])


def test_a_soft_hyphen_ending_a_line() -> None:
    assert clean("Staats\\-") == [Paragraph((Text("Staats\u00ad"),), 1)]


def test_three_stars_never_closed_are_said_where_they_are() -> None:
    assert read("x ***a") == ([Paragraph((Text("x "), Text("**"), Text("*"), Text("a")), 1)], [
        error("1:3", "'*' opens italic text that is never closed (write '\\*' for a star)"),
        error("1:3", "'**' opens bold text that is never closed (write '\\*' for a star)")])


def test_three_stars_closing_bold_across_italic_are_named() -> None:
    blocks, problems = read("**a ***b**")
    assert blocks == [Paragraph((Text("**"), Text("a "), Text("*"), Text("b")), 1)]
    assert problems == [error("1:5", "'***' closes bold text while other text inside it is still open"),
                        error("1:9", "'**' closes bold text while other text inside it is still open"),
                        error("1:5", "'*' opens italic text that is never closed (write '\\*' for a star)"),
                        error("1:1", "'**' opens bold text that is never closed (write '\\*' for a star)")]


def test_three_stars_closed_by_three_open_bold_first() -> None:
    """The next marker after an opening '***' is another '***', not the '**' further on."""
    assert clean("***a*** **b**") == [Paragraph((Styled("bold", (Styled("italic", (Text("a"),)),)), Text(" "),
                                                 Styled("bold", (Text("b"),))), 1)]


def test_three_stars_then_a_star_open_italic_inside_bold() -> None:
    """The marker right after '***' is the next one: in '****', a '*'."""
    assert read("****a** b*") == (
        [Paragraph((Styled("bold", (Styled("italic", ()), Text("a"))), Text(" b"), Text("*")), 1)],
        [error("1:10", "'*' opens italic text that is never closed (write '\\*' for a star)")])


def test_an_escaped_backslash_ending_a_quoted_text_in_a_value() -> None:
    assert clean('x {="a\\\\"}.') == [Paragraph((Text("x "), value('"a\\\\"', 1, 3), Text(".")), 1)]


def test_a_value_whose_error_has_no_place_is_said_at_its_start() -> None:
    assert read("x {=a\x00}") == ([Paragraph((Text("x "),), 1)], [
        error("1:5", "{=a\\x00}: syntax error: source code string cannot contain null bytes")])


def test_a_carriage_return_starting_a_line_is_a_blank_before_its_text() -> None:
    assert clean("\r@check 1") == [Check(expr.parse("1"), "1", 1, 9, ())]
    assert clean("\r| {a:b} |\n|---|")[0].header == ((Ref("a", "b", None, 1, 4),),)
    assert clean("\r- {a:b}") == [ListBlock(False, ((Ref("a", "b", None, 1, 4),),), 1)]
    assert clean("- a\n\r {c:d}") == [ListBlock(False, ((Text("a "), Ref("c", "d", None, 2, 3)),), 1)]
    assert clean("a\n\r{b:c}") == [Paragraph((Text("a "), Ref("b", "c", None, 2, 2)), 1)]
