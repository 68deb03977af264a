"""Compare two built kits page by page: the same files, the same page counts and sizes, and
pictures that differ by at most a mean of 1/255 per pixel channel.

    python benchmarks/compare_kits.py REFERENCE_OUT NEW_OUT [--dpi 50] [--images DIR] [--rename OLD=NEW ...]

Every PDF page is rasterized (pypdfium2), every PNG and JPEG decoded (Pillow) and every SVG
drawn with resvg when resvg-py is installed; other files (JSON, CSV, HTML) are compared as
text. It prints one line per difference and exits 1 when there is any. With --images, the
reference and new renders of every page that differs are written side by side into DIR.
--rename OLD=NEW (a regular expression and its replacement, repeatable) compares the
reference's file OLD with the new kit's NEW, for files a change renamed.
Used before and after a change that must not change the kit.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

SKIP = {".cache", ".pnp-build.json"}
LIMIT = 1.0  # mean difference per channel, on 0..255


def files(root: Path) -> dict[str, Path]:
    found = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if path.is_file() and relative.parts[0] not in SKIP:
            found[relative.as_posix()] = path
    return found


def pdf_pages(path: Path, dpi: float) -> list[tuple[tuple[float, float], Image.Image]]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(path.read_bytes())
    pages = []
    try:
        for page in document:
            size = (round(page.get_width(), 2), round(page.get_height(), 2))
            pages.append((size, page.render(scale=dpi / 72).to_pil().convert("RGB")))
            page.close()
    finally:
        document.close()
    return pages


def svg_image(path: Path, dpi: float) -> Image.Image | None:
    try:
        import resvg_py
    except ImportError:
        return None
    from pnp.layout.fonts import bundled_fonts

    data = resvg_py.svg_to_bytes(svg_string=path.read_text("utf-8"), dpi=int(dpi), font_files=[
        str(p) for p in bundled_fonts().values()], skip_system_fonts=True)
    return Image.open(io.BytesIO(bytes(data))).convert("RGB")


def difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


def compare(reference: Path, new: Path, dpi: float, images: Path | None,
            renames: list[tuple[str, str]] = ()) -> list[str]:
    import re

    problems: list[str] = []
    old, now = files(reference), files(new)
    for pattern, replacement in renames:
        old = {re.sub(f"^{pattern}$", replacement, name): path for name, path in old.items()}
    for name in sorted(set(old) - set(now)):
        problems.append(f"{name}: missing from the new kit")
    for name in sorted(set(now) - set(old)):
        problems.append(f"{name}: not in the reference kit")

    def keep(name: str, index: int, a: Image.Image, b: Image.Image) -> None:
        if images is None:
            return
        both = Image.new("RGB", (a.width + b.width + 10, max(a.height, b.height)), "red")
        both.paste(a, (0, 0))
        both.paste(b, (a.width + 10, 0))
        target = images / f"{name.replace('/', '_')}-{index:02d}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        both.save(target)

    for name in sorted(set(old) & set(now)):
        a, b = old[name], now[name]
        suffix = a.suffix.lower()
        if suffix == ".pdf":
            pa, pb = pdf_pages(a, dpi), pdf_pages(b, dpi)
            if len(pa) != len(pb):
                problems.append(f"{name}: {len(pb)} pages, the reference has {len(pa)}")
                continue
            for i, ((sa, ia), (sb, ib)) in enumerate(zip(pa, pb), start=1):
                if sa != sb:
                    problems.append(f"{name}: page {i} is {sb[0]} x {sb[1]} pt, the reference {sa[0]} x {sa[1]}")
                elif ia.size != ib.size:
                    problems.append(f"{name}: page {i} renders at {ib.size}, the reference at {ia.size}")
                else:
                    d = difference(ia, ib)
                    if d > LIMIT:
                        problems.append(f"{name}: page {i} differs by {d:.2f}/255 on average")
                        keep(name, i, ia, ib)
        elif suffix in (".png", ".jpg", ".jpeg"):
            with Image.open(a) as ia, Image.open(b) as ib:
                if ia.size != ib.size:
                    problems.append(f"{name}: {ib.size[0]} x {ib.size[1]} px, the reference {ia.size[0]} x {ia.size[1]}")
                    continue
                if ia.mode != ib.mode:
                    problems.append(f"{name}: mode {ib.mode}, the reference {ia.mode}")
                d = difference(ia, ib)
                if d > LIMIT:
                    problems.append(f"{name}: differs by {d:.2f}/255 on average")
                    keep(name, 1, ia.convert("RGB"), ib.convert("RGB"))
        elif suffix == ".svg":
            if a.read_bytes() == b.read_bytes():
                continue
            ia, ib = svg_image(a, dpi), svg_image(b, dpi)
            if ia is None:
                problems.append(f"{name}: differs (install resvg-py to compare the drawings)")
            elif ia.size != ib.size:
                problems.append(f"{name}: draws at {ib.size}, the reference at {ia.size}")
            else:
                d = difference(ia, ib)
                if d > LIMIT:
                    problems.append(f"{name}: differs by {d:.2f}/255 on average")
                    keep(name, 1, ia, ib)
        elif a.read_bytes() != b.read_bytes():
            problems.append(f"{name}: the text differs")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reference", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--dpi", type=float, default=50)
    parser.add_argument("--images", type=Path, default=None)
    parser.add_argument("--rename", action="append", default=[], metavar="OLD=NEW")
    args = parser.parse_args()
    renames = [tuple(r.split("=", 1)) for r in args.rename]
    problems = compare(args.reference, args.new, args.dpi, args.images, renames)
    for line in problems:
        print(line)
    total = len(files(args.new))
    print(f"{total} files compared: {len(problems)} differences" if problems else f"{total} files compared: the same")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
