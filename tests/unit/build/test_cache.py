"""pnp.build.cache: what a build keeps in out/.cache/ for a later build (font subsets, each card's
PDF drawing), one file an entry, each starting with the SHA-256 of the rest: an entry is
used only when it is whole, a file itself in folders themselves, and the oldest entries go
when the cache is past its limit, never one the build used."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from pnp.build.cache import FOLDER, LIMIT, Cache


def entry(data: bytes) -> bytes:
    """An entry's file as the cache writes it: the hash of the data, then the data."""
    return hashlib.sha256(data).digest() + data


def written(cache: Cache, kind: str, key: str, data: bytes, when: int) -> Path:
    """An entry put in the cache's folder by hand, last written at `when` (ns)."""
    path = cache.folder / kind / key
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(entry(data))
    os.utime(path, ns=(when, when))
    return path


def test_the_folder_and_the_limit(tmp_path: Path) -> None:
    assert (FOLDER, LIMIT) == (".cache", 64_000_000)
    cache = Cache(tmp_path / FOLDER)
    assert (cache.folder, cache.limit, cache.used) == (tmp_path / ".cache", 64_000_000, set())
    assert Cache(tmp_path, 10).limit == 10
    assert cache.present is False
    (tmp_path / ".cache").mkdir()
    assert cache.present is True
    assert cache._path("fonts", "k") == f"{tmp_path}/.cache/fonts/k"


def test_an_entry_put_is_got_back(tmp_path: Path) -> None:
    cache = Cache(tmp_path / ".cache")
    cache.put("fonts", "abc", b"the subset")
    path = tmp_path / ".cache" / "fonts" / "abc"
    assert path.read_bytes() == hashlib.sha256(b"the subset").digest() + b"the subset"
    assert cache.used == {str(path)}
    assert [p.name for p in path.parent.iterdir()] == ["abc"]  # written whole: no file left beside it
    later = Cache(tmp_path / ".cache")  # the next build
    assert later.get("fonts", "abc") == b"the subset"
    assert later.used == {str(path)}
    assert later.get("fonts", "other") is None and later.get("forms", "abc") is None
    assert later.used == {str(path)}
    cache.put("fonts", "empty", b"")
    assert later.get("fonts", "empty") == b""


def test_a_damaged_entry_is_never_used(tmp_path: Path) -> None:
    cache = Cache(tmp_path / ".cache")
    cache.put("fonts", "k", b"0123456789")
    path = tmp_path / ".cache" / "fonts" / "k"
    whole = path.read_bytes()
    for damaged in (whole[:-1], whole + b"!", whole[:32] + b"0123456788", b"x" + whole[1:], whole[:32], whole[:31],
                    b""):
        path.write_bytes(damaged)
        later = Cache(tmp_path / ".cache")
        assert later.get("fonts", "k") is None, damaged
        assert later.used == set()
    path.write_bytes(entry(b"0123456788"))  # whole again, with other data
    assert Cache(tmp_path / ".cache").get("fonts", "k") == b"0123456788"


def test_an_entry_is_a_file_itself(tmp_path: Path) -> None:
    """An output folder from elsewhere may hold links, folders or pipes where entries go: none
    is read, nor waited on."""
    cache = Cache(tmp_path / ".cache")
    cache.put("fonts", "real", b"data")
    outside = tmp_path / "outside"
    outside.write_bytes(entry(b"secret"))
    folder = tmp_path / ".cache" / "fonts"
    (folder / "link").symlink_to(outside)
    (folder / "folder").mkdir()
    os.mkfifo(folder / "pipe")
    later = Cache(tmp_path / ".cache")
    for name in ("link", "folder", "pipe"):
        assert later.get("fonts", name) is None, name
        assert later.has("fonts", name) is False, name
    assert later.used == set()
    assert later.get("fonts", "real") == b"data"


