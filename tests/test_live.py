"""pnp watch --serve: the gallery on the loopback, reloading after each rebuild and showing a
failed one's problems, opened in headless Chromium while the game's files change."""

from __future__ import annotations

import json
import queue
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main

from browser import Browser, require_chromium

# a hash of the pixels of the knight's picture as the page shows it
KNIGHT_PIXELS = """(function () {
  var img = Array.prototype.find.call(document.images, function (i) { return /png\\/cards\\/knight\\.png$/.test(i.src); });
  if (!img || !img.complete || !img.naturalWidth) return null;
  var canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  var context = canvas.getContext("2d");
  context.drawImage(img, 0, 0);
  var data = context.getImageData(0, 0, canvas.width, canvas.height).data, hash = 0;
  for (var i = 0; i < data.length; i += 7) hash = (hash * 31 + data[i]) >>> 0;
  return String(hash);
})()"""
CAPTIONS = "Array.prototype.map.call(document.querySelectorAll('figure.piece figcaption'), function (f) " \
           "{ return f.textContent; }).join('|')"
PANEL = "(document.getElementById('pnp-status') || {}).textContent || ''"


class Watch:
    """pnp watch --serve running on a game; its lines as they come."""

    def __init__(self, game: Path, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "--serve", *args], cwd=game,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line) for line in self.process.stdout], daemon=True).start()

    def wait_for(self, start: str, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                continue
            if line.startswith(start):
                return line
        raise AssertionError(f"no line starting {start!r} within {timeout} s")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


def test_the_served_gallery_follows_the_edits(tmp_path: Path) -> None:
    require_chromium()
    game = tmp_path / "game"
    assert CliRunner().invoke(main, ["new", str(game)]).exit_code == 0
    cards = game / "cards.yaml"
    watch = Watch(game, "--only", "cards", "--format", "png")
    browser = None
    try:
        url = re.fullmatch(r"serving the gallery at (http://127\.0\.0\.1:\d+/) \(it reloads after each rebuild\)\n",
                           watch.wait_for("serving")).group(1)
        watch.wait_for("built ")
        browser = Browser(tmp_path / "profile")
        browser.open(url)
        browser.wait_for("document.querySelectorAll('figure.piece').length == 6")  # the six faces
        before = browser.wait_for(KNIGHT_PIXELS)
        assert "Knight" in browser.evaluate(CAPTIONS) and browser.evaluate(PANEL) == ""
        browser.evaluate("window.notReloaded = true")

        # edit a card: the page reloads by itself and shows its new face
        time.sleep(0.5)
        cards.write_text(cards.read_text().replace("name: Knight, power: 4", "name: Warden, power: 7"))
        browser.wait_for("!window.notReloaded && document.querySelectorAll('figure.piece').length == 6")
        after = browser.wait_for(KNIGHT_PIXELS)
        assert after != before
        assert "Warden" in browser.evaluate(CAPTIONS) and "Knight" not in browser.evaluate(CAPTIONS)

        # break it: the page stays as it was and shows the problem where it is
        browser.evaluate("window.notReloaded = true")
        cards.write_text(cards.read_text().replace("name: Warden, power: 7", "name: Warden, powr: 7"))
        panel = browser.wait_for(f"{PANEL}.indexOf('[schema]') >= 0 && {PANEL}")
        assert panel.splitlines() == [
            f"not built: 0 cards: 2 errors, 0 warnings; {(game / 'out').resolve()} is unchanged",
            "cards.yaml:8:5: error: card 'knight': missing required key 'power' [schema]",
            "cards.yaml:8:32: error: card 'knight': unknown key 'powr' (did you mean 'power'?) [schema]",
        ]
        assert browser.evaluate("window.notReloaded") is True and browser.evaluate(KNIGHT_PIXELS) == after

        # mend it: the problems go, with a reload
        cards.write_text(cards.read_text().replace("powr: 7", "power: 7"))
        browser.wait_for(f"!window.notReloaded && document.readyState == 'complete' && {PANEL} == ''")
        assert browser.wait_for(KNIGHT_PIXELS) == after
    finally:
        if browser is not None:
            browser.close()
        watch.stop()


def test_the_server_answers_the_loopback_only_and_never_to_be_cached(tmp_path: Path) -> None:
    game = tmp_path / "game"
    assert CliRunner().invoke(main, ["new", str(game), "--template", "counters"]).exit_code == 0
    watch = Watch(game, "--only", "counters", "--format", "png")
    try:
        url = re.search(r"http://\S+/", watch.wait_for("serving")).group(0)
        watch.wait_for("built ")
        with urllib.request.urlopen(url + "_pnp/status") as answer:
            status = json.load(answer)
            assert answer.headers["Cache-Control"] == "no-store"
        assert status["generation"] == 1 and status["ok"] and status["lines"] == []
        with urllib.request.urlopen(url) as answer:
            page = answer.read().decode("utf-8")
        assert page.endswith('<script>window.pnpGeneration = 1;</script><script src="/_pnp/live.js"></script>\n'
                             "</body>\n</html>\n")
        assert "pnpGeneration" not in (game / "out" / "index.html").read_text("utf-8")  # the file is as built
        assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing from another host
        with urllib.request.urlopen(url + "png/counters/red-scouts.png") as answer:
            assert answer.read() == (game / "out" / "png" / "counters" / "red-scouts.png").read_bytes()
        # a page of another site that a name resolving to 127.0.0.1 lets in is refused
        request = urllib.request.Request(url, headers={"Host": "pnp.example"})
        try:
            urllib.request.urlopen(request)
            raise AssertionError("answered another host")
        except urllib.error.HTTPError as exc:
            assert exc.code == 403
    finally:
        watch.stop()


def test_before_any_good_build_the_page_waits_and_says_why(tmp_path: Path) -> None:
    game = tmp_path / "game"
    assert CliRunner().invoke(main, ["new", str(game), "--template", "tiles"]).exit_code == 0
    tiles = game / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("count: 8}", "count: eight}"))
    watch = Watch(game)
    try:
        url = re.search(r"http://\S+/", watch.wait_for("serving")).group(0)
        watch.wait_for("not built: ")
        with urllib.request.urlopen(url + "_pnp/status") as answer:
            status = json.load(answer)
        assert status == {"generation": 1, "building": False, "ok": False,
                          "message": f"not built: 0 tiles: 1 error, 0 warnings; {(game / 'out').resolve()} is unchanged",
                          "lines": ["tiles.yaml:5:52: error: tile 'sea': count: expected a whole number, got 'eight' "
                                    "[schema]"]}
        with urllib.request.urlopen(url) as answer:
            page = answer.read().decode("utf-8")
        assert "<h1>there is no gallery yet</h1>" in page and '<script src="/_pnp/live.js"></script>' in page
        with urllib.request.urlopen(url + "_pnp/live.js") as answer:
            assert answer.headers["Content-Type"] == "text/javascript; charset=utf-8"
            assert b"location.reload()" in answer.read()
        assert not (game / "out").exists()
    finally:
        watch.stop()
