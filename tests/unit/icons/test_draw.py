"""Drawing an icon (pnp.icons.draw): fitted into a square, centred, in the colours of where it is
drawn (the colour rule)."""

from __future__ import annotations

from pathlib import Path

from pnp.model.colours import mix
from pnp.icons import Icon, load_icon
from pnp.icons.draw import draw_icon
from pnp.scene import Circle, Group, Rect, Style, chain, scale, translate

HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
BLACK = Style(fill="#000000")


def write(tmp_path: Path, text: str, name: str = "icon.svg") -> str:
    folder = tmp_path / "icons"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return f"icons/{name}"


# --- the colour rule and drawing ----------------------------------------------------------------


def test_the_colour_rule(tmp_path: Path) -> None:
    file = write(tmp_path, HEAD + """
  <rect width="1" height="1" fill="#000" stroke="#fff" stroke-width="1"/>
  <rect width="1" height="1" fill="currentColor"/>
  <rect width="1" height="1" fill="white"/>
  <rect width="1" height="1" fill="#8c8c8c"/>
  <rect width="1" height="1" fill="#404040"/>
  <rect width="1" height="1" fill="#c62828" stroke="#123456" stroke-width="1"/>
  <g><circle r="1" fill="none" stroke="black" stroke-width="2"/></g>
</svg>""")
    icon, problems = load_icon(tmp_path, file)
    assert icon is not None, problems
    ink, light = "#1d1a16", "#fbf3dc"
    drawn = draw_icon(icon, 0, 0, 100, ink, light)
    fills = [n.style.fill for n in drawn.children[:6]]
    assert fills == [ink, ink, light, mix(light, ink, 0.45), mix(light, ink, 0.75), "#c62828"]
    assert mix(light, ink, 0.45) == "#979183"
    assert drawn.children[0].style.stroke == light
    assert drawn.children[5].style.stroke == "#123456"
    assert drawn.children[6] == Group((Circle(0, 0, 1, Style(stroke=ink, stroke_width=2.0)),))
    # the icon itself keeps the colours as parsed
    assert [n.style.fill for n in icon.nodes[:6]] == ["#000000", "#000000", "#ffffff", "#8c8c8c", "#404040",
                                                       "#c62828"]


def test_draw_icon_scales_a_100_box_exactly_as_the_python_drawings_did() -> None:
    icon = Icon("dot", "icons/dot.svg", (0.0, 0.0, 100.0, 100.0), (Circle(50, 50, 10, BLACK),))
    drawn = draw_icon(icon, 12.5, 7.25, 38, "#222222", "#eeeeee")
    assert drawn == Group((Circle(50, 50, 10, Style(fill="#222222")),), chain(scale(38 / 100), translate(12.5, 7.25)))
    assert drawn.transform == (0.38, 0.0, 0.0, 0.38, 12.5, 7.25)


def test_draw_icon_centres_an_offset_view_box_and_keeps_its_aspect() -> None:
    wide = Icon("wide", "icons/wide.svg", (10.0, 20.0, 200.0, 100.0), ())
    # 200 wide into 50: scale 0.25; 100 high becomes 25, centred in 50: 12.5 down
    assert draw_icon(wide, 3, 4, 50, "#000000", "#ffffff").transform == (0.25, 0.0, 0.0, 0.25, 3 - 2.5, 4 - 5 + 12.5)
    tall = Icon("tall", "icons/tall.svg", (-10.0, 0.0, 50.0, 100.0), ())
    assert draw_icon(tall, 0, 0, 20, "#000000", "#ffffff").transform == (0.2, 0.0, 0.0, 0.2, 2 + 5, 0.0)


def test_draw_icon_remembers_its_recolouring_per_icon_and_colours() -> None:
    icon = Icon("same", "icons/same.svg", (0.0, 0.0, 100.0, 100.0), (Rect(0, 0, 1, 1, BLACK),))
    other = Icon("same", "icons/same.svg", (0.0, 0.0, 100.0, 100.0), (Rect(0, 0, 2, 2, BLACK),))
    first = draw_icon(icon, 0, 0, 10, "#111111", "#eeeeee")
    again = draw_icon(icon, 5, 5, 20, "#111111", "#eeeeee")
    assert again.children is first.children
    assert draw_icon(icon, 0, 0, 10, "#222222", "#eeeeee").children[0].style.fill == "#222222"
    # an icon of the same name (a file edited while pnp watches) is not mistaken for the first
    assert draw_icon(other, 0, 0, 10, "#111111", "#eeeeee").children == (Rect(0, 0, 2, 2, Style(fill="#111111")),)
    assert icon.nodes == (Rect(0, 0, 1, 1, BLACK),)
