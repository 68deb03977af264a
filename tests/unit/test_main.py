"""pnp.__main__: python -m pnp is the pnp command."""

from __future__ import annotations

import subprocess
import sys

from pnp import __version__


def test_python_m_pnp() -> None:
    done = subprocess.run([sys.executable, "-m", "pnp", "--version"], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"pnp, version {__version__}\n", "")
    done = subprocess.run([sys.executable, "-m", "pnp", "no-such-command"], capture_output=True, text=True)
    assert done.returncode == 2 and "No such command 'no-such-command'" in done.stderr