def test_folders_that_are_links_are_left_alone(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "fonts").mkdir(parents=True)
    (elsewhere / "fonts" / "k").write_bytes(entry(b"data"))
    linked = Cache(tmp_path / "out" / ".cache")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / ".cache").symlink_to(elsewhere)  # the cache's folder a link
    assert linked.get("fonts", "k") is None and linked.has("fonts", "k") is False
    linked.put("fonts", "new", b"data")
    assert sorted(p.name for p in (elsewhere / "fonts").iterdir()) == ["k"]

    (tmp_path / "two" / ".cache").mkdir(parents=True)
    (tmp_path / "two" / ".cache" / "fonts").symlink_to(elsewhere / "fonts")  # a kind's folder a link
    (tmp_path / "two" / ".cache" / "forms").mkdir()
    (tmp_path / "two" / ".cache" / "forms" / "k").write_bytes(entry(b"form"))
    two = Cache(tmp_path / "two" / ".cache")
    assert two.get("fonts", "k") is None and two.has("fonts", "k") is False
    two.put("fonts", "new", b"data")
    assert sorted(p.name for p in (elsewhere / "fonts").iterdir()) == ["k"]
    assert two.used == set()
    assert two.get("forms", "k") == b"form"  # another kind, in a folder itself


def test_a_kind_s_folder_is_looked_at_once(tmp_path: Path) -> None:
    """Whether a kind's folder is one to use is found once a build: a link found there leaves
    the kind alone for the rest of the build, should a real folder take its place."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / ".cache").mkdir()
    (tmp_path / ".cache" / "fonts").symlink_to(elsewhere)
    cache = Cache(tmp_path / ".cache")
    assert cache.get("fonts", "k") is None
    assert cache._kinds == {"fonts": False}
    (tmp_path / ".cache" / "fonts").unlink()
    Cache(tmp_path / ".cache").put("fonts", "k", b"data")  # (another build)
    assert cache.get("fonts", "k") is None and cache.has("fonts", "k") is False
    assert cache._kinds == {"fonts": False}
    assert Cache(tmp_path / ".cache").get("fonts", "k") == b"data"


def test_a_kind_not_there_yet_is_asked_again(tmp_path: Path) -> None:
    """A worker process may make the cache's folders after this process looked: a kind with
    no folder yet is not taken as one never to use."""
    cache = Cache(tmp_path / ".cache")
    assert cache.get("fonts", "k") is None and cache.has("fonts", "k") is False
    assert cache._kinds == {}
    Cache(tmp_path / ".cache").put("fonts", "k", b"data")  # (another process)
    assert cache.has("fonts", "k") is True
    assert cache.get("fonts", "k") == b"data"
    assert cache._kinds == {"fonts": True}


def test_a_folder_another_process_made_meanwhile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker may make the cache's folders between this process's look and its making them."""
    (tmp_path / ".cache" / "fonts").mkdir(parents=True)
    looked, lexists = set(), os.path.lexists

    def not_yet(path) -> bool:  # each folder not there at the first look
        if path not in looked:
            looked.add(path)
            return False
        return lexists(path)

    monkeypatch.setattr(os.path, "lexists", not_yet)
    cache = Cache(tmp_path / ".cache")
    cache.put("fonts", "k", b"data")
    assert (tmp_path / ".cache" / "fonts" / "k").read_bytes() == entry(b"data")


def test_no_folder_can_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_bytes(b"")
    cache = Cache(tmp_path / "file" / ".cache")  # (in a file: makedirs fails)
    cache.put("fonts", "k", b"data")
    assert cache.used == set() and cache._kinds == {}
    assert cache.get("fonts", "k") is None


def test_has_takes_an_entry_found_to_stay(tmp_path: Path) -> None:
    cache = Cache(tmp_path / ".cache")
    assert cache.has("fonts", "k") is False
    cache.put("fonts", "k", b"data")
    cache.used.clear()
    assert cache.has("fonts", "k") is True
    path = f"{tmp_path}/.cache/fonts/k"
    assert cache.used == {path} and cache._found == {path}
    os.unlink(path)
    assert cache.has("fonts", "k") is True  # (not looked up again)
    assert cache.has("fonts", "j") is False
    assert cache.used == {path} and cache._found == {path}
    fresh = Cache(tmp_path / ".cache")
    assert fresh.has("fonts", "k") is False
    assert fresh.used == set() and fresh._found == set()


