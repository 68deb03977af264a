"""pnp.maps: the kinds of map a board can be (only areas so far): the fields of its items and
its settings, each asked of its kind."""

from __future__ import annotations

from typing import Callable

from pnp import maps
from pnp.maps.areas import MapSettings, area_fields
from pnp.model.game import Game
from pnp.problems import Location


def test_the_kinds_of_map() -> None:
    assert maps.MAPS == ("areas",)


def test_the_fields_of_each_kind() -> None:
    at = Location("game.yaml", 4, 3)
    fields = maps.fields_of("areas", at)
    assert list(fields) == list(area_fields(at)) == ["name", "seat", "anchor", "shape", "neighbours"]
    assert fields["seat"].at == at
    assert maps.fields_of("hexes", at) == {}


class Loader:
    def __init__(self):
        self.asked = []

    def read(self, *args, **kwargs):
        self.asked.append(args)
        return None


def test_the_settings_of_each_kind(board_game: Callable[..., tuple[Game, list[str]]]) -> None:
    game, _ = board_game()
    assert isinstance(game.sets["board"].settings, MapSettings)
    loader, where = Loader(), Location("game.yaml", 9, 15)
    assert maps.load_settings("areas", loader, "board.yaml", where) is None
    assert loader.asked == [("board.yaml", where, "board")]
    other = Loader()
    assert maps.load_settings("hexes", other, "board.yaml", where) is None and other.asked == []
