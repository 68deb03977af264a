"""pnp watch --serve: the gallery of the output folder served on the loopback, in a page that
reloads itself after each rebuild and shows the problems of a failed one.

The page asks /_pnp/status twice a second: which rebuild the output is at, whether the last
one failed, and its problems as `pnp validate` prints them. The gallery's file on disk stays
as the build wrote it; the server adds the script to the page as it sends it. It is quiet: a
browser's request for /favicon.ico is answered with no content (not a "not found" in its
console), and a tab closed while a file is sent (a broken pipe, a reset) says nothing."""

from __future__ import annotations

import html
import json
import os
import stat
import sys
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

SCRIPT = """\
// pnp watch --serve: reload after each rebuild; show the problems of a failed one
(function () {
  var seen = window.pnpGeneration, panel = null;
  function show(status) {
    if (!status.lines.length && !status.building) {
      if (panel) { panel.remove(); panel = null; }
      return;
    }
    if (!panel) {
      panel = document.createElement("div");
      panel.id = "pnp-status";
      panel.style.cssText = "position:fixed;left:0;right:0;bottom:0;max-height:45vh;overflow:auto;z-index:99;" +
        "margin:0;padding:0.6rem 1rem;font:13px/1.4 ui-monospace,monospace;white-space:pre-wrap;" +
        "box-shadow:0 -2px 8px rgba(0,0,0,.3)";
      document.body.appendChild(panel);
    }
    panel.className = status.building ? "building" : (status.ok ? "warnings" : "failed");
    panel.style.background = status.ok || status.building ? "#fff6d5" : "#fde2dc";
    panel.style.color = "#1d1a16";
    var head = status.building ? "rebuilding\\u2026" : status.message;
    panel.textContent = [head].concat(status.building ? [] : status.lines).join("\\n");
  }
  function poll() {
    fetch("/_pnp/status", {cache: "no-store"}).then(function (response) {
      return response.json();
    }).then(function (status) {
      if (status.generation !== seen && status.ok && !status.building) {
        location.reload();
        return;
      }
      show(status);
      setTimeout(poll, 500);
    }).catch(function () { setTimeout(poll, 2000); });
  }
  poll();
})();
"""

WAITING = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>pnp watch</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem">
<h1>{title}</h1>
<p>{text}</p>
</body>
</html>
"""


class Status:
    """How the last rebuild went, for the page to ask: a number that changes with every
    rebuild, whether it built, the line pnp watch printed and the problems."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._data = {"generation": 0, "building": True, "ok": False, "message": "building", "lines": []}

    def building(self) -> None:
        with self._lock:
            self._data = {**self._data, "building": True}

    def done(self, ok: bool, message: str, lines: list[str]) -> None:
        with self._lock:
            self._data = {"generation": self._data["generation"] + 1, "building": False, "ok": ok, "message": message,
                          "lines": list(lines)}

    def data(self) -> dict:
        with self._lock:
            return dict(self._data)


IDLE_SECONDS = 5  # a connection that sends nothing for this long is closed
MAX_CONNECTIONS = 32  # connections answered at once (a browser opens six); any more is closed at once


