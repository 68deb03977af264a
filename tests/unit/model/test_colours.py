"""pnp.model.colours: colour blindness simulated by three models (Viénot 1999, Brettel 1997,
Machado 2009), and the smallest CIEDE2000 difference of two colours as each vision sees them."""

from __future__ import annotations

import pytest

from pnp.model import colours

VISIONS = ("deuteranopia", "protanopia", "tritanopia")


def test_machados_matrices_are_the_published_ones_for_severity_one() -> None:
    """The rows Machado, Oliveira & Fernandes (2009) publish for severity 1.0 (as DaltonLens
    and coloraide print them too): pure red, green and blue give the matrices' columns."""
    assert colours.MACHADO == {
        "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                         (-0.011820, 0.042940, 0.968881)),
        "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                       (-0.003882, -0.048116, 1.051998)),
        "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                       (0.004733, 0.691367, 0.303900)),
    }
    for vision, rows in colours.MACHADO.items():
        for column, primary in enumerate(("#ff0000", "#00ff00", "#0000ff")):
            assert colours.seen(primary, vision, "machado") == pytest.approx(tuple(r[column] for r in rows),
                                                                             abs=1e-15)
    from coloraide.filters import cvd

    # (coloraide's tables, of eleven severities: the last is the same)
    for vision, table in (("deuteranopia", cvd.MACHADO_DEUTAN), ("protanopia", cvd.MACHADO_PROTAN),
                          ("tritanopia", cvd.MACHADO_TRITAN)):
        assert [tuple(row) for row in table[10]] == list(colours.MACHADO[vision])


def test_a_known_colour_through_each_model() -> None:
    """#336699 is (0.0331048, 0.1328683, 0.3185468) in linear sRGB; each model sees it so."""
    linear = (0.033104766570885055, 0.13286832155381798, 0.31854677812509186)
    expected = {
        ("deuteranopia", "vienot"): (0.10366252943174142, 0.10366252943174137, 0.32077515545380225),
        ("deuteranopia", "brettel"): (0.04837634444889123, 0.1265469968576152, 0.3190290898727602),
        ("deuteranopia", "machado"): (0.05389422662273692, 0.11372948604951547, 0.3139479883232702),
        ("protanopia", "vienot"): (0.12165661777549684, 0.12165661777549681, 0.31814714844173486),
        ("protanopia", "brettel"): (0.05381214846745347, 0.13024652394382288, 0.31845332683798827),
        ("protanopia", "machado"): (0.07963628764716486, 0.13986736896478272, 0.3285889686303287),
        ("tritanopia", "vienot"): (0.015909757957894288, 0.1496057805811524, 0.21637999903411786),
        ("tritanopia", "brettel"): (0.015909757957894288, 0.1496057805811524, 0.21637999903411786),
        ("tritanopia", "machado"): (-0.02558302389414959, 0.1680973932104179, 0.18882382360009387),
    }
    for (vision, model), found in expected.items():
        assert colours.seen("#336699", vision, model) == pytest.approx(found, abs=1e-15), (vision, model)
    # Machado's by hand: each row times the linear colour (deuteranopia's first row:
    # 0.367322 x 0.0331048 + 0.860646 x 0.1328683 - 0.227968 x 0.3185468 = 0.0538942)
    for vision, rows in colours.MACHADO.items():
        assert colours.seen("#336699", vision, "machado") == pytest.approx(
            tuple(sum(m * c for m, c in zip(row, linear)) for row in rows), abs=1e-15)
    # Viénot's deuteranope and protanope see red and green alike: the first two equal
    assert colours.seen("#ff0000", "deuteranopia", "vienot") == pytest.approx(
        (0.2927501142784356, 0.2927501142784356, -0.022336587034129083), abs=1e-15)
    # (white is white to everyone, to six places in Machado's rounded matrices)
    for vision in VISIONS:
        for model in colours.MODELS:
            assert colours.seen("#ffffff", vision, model) == pytest.approx((1.0, 1.0, 1.0), abs=2e-6)


