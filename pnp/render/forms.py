"""What a build's own process knows of the PDFs its workers draw, with no PDF library: each
drawing's form name and what its stream is drawn from (`FormCache`, the streams kept in the
build's cache), each font's characters in the order they get their codes, and the pages a
worker is sent to draw (`skeleton`: pnp.render.pdf.document draws them, placing what the
cache holds: `StoredForms`). See pnp.render.pdf."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Mapping

from ..scene import Definition, Group, Page, own_characters


@lru_cache(maxsize=16384)  # (each card's, a few times in every PDF)
def form_name(ref: str) -> str:
    """reportlab form names must be plain: keep letters and digits."""
    plain = ref.replace("-", "_")
    if plain.replace("_", "").isalnum():  # (a card's id: its only other characters are - and _)
        return "F" + plain
    return "F" + "".join(ch if ch.isalnum() else "_" for ch in ref)


def charsets(chars: Mapping[str, frozenset[str]], fonts: Iterable[str]) -> dict[str, str]:
    """Each of `fonts` that draws characters, with them in the order they get their codes."""
    return {name: "".join(sorted(chars[name])) for name in sorted(fonts) if name in chars}



class FormCache:
    """Content streams of drawn definitions, by what they draw (`digest`) and the document's
    characters, to place again in later PDFs; with `load` and `save`, also kept beyond this
    process, under a text key, and then only the last `limit` used are kept in memory (a
    deck's every card, drawn for the print sheets' and the images' PDFs, would otherwise
    stay in memory for the whole build)."""

    def __init__(self, digest: Callable[[Definition], str], load: Callable[[str], bytes | None] | None = None,
                 save: Callable[[str, bytes], None] | None = None, limit: int = 256):
        self.digest = digest
        self.load = load
        self.save = save
        self.limit = limit
        self.streams: dict[tuple[str, tuple], Stream] = {}
        self.fonts: dict[int, tuple[Definition, list[str]]] = {}  # the fonts each definition draws with

    @staticmethod
    def text_of(key: tuple) -> str:
        """A key (`key_of`) as the text `load` and `save` are given."""
        return hashlib.sha256(repr(key).encode("utf-8")).hexdigest()

    def key_of(self, definition: Definition, charset: Mapping[str, str]) -> tuple | None:
        """What a definition's stream is drawn from: its content and its fonts' subsets."""
        fonts = self.fonts.get(id(definition))
        if fonts is None or fonts[0] is not definition:
            fonts = self.fonts[id(definition)] = (definition, sorted(own_characters(definition)))
        return self.digest(definition), tuple((f, charset.get(f)) for f in fonts[1])

    def find(self, key: tuple) -> "Stream | None":
        found = self.streams.pop(key, None)
        if found is None and self.load is not None:
            data = self.load(self.text_of(key))
            if data is not None:
                found = Stream.unpack(data)
        if found is not None:
            self._remember(key, found)
        return found

    def mismatch(self, key) -> None:
        """A stream found for `key` was drawn after another preamble than this document's: it
        is drawn again."""

    def keep(self, key: tuple, stream: "Stream") -> None:
        self._remember(key, stream)
        if self.save is not None:
            self.save(self.text_of(key), stream.pack())

    def _remember(self, key: tuple, stream: "Stream") -> None:
        self.streams[key] = stream  # the last used last
        if self.save is not None and len(self.streams) > self.limit:  # the others are in the cache
            del self.streams[next(iter(self.streams))]


@dataclass(frozen=True)
class Stream:
    """A drawn form's content stream as a PDF holds it: compressed, after the preamble of the
    canvas that drew it (the same in every document pnp writes), with the forms it places.
    Kept so, a form is placed in another document without being drawn, decompressed or
    compressed again, and in a fifth of the room of its code."""

    deflated: bytes
    forms: tuple[str, ...]
    preamble: str

    def pack(self) -> bytes:
        """As the cache keeps it (`unpack` reads it): a line of JSON, then the stream."""
        return json.dumps({"forms": list(self.forms), "preamble": self.preamble}).encode("utf-8") + b"\n" + self.deflated

    @classmethod
    def unpack(cls, data: bytes) -> "Stream | None":
        """A stream as the cache keeps it; None if it is not one."""
        head, _, deflated = data.partition(b"\n")
        try:
            doc = json.loads(head)
            forms, preamble = doc["forms"], doc["preamble"]
        except (ValueError, TypeError, KeyError):
            return None
        if not (isinstance(preamble, str) and isinstance(forms, list) and all(isinstance(f, str) for f in forms)):
            return None
        return cls(deflated, tuple(forms), preamble)


class FormMissing(Exception):
    """A stream a document was to place from the cache is not there (or is damaged)."""


class StoredForms(FormCache):
    """In a worker process: the streams of card drawings in the build's cache
    (out/.cache/pdf-forms), by form name and cache key. Those in `stored` came empty
    (`skeleton`) and must be there; those in `drawn` came whole: taken from there if a process
    drew them meanwhile, else drawn here and kept there for the documents that follow."""

    def __init__(self, stored: Mapping[str, str], folder: str, drawn: Mapping[str, str] | None = None):
        from ..build.cache import Cache

        super().__init__(lambda definition: "")
        self.entries = {**(drawn or {}), **stored}
        self.must = set(stored.values())
        self.store = Cache(Path(folder))

    def key_of(self, definition: Definition, charset: Mapping[str, str]) -> str | None:  # type: ignore[override]
        return self.entries.get(form_name(definition.id))

    def find(self, key: str) -> Stream | None:  # type: ignore[override]
        data = self.store.get("pdf-forms", key)
        found = Stream.unpack(data) if data is not None else None
        if found is None and key in self.must:
            raise FormMissing(key)
        return found

    def mismatch(self, key: str) -> None:  # type: ignore[override]
        if key in self.must:  # (sent empty: it cannot be drawn here)
            raise FormMissing(key)

    def keep(self, key: str, stream: Stream) -> None:  # type: ignore[override]
        if key not in self.must:
            self.store.put("pdf-forms", key, stream.pack())


def skeleton(pages: Iterable[Page], stored: Mapping[str, str]) -> list[Page]:
    """The pages with each definition whose stream is stored left empty: what a worker is sent."""
    from dataclasses import replace

    empty = Group(())
    return [replace(page, definitions=tuple(Definition(d.id, d.width, d.height, empty, d.bleed)
                                            if form_name(d.id) in stored else d for d in page.definitions))
            for page in pages]


def write_pdf_file(path: str, pdf: Callable[[], bytes | None]) -> bool:
    """In a worker process: the PDF `pdf` makes (`document`) written to `path`; False, and
    nothing written, when a drawing it was to place from the cache is not there."""
    from ..load.files import write_atomic

    data = pdf()
    if data is None:
        return False
    write_atomic(Path(path), data)
    return True
