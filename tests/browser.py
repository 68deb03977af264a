"""Headless Chromium driven over the DevTools protocol through a pipe (--remote-debugging-pipe:
JSON messages ended by a NUL byte, on the browser's file descriptors 3 and 4), so a test can
open a page, leave it open while files change, and ask it questions."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest


def require_chromium() -> str:
    """Chromium's command, or the test skips (fails where PNP_REQUIRE_BROWSER is set)."""
    found = shutil.which("chromium")
    if found is None:
        if os.environ.get("PNP_REQUIRE_BROWSER"):
            pytest.fail("Chromium is required here (PNP_REQUIRE_BROWSER is set) but not installed")
        pytest.skip("Chromium is not installed (Debian package chromium; .ci/run installs it)")
    return found


class Browser:
    """One page of a headless Chromium."""

    def __init__(self, profile: Path) -> None:
        to_browser, self._out = os.pipe()
        self._in, from_browser = os.pipe()

        def descriptors() -> None:  # in the child: the pipe's ends as 3 and 4
            os.dup2(to_browser, 3)
            os.dup2(from_browser, 4)

        self.process = subprocess.Popen(
            [require_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(3, 4), preexec_fn=descriptors)
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next = 0
        page = next(t for t in self.call("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]

    def call(self, method: str, session: str | None = None, **params) -> dict:
        """Send a command and wait for its answer (events in between are dropped)."""
        self._next += 1
        message = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode("utf-8") + b"\0")
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self._next:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return answer["result"]
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe")
            self._buffer += chunk

    def open(self, url: str) -> None:
        self.call("Page.navigate", self.session, url=url)

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page; None while the page is between
        two documents (reloading)."""
        try:
            result = self.call("Runtime.evaluate", self.session, expression=expression, returnByValue=True)
        except RuntimeError:
            return None
        if "exceptionDetails" in result:
            return None
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 60):
        """Ask the page until the expression gives something true; returns it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.2)
        raise AssertionError(f"within {timeout} s the page never made this true: {expression}")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._out)
        os.close(self._in)
