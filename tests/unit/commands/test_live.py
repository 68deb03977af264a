"""pnp.commands.live: pnp watch --serve's server, started on the loopback at a port the system picks and
asked for its pages: the gallery with the reloading script added, the status of the last
rebuild, the output folder's files and nothing outside it, and only at its own address."""

from __future__ import annotations

import http.client
import json
import os
import socket
from pathlib import Path

import pytest

from pnp.commands.live import IDLE_SECONDS, MAX_CONNECTIONS, SCRIPT, WAITING, Status, serve


def test_status() -> None:
    status = Status()
    assert status.data() == {"generation": 0, "building": True, "ok": False, "message": "building", "lines": []}
    lines = ["a", "b"]
    status.done(False, "not built", lines)
    lines.append("c")  # (its own copy)
    assert status.data() == {"generation": 1, "building": False, "ok": False, "message": "not built",
                             "lines": ["a", "b"]}
    status.building()
    assert status.data() == {"generation": 1, "building": True, "ok": False, "message": "not built",
                             "lines": ["a", "b"]}
    status.done(True, "built", [])
    assert status.data() == {"generation": 2, "building": False, "ok": True, "message": "built", "lines": []}
    status.data()["generation"] = 9  # (a copy)
    assert status.data()["generation"] == 2


def test_the_constants() -> None:
    assert (IDLE_SECONDS, MAX_CONNECTIONS) == (5, 32)
    assert 'fetch("/_pnp/status", {cache: "no-store"})' in SCRIPT and "location.reload()" in SCRIPT
    assert WAITING.format(title="T", text="X").count("<h1>T</h1>") == 1


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory):
    """The gallery of a folder served, for the whole module (a server takes half a second to stop)."""
    out = tmp_path_factory.mktemp("live") / "out"
    out.mkdir()
    status = Status()
    server, url = serve(out, status)
    assert url == f"http://127.0.0.1:{server.server_address[1]}/"
    yield server, status, out
    server.shutdown()
    server.server_close()


@pytest.fixture
def server(running):
    """(request, status, out, port), the output folder empty and the status new: request(path,
    method="GET", host=None) gives the status, headers and body of the answer."""
    import shutil

    server, status, out = running
    shutil.rmtree(out)
    out.mkdir()
    status.__init__()
    port = server.server_address[1]

    def request(path: str, method: str = "GET", host: str | None = None) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            connection.putheader("Host", host or f"127.0.0.1:{port}")
            connection.endheaders()
            answer = connection.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read()
        finally:
            connection.close()
    return request, status, out, port


def test_the_status_and_the_script(server) -> None:
    request, status, _, _ = server
    code, headers, body = request("/_pnp/status")
    assert code == 200 and headers["Content-Type"] == "application/json" and headers["Cache-Control"] == "no-store"
    assert json.loads(body) == status.data() and headers["Content-Length"] == str(len(body))
    status.done(False, "not built", ["x.yaml:1:1: error: bad"])
    assert json.loads(request("/_pnp/status?t=1")[2])["lines"] == ["x.yaml:1:1: error: bad"]
    code, headers, body = request("/_pnp/live.js#x")
    assert (code, headers["Content-Type"], body) == (200, "text/javascript; charset=utf-8", SCRIPT.encode("utf-8"))
    code, headers, body = request("/_pnp/live.js", "HEAD")
    assert (code, headers["Content-Length"], body) == (200, str(len(SCRIPT.encode("utf-8"))), b"")


def test_the_page_before_a_gallery(server) -> None:
    request, status, _, _ = server
    code, headers, body = request("/")
    assert code == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    page = body.decode("utf-8")
    assert "<h1>pnp is building the kit</h1>" in page
    assert "<p>This page shows it as soon as a build has made it.</p>" in page
    assert page.endswith('<script>window.pnpGeneration = 0;</script><script src="/_pnp/live.js"></script>\n'
                         "</body>\n</html>\n")
    status.done(False, "not built", [])
    assert "<h1>there is no gallery yet</h1>" in request("/index.html")[2].decode("utf-8")


