"""pnp.compose: the model and a layout made into scene nodes; no module of it imports a backend."""

from __future__ import annotations

import subprocess
import sys


def test_composing_imports_no_backend() -> None:
    code = ("import sys, pnp.compose, pnp.compose.piece, pnp.compose.readme; "
            "print(sorted(m for m in sys.modules if m.startswith('pnp.render')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out == "[]\n"
    import pnp.compose

    assert pnp.compose.__doc__.startswith("Compose: model + layout -> scene.")
