"""The gallery: out/index.html, every set's pieces (by group), the boards, how to print the
kit on each paper (the read-me-first's steps, from pnp.kit.readme), a link to every file to
download, and what the exports hold; it opens from disk in any browser. A game in several
languages has a gallery in each, and each links the others built with it or before it."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..kit.pieces import Kit
    from . import KitFiles

PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>{title}</title>
<style>
*, *::before, *::after {{ box-sizing: border-box; }}
body {{ font-family: system-ui, sans-serif; margin: 2rem; background: #f6efdc; color: #1d1a16; line-height: 1.4;
  overflow-wrap: anywhere; }}
h1 {{ font-family: Georgia, serif; }}
section {{ margin-bottom: 3rem; }}
.grid {{ display: flex; flex-wrap: wrap; gap: 1rem; }}
figure {{ margin: 0; width: 190px; max-width: 100%; font-size: 0.8rem; }}
figure img {{ width: 100%; height: auto; border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.3); }}
figure.wide {{ width: 600px; }}
figure.token {{ width: 120px; }}
img {{ max-width: 100%; }}
.swatch {{ display: inline-block; width: 1em; height: 1em; vertical-align: middle; border: 1px solid #0006; }}
.scroll {{ max-width: 100%; overflow-x: auto; }}
table {{ border-collapse: collapse; font-size: 0.85rem; overflow-wrap: normal; }}
td, th {{ border: 1px solid #0003; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }}
td.pages {{ text-align: right; }}
.steps {{ max-width: 48rem; line-height: 1.4; padding-left: 1.5rem; }}
.steps li {{ margin-bottom: 0.4rem; }}
details {{ margin: 0.6rem 0; }}
summary {{ cursor: pointer; font-weight: 600; }}
ul.files {{ columns: 3 16rem; font-size: 0.85rem; padding-left: 1.2rem; }}
nav.languages {{ margin: -0.5rem 0 1rem; }}
@media (max-width: 40rem) {{
  body {{ margin: 1rem 0.75rem; }}
  .grid {{ gap: 0.75rem; }}
  figure {{ width: calc(50% - 0.375rem); }}
  figure.token {{ width: calc(33.33% - 0.5rem); }}
  figure.wide {{ width: 100%; }}
}}
</style>
</head>
<body>
<h1>{title}</h1>
{languages}<p>{summary}</p>
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


# Each language's name in itself, as the links between a kit's galleries show it (a language
# not here is shown by its code)
LANGUAGE_NAMES = {"ca": "Català", "cs": "Čeština", "da": "Dansk", "de": "Deutsch", "en": "English",
                  "es": "Español", "fi": "Suomi", "fr": "Français", "it": "Italiano", "ja": "日本語", "ko": "한국어",
                  "nl": "Nederlands", "no": "Norsk", "pl": "Polski", "pt": "Português", "ru": "Русский",
                  "sv": "Svenska", "tr": "Türkçe", "uk": "Українська", "zh": "中文"}


def gallery_path(language: str, languages: tuple[str, ...]) -> str:
    """Where a language's gallery is in the output folder, as `pnp build --lang all` writes the
    kits (pnp.commands.common.language_target): the first language's at the top, each other's
    in its own folder."""
    return "index.html" if languages and language == languages[0] else f"{language}/index.html"


def galleries(game, language: str, out: Path, options) -> tuple[str, ...]:
    """The game's languages whose galleries this one links, in the game's order: its own, those
    built with it (`--lang all`) and those an earlier build left beside it."""
    languages = tuple(game.languages)
    top = out
    for _ in range(gallery_path(language, languages).count("/")):
        top = top.parent
    return tuple(other for other in languages if other == language or other in options.languages
                 or (top / gallery_path(other, languages)).is_file())


def language_links(language: str, languages: tuple[str, ...], linked: tuple[str, ...] | None = None) -> str:
    """The line that links a language's gallery to the others of the game's `languages` (those
    `linked`, by default all), each by its name in itself, its own unlinked; none when it has
    no other to link."""
    shown = [other for other in languages if linked is None or other in linked]
    if not [other for other in shown if other != language]:
        return ""
    up = "../" * gallery_path(language, languages).count("/")
    e = html.escape
    links = []
    for other in shown:
        name = e(LANGUAGE_NAMES.get(other, other))
        if other == language:
            links.append(f'<strong lang="{e(other)}">{name}</strong>')
        else:
            links.append(f'<a href="{e(up + gallery_path(other, languages))}" hreflang="{e(other)}" lang="{e(other)}">'
                         f"{name}</a>")
    return '<nav class="languages">' + " · ".join(links) + "</nav>\n"


def _drop_missing(section: str, out: Path, listed: dict[str, set[str]]) -> str:
    """Leave out the figures whose picture this build did not make (a build without PNGs).
    `listed` keeps the files of each folder looked in (a large deck's thousand pictures are
    not looked up one by one)."""
    def shown(match: re.Match) -> str:
        folder, _, name = html.unescape(match.group(1)).rpartition("/")
        if folder not in listed:
            try:
                with os.scandir(out / folder) as entries:
                    listed[folder] = {e.name for e in entries if e.is_file()}
            except OSError:
                listed[folder] = set()
        return match.group(0) if name in listed[folder] else ""

    return re.sub(r'<figure class="[^"]*"><img src="([^"]+)".*?</figure>', shown, section, flags=re.S)


def figure(src: str, caption: str | tuple[str, ...], kind: str = "") -> str:
    lines = (caption,) if isinstance(caption, str) else caption
    return (f'<figure class="{kind}"><img src="{html.escape(src)}" alt="{html.escape(lines[0])}" loading="eager">'
            f"<figcaption>{'<br>'.join(html.escape(line) for line in lines)}</figcaption></figure>")


def runs_html(runs, files: set[str], linked: set[str]) -> str:
    """pnp.kit.readme's runs as HTML: a file the build made is a link to it."""
    from ..kit.readme import FileRef, Strong

    parts = []
    for run in runs:
        if isinstance(run, FileRef):
            if run.path in files:
                linked.add(run.path)
                parts.append(f'<a href="{html.escape(run.path)}">{html.escape(run.name)}</a>')
            else:
                parts.append(f"<code>{html.escape(run.name)}</code>")
        elif isinstance(run, Strong):
            parts.append(f"<strong>{html.escape(run.text)}</strong>")
        else:
            parts.append(html.escape(run))
    return "".join(parts)