def test_the_gallery_with_its_script(server) -> None:
    request, status, out, _ = server
    (out / "index.html").write_text("<html><body><p>é</p></body></html>", "utf-8")
    status.done(True, "built", [])
    assert request("/")[2].decode("utf-8") == ('<html><body><p>é</p><script>window.pnpGeneration = 1;</script>'
                                               '<script src="/_pnp/live.js"></script>\n</body></html>')
    (out / "index.html").write_text("no body", "utf-8")
    assert request("/index.html")[2] == (b'no body<script>window.pnpGeneration = 1;</script>'
                                         b'<script src="/_pnp/live.js"></script>\n')
    code, headers, body = request("/", "HEAD")
    assert code == 200 and body == b"" and int(headers["Content-Length"]) == len(request("/")[2])
    assert (out / "index.html").read_text("utf-8") == "no body"  # (the file as the build wrote it)


def test_a_gallery_page_that_leads_out(server, tmp_path: Path) -> None:
    request, status, out, _ = server
    (tmp_path / "secret.html").write_text("secret", "utf-8")
    (out / "index.html").symlink_to(tmp_path / "secret.html")
    status.done(True, "built", [])
    assert b"<h1>there is no gallery yet</h1>" in request("/")[2]


def test_the_files_of_the_output(server) -> None:
    request, _, out, _ = server
    (out / "print").mkdir()
    (out / "print" / "cards a4.pdf").write_bytes(b"%PDF")
    (out / "print" / "é.svg").write_bytes(b"<svg/>")
    os.utime(out / "print" / "cards a4.pdf", (0, 86400))
    code, headers, body = request("/print/cards%20a4.pdf?x#y")
    assert (code, body, headers["Content-Type"], headers["Content-Length"]) == (200, b"%PDF", "application/pdf", "4")
    assert headers["Last-Modified"] == "Fri, 02 Jan 1970 00:00:00 GMT" and headers["Cache-Control"] == "no-store"
    assert request("/print/%C3%A9.svg")[:3:2] == (200, b"<svg/>")
    code, headers, body = request("/print/cards%20a4.pdf", "HEAD")
    assert (code, body, headers["Content-Length"]) == (200, b"", "4")
    assert request("//print///cards%20a4.pdf")[0] == 200


def test_a_folder_of_the_output(server) -> None:
    request, _, out, _ = server
    (out / "png").mkdir()
    code, headers, body = request("/png")
    assert (code, headers["Location"], headers["Content-Length"], body) == (301, "/png/", "0", b"")
    assert request("/png/")[0] == 404  # (no index.html)
    (out / "png" / "index.html").write_text("pngs", "utf-8")
    assert request("/png/")[::2] == (200, b"pngs")


@pytest.mark.parametrize("path", ["/missing.pdf", "/out.txt", "/up/secret.txt", "/pipe", "/null", "/png/",
                                  "/loop", "/x.txt/y"])
def test_what_is_not_in_the_gallery(server, tmp_path: Path, path: str) -> None:
    request, _, out, _ = server
    (tmp_path / "secret.txt").write_text("secret", "utf-8")
    (out / "x.txt").write_text("x", "utf-8")
    (out / "out.txt").symlink_to(tmp_path / "secret.txt")
    (out / "up").symlink_to(tmp_path)
    os.mkfifo(out / "pipe")
    (out / "null").symlink_to("/dev/null")
    (out / "png").mkdir()
    (out / "png" / "index.html").symlink_to(tmp_path / "secret.txt")
    (out / "loop").symlink_to("loop")
    code, _, body = request(path)
    assert code == 404 and b"not in the gallery" in body and b"secret" not in body


def test_a_device_inside_the_folder(tmp_path: Path) -> None:
    """(A folder that holds a device: /dev served.)"""
    status = Status()
    running, url = serve(Path("/dev"), status)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", running.server_address[1], timeout=10)
        connection.request("GET", "/null")
        assert connection.getresponse().status == 404
        connection.close()
    finally:
        running.shutdown()
        running.server_close()


