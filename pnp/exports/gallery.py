"""The gallery: out/index.html, every set's pieces (by group), the boards, and what the
exports hold; it opens from disk in any browser."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..kit import Kit
    from ..outputs import Outputs

PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; background: #f6efdc; color: #1d1a16; }}
h1 {{ font-family: Georgia, serif; }}
section {{ margin-bottom: 3rem; }}
.grid {{ display: flex; flex-wrap: wrap; gap: 1rem; }}
figure {{ margin: 0; width: 190px; font-size: 0.8rem; }}
figure img {{ width: 100%; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.3); }}
figure.wide {{ width: 600px; }}
figure.token {{ width: 120px; }}
.swatch {{ display: inline-block; width: 1em; height: 1em; vertical-align: middle; border: 1px solid #0006; }}
table {{ border-collapse: collapse; font-size: 0.85rem; }}
td, th {{ border: 1px solid #0003; padding: 0.2rem 0.5rem; text-align: left; }}
</style>
</head>
<body>
<h1>{title}</h1>
<p>{summary}</p>
{sections}
<script>
// after every image has loaded or failed, record what happened (read by pnp's browser test)
window.addEventListener("load", function () {{
  var images = Array.prototype.slice.call(document.images);
  var broken = images.filter(function (i) {{ return !i.complete || i.naturalWidth === 0; }});
  document.body.setAttribute("data-images", images.length);
  document.body.setAttribute("data-broken", broken.length);
  document.body.setAttribute("data-pieces", document.querySelectorAll("figure.piece").length);
  broken.forEach(function (i) {{ i.setAttribute("data-broken", "1"); }});
}});
</script>
</body>
</html>
"""


def _drop_missing(section: str, out: Path) -> str:
    """Leave out the figures whose picture this build did not make (a build without PNGs)."""
    return re.sub(r'<figure class="[^"]*"><img src="([^"]+)".*?</figure>',
                  lambda m: m.group(0) if (out / html.unescape(m.group(1))).is_file() else "", section, flags=re.S)


def figure(src: str, caption: str | tuple[str, ...], kind: str = "") -> str:
    lines = (caption,) if isinstance(caption, str) else caption
    return (f'<figure class="{kind}"><img src="{html.escape(src)}" alt="{html.escape(lines[0])}" loading="eager">'
            f"<figcaption>{'<br>'.join(html.escape(line) for line in lines)}</figcaption></figure>")


def build(kit: "Kit", outputs: "Outputs", options, tabletopia: list) -> None:
    game, language = kit.game, kit.language
    outputs.progress.stage("gallery", 1)
    e = html.escape
    sections = []
    for name, sets in kit.print_groups():
        for pieces in sets:
            component = pieces.component
            title = component.title.get(language, game.language)
            if pieces.type == "board":
                if pieces.boards:
                    sections.append(f"<section><h2>{e(title[:1].upper() + title[1:])}</h2><div class=\"grid\">"
                                    + "".join(figure(f"png/{b.name}.png", b.label, "wide") for b in pieces.boards)
                                    + "</div></section>")
                continue
            kind = f"piece {pieces.name}" + (" token" if pieces.type == "token" else "")
            parts = [f"<section><h2>{e(title[:1].upper() + title[1:])}</h2>"]
            groups: dict = {}
            for piece in pieces.pieces:
                groups.setdefault(piece.item.group, []).append(piece)
            for group, members in groups.items():
                if group is not None:
                    colour = group.fields.get("colour")
                    swatch = f'<span class="swatch" style="background:{e(colour)}"></span> ' if colour else ""
                    group_name = group.fields.get("name")
                    shown = group_name.get(language, game.language) if hasattr(group_name, "get") else group.id
                    parts.append(f"<h3>{swatch}{e(shown)} ({len(members)})</h3>")
                parts.append('<div class="grid">')
                for piece in members:
                    caption = piece.caption if piece.copies == 1 else (f"{piece.caption[0]} × {piece.copies}",
                                                                     *piece.caption[1:])
                    parts.append(figure(f"png/{name}/{piece.name}.png", caption, kind))
                parts.append("</div>")
            backs = [(f"{pieces.name}-{b}" if len(sets) > 1 else b) for b, _ in pieces.backs()]
            if backs:
                parts.append('<h3>Back</h3><div class="grid">'
                             + "".join(figure(f"png/{name}/{b}.png", b.replace("-", " "),
                                              "back" + (" token" if pieces.type == "token" else "")) for b in backs)
                             + "</div>")
            parts.append("</section>")
            sections.append("".join(parts))
    if tabletopia:
        rows = "".join(
            f"<tr><td>{e(r.type)}</td><td>{e(r.name)}</td><td>{r.width_mm:g} × {r.height_mm:g}</td><td>{r.scale}%</td>"
            f"<td>{e(r.front)}</td><td>{e(r.back)}</td><td>{r.quantity}</td></tr>" for r in tabletopia)
        sections.append("<section><h2>Tabletopia</h2><p>Objects to create, from tabletopia/manifest.csv:</p>"
                        "<table><tr><th>type</th><th>name</th><th>mm</th><th>scale</th><th>front</th><th>back</th>"
                        f"<th>quantity</th></tr>{rows}</table></section>")
    out = outputs.out
    tts = sorted(p.name for p in (out / "tts").glob("*.jpg")) if (out / "tts").is_dir() else []
    if tts:
        sections.append('<section><h2>Tabletop Simulator</h2><p>tts/saved-object.json uses these sheets.</p>'
                        '<div class="grid">' + "".join(figure(f"tts/{n}", n) for n in tts if "back" not in n)
                        + "</div></section>")
    pod = sorted((out / "pod").rglob("*.png")) if (out / "pod").is_dir() else []
    if pod:
        sections.append(f"<section><h2>Print on demand</h2><p>{len(pod)} images of 825 × 1125 px for The Game "
                        "Crafter's poker cards, in pod/.</p></section>")
    sections = [_drop_missing(section, out) for section in sections]
    if "png" not in options.formats and not any((out / "png" / name).is_dir() for name, _ in kit.print_groups()):
        sections.insert(0, "<p>No pictures: build with PNG among the formats to see them here.</p>")
    counts = []
    for pieces in kit:
        if pieces.type == "board" or pieces.component.declaration.get("items_of"):
            continue
        component = pieces.component
        n = sum(p.copies for p in pieces.pieces)
        counts.append(f"{n} {component.noun[0] if n == 1 else component.noun[1]}")
    page = PAGE.format(lang=e(language), title=e(game.title.get(language)),
                       summary=e(", ".join(counts) + "."), sections="\n".join(sections))
    outputs.write("index.html", page.encode("utf-8"))
