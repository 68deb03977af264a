"""The map's own texts go through a fit check (map-label), worked out by the same placement
the map is drawn with: an area's name and its seat's, and the legend's, scale's and compass's
texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.kit.pieces import Kit
from pnp.maps.areas import area_labels, geography_of, label_style, map_frame, map_layout
from pnp.maps.areas.checks import map_label
from pnp.build.pipeline import game_fonts
from pnp.scene import Text as TextNode
from pnp.units import to_mm
from pnp.checks.validate import validate

from conftest import INVALID, ROOT, make_game, walk


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The map-label case: a French name too long for its area, an English seat's name too
    long for its, and a compass, scale and legend text too long for their boxes in French."""
    return make_game(tmp_path_factory.mktemp("crowded") / "game", INVALID / "map-label")


def texts(game, language: str) -> dict[str, TextNode]:
    kit = Kit(game, game_fonts(game), {}, language)
    page = kit.get("board").boards[0].make()
    return {t.text: t for t in walk(page.content) if isinstance(t, TextNode)}


def highlands_map(crowded: Path) -> tuple:
    """The crowded game, its board's geography, the map's frame and label style, and its
    highlands area."""
    game = validate(crowded).game
    component = game.sets["board"]
    geography = geography_of(component)
    _, box = map_layout(component)
    style = label_style(box, game_fonts(game), game.sets["markers"])
    highlands = next(a for a in geography.areas if a.id == "highlands")
    return game, geography, map_frame(geography, box), style, highlands


def test_the_check_asks_the_placement_the_map_is_drawn_with(crowded: Path) -> None:
    game, geography, frame, style, highlands = highlands_map(crowded)
    placed = area_labels(geography, frame, highlands, "Hautes-Terres du Septentrion", "Hauteville", style)
    assert not placed.fits and placed.name_size == 12
    # worked out once: the check and the drawing find it kept
    assert area_labels(geography, frame, highlands, "Hautes-Terres du Septentrion", "Hauteville", style) is placed
    drawn = texts(game, "fr")["Hautes-Terres du Septentrion"]
    assert (drawn.x, drawn.y) == pytest.approx((placed.name_at[0], placed.name_at[1] + placed.name_height / 2))
    assert drawn.size == 12
    # printed over the marker's spot, in the middle of the area: what the check reports
    assert placed.spot == placed.name_at
    found = [message for _, message in map_label(game)]
    assert ("area 'highlands': its name 'Hautes-Terres du Septentrion' does not fit inside the area "
            "even at 12 pt (58.2 mm wide), clear of its seat and its marker's spot: give it a shorter "
            "name or a smaller min_size") in found
    assert len(found) == 5


def test_a_name_that_fits_in_one_language_is_not_reported_for_it(crowded: Path) -> None:
    game, geography, frame, style, highlands = highlands_map(crowded)
    assert area_labels(geography, frame, highlands, "Highlands", "Hightown", style).fits
    assert not any("'Highlands'" in message for _, message in map_label(game))


def test_a_long_unit_shortens_the_scale_bar_and_shrinks_to_fit(mini: Path) -> None:
    """The mini game's scale box leaves its unit room with four steps, not five, and prints it
    whole inside the box at its size."""
    game = validate(mini / "game.yaml").game
    layout, _ = map_layout(game.sets["board"])
    scale = next(b for b in layout.boxes if b.kind == "scale")
    found = texts(game, "en")
    assert "400" in found and "500" not in found
    unit = found["kilometres"]
    font = game_fonts(game)["body"]
    assert unit.size == 8
    assert unit.x + font.width(unit.text, unit.size) <= scale.right
    assert to_mm(scale.right - (unit.x + font.width(unit.text, unit.size))) == pytest.approx(9.0, abs=0.05)


def test_the_anarchy_prints_every_name_inside_its_area_in_every_language() -> None:
    """Every area's name inside it, and every seat's but the cape's in every language."""
    game = validate(ROOT / "game.yaml").game
    component = game.sets["board"]
    geography = geography_of(component)
    layout, box = map_layout(component)
    style = label_style(box, game_fonts(game), game.sets["markers"])
    frame = map_frame(geography, box)
    for language in game.languages:
        for area in geography.areas:
            placed = area_labels(geography, frame, area, area.name.get(language), area.city.get(language), style)
            # (Padmanabhapuram, at the cape, where no place beside its seat lies inside: on the sea beside it)
            assert placed.fits and (placed.city_inside >= 0.99) != (area.id == "travancore"), (language, area.id)
            assert placed.city_offshore == (area.id == "travancore"), (language, area.id)
    assert list(map_label(game)) == []