def test_the_smallest_difference_with_its_vision_and_model() -> None:
    """A red and a dark green: 10.6 apart to Viénot's protanope, 10.8 to Brettel's, 8.6 to
    Machado's; the first of the models listed wins a tie."""
    red, green = "#c0062b", "#1b5e20"
    assert colours.difference_seen(green, red) == (pytest.approx(63.43864568083187), "normal", None)
    assert colours.difference_seen(green, red, VISIONS) == (pytest.approx(10.605847076108), "protanopia", "vienot")
    assert colours.difference_seen(green, red, VISIONS, ("brettel",)) == (pytest.approx(10.7573054044467),
                                                                         "protanopia", "brettel")
    assert colours.difference_seen(green, red, VISIONS, ("machado",)) == (pytest.approx(8.643412022660344),
                                                                         "protanopia", "machado")
    assert colours.difference_seen(green, red, VISIONS, colours.MODELS)[1:] == ("protanopia", "machado")
    assert colours.difference_seen(green, red, ("tritanopia",), colours.MODELS)[1:] == ("tritanopia", "vienot")
    assert colours.difference_seen(green, red, ("tritanopia",), ("brettel", "vienot"))[1:] == ("tritanopia",
                                                                                             "brettel")
    # no model without a vision; plain sight when it is the worst (black and white are as far
    # apart to these viewers; Machado's deuteranope, with rounded rows, sees them a little closer)
    assert colours.difference_seen(green, red, (), colours.MODELS)[1:] == ("normal", None)
    assert colours.difference_seen("#000000", "#ffffff", ("protanopia", "tritanopia"), ("vienot", "brettel")) == (
        100.0, "normal", None)
    assert colours.difference_seen("#000000", "#ffffff", VISIONS, colours.MODELS) == (
        pytest.approx(99.99997513829923), "deuteranopia", "machado")


def test_the_default_model_is_coloraides_own_choice() -> None:
    """Viénot for deuteranopia and protanopia, Brettel for tritanopia, as the check always had."""
    from coloraide import Color

    for vision, kind in colours.VISIONS.items():
        for first, second in (("#c0062b", "#1b5e20"), ("#6ef2ea", "#3ebdf3")):
            expected = Color(first).filter(kind).delta_e(Color(second).filter(kind), method="2000")
            assert colours.difference_seen(first, second, (vision,))[0] == pytest.approx(expected, abs=1e-12)
            machado = Color(first).filter(kind, method="machado").delta_e(
                Color(second).filter(kind, method="machado"), method="2000")
            assert colours.difference_seen(first, second, (vision,), ("machado",))[0] == pytest.approx(machado,
                                                                                                      abs=1e-9)


def test_differences_are_remembered_by_vision_and_model() -> None:
    colours.difference_seen("#123456", "#654321", ("tritanopia",), ("machado", "brettel"))
    known = colours.remembered()
    assert {"difference #123456 #654321 tritanopia machado", "difference #123456 #654321 tritanopia brettel",
            "difference #123456 #654321"} <= set(known)
    assert "difference #123456 #654321 tritanopia vienot" not in known
    colours.remember({"difference #123456 #654321 tritanopia machado": 0.5})
    assert colours.difference_seen("#123456", "#654321", ("tritanopia",), ("machado", "brettel")) == (
        0.5, "tritanopia", "machado")


def test_each_colour_is_converted_once_for_every_pair_it_is_in() -> None:
    """A colour as each viewer sees it is worked out once, whatever it is compared with, and
    gives the very difference a conversion for each pair gave (the same coordinates)."""
    from coloraide import Color

    trio = ("#0a1b2c", "#2c1b0a", "#1b2c0a")
    colours._labs.clear()
    found = [colours.difference_seen(a, b, ("deuteranopia",), ("brettel",)) for a, b in
             ((trio[0], trio[1]), (trio[0], trio[2]), (trio[1], trio[2]))]
    assert set(colours._labs) == {(c, None, None) for c in trio} | {(c, "deuteranopia", "brettel") for c in trio}
    for (a, b), (apart, _, _) in zip(((trio[0], trio[1]), (trio[0], trio[2]), (trio[1], trio[2])), found):
        one, other = (Color("srgb-linear", list(colours.seen(c, "deuteranopia", "brettel"))) for c in (a, b))
        assert min(apart, Color(a).delta_e(b, method="2000")) == apart
        assert colours.difference(a, b) == Color(a).delta_e(b, method="2000")
        assert float(colours._known[f"difference {a} {b} deuteranopia brettel"]) == one.delta_e(other, method="2000")