def made_files(outputs: "KitFiles", options) -> set[str]:
    """Every file of the build, relative to its folder: those it made or kept, and with
    --only, those the earlier build left (a partial build keeps them)."""
    from ..kit.files import pages_in

    out = outputs.out
    files = set(outputs.files())
    if options.parts:
        for folder in ("print", "tabletopia", "tts", "pod"):
            if (out / folder).is_dir():
                files |= {p.relative_to(out).as_posix() for p in (out / folder).rglob("*")
                          if p.is_file() and not p.name.startswith(".")}
        if (out / "data.json").is_file():
            files.add("data.json")
        if (out / "png").is_dir():  # the contact sheet's pages
            files |= set(pages_in([f"png/{p.name}" for p in (out / "png").iterdir()]))
    return files


def printing_section(kit: "Kit", options, files: set[str], linked: set[str]) -> str:
    """How to print the kit on each paper it was built for: its read-me-first, the print
    files with their pages, and the steps to print, cut and put it together, from the same
    functions as the read-me-first's."""
    from ..compose.readme import read_me_first_length
    from ..kit.readme import PAPER_NAMES, PrintSettings, printing, read_me_first_path, text, word

    e = html.escape
    language = kit.language
    settings = PrintSettings.of(options)
    papers = []
    for paper in options.papers:
        plan = printing(kit, paper, settings)
        own = read_me_first_path(paper)
        if own not in files and not any(f.path in files for f in plan.files):
            continue
        pages = read_me_first_length(kit, paper, settings) if own in files else 0
        parts = [f"<details{' open' if not papers else ''}><summary>{e(PAPER_NAMES.get(paper, paper))}</summary>"]
        if own in files:
            linked.add(own)
            parts.append(f'<p><a href="{e(own)}">{e(own.rsplit("/", 1)[-1])}</a> · {e(word(language, "kicker"))} · '
                         f'{e(text(language, "n-page" if pages == 1 else "n-pages", n=pages))}</p>')
        parts.append(f"<h3>{e(text(language, 'printing', paper=PAPER_NAMES.get(paper, paper)))}</h3>")
        parts.append('<ol class="steps">' + "".join(f"<li>{runs_html(p.runs, files, linked)}</li>"
                                                    for p in plan.steps) + "</ol>")
        head = "".join(f"<th>{e(h)}</th>" for h in plan.table.header)
        rows = "".join("<tr>" + "".join(f'<td class="{"pages" if a == "right" else ""}">{runs_html(cell, files, linked)}'
                                        f"</td>" for cell, a in zip(row, plan.table.align)) + "</tr>"
                       for row in plan.table.rows)
        parts.append(f'<div class="scroll"><table><tr>{head}</tr>{rows}</table></div>')
        parts.append(f'<p>{runs_html(plan.total(language, pages).runs, files, linked)}</p>')
        parts.append(f"<h3>{e(word(language, 'assembly'))}</h3>")
        parts.append('<ul class="steps">' + "".join(f"<li>{runs_html(p.runs, files, linked)}</li>"
                                                    for p in plan.assembly) + "</ul>")
        parts.append("</details>")
        papers.append("".join(parts))
    if not papers:
        return ""
    return '<section id="print"><h2>Print and play</h2>' + "".join(papers) + "</section>"


