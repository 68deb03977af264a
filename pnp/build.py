"""Build the kit: compose every component, impose it on sheets, render each format to out/.

The pipeline: model (validated game) -> compose (scene definitions) -> impose (pages) ->
backends (PDF, SVG, PNG). This module is the only one that knows all of them.
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable, Sequence

from PIL import Image as PILImage

from . import __version__
from .backends.pdf import FormCache, render_pdf
from .backends.png import PageRenderer, png_bytes, rasterize, thumbnail, worker_pool
from .compose.cards import Art, card_back, card_face, with_bleed
from .fonts import FontMetrics, find_font, metrics
from .files import write_atomic
from .impose import PAPERS, back_sheets, front_sheets, interleave, make_grid, tiled_pages
from .model import Card, Game, Text
from .scene import Definition, Page, characters_by_font, single

FORMATS = ("pdf", "svg", "png")
COMPONENTS = ("cards", "board", "money", "tokens", "aid", "tabletopia", "tts", "pod", "gallery")
BOARD_PNG_DPI = 150
PNG_DPI = 300
CONTACT_COLUMNS = 14
CONTACT_THUMB_WIDTH = 190  # px at most: 14 columns of 188 px make a sheet 2,748 px wide
CONTACT_PATCH_LIMIT = 32  # faces changed: more, and the sheet is drawn again whole


class Progress:
    """Where a build is: a stage at a time, each with the number of files it accounts for
    (made or kept). This one says nothing; the command line draws bars."""

    def stage(self, label: str, total: int) -> None:
        pass

    def advance(self, files: int = 1) -> None:
        pass


@dataclass(frozen=True)
class BuildOptions:
    """What to build: which components, papers and formats, with how much bleed."""

    components: tuple[str, ...] = COMPONENTS
    papers: tuple[str, ...] = tuple(PAPERS)
    formats: tuple[str, ...] = FORMATS
    bleed: float = 0.0  # points
    duplex: bool = False
    jobs: int | None = None  # worker processes for rasterizing; None: one per core
    tabletopia_scale: int = 100  # percent: 100 makes 10 px per mm


@dataclass
class BuildResult:
    files: list[Path] = field(default_factory=list)

    def count(self, suffix: str) -> int:
        return sum(1 for f in self.files if f.suffix == suffix)

    @property
    def size(self) -> int:
        return sum(f.stat().st_size for f in self.files)


# --- the deck as data ---------------------------------------------------------------

def _text(text: Text | None, game: Game) -> dict[str, str] | None:
    if text is None:
        return None
    return {lang: text.get(lang, game.language) for lang in game.languages}


def _card(card: Card, game: Game) -> dict:
    return {
        "id": card.id,
        "name": _text(card.name, game),
        "suit": card.suit,
        "kind": card.kind,
        "leader": card.leader,
        "follows": list(card.follows),
        "crowns": card.crowns,
        "castles": card.castles,
        "swords": card.swords,
        "treasure": card.treasure,
        "art": card.art,
        "note": _text(card.note, game),
    }


def deck_data(game: Game) -> dict:
    areas = {area.id: area for area in game.areas}
    return {
        "generator": f"pnp {__version__}",
        "title": _text(game.title, game),
        "languages": list(game.languages),
        "suits": [
            {
                "id": suit.id,
                "name": _text(suit.name, game),
                "colour": suit.colour,
                "text_colour": suit.text_colour,
                "area": {
                    "id": suit.area,
                    "name": _text(areas[suit.area].name, game) if suit.area in areas else None,
                },
                "cards": [_card(card, game) for card in suit.cards],
            }
            for suit in game.suits
        ],
    }


# --- cards -----------------------------------------------------------------------------

@dataclass
class Rasterizing:
    """Pages the worker processes are rasterizing to files; call it to wait for them."""

    builder: "Builder"
    paths: list[Path]
    relative: list[str]  # the files, relative to the output folder
    keys: list[str]  # what each page is drawn from
    pending: list[int]  # the pages being drawn; the others an earlier build left as they are
    renderer: PageRenderer | None
    thumb_width: int
    label: str  # the stage that waits for them
    extra: int = 0  # files the stage writes besides the pages
    made: dict[int, PILImage.Image] | None = None  # thumbnails of the pages drawn, once done

    def __call__(self, thumbs_for: Iterable[int] = ()) -> dict[int, PILImage.Image]:
        """Wait for the pages, and give a thumbnail of each page asked for."""
        b = self.builder
        if self.made is None:
            b.progress.stage(self.label, len(self.paths) + self.extra)
            b.progress.advance(len(self.paths) - len(self.pending))  # those kept from the last build
            self.made = dict(zip(self.pending, self.renderer.finish(b.progress.advance))) if self.renderer else {}
            for i in self.pending:
                b.result.files.append(self.paths[i])
                b.keys[self.relative[i]] = self.keys[i]
        thumbs = {}
        for i in thumbs_for:
            if i in self.made:
                thumbs[i] = self.made[i]
            else:  # kept from the earlier build: thumbnail it from its file
                with PILImage.open(self.paths[i]) as image:
                    thumbs[i] = thumbnail(image.convert("RGB"), self.thumb_width)
        return thumbs


class Builder:
    """Builds a game's outputs into one folder."""

    def __init__(self, game: Game, out: Path, options: BuildOptions, progress: Progress | None = None):
        self.game = game
        self.out = out
        self.options = options
        self.progress = progress or Progress()
        self.result = BuildResult()
        self.warnings: list[str] = []
        self.later: list[Callable[[], None]] = []  # work that waits for the worker processes
        self._pool = None
        # outputs an identical earlier build left in place: (key, size) by relative path
        self.previous: dict[str, tuple[str, int]] = {}
        self.keys: dict[str, str] = {}
        self._salt: str | None = None
        self._digests: dict[int, tuple[Definition, str]] = {}
        self._definitions: dict[float, tuple[list[Definition], Definition]] = {}
        self._board: Definition | None = None
        from .cache import FOLDER, Cache

        self.cache = Cache(out / FOLDER)
        # every PDF of the build places the same cards; the next build finds them in the cache
        self.forms = FormCache(self._digest, lambda k: self.cache.get("pdf-forms", self.key("pdf-form", k)),
                               lambda k, data: self.cache.put("pdf-forms", self.key("pdf-form", k), data))
        self._kept: dict[str, str] = {}
        self._pdfs: dict[str, bytes] = {}
        self.svg_queue: list[tuple[str, Page]] = []  # drawn at the end, with one subset of each font
        self.fonts: dict[str, FontMetrics] = {}
        for role, name in game.fonts.items():
            path = find_font(name, game.root)
            if path is None:  # validation reports this before a build starts
                raise FileNotFoundError(f"font {name!r} not found")
            self.fonts[role] = metrics(path)
        self.font_files = {m.name: m.path for m in self.fonts.values()}

    def pool(self):
        """The build's one pool of worker processes, started when first needed."""
        if self._pool is None:
            self._pool = worker_pool(self.options.jobs)
        return self._pool

    def renderer(self) -> PageRenderer:
        """A page renderer on the build's worker processes."""
        return PageRenderer(self.pool())

    def submit(self, function: Callable, *args: object) -> Future:
        """Run `function(*args)` in one of the build's worker processes."""
        return self.pool().submit(function, *args)

    def made(self, relative: str, key: str) -> None:
        """Count a file a worker process wrote as made by this build, from content `key`."""
        self.result.files.append(self.out / relative)
        self.keys[relative] = key
        self.progress.advance()

    def write(self, relative: str, data: bytes, key: str | None = None) -> None:
        path = self.out / relative
        write_atomic(path, data)
        self.result.files.append(path)
        self.progress.advance()
        if key is None:
            self.keys.pop(relative, None)
        else:
            self.keys[relative] = key

    def key(self, *parts: object) -> str:
        """A content key for an output: what it is drawn from (scene objects, whose repr holds
        every value drawn), the fonts and art it uses, pnp's code and the libraries' versions."""
        import hashlib

        if self._salt is None:
            from .fingerprint import environment

            digest = hashlib.sha256(environment().encode())
            for path in sorted(set(self.font_files.values())):
                digest.update(path.read_bytes())
            for card in self.game.cards:
                if card.art is not None:
                    digest.update((self.game.root / card.art).read_bytes())
            self._salt = digest.hexdigest()
        return hashlib.sha256((self._salt + self._digest(parts)).encode("utf-8")).hexdigest()

    def _digest(self, value: object) -> str:
        """repr() of a key's parts, with each scene definition (a card drawn once and placed
        on many pages) replaced by a hash of its content computed once."""
        if isinstance(value, Definition):
            cached = self._digests.get(id(value))
            if cached is None or cached[0] is not value:
                cached = (value, content_hash(value))
                self._digests[id(value)] = cached
            return cached[1]
        if isinstance(value, Page):
            return (f"Page({value.width!r},{value.height!r},{value.children!r},{value.label!r},"
                    f"[{','.join(self._digest(d) for d in value.definitions)}])")
        if isinstance(value, (list, tuple)):
            return "(" + ",".join(self._digest(v) for v in value) + ")"
        return repr(value)

    def earlier_key(self, relative: str) -> str | None:
        """What the file an earlier build left at `relative` was drawn from, if it is still there."""
        earlier = self.previous.get(relative)
        try:
            if earlier is not None and (self.out / relative).stat().st_size == earlier[1]:
                return earlier[0]
        except OSError:
            pass
        return None

    def reusable(self, relative: str, key: str, counted: bool = True) -> bool:
        """Whether the output an earlier build left at `relative` was drawn from the same
        content; if so it is kept as it is."""
        if self.earlier_key(relative) != key:
            return False
        self.keys[relative] = key
        self.result.files.append(self.out / relative)
        if counted:
            self.progress.advance()
        return True

    def make(self, relative: str, key: str, produce: Callable[[], bytes]) -> None:
        """Write an output unless an earlier build left it drawn from the same content."""
        if not self.reusable(relative, key):
            self.write(relative, produce(), key)

    def svgs(self, named: Sequence[tuple[str, Page]]) -> None:
        """Queue SVG files to write at the end of the build (write_svgs)."""
        self.svg_queue.extend(named)

    def keep(self, kind: str, key: str, make: Callable[[], str]) -> str:
        """Text that is costly to make (an SVG's font style sheet), from this build's memory,
        the cache, or made now and kept in both."""
        key = self.key(kind, key)
        found = self._kept.get(key)
        if found is None:
            data = self.cache.get(kind, key)
            if data is None:
                found = make()
                self.cache.put(kind, key, found.encode("utf-8"))
            else:
                found = data.decode("utf-8")
            self._kept[key] = found
        return found

    def svg_now(self, page: Page) -> str:
        """One page as SVG, its fonts subset to its own characters."""
        from .backends.svg import SvgRenderer

        return SvgRenderer(self.font_files, characters_by_font([page]), self.keep).render(page)

    def write_svgs(self) -> None:
        """The queued SVG files whose content changed; their fonts are subset once, to the
        characters of every page."""
        from .backends.svg import SvgRenderer

        named, self.svg_queue = self.svg_queue, []
        if not named:
            return
        self.progress.stage("SVG: faces, sheets, money, tokens, aid", len(named))
        chars = characters_by_font([page for _, page in named])
        fonts_used = tuple(sorted((font, "".join(sorted(cs))) for font, cs in chars.items()))
        renderer = SvgRenderer(self.font_files, chars, self.keep)
        for relative, page in named:
            self.make(relative, self.key("svg", page, fonts_used), lambda page=page: renderer.render(page).encode("utf-8"))

    def rasterize_later(self, pages: Sequence[Page], dpi: float, paths: Sequence[Path], tag: str, label: str,
                        thumb_width: int = 0, extra: int = 0) -> "Rasterizing":
        """Queue the pages for the worker processes, leaving out those an earlier build
        already made from the same content; call what this returns to wait for them (a
        stage called `label`, of the pages and `extra` other files)."""
        relative = [str(p.relative_to(self.out)) for p in paths]
        keys = [self.key(tag, page, dpi) for page in pages]
        pending = [i for i in range(len(pages)) if not self.reusable(relative[i], keys[i], counted=False)]
        renderer = None
        if pending:
            renderer = self.renderer()
            renderer.start(self.pdf([pages[i] for i in pending]), dpi, [paths[i] for i in pending], thumb_width)
        return Rasterizing(self, list(paths), relative, keys, pending, renderer, thumb_width, label, extra)

    def art(self, card: Card) -> Art | None:
        if card.art is None:
            return None
        path = (self.game.root / card.art).resolve()
        with PILImage.open(path) as image:
            width, height = image.size
        return Art(str(path), width, height)

    def card_definitions(self, bleed: float) -> tuple[list[Definition], Definition]:
        """Every card face and the back, composed once (with a bleed, from those without)."""
        if bleed not in self._definitions:
            if bleed == 0:
                self._definitions[bleed] = self._compose_cards()
            else:
                faces, back = self.card_definitions(0.0)
                self._definitions[bleed] = [with_bleed(f, bleed) for f in faces], with_bleed(back, bleed)
        return self._definitions[bleed]

    def _compose_cards(self) -> tuple[list[Definition], Definition]:
        game, language = self.game, self.game.language
        areas = {area.id: area for area in game.areas}
        face_layout, back_layout = game.layouts["card-face"], game.layouts["card-back"]
        faces = [
            card_face(card, suit, areas[suit.area].name.get(language), face_layout, self.fonts, language,
                      art=self.art(card))
            for suit in game.suits for card in suit.cards
        ]
        subtitle = game.subtitle.get(language) if game.subtitle else None
        back = card_back(game.title.get(language), subtitle, back_layout, self.fonts)
        return faces, back

    def pdf(self, pages: Sequence[Page]) -> bytes:
        """The PDF of `pages`; the last few are kept, as the kit's PNGs and Tabletopia's
        images are rasterized from the same pages."""
        import hashlib

        key = hashlib.sha256(self._digest(list(pages)).encode("utf-8")).hexdigest()
        if key not in self._pdfs:
            if len(self._pdfs) >= 4:
                del self._pdfs[next(iter(self._pdfs))]
            self._pdfs[key] = render_pdf(pages, self.font_files, self.game.title.get(self.game.language), self.forms)
        return self._pdfs[key]

    def build_cards(self) -> None:
        options, game = self.options, self.game
        self.progress.stage("cards: deck.json", 1)
        self.write("deck.json", (json.dumps(deck_data(game), indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        faces, back = self.card_definitions(0.0)
        sheet_faces, sheet_back = self.card_definitions(options.bleed) if options.bleed else (faces, back)
        title = game.title.get(game.language)
        heading = self.fonts["body"].name

        sheets: dict[str, tuple[list[Page], list[Page]]] = {}
        for paper_name in options.papers:
            grid = make_grid(PAPERS[paper_name], back.width, back.height, options.bleed)
            fronts = front_sheets(sheet_faces, grid, f"{title} · cards", heading)
            backs = back_sheets([sheet_back] * len(sheet_faces), grid)
            sheets[paper_name] = (fronts, backs)

        singles = [single(d) for d in [*faces, back]]
        names = [card.id for card in game.cards] + ["back"]
        pngs = None
        if "png" in options.formats:
            # worker processes rasterize and encode the PNGs while this one writes PDF and SVG
            png_paths = [self.out / "png" / "cards" / f"{n}.png" for n in names]
            pngs = self.rasterize_later(singles, PNG_DPI, png_paths, "card-png", "cards: PNG faces and the contact sheet",
                                        CONTACT_THUMB_WIDTH, extra=1)

        self.print_sets("cards", sheets, stages="cards: PDF sheets")

        if "svg" in options.formats:
            sheet_pages = [(f"svg/sheets/cards-{paper}-{page.label}.svg", page)
                           for paper, (fronts, _) in sheets.items() for page in fronts]
            sheet_pages += [(f"svg/sheets/cards-backs-{paper}-{page.label}.svg", page)
                            for paper, (_, backs) in sheets.items() for page in backs]
            self.svgs([(f"svg/cards/{name}.svg", page) for name, page in zip(names, singles)] + sheet_pages)

        if pngs is not None:
            self.later.append(self.contact_sheet(pngs, singles))

    def contact_sheet(self, pngs: Rasterizing, pages: Sequence[Page]) -> Callable[[], None]:
        """Start png/contact-sheet.png, every face's thumbnail; returns what finishes it.
        When the sheet the last build left was made from the earlier versions of these
        faces, a worker process draws again only the cells of the few faces that changed."""
        relative = "png/contact-sheet.png"
        cells = pngs.keys[:-1]  # the faces, not the back
        key = self.key("contact-sheet", cells, CONTACT_THUMB_WIDTH, CONTACT_COLUMNS)
        kept = self.reusable(relative, key, counted=False)
        task = None
        if not kept:
            # what the earlier build drew each face from
            earlier = [self.previous.get(r, ("", 0))[0] for r in pngs.relative[:-1]]
            changed = [i for i, (was, now) in enumerate(zip(earlier, cells)) if was != now]
            if (len(changed) <= CONTACT_PATCH_LIMIT and self.earlier_key(relative)
                    == self.key("contact-sheet", earlier, CONTACT_THUMB_WIDTH, CONTACT_COLUMNS)):
                task = self.submit(patch_contact_sheet, self.pdf([pages[i] for i in changed]), PNG_DPI,
                                   CONTACT_THUMB_WIDTH, changed, len(cells), CONTACT_COLUMNS, str(self.out / relative))

        def finish() -> None:
            pngs()
            if kept:
                self.progress.advance()
            elif task is not None and task.result():
                self.made(relative, key)
            else:
                thumbs = pngs(range(len(cells)))
                self.write(relative, png_bytes(contact_sheet(thumbs, len(cells), CONTACT_COLUMNS)), key)
        return finish

    def board_definition(self) -> Definition:
        """The board page, composed once."""
        from .compose.board import board_page
        from .geography import geography_of

        if self._board is None:
            game, language = self.game, self.game.language
            geography = geography_of(game)
            if geography is None:  # validation reports why
                raise ValueError("the game has no usable board")
            labels = {key: text.get(language) for key, text in game.board.labels.items()}
            self._board = board_page(game, geography, game.layouts["board"], self.fonts, language, labels)
        return self._board

    def build_board(self) -> None:
        game, options, language = self.game, self.options, self.game.language
        title = f"{game.title.get(language)} · board"
        # keyed by what the map is drawn from, so an unchanged board is not composed again
        key = self.board_key()

        def whole() -> Page:
            return single(self.board_definition())

        if "pdf" in options.formats:
            self.progress.stage("board: PDF", len(options.papers))
            for paper_name in options.papers:
                if paper_name == "a3":
                    self.make("print/board-a3.pdf", self.key(key, "a3"), lambda: self.pdf([whole()]))
                else:
                    self.make(f"print/board-{paper_name}.pdf", self.key(key, paper_name, title),
                              lambda p=paper_name: self.pdf(tiled_pages(self.board_definition(), PAPERS[p], title,
                                                                        self.fonts["body"].name)))
        if "svg" in options.formats:
            self.progress.stage("board: SVG", 1)
            self.make("svg/board.svg", self.key(key, "svg"),
                      lambda: self.svg_now(whole()).encode("utf-8"))
        if "png" in options.formats:
            self.progress.stage("board: PNG", 1)
            self.make("png/board.png", self.key(key, "png", BOARD_PNG_DPI),
                      lambda: png_bytes(next(iter(rasterize(self.pdf([whole()]), BOARD_PNG_DPI))), BOARD_PNG_DPI))

    def board_key(self) -> str:
        """What the board is drawn from: its data, the areas and their suits' colours, the
        title and labels, the layout (the fonts and pnp's code are in every key)."""
        game = self.game
        suits = tuple((s.id, s.area, s.colour, s.text_colour) for s in game.suits)
        return self.key("board", game.board, game.areas, suits, game.title, game.language,
                        game.layouts.get("board"))

    def singles(self, folder: str, definitions: Sequence[tuple[str, Definition]]) -> None:
        """Each definition on a page of its own size: svg/<folder>/<name>.svg and
        png/<folder>/<name>.png at 300 dpi."""
        pages = [single(d) for _, d in definitions]
        if "svg" in self.options.formats:
            self.svgs([(f"svg/{folder}/{name}.svg", page) for (name, _), page in zip(definitions, pages)])
        if "png" in self.options.formats:
            self.rasterize_now([(f"png/{folder}/{name}.png", page) for (name, _), page in zip(definitions, pages)],
                               PNG_DPI, "png")

    def rasterize_now(self, named: Sequence[tuple[str, Page]], dpi: float, tag: str, alpha: bool = False) -> None:
        """Rasterize each (file, page) whose content changed since the last build, in this
        process, and write it as the file name says (.png or .jpg); with `alpha`, on a
        transparent background with on/off alpha."""
        from .backends.png import encode, rasterize_rgba

        pending = []
        for relative, page in named:
            key = self.key(tag, page, dpi, relative.rsplit(".", 1)[-1])
            if not self.reusable(relative, key):
                pending.append((relative, page, key))
        if pending:
            pdf = self.pdf([page for _, page, _ in pending])
            for (relative, _, key), image in zip(pending, (rasterize_rgba if alpha else rasterize)(pdf, dpi)):
                self.write(relative, encode(image, relative, dpi), key)

    def files_per_set(self) -> int:
        """The files print_sets writes: a PDF of fronts, one of backs and (with --duplex)
        one of both, per paper."""
        return len(self.options.papers) * (2 + self.options.duplex) if "pdf" in self.options.formats else 0

    def files_per_single(self) -> int:
        """The files singles writes per definition now: a PNG (SVGs are written at the end)."""
        return int("png" in self.options.formats)

    def print_sets(self, name: str, fronts_by_paper: dict[str, tuple[list[Page], list[Page]]],
                   stages: str | None = None) -> None:
        """print/<name>-<paper>.pdf and its backs (and, with --duplex, both interleaved);
        with `stages`, each paper is a stage of its own, called `stages`, paper."""
        if "pdf" not in self.options.formats:
            return
        for paper_name, (fronts, backs) in fronts_by_paper.items():
            if stages is not None:
                self.progress.stage(f"{stages}, {PAPERS[paper_name].label}", 2 + self.options.duplex)
            self.make(f"print/{name}-{paper_name}.pdf", self.key("pdf", fronts), lambda f=fronts: self.pdf(f))
            self.make(f"print/{name}-backs-{paper_name}.pdf", self.key("pdf", backs), lambda b=backs: self.pdf(b))
            if self.options.duplex:
                both = interleave(fronts, backs)
                self.make(f"print/{name}-duplex-{paper_name}.pdf", self.key("pdf", both), lambda p=both: self.pdf(p))

    @cached_property
    def money_definitions(self) -> tuple[list[Definition], Definition, Definition]:
        """Each denomination's face, the blank no-bid card and the shared back, composed once
        for the print sheets, Tabletopia and Tabletop Simulator."""
        from .compose.money import blank_face, money_back, money_face

        game, language = self.game, self.game.language
        money, layout = game.money, game.layouts["money"]
        faces = [money_face(d, money, layout, self.fonts) for d in money.denominations]
        blank = blank_face(money, layout, self.fonts, language)
        back = money_back(game.title.get(language), money, layout, self.fonts,
                          game.layouts["card-back"].colours["gold"])
        return faces, blank, back

    @cached_property
    def token_definitions(self) -> tuple[list[Definition], list[Definition], Definition]:
        """Each company's turn-order token and control marker, and the turn tokens' common
        back, composed once."""
        from .compose.tokens import marker, turn_back, turn_token

        game, language = self.game, self.game.language
        companies = game.companies
        colours = game.layouts["card-back"].colours
        common_back = turn_back(companies, self.fonts, game.title.get(language), colours["background"],
                                colours["gold"], colours["paper"])
        turns = [turn_token(c, companies, self.fonts, language) for c in companies.companies]
        markers = [marker(c, companies) for c in companies.companies]
        return turns, markers, common_back

    @cached_property
    def aid_definitions(self) -> tuple[Definition, Definition]:
        """The player aid's front and back, composed once."""
        from .compose.aid import aid_back, aid_front

        game, language = self.game, self.game.language
        layout = game.layouts["aid"]
        currency = game.money.currency if game.money else ""
        return (aid_front(game.aid, layout, self.fonts, language),
                aid_back(game.aid, layout, self.fonts, language, currency))

    def build_money(self) -> None:
        game, language = self.game, self.game.language
        money, layout = game.money, game.layouts["money"]
        faces, blank, back = self.money_definitions
        deck = [face for d, face in zip(money.denominations, faces) for _ in range(d.count)]
        deck += [blank] * money.blank_count
        sets = {}
        for paper_name in self.options.papers:
            grid = make_grid(PAPERS[paper_name], layout.width, layout.height)
            sets[paper_name] = (front_sheets(deck, grid, f"{game.title.get(language)} · money", self.fonts["body"].name),
                                back_sheets([back] * len(deck), grid))
        self.progress.stage("money: cards", self.files_per_set() + self.files_per_single() * (len(faces) + 2))
        self.print_sets("money", sets)
        self.singles("money", [(f"{d.value}", f) for d, f in zip(money.denominations, faces)]
                     + [("blank", blank), ("back", back)])

    def build_tokens(self) -> None:
        from .impose import pack_tokens, token_back_sheets, token_sheets

        companies = self.game.companies
        turns, markers, common_back = self.token_definitions
        backs = {t.id: common_back for t in turns}
        backs.update({m.id: m for m in markers})  # markers show their company on both sides
        tokens = turns + [m for m in markers for _ in range(companies.marker_count)]
        sets = {}
        for paper_name in self.options.papers:
            paper = PAPERS[paper_name]
            placed = pack_tokens(tokens, paper)
            sets[paper_name] = (token_sheets(placed, paper), token_back_sheets(placed, backs, paper))
        self.progress.stage("tokens: companies", self.files_per_set() + self.files_per_single() * (len(turns) + len(markers) + 1))
        self.print_sets("tokens", sets)
        names = [(f"turn-{c.id}", t) for c, t in zip(companies.companies, turns)]
        names += [(f"marker-{c.id}", m) for c, m in zip(companies.companies, markers)]
        self.singles("tokens", names + [("turn-back", common_back)])

    def build_aid(self) -> None:
        game, language = self.game, self.game.language
        layout = game.layouts["aid"]
        front, back = self.aid_definitions
        copies = game.players[1] if game.players else 1
        sets = {}
        for paper_name in self.options.papers:
            grid = make_grid(PAPERS[paper_name], layout.width, layout.height)
            sets[paper_name] = (front_sheets([front] * copies, grid, f"{game.title.get(language)} · player aid",
                                             self.fonts["body"].name),
                                back_sheets([back] * copies, grid))
        self.progress.stage("aid: player aid", self.files_per_set() + self.files_per_single() * 2)
        self.print_sets("aid", sets)
        self.singles("aid", [("front", front), ("back", back)])

    def build(self) -> BuildResult:
        from .exports import build_gallery, build_pod, build_tabletopia, build_tts

        wanted = set(self.options.components)
        parts = {"cards": self.build_cards, "board": self.build_board, "money": self.build_money,
                 "tokens": self.build_tokens, "aid": self.build_aid}
        present = {"cards": True, "board": self.game.board is not None, "money": self.game.money is not None,
                   "tokens": self.game.companies is not None, "aid": self.game.aid is not None}
        tabletopia: list = []
        try:
            if "tts" in wanted:  # its sheets keep a worker busy for longest: start them first
                build_tts(self, tabletopia)
            for part, build in parts.items():
                if part in wanted and present[part]:
                    build()
            if wanted & {"tabletopia", "tts"}:  # Tabletop Simulator uses the Tabletopia tokens and board
                tabletopia += build_tabletopia(self)
            if "pod" in wanted:
                build_pod(self)
            self.write_svgs()
            # the worker processes have been rasterizing all along: help them finish
            for finish in self.later:
                finish()
            if "gallery" in wanted:
                build_gallery(self, tabletopia)
        finally:
            if self._pool is not None:
                self._pool.shutdown(cancel_futures=True)
        self.result.files.sort()
        return self.result


class BuildFailed(Exception):
    """The build could not write its output (a full disk, no permission); out/ is unchanged."""


@dataclass
class Outcome:
    summary: str
    written: list[Path]
    warnings: list[str]


def build_safely(game: Game, target: Path, options: BuildOptions, progress: Progress | None = None,
                 partial: bool = False, fingerprint: str | None = None,
                 keep: tuple[str, str, bytes] | None = None) -> Outcome:
    """Build into a new folder beside `target` and swap it in only when complete, so a build
    that fails or is interrupted leaves the previous output as it was. A partial build
    starts from the previous output and replaces only its own part. `keep` is an entry
    for the new output's cache (kind, key, data): validation's board checks."""
    import shutil

    from .files import keep_previous, staging_folder, swap_in

    if target.exists() and not target.is_dir():
        raise BuildFailed(f"cannot build into {target}: it is a file, not a folder")
    try:
        staging = staging_folder(target)
    except OSError as exc:
        raise BuildFailed(f"cannot create a folder beside {target}: {exc.strerror or exc}") from None
    from .cache import FOLDER as CACHE
    from .fingerprint import RECORD, previous_outputs, record

    try:
        # start from the previous output: files that an identical input would draw again are
        # kept as they are (hard links), and a full build removes what it did not make
        keep_previous(target, staging)
        builder = Builder(game, staging, options, progress)
        if keep is not None:
            builder.cache.put(*keep)
        builder.previous = previous_outputs(staging)
        if partial:  # what this build does not touch keeps its keys
            builder.keys = {name: key for name, (key, _) in builder.previous.items()}
        result = builder.build()
        from . import colours, schema
        from .fingerprint import environment

        # what this process computed or was given, for the next validation and build
        builder.cache.put("colours", environment(), json.dumps(colours.remembered()).encode("utf-8"))
        builder.cache.put("schema-clean", environment(), json.dumps(sorted(schema.clean)).encode("utf-8"))
        builder.cache.trim()
        files = set(output_files(staging, {CACHE, RECORD}))
        if not partial:
            for path in files.difference(result.files):
                path.unlink()
            files.intersection_update(result.files)
        outcome = Outcome(summarise(result), [target / p.relative_to(staging) for p in result.files],
                          builder.warnings)
        if fingerprint is not None:  # lets the next build see that nothing changed
            write_atomic(staging / RECORD, record(staging, fingerprint, sorted(files), builder.keys))
        else:  # a record kept from an earlier build would no longer be true
            (staging / RECORD).unlink(missing_ok=True)
        swap_in(staging, target)
        return outcome
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        where = f": {exc.filename}" if exc.filename else ""
        raise BuildFailed(f"build failed, {target} is unchanged: {exc.strerror or exc}{where}") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def output_files(folder: Path, leave_out: set[str]) -> list[Path]:
    """Every file in `folder`, leaving out the files and folders at its top named in `leave_out`."""
    import os

    found = []
    for parent, dirs, names in os.walk(folder):
        if parent == str(folder):
            dirs[:] = [d for d in dirs if d not in leave_out]
            names = [n for n in names if n not in leave_out]
        found += [Path(parent, n) for n in names]
    return found


def contact_size(thumb: tuple[int, int], count: int, columns: int, gap: int = 8) -> tuple[int, int]:
    width, height = thumb
    rows = (count + columns - 1) // columns
    return columns * (width + gap) + gap, rows * (height + gap) + gap


def contact_sheet(thumbs: dict[int, PILImage.Image], count: int, columns: int,
                  sheet: PILImage.Image | None = None, gap: int = 8) -> PILImage.Image:
    """All card faces at a glance: `count` thumbnails in a grid on white. Given the sheet
    of an earlier build, only the cells in `thumbs` are drawn again."""
    width, height = next(iter(thumbs.values())).size
    if sheet is None:
        sheet = PILImage.new("RGB", contact_size((width, height), count, columns, gap), "white")
    for i, thumb in thumbs.items():
        sheet.paste(thumb, (gap + (i % columns) * (width + gap), gap + (i // columns) * (height + gap)))
    return sheet


def content_hash(value: object) -> str:
    """A hash of a scene object's content: pickled without its memo (so objects shared
    within it are written out each time and only values count), four times quicker than
    repr() of a card."""
    import hashlib
    import io
    import pickle

    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=5)
    pickler.fast = True  # no memo: the scene is a tree, with no cycles
    pickler.dump(value)
    return hashlib.sha256(buffer.getvalue()).hexdigest()


def patch_contact_sheet(pdf: bytes, dpi: float, thumb_width: int, cells: list[int], count: int, columns: int,
                        path: str) -> bool:
    """In a worker process: draw the PDF's pages as the thumbnails of `cells` into the contact
    sheet at `path`. False, and nothing written, if the sheet is not of the expected size."""
    from .backends.png import rasterize

    thumbs = {}
    for i, image in zip(cells, rasterize(pdf, dpi)):
        thumbs[i] = thumbnail(image, thumb_width)
    with PILImage.open(path) as image:
        if image.size != contact_size(thumbs[cells[0]].size, count, columns):
            return False
        sheet = image.convert("RGB")
    write_atomic(Path(path), png_bytes(contact_sheet(thumbs, count, columns, sheet)))
    return True


def human_size(size: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1000
    return ""  # pragma: no cover


def summarise(result: BuildResult) -> str:
    pdfs, svgs, pngs = result.count(".pdf"), result.count(".svg"), result.count(".png")
    parts = [f"{n} {kind}" for n, kind in ((pdfs, "PDF"), (svgs, "SVG"), (pngs, "PNG")) if n]
    others = len(result.files) - pdfs - svgs - pngs
    if others:
        parts.append(f"{others} other")
    return f"{', '.join(parts)} ({human_size(result.size)})"
