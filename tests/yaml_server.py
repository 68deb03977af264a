"""The YAML language server (the npm package yaml-language-server, which VS Code's YAML
extension and other editors run), installed into a folder and driven over the Language Server
Protocol on its standard input and output: a test opens a file as an editor would and reads
the server's diagnostics, completions and hovers. And the YAML files of the three games."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from conftest import ROOT

GAMES = {"anarchy": ROOT, "anarchipel": ROOT / "examples" / "anarchipel",
         "furia-cartese": ROOT / "examples" / "furia-cartese"}
# the repository's own folders beside The Anarchy's files (and what a build or an install leaves)
NOT_THE_GAMES = {"pnp", "tests", "benchmarks", "examples", "out", "build", "dist", "schemas"}
PACKAGE = "yaml-language-server@1"
WAIT = 120  # seconds at most for one answer of the server (none is timed: a server that hangs fails)


def yaml_files(root: Path) -> list[str]:
    """Every YAML file of a game's folder, by its path in it."""
    found = []
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if not f.startswith(".") and not f.endswith(".egg-info")
                            and (Path(folder) != root or f not in NOT_THE_GAMES))
        found += [Path(folder, f).relative_to(root).as_posix() for f in files if f.endswith((".yaml", ".yml"))]
    return sorted(found)


def install(folder: Path) -> Path:
    """The server's command, installed with npm into `folder`; the test skips, saying why,
    when npm is not there or cannot install it (no network)."""
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None:
        pytest.skip("npm and node are not installed, so the YAML language server cannot be")
    try:
        result = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--prefix", str(folder), PACKAGE],
                                capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        pytest.skip(f"npm install {PACKAGE} did not end within 15 minutes")
    command = folder / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"
    if result.returncode != 0 or not command.is_file():
        said = (result.stderr.strip().splitlines() or ["no message"])[-1]
        pytest.skip(f"npm could not install {PACKAGE}: {said}")
    return command


class Server:
    """One YAML language server, its workspace a folder, with the settings given (those
    VS Code sends under `yaml`)."""

    def __init__(self, command: Path, root: Path, yaml_settings: dict) -> None:
        self.settings = {"yaml": {"validate": True, "hover": True, "completion": True,
                                  "schemaStore": {"enable": False}, **yaml_settings}}
        self.process = subprocess.Popen([shutil.which("node") or "node", str(command), "--stdio"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()
        self.diagnostics: dict[str, list] = {}
        self.last = 0
        threading.Thread(target=self._read, daemon=True).start()
        capabilities = {"workspace": {"configuration": True}, "textDocument": {
            "publishDiagnostics": {}, "hover": {"contentFormat": ["markdown"]},
            "completion": {"completionItem": {"documentationFormat": ["markdown"]}}}}
        self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": capabilities,
                                    "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}]})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": self.settings})

    def _read(self) -> None:
        out = self.process.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                if not line.strip():
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.messages.put(json.loads(out.read(length or 0)))

    def _send(self, message: dict) -> None:
        data = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.process.stdin.flush()

    def notify(self, method: str, params: dict) -> None:
        self._send({"method": method, "params": params})

    def _until(self, wanted) -> dict:
        """Read the server's messages, answering its requests, until one is `wanted`."""
        while True:
            try:
                message = self.messages.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError(f"the YAML language server said nothing for {WAIT} s") from None
            if message is None:
                raise AssertionError("the YAML language server ended")
            if "method" in message and "id" in message:  # a request of the server's: its settings, or nothing
                result = [self.settings.get(item.get("section")) if item.get("section") else self.settings
                          for item in message["params"].get("items", [])] \
                    if message["method"] == "workspace/configuration" else None
                self._send({"id": message["id"], "result": result})
            elif message.get("method") == "textDocument/publishDiagnostics":
                self.diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
            if wanted(message):
                return message

    def request(self, method: str, params: dict):
        self.last += 1
        number = self.last
        self._send({"id": number, "method": method, "params": params})
        return self._until(lambda m: m.get("id") == number and "method" not in m).get("result")

    def open(self, path: Path, keep: bool = False) -> list[tuple[int, str]]:
        """Open a file as an editor does: the server's diagnostics of it, each its line
        (from 1) and message, in order; closed again unless `keep`."""
        uri = path.as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                              "text": path.read_text("utf-8")}})
        self._until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
        if not keep:
            self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        return sorted((d["range"]["start"]["line"] + 1, d["message"]) for d in self.diagnostics.pop(uri))

    def at(self, method: str, path: Path, line: int, character: int):
        """A completion or hover at a place of an open file (line from 1)."""
        return self.request(method, {"textDocument": {"uri": path.as_uri()},
                                     "position": {"line": line - 1, "character": character}})

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