@pytest.mark.parametrize("path", ["/../secret.txt", "/a/../x.txt", "/./x.txt", "/%2e%2e/secret.txt", "/a%5cb",
                                  "/%ff", "/%0a", "x.txt", "/x%00.txt"])
def test_what_is_not_a_path_of_the_gallery(server, path: str) -> None:
    request, _, out, _ = server
    (out / "x.txt").write_text("x", "utf-8")
    code, _, body = request(path)
    assert code == 400 and b"not a path of the gallery" in body


def test_only_at_its_own_address(server) -> None:
    request, _, _, port = server
    assert request("/_pnp/status", host=f"localhost:{port}")[0] == 200
    for host in (f"evil.example:{port}", "127.0.0.1", f"127.0.0.1:{port + 1}", f"LOCALHOST:{port}"):
        code, _, body = request("/_pnp/status", host=host)
        assert code == 403 and f"pnp watch answers only at 127.0.0.1:{port}".encode() in body
    assert request("/_pnp/status", "POST", host="evil.example")[0] == 403  # (the host first, whatever the method)
    assert request("/_pnp/status", "POST")[0] == 501
    assert request("/", "DELETE")[0] == 501


def test_a_malformed_request(server) -> None:
    _, _, _, port = server
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET / HTTP/1.1 x\r\n\r\n")
        answer = sock.makefile("rb").read()
        assert b"Error code: 400" in answer and b"Bad request syntax" in answer  # (answered as HTTP/0.9)
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:  # (a path not in ASCII)
        sock.sendall(f"GET /\u00e9 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode("utf-8"))
        assert sock.recv(100).startswith(b"HTTP/1.0 400 not a path of the gallery")


def test_too_many_connections_at_once(server) -> None:
    request, _, _, port = server
    held = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(MAX_CONNECTIONS)]
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as extra:
            extra.sendall(b"GET /_pnp/status HTTP/1.1\r\nHost: x\r\n\r\n")
            assert extra.recv(100) == b""  # closed at once
    finally:
        for sock in held:
            sock.close()
    for _ in range(50):  # (each slot freed as its connection ends)
        try:
            if request("/_pnp/status")[0] == 200:
                break
        except (ConnectionError, http.client.HTTPException):
            continue
    assert request("/_pnp/status")[0] == 200


def test_a_request_that_fails(server, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    request, status, _, _ = server

    def broken() -> dict:
        raise ValueError("broken")
    monkeypatch.setattr(status, "data", broken)
    with pytest.raises((ConnectionError, http.client.HTTPException)):
        request("/_pnp/status")
    assert "pnp watch: a request to the gallery failed (ValueError: broken)" in capsys.readouterr().err


def test_a_browser_asking_for_its_icon(server, capsys: pytest.CaptureFixture[str]) -> None:
    """A browser asks every page's /favicon.ico: the answer is no content, not a 404 its
    console shows as an error; an icon the folder holds is sent."""
    request, _, out, _ = server
    code, headers, body = request("/favicon.ico")
    assert (code, body, headers["Cache-Control"]) == (204, b"", "no-store")
    (out / "favicon.ico").write_bytes(b"icon")
    assert request("/favicon.ico")[0::2] == (200, b"icon")
    assert capsys.readouterr() == ("", "")


def test_a_tab_closed_while_a_file_is_sent(running, server, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A browser tab closed in the middle of a large file (the connection reset, the server's
    writes failing with a broken pipe or a reset) leaves the terminal as it was."""
    import struct
    import threading

    http_server = running[0]
    _, _, out, port = server
    (out / "large.png").write_bytes(bytes(32 * 1024 * 1024))
    ended = threading.Event()
    closing = http_server.shutdown_request

    def shutdown_request(request) -> None:  # (after the handler and its handle_error are done)
        closing(request)
        ended.set()
    monkeypatch.setattr(http_server, "shutdown_request", shutdown_request)
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.sendall(f"GET /large.png HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode("ascii"))
    assert sock.recv(15) == b"HTTP/1.0 200 OK"
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # a reset, not a goodbye
    sock.close()
    assert ended.wait(10)
    assert capsys.readouterr() == ("", "")
