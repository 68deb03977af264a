"""pnp watch --serve: the gallery of the output folder served on the loopback, in a page that
reloads itself after each rebuild and shows the problems of a failed one.

The page asks /_pnp/status twice a second: which rebuild the output is at, whether the last
one failed, and its problems as `pnp validate` prints them. The gallery's file on disk stays
as the build wrote it; the server adds the script to the page as it sends it."""

from __future__ import annotations

import html
import json
import threading
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

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


class _Handler(SimpleHTTPRequestHandler):
    """The output folder's files, never cached, with the script added to the gallery."""

    status: Status
    host: str

    def do_GET(self) -> None:
        if self.headers.get("Host") not in (self.host, self.host.replace("127.0.0.1", "localhost")):
            self.send_error(HTTPStatus.FORBIDDEN, "pnp watch answers only at " + self.host)  # a page elsewhere
            return
        path = self.path.split("?", 1)[0]
        status = self.status.data()
        if path == "/_pnp/status":
            self._send(json.dumps(status).encode("utf-8"), "application/json")
        elif path == "/_pnp/live.js":
            self._send(SCRIPT.encode("utf-8"), "text/javascript; charset=utf-8")
        elif path in ("/", "/index.html"):
            self._send(self._page(status), "text/html; charset=utf-8")
        else:
            super().do_GET()

    def _page(self, status: dict) -> bytes:
        index = Path(self.directory) / "index.html"
        try:
            page = index.read_text("utf-8")
        except OSError:
            waiting = "pnp is building the kit" if status["building"] else "there is no gallery yet"
            page = WAITING.format(title=html.escape(waiting),
                                  text="This page shows it as soon as a build has made it.")
        script = (f'<script>window.pnpGeneration = {status["generation"]};</script>'
                  '<script src="/_pnp/live.js"></script>\n')
        at = page.rfind("</body>")
        return (page[:at] + script + page[at:] if at >= 0 else page + script).encode("utf-8")

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        pass  # the terminal is pnp watch's


def serve(folder: Path, status: Status) -> tuple[ThreadingHTTPServer, str]:
    """Serve `folder` on 127.0.0.1 at a port the system picks, in a thread of its own; returns
    the server (to shut down) and its address."""
    handler = type("Handler", (_Handler,), {"status": status, "host": ""})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    server.daemon_threads = True
    handler.host = f"127.0.0.1:{server.server_address[1]}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{handler.host}/"