def pod_summary(out: Path) -> list[str]:
    """What the print-on-demand order the build wrote holds, a line a product (pnp.exports.pod),
    or nothing without one."""
    import json

    from .pod import summary

    try:
        return summary(json.loads((out / "pod" / "order.json").read_text("utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return []


def file_list(paths: list[str], linked: set[str]) -> str:
    linked.update(paths)
    return '<ul class="files">' + "".join(f'<li><a href="{html.escape(p)}">{html.escape(p)}</a></li>'
                                          for p in paths) + "</ul>"


def back_caption(pieces, back_name: str, language: str, default: str) -> str:
    """What the gallery calls a back: a group's back by its group's name, not its id."""
    for piece in pieces.pieces:
        group = piece.item.group
        if piece.back_name == back_name and group is not None and back_name == f"back-{group.id}":
            name = group.fields.get("name")
            shown = name.get(language, default) if hasattr(name, "get") else str(name or group.id)
            return f"back · {shown}"
    return back_name.replace("-", " ")


def build(kit: "Kit", outputs: "KitFiles", options, tabletopia: list) -> None:
    from ..components import types
    from ..kit.files import deck, page_files
    from ..kit.readme import contents

    game, language = kit.game, kit.language
    out = outputs.out
    outputs.stage("gallery", 1)
    e = html.escape
    files = made_files(outputs, options)
    linked: set[str] = set()
    sections = []
    if "pdf" in options.formats or any(f.startswith("print/") for f in files):
        found = printing_section(kit, options, files, linked)
        if found:
            sections.append(found)
    for name, sets in kit.print_groups():
        for pieces in sets:
            component = pieces.component
            title = component.title.get(language, game.language)
            ctype = types()[pieces.type]
            if ctype.whole is not None:
                if pieces.boards:
                    sections.append(f"<section><h2>{e(title[:1].upper() + title[1:])}</h2><div class=\"grid\">"
                                    + "".join(figure(f"png/{b.name}.png", b.label, "wide") for b in pieces.boards)
                                    + "</div></section>")
                continue
            kind = f"piece {pieces.name}" + (f" {ctype.gallery}" if ctype.gallery else "")
            parts = [f"<section><h2>{e(title[:1].upper() + title[1:])}</h2>"]
            sheets = [f for f in page_files(len(pieces.pieces)) if f in files] if pieces is deck(kit) else []
            if sheets:  # the contact sheet, or its pages
                linked.update(sheets)
                parts.append('<p class="contact">Every face at a glance: '
                             + " · ".join(f'<a href="{e(f)}">{e(f.rsplit("/", 1)[-1])}</a>' for f in sheets) + "</p>")
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
            backs = [((f"{pieces.name}-{b}" if len(sets) > 1 else b), back_caption(pieces, b, language, game.language))
                     for b, _ in pieces.backs()]
            if backs:
                parts.append('<h3>Back</h3><div class="grid">'
                             + "".join(figure(f"png/{name}/{b}.png", shown,
                                              "back" + (f" {ctype.gallery}" if ctype.gallery else ""))
                                       for b, shown in backs)
                             + "</div>")
            parts.append("</section>")
            sections.append("".join(parts))

    def link(path: str) -> str:
        if path not in files:
            return e(path)
        linked.add(path)
        return f'<a href="{e(path)}">{e(path)}</a>'

    def under(folder: str) -> list[str]:
        return sorted(f for f in files if f.startswith(folder + "/"))

    table_files = under("tabletopia")
    if tabletopia or table_files:
        rows = "".join(
            f"<tr><td>{e(r.type)}</td><td>{e(r.name)}</td><td>{r.width_mm:g} × {r.height_mm:g}</td><td>{r.scale}%</td>"
            f"<td>{link(r.front)}</td><td>{link(r.back) if r.back else ''}</td><td>{r.quantity}</td>"
            f"<td>{e(r.shape)}</td></tr>"
            for r in tabletopia)
        manifests = [f for f in ("tabletopia/manifest.csv", "tabletopia/manifest.json") if f in files]
        sections.append("<section><h2>Tabletopia</h2><p>Objects to create, from "
                        + " and ".join(link(f) for f in manifests or ["tabletopia/manifest.csv"]) + ":</p>"
                        + ('<div class="scroll"><table><tr><th>type</th><th>name</th><th>mm</th><th>scale</th>'
                           "<th>front</th><th>back</th><th>quantity</th><th>shape</th></tr>"
                           f"{rows}</table></div>" if rows else "")
                        + (f"<details><summary>Every file of tabletopia/ ({len(table_files)})</summary>"
                           f"{file_list(table_files, linked)}</details>" if table_files else "")
                        + "</section>")
    tts = under("tts")
    if tts:
        sheets = [f for f in tts if f.endswith(".jpg") and "/" not in f[4:]  # the deck sheets, beside the pieces' images
                  and not re.search(r"back(-[0-9a-f]{8})?\.jpg$", f)]  # (not their backs)
        sections.append("<section><h2>Tabletop Simulator</h2><p>"
                        + ("{} uses these sheets.".format(link("tts/saved-object.json"))
                           if "tts/saved-object.json" in files else "The sheets:")
                        + '</p><div class="grid">'
                        + "".join(figure(f, f.rsplit("/", 1)[-1]) for f in sheets)
                        + f"</div>{file_list(tts, linked)}</section>")
    pod = under("pod")
    if pod:
        said = pod_summary(out)
        orders = [f for f in ("pod/order.csv", "pod/order.json") if f in files]
        sections.append("<section><h2>Print on demand</h2><p>"
                        + (html.escape("; ".join(said), quote=False) + ", in pod/." if said else f"{len(pod)} files in pod/.")
                        + (" The order, a line a piece with its product, files and copies: "
                           + " and ".join(link(f) for f in orders) + "." if orders else "") + "</p>"
                        f"<details><summary>Every file of pod/ ({len(pod)})</summary>{file_list(pod, linked)}"
                        "</details></section>")
    rest = sorted(f for f in files if f not in linked and (f == "data.json" or f.split("/", 1)[0] in
                                                           ("print", "tabletopia", "tts", "pod")))
    if rest:
        sections.append(f"<section><h2>More downloads</h2>{file_list(rest, linked)}</section>")
    if "png" not in options.formats and not any((out / "png" / name).is_dir() for name, _ in kit.print_groups()):
        sections.insert(0, "<p>No pictures: build with PNG among the formats to see them here.</p>")
    # written a section at a time (a large deck's page is megabytes of text)
    head, tail = PAGE.split("{sections}")
    kits = galleries(game, language, out, options)
    head = head.format(lang=e(language), title=e(game.title.get(language)), summary=e(", ".join(contents(kit)) + "."),
                       languages=language_links(language, tuple(game.languages), kits))
    tail = tail.format()

    def pieces():
        listed: dict[str, set[str]] = {}
        yield head.encode("utf-8")
        for i, section in enumerate(sections):
            yield (("\n" if i else "") + _drop_missing(section, out, listed)).encode("utf-8")
        yield tail.encode("utf-8")
    outputs.write("index.html", pieces())