def test_the_check_kind_offers_every_model() -> None:
    from pnp.checks.kinds.colour_distinct import KIND

    assert tuple(KIND.schema["model"]["items"]["enum"]) == colours.MODELS


def _games_colours() -> list[str]:
    """Every #rrggbb colour written in the three bundled games' files."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    found: set[str] = set()
    for folder in (root, root / "examples" / "anarchipel", root / "examples" / "furia-cartese"):
        for path in sorted(folder.iterdir()):
            if path.name in ("examples", "tests", "docs", "pnp", "benchmarks", "out"):
                continue
            for file in [path] if path.is_file() else sorted(path.rglob("*")):
                if file.suffix in (".yaml", ".yml", ".svg"):
                    found.update(c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", file.read_text("utf-8")))
    return sorted(found)


def test_the_plain_arithmetic_is_coloraides_to_the_last_bit() -> None:
    """Luminance, contrast, grey and mix are worked out without coloraide, with its floats in its
    order: the very results coloraide gives, for every colour of the three games (and every pair
    of them, mixed by the amounts the games use) and for 200,000 random colours (100,000 pairs of them for the contrast,
    60,000 mixed by random amounts)."""
    import random

    from coloraide import Color

    games = _games_colours()
    assert len(games) > 100 and "#ffffff" in games and "#000000" in games
    rng = random.Random(45)
    randoms = ["#%06x" % rng.randrange(1 << 24) for _ in range(200_000)]
    amounts = (0, 1, 0.0, 1.0, 0.12, 0.22, 0.25, 0.3, 0.35, 0.45, 0.5, 0.55, 0.6, 0.63, 0.72, 0.78, 0.8, 0.85)
    checked = 0
    for colour in games + randoms:
        y = Color(colour).luminance()
        assert colours._luminance_of(colour) == y, colour
        assert colours._luminance_of(colour.upper()) == y
        grey = Color("srgb-linear", [y, y, y]).convert("srgb")
        if grey.in_gamut(tolerance=0):
            assert colours._hex((colours._gamma(y),) * 3) == grey.to_string(hex=True, fit=True), colour
            checked += 1
        else:  # left to coloraide
            assert colours._hex((colours._gamma(y),) * 3) is None
    assert checked > 200_000
    pairs = [(a, b, amount) for a in games for b in games[:12] for amount in amounts]
    pairs += [(randoms[i], randoms[-1 - i], rng.random()) for i in range(30_000)]
    pairs += [(randoms[i], randoms[i + 1], rng.choice(amounts)) for i in range(30_000)]
    for a, b, amount in pairs:
        expected = Color(a).mix(b, amount, space="srgb").to_string(hex=True, fit=True)
        assert colours._mix_of(a, b, amount) == expected, (a, b, amount)
        first, second = (colours._luminance_of(c) for c in (a, b))
        assert max(first, second) + 0.05 > 0
    for a, b in zip(games + randoms[:100_000], games[::-1] + randoms[100_000:]):
        colours._known.pop(f"contrast {a} {b}", None)
        assert colours.contrast(a, b) == Color(b).contrast(a, method="wcag21"), (a, b)


def test_what_the_plain_arithmetic_does_not_take_is_left_to_coloraide() -> None:
    """Other strings than #rrggbb, amounts outside 0..1 and results outside the gamut go to
    coloraide, whose answer they keep."""
    from coloraide import Color

    assert colours._channels("#12_345") is None and colours._channels("#fff") is None
    assert colours._channels(" #123456") is None and colours._channels(None) is None  # type: ignore[arg-type]
    assert colours._mix_of("#123456", "#fff", 0.5) is None
    assert colours._mix_of("#123456", "#abcdef", 1.5) is None and colours._mix_of("#123456", "#abcdef", True) is None
    assert colours._hex((0.5, 1.0000000000000002, 0.0)) is None
    assert colours.mix("#123456", "#fff", 0.5) == Color("#123456").mix("#fff", 0.5, space="srgb").to_string(
        hex=True, fit=True) == "#899aab"
    assert colours.luminance("red") == Color("red").luminance()
    assert colours.grey("#ffffff") == "#ffffff" and colours.grey("#000000") == "#000000"


def test_a_process_that_composes_does_not_import_coloraide() -> None:
    """Luminance, contrast, grey, mix and the differences seen of #rrggbb colours import no coloraide."""
    import subprocess
    import sys

    code = ("import sys; from pnp.model import colours as c; "
            "c.luminance('#336699'); c.contrast('#336699', '#ffffff'); c.grey('#336699'); c.mix('#336699', '#000000', 0.3);"
            "c.printed_light('#102030'); c.difference_seen('#336699', '#993366', ('protanopia', 'tritanopia'), c.MODELS);"
            "print('coloraide' in sys.modules)")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"


