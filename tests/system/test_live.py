"""pnp watch --serve: the gallery on the loopback, reloading after each rebuild and showing a
failed one's problems, opened in headless Chromium while the game's files change."""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import struct
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
            f"not built: Game: 0 cards: 2 errors, 0 warnings; {(game / 'out').resolve()} is unchanged",
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
                          "message": f"not built: Game: 0 tiles: 1 error, 0 warnings; {(game / 'out').resolve()} is unchanged",
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


# --- the server on its own, as a page elsewhere or a client that misbehaves meets it ----------


class Served:
    """pnp's gallery server on a folder, in this process; raw requests to it."""

    def __init__(self, folder: Path) -> None:
        from pnp.commands.live import Status, serve

        self.server, url = serve(folder, Status())
        self.port = self.server.server_address[1]
        self.host = f"127.0.0.1:{self.port}"

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=10)

    def ask(self, method: str, path: str, host: str | None = None) -> tuple[str, bytes]:
        """The answer's status line, and the rest of it."""
        with self.connect() as client:
            client.sendall(f"{method} {path} HTTP/1.1\r\nHost: {host or self.host}\r\n\r\n".encode("latin-1"))
            answer = b""
            while chunk := client.recv(65536):
                answer += chunk
        status, _, rest = answer.partition(b"\r\n")
        return status.decode("latin-1"), rest

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def gallery(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    (out / "png").mkdir(parents=True)
    (out / "png" / "a.png").write_bytes(b"\x89PNG a picture")
    (out / "index.html").write_text("<html><body><h1>the gallery</h1></body></html>\n", "utf-8")
    return out


def test_every_method_is_checked_for_its_host_and_only_get_and_head_answered(tmp_path: Path, capfd) -> None:
    served = Served(gallery(tmp_path))
    refused = f"HTTP/1.0 403 pnp watch answers only at {served.host}"
    try:
        for method in ("HEAD", "GET", "POST", "PUT", "DELETE", "OPTIONS", "BREW"):
            status, rest = served.ask(method, "/", host="pnp.example")
            assert status == refused, method
        status, rest = served.ask("HEAD", "/png/a.png", host="pnp.example")
        assert status == refused and rest.endswith(b"\r\n\r\n")  # (no page for a HEAD)
        status, rest = served.ask("HEAD", "/png/a.png")
        assert status == "HTTP/1.0 200 OK" and b"\r\nContent-Length: 14\r\n" in rest and rest.endswith(b"\r\n\r\n")
        status, rest = served.ask("HEAD", "/_pnp/status")
        assert status == "HTTP/1.0 200 OK" and b"\r\nContent-Type: application/json\r\n" in rest
        assert rest.endswith(b"\r\n\r\n")
        for method in ("POST", "PUT", "DELETE", "OPTIONS"):
            assert served.ask(method, "/")[0] == f"HTTP/1.0 501 Unsupported method ('{method}')"
        assert served.ask("GET", "/png/a.png")[1].endswith(b"\r\n\r\n\x89PNG a picture")
        assert served.ask("GET", "/", host=served.host.replace("127.0.0.1", "localhost"))[0] == "HTTP/1.0 200 OK"
    finally:
        served.close()
    assert capfd.readouterr().err == ""


def test_malformed_paths_and_clients_that_leave_are_answered_quietly(tmp_path: Path, capfd) -> None:
    out = gallery(tmp_path)
    (out / "big.png").write_bytes(b"\0" * 8_000_000)
    served = Served(out)
    try:
        for path in ("/%00", "/png/%00a.png", "/%ff", "/..", "/png/../../secret", "/a%5cb", "/%0a"):
            assert served.ask("GET", path)[0] == "HTTP/1.0 400 not a path of the gallery", path
        for path in ("/nothing.png", "/png/", "/png/a.png/x"):
            assert served.ask("GET", path)[0] == "HTTP/1.0 404 not in the gallery", path
        assert served.ask("GET", "/png")[0] == "HTTP/1.0 301 Moved Permanently"
        # clients that leave: half-way through their request, and as the answer is sent
        for request in (b"GET /png/a.png HTTP/1.1\r\nHost: ", f"GET /big.png HTTP/1.1\r\nHost: {served.host}\r\n\r\n"
                        .encode(), b"HEAD / HTTP/1.1\r\n"):
            for _ in range(3):
                client = served.connect()
                client.sendall(request)
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # a reset
                client.close()
        time.sleep(1)
        assert served.ask("GET", "/png/a.png")[0] == "HTTP/1.0 200 OK"  # it still answers
    finally:
        served.close()
    assert capfd.readouterr().err == ""


def test_idle_connections_are_closed_and_their_threads_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    """Fifty connections that say nothing: no more than 32 threads answer them at once (the
    rest are closed at once), and each is closed once idle for its time (5 s, a second here)."""
    from pnp.commands import live

    assert (live.IDLE_SECONDS, live._Handler.timeout, live.MAX_CONNECTIONS) == (5, 5, 32)
    monkeypatch.setattr(live._Handler, "timeout", 1)
    served = Served(gallery(tmp_path))
    before = threading.active_count()
    clients = []
    try:
        for _ in range(50):
            clients.append(served.connect())
        time.sleep(0.5)
        assert threading.active_count() <= before + 32
        deadline = time.monotonic() + 5
        for client in clients:
            client.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                assert client.recv(1024) == b""
            except ConnectionResetError:
                pass
        deadline = time.monotonic() + 5
        while threading.active_count() > before and time.monotonic() < deadline:
            time.sleep(0.1)
        assert threading.active_count() == before
        assert served.ask("GET", "/png/a.png")[0] == "HTTP/1.0 200 OK"
    finally:
        for client in clients:
            client.close()
        served.close()


def test_only_plain_files_inside_the_output_folder_are_served(tmp_path: Path) -> None:
    out = gallery(tmp_path)
    (tmp_path / "secret.txt").write_text("not the gallery's\n")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "secret.txt").write_text("not the gallery's\n")
    (out / "leak.txt").symlink_to(tmp_path / "secret.txt")
    (out / "folder").symlink_to(tmp_path / "elsewhere")
    (out / "png" / "same.png").symlink_to(out / "png" / "a.png")  # a link inside the folder is followed
    os.mkfifo(out / "pipe.png")  # (opening it would wait for a writer)
    served = Served(out)
    try:
        for path in ("/leak.txt", "/folder/secret.txt", "/folder/", "/pipe.png"):
            assert served.ask("GET", path)[0] == "HTTP/1.0 404 not in the gallery", path
        status, rest = served.ask("GET", "/png/same.png")
        assert status == "HTTP/1.0 200 OK" and rest.endswith(b"\r\n\r\n\x89PNG a picture")
        (out / "index.html").unlink()
        (out / "index.html").symlink_to(tmp_path / "secret.txt")
        status, rest = served.ask("GET", "/")
        assert status == "HTTP/1.0 200 OK" and b"not the gallery's" not in rest
        assert b"<h1>pnp is building the kit</h1>" in rest
    finally:
        served.close()
