"""pnp.render: pictures as the backends draw them: as they are when reportlab and browsers take
them so, else turned upright as their EXIF says and made 8 bits a channel (16-bit and floating
grey scaled, CMYK and other modes made RGB); their size as drawn; and in greys for a greyscale
kit, their transparency kept. Pictures are written in tmp_path, their pixels checked."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image as Picture

from pnp.render import DRAWN_AS_IS, ORIENTATION, grey_picture, picture_size, upright

RED, BLUE = (255, 0, 0), (0, 0, 255)


def save(tmp_path: Path, picture: Picture.Image, name: str, orientation: int | None = None) -> str:
    path = tmp_path / name
    if orientation is None:
        picture.save(path)
    else:
        exif = Picture.Exif()
        exif[ORIENTATION] = orientation
        picture.save(path, exif=exif)
    return str(path)


def marked(size: tuple[int, int] = (4, 2)) -> Picture.Image:
    """A red picture with its top left pixel blue."""
    picture = Picture.new("RGB", size, RED)
    picture.putpixel((0, 0), BLUE)
    return picture


def test_the_modes_drawn_as_they_are() -> None:
    assert DRAWN_AS_IS == {"1", "L", "LA", "P", "RGB", "RGBA"}
    assert ORIENTATION == 0x0112


@pytest.mark.parametrize("mode", ["1", "L", "LA", "P", "RGB", "RGBA"])
def test_a_picture_drawn_as_it_is(tmp_path: Path, mode: str) -> None:
    path = save(tmp_path, Picture.new(mode, (3, 2)), f"{mode}.png")
    assert upright(path) is None
    assert picture_size(path) == (3, 2)


def test_an_orientation_of_1_is_upright(tmp_path: Path) -> None:
    assert upright(save(tmp_path, marked(), "a.png", orientation=1)) is None


@pytest.mark.parametrize("orientation, size, blue", [(6, (2, 4), (1, 0)), (3, (4, 2), (3, 1)), (8, (2, 4), (0, 3)),
                                                      (2, (4, 2), (3, 0))])
def test_a_picture_turned_as_its_exif_says(tmp_path: Path, orientation: int, size: tuple, blue: tuple) -> None:
    path = save(tmp_path, marked(), f"{orientation}.png", orientation)
    drawn = upright(path)
    assert drawn.mode == "RGB" and drawn.size == size
    assert [xy for xy in ((x, y) for x in range(size[0]) for y in range(size[1])) if drawn.getpixel(xy) == BLUE] \
        == [blue]
    assert picture_size(path) == size


def test_16_bit_grey_is_scaled_to_8(tmp_path: Path) -> None:
    picture = Picture.new("I;16", (3, 1))
    for x, value in enumerate((0, 257 * 100, 65535)):
        picture.putpixel((x, 0), value)
    drawn = upright(save(tmp_path, picture, "grey.png"))
    assert drawn.mode == "L"
    assert [drawn.getpixel((x, 0)) for x in range(3)] == [0, 100, 255]


def test_32_bit_grey_is_scaled_as_16(tmp_path: Path) -> None:
    picture = Picture.new("I", (2, 1))
    picture.putpixel((0, 0), 257 * 50)
    picture.putpixel((1, 0), 65535)
    drawn = upright(save(tmp_path, picture, "grey.tiff"))
    assert drawn.mode == "L" and [drawn.getpixel((x, 0)) for x in range(2)] == [50, 255]


def test_floating_grey_from_0_to_1_is_black_to_white(tmp_path: Path) -> None:
    picture = Picture.new("F", (3, 1))
    for x, value in enumerate((0.0, 0.2, 1.0)):
        picture.putpixel((x, 0), value)
    drawn = upright(save(tmp_path, picture, "unit.tiff"))
    assert drawn.mode == "L" and [drawn.getpixel((x, 0)) for x in range(3)] == [0, 51, 255]
    for x, value in enumerate((0.0, 20.0, 200.0)):  # beyond 1: levels as they are
        picture.putpixel((x, 0), value)
    drawn = upright(save(tmp_path, picture, "levels.tiff"))
    assert [drawn.getpixel((x, 0)) for x in range(3)] == [0, 20, 200]


def test_other_modes_are_made_rgb_or_rgba(tmp_path: Path) -> None:
    cmyk = upright(save(tmp_path, Picture.new("CMYK", (2, 2), (0, 255, 255, 0)), "cmyk.tiff"))
    assert cmyk.mode == "RGB" and cmyk.getpixel((0, 0)) == RED
    assert upright(save(tmp_path, Picture.new("PA", (2, 2)), "pa.tiff")).mode == "RGBA"
    assert upright(save(tmp_path, Picture.new("LAB", (2, 2)), "lab.tiff")).mode == "RGB"  # (its A is no alpha)
    turned = upright(save(tmp_path, Picture.new("CMYK", (4, 2)), "cmyk.jpg", orientation=6))
    assert (turned.mode, turned.size) == ("RGB", (2, 4))


def test_a_picture_changed_is_read_again(tmp_path: Path) -> None:
    path = save(tmp_path, marked(), "a.png", orientation=6)
    assert upright(path).size == (2, 4)
    save(tmp_path, marked((6, 2)), "a.png", orientation=6)
    os.utime(path, ns=(1, 1))
    assert upright(path).size == (2, 6)
    assert picture_size(path) == (2, 6)


def test_a_picture_in_greys_of_the_same_luminance(tmp_path: Path) -> None:
    grey = grey_picture(save(tmp_path, marked(), "a.png"))
    assert grey.mode == "L" and grey.size == (4, 2)
    assert (grey.getpixel((0, 0)), grey.getpixel((1, 0))) == (29, 76)  # blue, red


def test_a_picture_in_greys_keeps_its_transparency(tmp_path: Path) -> None:
    picture = Picture.new("RGBA", (2, 1), (255, 0, 0, 0))
    picture.putpixel((1, 0), (0, 0, 255, 200))
    grey = grey_picture(save(tmp_path, picture, "rgba.png"))
    assert grey.mode == "LA" and grey.getpixel((1, 0)) == (29, 200) and grey.getpixel((0, 0))[1] == 0
    assert grey_picture(save(tmp_path, Picture.new("LA", (1, 1), (9, 8)), "la.png")).getpixel((0, 0)) == (9, 8)
    palette = Picture.new("P", (2, 1))
    palette.putpalette([255, 0, 0, 0, 0, 255])
    palette.putpixel((1, 0), 1)
    palette.info["transparency"] = 0
    grey = grey_picture(save(tmp_path, palette, "p.png"))
    assert grey.mode == "LA" and grey.getpixel((0, 0))[1] == 0 and grey.getpixel((1, 0)) == (29, 255)
    opaque = Picture.new("P", (1, 1))
    opaque.putpalette([255, 0, 0])
    assert grey_picture(save(tmp_path, opaque, "opaque.png")).mode == "L"


def test_a_picture_in_greys_is_upright(tmp_path: Path) -> None:
    grey = grey_picture(save(tmp_path, marked(), "a.png", orientation=6))
    assert grey.mode == "L" and grey.size == (2, 4) and grey.getpixel((1, 0)) == 29
    sixteen = Picture.new("I;16", (1, 1))
    sixteen.putpixel((0, 0), 65535)
    assert grey_picture(save(tmp_path, sixteen, "16.png")).getpixel((0, 0)) == 255
    assert grey_picture(save(tmp_path, Picture.new("PA", (1, 1), (0, 0)), "pa.tiff")).mode == "LA"