def test_coloraides_matrices_are_the_ones_used_here() -> None:
    from coloraide import util
    from coloraide.cat import WHITES
    from coloraide.filters import cvd
    from coloraide.spaces import lab, srgb_linear

    assert colours._LRGB_TO_LMS == tuple(tuple(row) for row in cvd.LRGB_TO_LMS)
    assert colours._VIENOT == {"protanopia": tuple(tuple(row) for row in cvd.VIENOT_PROTAN),
                               "deuteranopia": tuple(tuple(row) for row in cvd.VIENOT_DEUTAN)}
    for vision, wings in (("protanopia", cvd.BRETTEL_PROTAN), ("deuteranopia", cvd.BRETTEL_DEUTAN),
                          ("tritanopia", cvd.BRETTEL_TRITAN)):
        assert colours._BRETTEL[vision] == (tuple(tuple(r) for r in wings[0]), tuple(tuple(r) for r in wings[1]),
                                            tuple(wings[2]))
    assert colours._TO_XYZ == tuple(tuple(row) for row in srgb_linear.RGB_TO_XYZ)
    assert list(colours._WHITE) == util.xy_to_xyz(WHITES["2deg"]["D65"])
    assert (colours._EPSILON, colours._KAPPA) == (lab.EPSILON, lab.KAPPA)


def test_the_simulations_and_differences_are_coloraides_to_the_last_bit() -> None:
    """Each colour as each viewer sees it under each model, its CIELab, and the CIEDE2000 of
    pairs of them: coloraide's very floats, for every colour of the three games (every pair of
    them in plain sight) and 20,000 random colours and pairs."""
    import random

    from coloraide import Color

    games = _games_colours()
    rng = random.Random(2000)
    randoms = ["#%06x" % rng.randrange(1 << 24) for _ in range(20_000)]
    seen_as = [(vision, model) for vision in VISIONS for model in colours.MODELS]
    for i, colour in enumerate(games + randoms):
        vision, model = seen_as[i % len(seen_as)] if i >= len(games) else (None, None)
        for vision, model in seen_as if i < len(games) else [(vision, model)]:
            linear = Color(colour).convert("srgb-linear")
            expected = tuple(sum(m * c for m, c in zip(row, linear[:3])) for row in colours.MACHADO[vision]) \
                if model == "machado" else \
                tuple(linear.filter(colours.VISIONS[vision], method={"vienot": None, "brettel": "brettel"}[model])[:3])
            assert colours.seen(colour, vision, model) == expected, (colour, vision, model)
            assert colours._lab_of(expected) == tuple(Color("srgb-linear", list(expected)).convert("lab-d65")[:3])
        assert colours._lab_of(colours._linear_of(colour)) == tuple(Color(colour).convert("lab-d65")[:3]), colour
    pairs = [(a, b) for a in games for b in games] + list(zip(randoms[:10_000], randoms[10_000:]))
    for a, b in pairs:
        assert colours._ciede2000(colours._lab_of(colours._linear_of(a)), colours._lab_of(colours._linear_of(b))) \
            == Color(a).delta_e(b, method="2000"), (a, b)
    for i, (a, b) in enumerate(zip(randoms[:2_000], randoms[2_000:4_000])):
        vision, model = seen_as[i % len(seen_as)]
        one, other = (Color("srgb-linear", list(colours.seen(c, vision, model))) for c in (a, b))
        assert colours._ciede2000(colours._lab(a, vision, model), colours._lab(b, vision, model)) \
            == one.delta_e(other, method="2000"), (a, b, vision, model)
    assert colours._lab("red") == tuple(Color("red").convert("lab-d65")[:3])  # (not #rrggbb: coloraide's)
    assert colours.seen("red", "tritanopia") == colours.seen("#ff0000", "tritanopia")