class _Handler(SimpleHTTPRequestHandler):
    """The output folder's files, never cached, with the script added to the gallery. Every
    request is checked for its Host first, whatever its method; GET and HEAD are answered,
    any other method with 501; a path naming a file outside the folder (by a link in it) or
    not a plain file is not found."""

    status: Status
    host: str
    timeout = IDLE_SECONDS  # (the socket's, for each read and write)

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False  # (answered: a malformed request line or header)
        if self.headers.get("Host") not in (self.host, self.host.replace("127.0.0.1", "localhost")):
            self.send_error(HTTPStatus.FORBIDDEN, "pnp watch answers only at " + self.host)  # a page elsewhere
            return False
        return True

    def do_GET(self) -> None:
        self._answer(head=False)

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def _answer(self, head: bool) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        status = self.status.data()
        if path == "/_pnp/status":
            self._send(json.dumps(status).encode("utf-8"), "application/json", head)
        elif path == "/_pnp/live.js":
            self._send(SCRIPT.encode("utf-8"), "text/javascript; charset=utf-8", head)
        elif path in ("/", "/index.html"):
            self._send(self._page(status), "text/html; charset=utf-8", head)
        elif path == "/favicon.ico" and not (Path(self.directory) / "favicon.ico").is_file():
            self.send_response(HTTPStatus.NO_CONTENT)  # (a browser asks for it on every page)
            self.end_headers()
        else:
            found = self._file(path)
            if found is None:
                return
            try:
                if not head:
                    self.copyfile(found, self.wfile)
            finally:
                found.close()

    def _file(self, path: str):
        """The file of the output folder a path names, opened, its headers sent; None (and the
        error sent) when there is none: a path that is not plain names, a file outside the
        folder (a link in it leading elsewhere), a pipe or a device."""
        try:
            name = unquote(path, errors="strict") if path.isascii() else ""
        except UnicodeError:  # (a %-escape that is not UTF-8)
            name = ""
        parts = [part for part in name.split("/") if part]
        if not name.startswith("/") or any(part in (".", "..") or not part.isprintable() or "\\" in part
                                           for part in parts):
            self.send_error(HTTPStatus.BAD_REQUEST, "not a path of the gallery")
            return None
        root = Path(self.directory)
        try:
            real = root.joinpath(*parts).resolve(strict=True)
            if real != root and root not in real.parents:
                raise FileNotFoundError  # a link leading out of the folder
            if real.is_dir():
                if not path.endswith("/"):
                    self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                    self.send_header("Location", path + "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return None
                real = (real / "index.html").resolve(strict=True)
                if root not in real.parents:
                    raise FileNotFoundError
            fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # (a pipe would wait for a writer)
        except (OSError, RuntimeError, ValueError, UnicodeError):
            self.send_error(HTTPStatus.NOT_FOUND, "not in the gallery")
            return None
        found = os.fdopen(fd, "rb")
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            found.close()
            self.send_error(HTTPStatus.NOT_FOUND, "not in the gallery")
            return None
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(real)))
        self.send_header("Content-Length", str(info.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(info.st_mtime)))
        self.end_headers()
        return found

    def _page(self, status: dict) -> bytes:
        index = Path(self.directory) / "index.html"
        try:
            real = index.resolve(strict=True)
            if real.parent != Path(self.directory):
                raise FileNotFoundError  # a link leading out of the folder
            page = real.read_text("utf-8")
        except (OSError, RuntimeError, ValueError):
            waiting = "pnp is building the kit" if status["building"] else "there is no gallery yet"
            page = WAITING.format(title=html.escape(waiting),
                                  text="This page shows it as soon as a build has made it.")
        script = (f'<script>window.pnpGeneration = {status["generation"]};</script>'
                  '<script src="/_pnp/live.js"></script>\n')
        at = page.rfind("</body>")
        return (page[:at] + script + page[at:] if at >= 0 else page + script).encode("utf-8")

    def _send(self, body: bytes, kind: str, head: bool = False) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        pass  # the terminal is pnp watch's


class _Server(ThreadingHTTPServer):
    """A thread for each connection, up to MAX_CONNECTIONS at once (any more is closed as it
    comes); a client that leaves, or says nothing for IDLE_SECONDS, is let go in silence."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 64  # (the system's backlog: past it, a browser's connections wait a second to retry)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request, client_address) -> None:
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)  # too many at once
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address) -> None:
        error = sys.exc_info()[1]
        if isinstance(error, OSError):  # a client that left (a broken pipe, a reset) or timed out
            return
        print(f"pnp watch: a request to the gallery failed ({type(error).__name__}: {error})", file=sys.stderr)


def serve(folder: Path, status: Status) -> tuple[ThreadingHTTPServer, str]:
    """Serve `folder` on 127.0.0.1 at a port the system picks, in a thread of its own; returns
    the server (to shut down) and its address."""
    handler = type("Handler", (_Handler,), {"status": status, "host": ""})
    folder = Path(os.path.abspath(folder)).resolve()
    server = _Server(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    handler.host = f"127.0.0.1:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{handler.host}/"
