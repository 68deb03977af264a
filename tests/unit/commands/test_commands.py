"""pnp.commands: the commands' use cases, build and watch, and what they share; importing the
package imports none of them (the command line starts quickly)."""

from __future__ import annotations

import subprocess
import sys


def test_the_package_alone() -> None:
    code = "import sys, pnp.commands; print(sorted(m for m in sys.modules if m.startswith('pnp.commands')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "['pnp.commands']\n"
