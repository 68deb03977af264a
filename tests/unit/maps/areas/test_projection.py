"""pnp.maps.areas.projection: what pnp gives PROJ of a board's projection, read from the string
alone (only a PROJ string of a map projection's parameters, or an EPSG code), and what pyproj
then says of it: not a map projection, not on WGS 84, or unknown; and PROJ kept off the
network before each use."""

from __future__ import annotations

import os

import pytest

from pnp.maps.areas.projection import (NOT_PROJECTIONS, PROJECTION_ALLOWED, PROJECTION_PARAMETERS, projection_problem,
                                       projection_refused)

ALLOWED = ("+proj +lat_0 +lon_0 +lat_1 +lat_2 +lat_ts +lonc +alpha +gamma +k +k_0 +x_0 +y_0 +h +zone +south +ellps "
           "+R +a +b +rf +f +datum=WGS84 +units +to_meter +pm +over +no_defs +type=crs")
NOT_PROJ = ("pnp takes a PROJ string of the parameters of a map projection (+proj=NAME ...) or an EPSG code "
            "(EPSG:NNNN) of a projection on WGS 84, not WKT, PROJJSON, a URL or the name of a file")
LCC = "+proj=lcc +lat_1=12 +lat_2=32 +lat_0=22 +lon_0=78 +datum=WGS84 +units=m +no_defs"


@pytest.fixture(autouse=True)
def worked_out_anew():
    """Each test's projections worked out anew (a process keeps what pyproj said of each)."""
    from pnp.maps.areas import projection

    projection._unusable.cache_clear()
    yield
    projection._unusable.cache_clear()


def test_what_pyproj_says_of_a_projection_is_worked_out_once() -> None:
    from pnp.maps.areas import projection

    assert projection_problem(LCC) is None and projection_problem(" " + LCC + " ") is None
    assert projection._unusable.cache_info()[:2] == (1, 1)  # (hits, misses)
    assert os.environ["PROJ_NETWORK"] == "OFF"


def unknown(parameter: str) -> str:
    return (f"{parameter} is refused: a projection takes only {ALLOWED} (no file, grid or URL), or is an EPSG code "
            f"on WGS 84")


def test_the_parameters_a_projection_may_take() -> None:
    assert PROJECTION_ALLOWED == ALLOWED
    assert len(PROJECTION_PARAMETERS) == 29
    assert {k for k, v in PROJECTION_PARAMETERS.items() if v == "flag"} == {"south", "over", "no_defs"}
    assert {k for k, v in PROJECTION_PARAMETERS.items() if v == "name"} == {"proj", "ellps", "units", "pm"}
    assert "pipeline" in NOT_PROJECTIONS and "hgridshift" in NOT_PROJECTIONS and "lcc" not in NOT_PROJECTIONS


@pytest.mark.parametrize("projection", [
    LCC, "+proj=merc +datum=WGS84 +type=crs", "+proj=merc +pm=10", "+proj=merc +pm=lisbon", "+proj=merc +pm=-7.5",
    "+proj=merc +lat_0=.5 +lon_0=-1e3 +x_0=+2.5E-1 +k_0=1. +y_0=3e+2", "+proj=merc +units=m +over +no_defs +south",
    "+proj=utm +zone=43 +ellps=WGS84", "+proj=eqc +R=6371000", "+proj=a_b-c9", "  +proj=merc  ",
    "EPSG:3857", " epsg:3857 ", "EPSG:1", "EPSG:999999",
])
def test_what_pnp_gives_pyproj(projection: str) -> None:
    assert projection_refused(projection) is None


@pytest.mark.parametrize("projection, reason", [
    (5, "it is not a text"),
    (None, "it is not a text"),
    ("", NOT_PROJ),
    ("   ", NOT_PROJ),
    ("lcc", NOT_PROJ),
    ("EPSG:1234567", NOT_PROJ),  # (seven digits: no code)
    ("EPSG:", NOT_PROJ),
    ("ESRI:102003", NOT_PROJ),
    ('PROJCRS["x"]', NOT_PROJ),
    ("https://example.com/crs +proj=merc", NOT_PROJ),
    ("+proj=merc +nadgrids=@null", unknown("+nadgrids")),
    ("+proj=merc +towgs84=0,0,0", unknown("+towgs84")),
    ("+proj=merc lat_0=1", unknown("lat_0")),  # (PROJ takes parameters without their +)
    ("+proj=merc south", unknown("south")),  # (a parameter's name, but without its +)
    ("+Proj=merc", unknown("+Proj")),
    ("+proj=merc +", unknown("+")),
    ("+proj=merc +1=2", unknown("+1")),
    ("+proj=merc +init=" + "x" * 60, unknown("+init")),
    ("+proj=merc +" + "n" * 50 + "=1", unknown("+" + "n" * 39)),  # (the name cut to 40 characters)
    ("+proj=merc +south=1", "+south=1 is refused: +south takes no value"),
    ("+proj=merc +over=", "+over= is refused: +over takes no value"),
    ("+proj=merc +no_defs=yes", "+no_defs=yes is refused: +no_defs takes no value"),
    ("+proj=merc +type=abc", "+type=abc is refused: +type takes only crs"),
    ("+proj=merc +type", "+type is refused: +type takes only crs"),
    ("+proj=merc +datum=NAD27", "+datum=NAD27 is refused: +datum takes only WGS84 (other datums may need grid files: "
                                "give the ellipsoid, +ellps=NAME)"),
    ("+proj=merc +datum=wgs84", "+datum=wgs84 is refused: +datum takes only WGS84 (other datums may need grid files: "
                                "give the ellipsoid, +ellps=NAME)"),
    ("+proj=merc +datum", "+datum is refused: +datum takes only WGS84 (other datums may need grid files: give the "
                          "ellipsoid, +ellps=NAME)"),
    ("+proj", "+proj is refused: +proj takes a name"),
    ("+proj=", "+proj= is refused: +proj takes a name"),
    ("+proj=9a", "+proj=9a is refused: +proj takes a name"),
    ("+proj=merc +ellps=./grid", "+ellps=./grid is refused: +ellps takes a name"),
    ("+proj=merc +units=1", "+units=1 is refused: +units takes a name"),
    ("+proj=merc +pm=1x", "+pm=1x is refused: +pm takes a name"),
    ("+proj=merc +pm", "+pm is refused: +pm takes a name"),
    ("+proj=merc +ellps=10", "+ellps=10 is refused: +ellps takes a name"),  # (only pm: takes a number)
    ("+proj=merc +k=a", "+k=a is refused: +k takes a number"),
    ("+proj=merc +k", "+k is refused: +k takes a number"),
    ("+proj=merc +k=", "+k= is refused: +k takes a number"),
    ("+proj=merc +lat_0=1.2.3", "+lat_0=1.2.3 is refused: +lat_0 takes a number"),
    ("+proj=merc +lat_0=1 2", unknown("2")),
    ("+proj=pipeline +step +init=x", "+proj=pipeline is refused: it is not a map projection"),
    ("+proj=hgridshift +grids=x", "+proj=hgridshift is refused: it is not a map projection"),
    ("+proj=vertoffset", "+proj=vertoffset is refused: it is not a map projection"),
    ("+proj=merc +proj=push", "+proj=push is refused: it is not a map projection"),
])
def test_what_pnp_refuses(projection, reason: str) -> None:
    assert projection_refused(projection) == reason
    if isinstance(projection, str):
        assert projection_problem(projection) == reason  # pyproj never sees it


