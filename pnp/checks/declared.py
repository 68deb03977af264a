"""The templates game.yaml holds outside the layouts, worked out as a build and its exports
work them out: each set's `name:` (the file names of its pieces or boards), `label:` (what
the exports and the gallery call a piece) and `caption:` lines (the gallery's), for every
piece in every language, and the read-me's `contents:` lines with the numbers pnp counts. What
fails is said once where it is written, with the first piece it fails for and how many more,
as the template check says a layout's (pnp.checks.printing)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from .. import expr
from ..model.game import Text
from ..problems import Location

if TYPE_CHECKING:
    from ..model.game import ComponentSet, Game


def declared_failures(game: "Game") -> dict:
    """What fails, by (where, message): [the first piece it fails for (None for what is no
    piece's), its language, the other pieces, the key (name, label, caption, contents)], in the
    order met (set by set, key by key). Once a game (game.memo)."""
    if "declared" not in game.memo:
        game.memo["declared"] = _failures(game)
    return game.memo["declared"]


def names_fail(game: "Game") -> bool:
    """Whether a set's `name:` fails (the pieces' file names cannot all be worked out)."""
    return any(found[3] == "name" for found in declared_failures(game).values())


def _failures(game: "Game") -> dict:
    from ..components import types

    failures: dict = {}

    def fail(key: str, where: Location, message: str, owner: str | None, language: str) -> None:
        known = failures.setdefault((where, message), [owner, language, set(), key])
        if owner is not None and owner != known[0]:
            known[2].add(owner)

    for component in game.sets.values():
        kind = types()[component.type]
        if not kind.printed or (kind.whole is not None and (component.whole_board or not component.faces)):
            continue  # (data is printed nowhere; a board drawn from the whole set has no piece to name)
        board = kind.whole is not None
        for key, path, source, language in _templates(game, component, board):
            where = game.locate(component.origin, *path)
            shown = _shown(game, component.origin.path + path)
            try:
                template = expr.parse_template(source)
            except expr.ExpressionError as exc:
                fail(key, where, f"{shown}: {exc.message} in {source!r}", None, language)
                continue
            views = game.views(language)
            for item in component.items:
                if key != "name" and component.faces.get(item.face or "") is None:
                    continue  # (drawn nowhere: the layout check says why)
                env = views.env(item)
                sides = [env] if key == "name" or board else [side for _, side in kind.pieces_of(env)]
                for side in sides:
                    try:
                        template.render(side, language)
                    except expr.ExpressionError as exc:
                        fail(key, where, f"{shown}: {exc.message} in {source!r}", component.describe(item), language)
                        break
    _contents(game, fail)
    return failures


def _templates(game: "Game", component: "ComponentSet", board: bool) -> Iterator[tuple[str, tuple, str, str]]:
    """Each template of a set's declaration a build works out, in each of the game's
    languages it is worked out in: (key, its path below the set, its text, the language)."""
    declaration = component.declaration
    languages = game.languages or (game.language,)
    if isinstance(declaration.get("name"), str):  # (the file names: each language's kit has its own)
        for language in languages:
            yield "name", ("name",), declaration["name"], language
    texts: list[tuple[tuple, Any]] = []
    if "label" in declaration:
        texts.append((("label",), declaration["label"]))
    if not board:
        texts += [(("caption", i), line) for i, line in enumerate(declaration.get("caption") or [])]
    for path, value in texts:
        yield from _localised("label" if path[0] == "label" else "caption", path, value, game, languages)


def _localised(key: str, path: tuple, value: Any, game: "Game", languages: tuple) -> Iterator[tuple]:
    """A text's template in each language, as a build reads it (the game's first language's
    where a language has none), with the path of the language's own text."""
    if not isinstance(value, (str, dict)):
        return
    text = Text.from_data(value)
    own = dict(text.values)
    if not own:
        return
    for language in languages:
        source = text.get(language, game.language)
        if not isinstance(source, str):
            continue
        lang = next((lang for lang in (language, game.language) if lang in own), next(iter(own)))
        yield key, path + ((lang,) if text.localised else ()), source, language


def _contents(game: "Game", fail: Any) -> None:
    """The read-me's `contents:` lines, each worked out in each language with its set's
    numbers: count (its pieces, copies counted), items and groups."""
    from ..components import types
    from ..kit.readme import readme_data

    doc = game.documents.get(game.manifest)
    if doc is None:
        return
    for name, value in (readme_data(game).get("contents") or {}).items():
        component = game.sets.get(name)
        if component is None or not types()[component.type].printed:
            continue  # (the read-me's own problem, said at build)
        board = types()[component.type].whole is not None
        count = (1 if component.whole_board else len(component.items)) if board else \
            sum(item.copies for item in component.items)
        numbers = {"count": count, "items": len(component.items), "groups": len(component.groups)}
        seen: set = set()
        for _, path, source, language in _localised("contents", ("readme", "contents", name), value, game,
                                                    game.languages or (game.language,)):
            if (path, source) in seen:
                continue
            seen.add((path, source))
            shown = _shown(game, path)
            try:
                expr.parse_template(source).render(numbers, language)
            except expr.ExpressionError as exc:
                fail("contents", doc.locate(path), f"{shown}: {exc.message} in {source!r}", None, language)


def _shown(game: "Game", path: tuple) -> str:
    """How a message names a place in game.yaml: components.cards.caption[1]."""
    from ..load.schema import describe_path

    doc = game.documents.get(game.manifest)
    return describe_path(doc, path, {}) if doc is not None else ".".join(map(str, path))
