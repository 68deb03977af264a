"""The projection of an area map: what pnp gives PROJ (pyproj) and what it refuses, read
from the string alone, before pyproj sees it."""

from __future__ import annotations

import re
from functools import lru_cache


# A projection is what PROJ is given, and PROJ opens whatever file, grid or URL a string names
# (+nadgrids=/dev/stdin waits on the terminal; +init=, +geoidgrids=, a pipeline's steps, a WKT
# or PROJJSON method citing a grid file likewise), and a datum other than WGS 84 has it look for
# grid files of its own. So a game's projection is only a PROJ string of the parameters that
# describe a map projection, or an EPSG code of a projection on WGS 84, checked here before
# pyproj sees it; and PROJ never goes to the network.
# each parameter a projection may take, in the order a refusal lists them, with what it takes:
# a number, a name of PROJ's own tables (pm: or a number), nothing (a flag), or its one value
PROJECTION_PARAMETERS = {
    "proj": "name", "lat_0": "number", "lon_0": "number", "lat_1": "number", "lat_2": "number", "lat_ts": "number",
    "lonc": "number", "alpha": "number", "gamma": "number", "k": "number", "k_0": "number", "x_0": "number",
    "y_0": "number", "h": "number", "zone": "number", "south": "flag", "ellps": "name", "R": "number",
    "a": "number", "b": "number", "rf": "number", "f": "number", "datum": "=WGS84", "units": "name",
    "to_meter": "number", "pm": "name", "over": "flag", "no_defs": "flag", "type": "=crs",
}
PROJECTION_ALLOWED = " ".join(f"+{key}{kind}" if kind.startswith("=") else f"+{key}"
                              for key, kind in PROJECTION_PARAMETERS.items())
NOT_PROJECTIONS = frozenset({"pipeline", "push", "pop", "hgridshift", "vgridshift", "xyzgridshift", "gridshift",
                             "deformation", "defmodel", "tinshift", "vertoffset"})  # operations, some on grids
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_CODE = re.compile(r"EPSG:\d{1,6}", re.IGNORECASE)
_PARAMETER = re.compile(r"\+([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?", re.DOTALL)


def projection_refused(projection: str) -> str | None:
    """Why pnp will not give a projection string to pyproj (it could name a file, a grid or
    a URL, which PROJ would open), or None: the string alone decides, pyproj is not asked."""
    if not isinstance(projection, str):
        return "it is not a text"
    if _CODE.fullmatch(projection.strip()):
        return None
    tokens = projection.split()
    if not tokens or not tokens[0].startswith("+"):
        return ("pnp takes a PROJ string of the parameters of a map projection (+proj=NAME ...) or an EPSG code "
                "(EPSG:NNNN) of a projection on WGS 84, not WKT, PROJJSON, a URL or the name of a file")
    for token in tokens:
        match = _PARAMETER.fullmatch(token)
        key, value = (match.group(1), match.group(2)) if match else (token, None)
        kind = PROJECTION_PARAMETERS.get(key) if match else None
        if kind is None:
            return (f"{token.split('=')[0][:40]} is refused: a projection takes only {PROJECTION_ALLOWED} "
                    f"(no file, grid or URL), or is an EPSG code on WGS 84")
        if kind == "flag":
            wanted = None if value is None else "no value"
        elif kind.startswith("="):
            wanted = None if value == kind[1:] else f"only {kind[1:]}"
            if key == "datum" and wanted:
                wanted += " (other datums may need grid files: give the ellipsoid, +ellps=NAME)"
        elif kind == "name":
            ok = value is not None and (_NAME.fullmatch(value) or key == "pm" and _NUMBER.fullmatch(value))
            wanted = None if ok else "a name"
            if ok and key == "proj" and value in NOT_PROJECTIONS:
                return f"+proj={value} is refused: it is not a map projection"
        else:
            wanted = None if value is not None and _NUMBER.fullmatch(value) else "a number"
        if wanted is not None:
            return f"{token} is refused: +{key} takes {wanted}"
    return None


def _pyproj_offline() -> None:
    """PROJ, in this process and those it starts, never fetches grids from the network (said
    again before each use: nothing else may have turned it on)."""
    import os

    import pyproj.network

    os.environ["PROJ_NETWORK"] = "OFF"
    pyproj.network.set_network_enabled(False)


def projection_problem(projection: str) -> str | None:
    """Why a projection cannot be used (pnp refuses it, or pyproj cannot use it), or None."""
    refused = projection_refused(projection)
    if refused is not None:
        return refused
    _pyproj_offline()
    return _unusable(projection.strip())


@lru_cache(maxsize=64)
def _unusable(projection: str) -> str | None:
    """Why pyproj cannot use a projection pnp does not refuse, or None: worked out once a
    process for each (the build's map, its Geography and its check ask it of the same one)."""
    from pyproj import CRS
    from pyproj.exceptions import CRSError

    try:
        crs = CRS.from_user_input(projection)
    except CRSError as exc:
        return str(exc).split("\n")[0]
    if not crs.is_projected:
        return "it is not a map projection (it gives degrees, not metres)"
    if _CODE.fullmatch(projection) and (crs.geodetic_crs is None or crs.geodetic_crs.to_epsg() != 4326):
        return ("it is not on WGS 84 (the datum shift may need grid files): give it as a PROJ string, "
                "+proj=NAME with its parameters and +ellps=NAME")
    from pyproj import Transformer
    from pyproj.exceptions import ProjError

    try:  # (a projection PROJ reads may still not be reached from longitudes and latitudes)
        Transformer.from_crs("EPSG:4326", crs)
    except ProjError as exc:
        said = str(exc).split("\n")[0]
        found = re.search(r"proj_create_operations: (.+?)(?:\. You may .*)?\)?$", said)
        return f"longitudes and latitudes cannot be projected onto it: {found.group(1) if found else said}"
    return None