def test_the_first_wrong_parameter_is_the_one_told() -> None:
    assert projection_refused("+proj=merc +k=a +south=1") == "+k=a is refused: +k takes a number"
    assert projection_refused("+proj=merc +south=1 +k=a") == "+south=1 is refused: +south takes no value"
    assert projection_refused("+proj=pipeline +k=a") == "+proj=pipeline is refused: it is not a map projection"


@pytest.mark.parametrize("projection, reason", [
    (LCC, None),
    ("EPSG:3857", None),
    (" epsg:3857 ", None),
    ("+proj=eqc +R=6371000", None),
    ("EPSG:4326", "it is not a map projection (it gives degrees, not metres)"),
    ("+proj=longlat +ellps=WGS84", "it is not a map projection (it gives degrees, not metres)"),
    ("EPSG:27700", "it is not on WGS 84 (the datum shift may need grid files): give it as a PROJ string, +proj=NAME "
                   "with its parameters and +ellps=NAME"),
    ("EPSG:999999", "Invalid projection: EPSG:999999: (Internal Proj Error: proj_create: crs not found: EPSG:999999)"),
    ("+proj=foo", "Invalid projection: +proj=foo +type=crs: (Internal Proj Error: proj_create: Error 1027 (Invalid "
                  "value for an argument): Unknown projection)"),
    ("+proj=eqc +R=5729578", "longitudes and latitudes cannot be projected onto it: Source and target ellipsoid do "
                             "not belong to the same celestial body (Non-Earth body vs Earth)"),
])
def test_what_pyproj_says(projection: str, reason: str | None) -> None:
    assert projection_problem(projection) == reason


def test_only_the_first_line_of_what_pyproj_says(monkeypatch) -> None:
    import pyproj
    from pyproj.exceptions import CRSError

    def refuse(value):
        raise CRSError("Invalid projection: first line\nsecond line")

    monkeypatch.setattr(pyproj.CRS, "from_user_input", refuse)
    assert projection_problem(LCC) == "Invalid projection: first line"


def test_only_the_first_line_of_what_pyproj_says_when_it_cannot_transform(monkeypatch) -> None:
    import pyproj
    from pyproj.exceptions import ProjError

    def refuse(*args, **kwargs):
        raise ProjError("Error creating Transformer from CRS.: first line\nsecond line")

    monkeypatch.setattr(pyproj.Transformer, "from_crs", refuse)
    assert projection_problem(LCC) == ("longitudes and latitudes cannot be projected onto it: Error creating "
                                       "Transformer from CRS.: first line")


def test_a_projection_on_another_ellipsoid_given_as_parameters_is_taken() -> None:
    """Only an EPSG code must be on WGS 84; a PROJ string on an ellipsoid of its own needs no grid."""
    assert projection_problem("+proj=lcc +lat_1=12 +lat_2=32 +ellps=intl") is None
    assert projection_problem("EPSG:3857") is None and projection_problem("EPSG:2154") is not None


def test_proj_is_kept_off_the_network_before_each_use(monkeypatch) -> None:
    import pyproj.network

    monkeypatch.setenv("PROJ_NETWORK", "ON")
    pyproj.network.set_network_enabled(True)
    try:
        assert projection_problem("+proj=foo +k=a") is not None and os.environ["PROJ_NETWORK"] == "ON"  # refused
        assert pyproj.network.is_network_enabled()
        assert projection_problem(LCC) is None
        assert os.environ["PROJ_NETWORK"] == "OFF" and not pyproj.network.is_network_enabled()
    finally:
        pyproj.network.set_network_enabled(False)