def test_claim_counts_an_entry_not_there_yet(tmp_path: Path) -> None:
    cache = Cache(tmp_path / ".cache")
    cache.claim("forms", "k")
    assert cache.used == {f"{tmp_path}/.cache/forms/k"}
    assert not (tmp_path / ".cache").exists()


def test_survey_takes_a_listing(tmp_path: Path) -> None:
    cache = Cache(tmp_path / ".cache")
    cache.survey([(5, "fonts/a", 10), (3, "forms/b", 20)])
    assert cache._entries == [(5, f"{tmp_path}/.cache/fonts/a", 10), (3, f"{tmp_path}/.cache/forms/b", 20)]
    assert cache._survey is None


def make_cache(tmp_path: Path, limit: int) -> tuple[Cache, dict[str, Path]]:
    """A cache of five entries of 42 bytes each (10 of data), written at times 1 to 5 in an
    order of their own."""
    cache = Cache(tmp_path / ".cache", limit)
    paths = {}
    for key, when in (("c", 3), ("a", 1), ("e", 5), ("b", 2), ("d", 4)):
        paths[key] = written(cache, "forms" if key in "ab" else "fonts", key, b"0123456789", when * 1_000_000_000)
    return cache, paths


def left(paths: dict[str, Path]) -> str:
    return "".join(key for key, path in sorted(paths.items()) if path.exists())


@pytest.mark.parametrize(("limit", "kept"), [(210, "abcde"), (209, "bcde"), (168, "bcde"), (167, "cde"),
                                             (126, "cde"), (42, "e"), (41, ""), (0, "")])
def test_trim_removes_the_oldest_until_within_the_limit(tmp_path: Path, limit: int, kept: str) -> None:
    cache, paths = make_cache(tmp_path, limit)
    cache.trim()
    assert left(paths) == kept


def test_trim_keeps_what_the_build_used(tmp_path: Path) -> None:
    cache, paths = make_cache(tmp_path, 126)
    assert cache.get("forms", "a") == b"0123456789"
    cache.claim("fonts", "c")
    cache.trim()
    assert left(paths) == "ace"  # b and then d went in their stead
    cache, paths = make_cache(tmp_path / "2", 0)
    cache.put("fonts", "d", b"0123456789")
    assert cache.has("fonts", "e") is True
    cache.trim()
    assert left(paths) == "de"


def test_trim_keeps_an_entry_written_since_the_survey(tmp_path: Path) -> None:
    cache, paths = make_cache(tmp_path, 126)
    cache.survey(cache_listing := [(when, name, size) for when, name, size in _listing(cache)])
    assert len(cache_listing) == 5
    os.utime(paths["a"], ns=(9_000_000_000, 9_000_000_000))  # written again meanwhile
    paths["b"].unlink()  # gone meanwhile: its size is still counted
    cache.trim()
    assert left(paths) == "ae"  # a kept, b gone, then c and d to reach 126 (counting b's 42)


def _listing(cache: Cache) -> list[tuple[int, str, int]]:
    from pnp.load.files import listing

    return listing(cache.folder)


def test_trim_surveys_in_a_thread_or_now(tmp_path: Path) -> None:
    cache, paths = make_cache(tmp_path, 126)
    cache.survey()
    assert cache._survey is not None and cache._survey.name == "cache survey" and cache._survey.daemon
    first = cache._survey
    cache.survey()  # (one survey at a time)
    assert cache._survey is first
    cache.trim()
    assert left(paths) == "cde"
    assert (cache._survey, cache._entries) == (None, None)
    written(cache, "fonts", "f", b"0123456789", 6_000_000_000)
    paths["f"] = cache.folder / "fonts" / "f"
    cache.trim()  # listed again, now
    assert left(paths) == "def"
    Cache(tmp_path / "none").trim()  # no folder: nothing to do


def test_a_trim_without_entries(tmp_path: Path) -> None:
    cache = Cache(tmp_path / ".cache", 0)
    cache.survey([])
    cache.trim()
    assert (cache._survey, cache._entries) == (None, None)
