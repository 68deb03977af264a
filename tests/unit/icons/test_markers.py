"""pnp.icons.markers: a <marker> read from its attributes (each wrong value said), placed on a
vertex as SVG places it (view box fitted, scaled by the stroke's width, its ref point on the
vertex, turned), clipped unless its overflow is visible, painted in the shape's colours; and the
vertices of a path with the directions in and out of each."""

from __future__ import annotations

import pytest

from pnp.icons.markers import Marker, Vertex, read_marker, vertices
from pnp.scene import Group, Path, Rect, Style, multiply

HEAD = Path((("M", 0.0, 0.0), ("L", 10.0, 5.0), ("L", 0.0, 10.0), ("Z",)), Style(fill="context-stroke"))


class Reports(list):
    def __call__(self, message: str, attribute: str, find: str | None = None) -> None:
        self.append((message, attribute, find))


def apply(matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


def test_a_marker_read_with_svgs_defaults() -> None:
    reports = Reports()
    assert read_marker({}, None, reports) == Marker(())
    assert Marker(()) == Marker((), None, (0.0, 0.0), (3.0, 3.0), False, 0.0, "xMidYMid", False, True)
    assert read_marker({"viewBox": "0,0 10 10", "refX": "10", "refY": "5px", "markerWidth": "4", "markerHeight": "6",
                        "markerUnits": "userSpaceOnUse", "orient": "auto-start-reverse",
                        "preserveAspectRatio": "xMinYMax slice"}, ("visible", "style", "overflow"), reports) == \
        Marker((), (0.0, 0.0, 10.0, 10.0), (10.0, 5.0), (4.0, 6.0), True, "auto-start-reverse", "xMinYMax", True, False)
    assert [read_marker({"orient": o}, None, reports).orient for o in ("auto", "30", "-1.5deg", "0.5turn", "100grad")] \
        == ["auto", 30.0, -1.5, 180.0, 90.0]
    assert read_marker({}, ("hidden", "overflow", None), reports).clipped
    assert reports == []


def test_a_wrong_value_is_said_and_left_at_its_default() -> None:
    reports = Reports()
    assert read_marker({"viewBox": "0 0 10", "refX": "x", "markerWidth": "-1", "markerUnits": "mm", "orient": "up",
                        "preserveAspectRatio": "xMidYMid cover"}, ("scroll-y", "style", "overflow"), reports) == \
        Marker(())
    read_marker({"viewBox": "0 0 0 1"}, None, reports)
    read_marker({"viewBox": "0 0 1 2e6"}, None, reports)
    assert reports == [
        ('viewBox: "0 0 10" is not four numbers', "viewBox", None),
        ('refX: "x" is not a number (an icon\'s lengths are plain numbers, in view-box units)', "refX", None),
        ("markerWidth may not be negative", "markerWidth", None),
        ('markerUnits: "mm" is not one of strokeWidth, userSpaceOnUse', "markerUnits", None),
        ('orient: "up" is not auto, auto-start-reverse or an angle', "orient", None),
        ('preserveAspectRatio: "xMidYMid cover" is not an alignment (such as xMidYMid), none, or one of them with '
         "meet or slice", "preserveAspectRatio", None),
        ('overflow: "scroll-y" is not one of visible, auto, hidden, scroll, clip', "style", "overflow"),
        ("viewBox: the width and height must be more than 0", "viewBox", None),
        ("viewBox: numbers in an icon must be between -1,000,000 and 1,000,000", "viewBox", None),
    ]


def test_a_marker_is_placed_with_its_point_on_the_vertex_turned_and_scaled() -> None:
    """An arrow head 10 x 10 in its view box, fitted into 4 x 4 stroke widths: on a stroke 2
    wide, 8 long; its tip (refX 10, refY 5) on the vertex, turned 90 degrees (pointing down)."""
    marker = Marker((HEAD,), (0.0, 0.0, 10.0, 10.0), (10.0, 5.0), (4.0, 4.0), orient="auto")
    placed = marker.placed((50.0, 50.0), 90.0, 2.0, "#00ff00", "#ff0000")
    assert apply(placed.transform, 10, 5) == pytest.approx((50, 50))  # the tip
    assert apply(placed.transform, 0, 0) == pytest.approx((54, 42))  # a back corner, 8 behind
    assert apply(placed.transform, 0, 10) == pytest.approx((46, 42))
    assert placed.clip == Rect(0.0, 0.0, 10.0, 10.0, Style())  # its viewport, in its own units
    assert placed.children == (Path(HEAD.commands, Style(fill="#ff0000")),)  # (context-stroke: the shape's stroke)
    # in user space: not scaled by the stroke's width; overflow visible: not clipped
    loose = Marker((HEAD,), (0.0, 0.0, 10.0, 10.0), (10.0, 5.0), (4.0, 4.0), user_space=True, clipped=False)
    placed = loose.placed((50.0, 50.0), 0.0, 2.0, None, "#000000")
    assert apply(placed.transform, 0, 5) == pytest.approx((46, 50)) and placed.clip is None
    assert marker.placed((0.0, 0.0), 0.0, 0.0, None, None) is None  # a stroke 0 wide: nothing
    assert Marker((HEAD,), size=(0.0, 3.0)).placed((0.0, 0.0), 0.0, 1.0, None, None) is None


def test_the_view_box_is_fitted_as_preserve_aspect_ratio_says() -> None:
    """A view box 20 x 10 in a viewport 4 x 4: meet scales by 0.2 and centres it (the clip, the
    viewport in the marker's units, reaches 5 above and below); slice scales by 0.4; none by 0.2
    and 0.4."""
    box = (0.0, 0.0, 20.0, 10.0)
    meet = Marker((HEAD,), box, size=(4.0, 4.0)).placed((0.0, 0.0), 0.0, 1.0, None, None)
    assert meet.transform[:4] == pytest.approx((0.2, 0, 0, 0.2)) and meet.clip == Rect(0.0, -5.0, 20.0, 20.0, Style())
    sliced = Marker((HEAD,), box, size=(4.0, 4.0), align="xMinYMin", slice=True).placed((0.0, 0.0), 0.0, 1.0, None,
                                                                                      None)
    assert sliced.transform[:4] == pytest.approx((0.4, 0, 0, 0.4)) and sliced.clip == Rect(0.0, 0.0, 10.0, 10.0,
                                                                                           Style())
    stretched = Marker((HEAD,), box, size=(4.0, 4.0), align="none").placed((0.0, 0.0), 0.0, 1.0, None, None)
    assert stretched.transform[:4] == pytest.approx((0.2, 0, 0, 0.4))


def test_orient() -> None:
    assert Marker((), orient="auto").angle(30.0, True) == 30.0
    assert Marker((), orient="auto-start-reverse").angle(30.0, True) == 210.0
    assert Marker((), orient="auto-start-reverse").angle(30.0, False) == 30.0
    assert Marker((), orient=45.0).angle(30.0, True) == 45.0


def test_context_colours_reach_into_groups() -> None:
    inner = Group((Path(HEAD.commands, Style(fill="context-fill", stroke="context-stroke", stroke_width=1.0)),),
                  multiply((1, 0, 0, 1, 0, 0), (1, 0, 0, 1, 0, 0)))
    placed = Marker((inner,), clipped=False).placed((0.0, 0.0), 0.0, 1.0, "#123456", None)
    assert placed.children[0].children[0].style == Style(fill="#123456", stroke=None, stroke_width=1.0)


def test_the_vertices_of_a_path_and_their_directions() -> None:
    found = vertices((("M", 0.0, 0.0), ("L", 10.0, 0.0), ("C", 15.0, 0.0, 20.0, 5.0, 20.0, 10.0)))
    assert [v.at for v in found] == [(0.0, 0.0), (10.0, 0.0), (20.0, 10.0)]
    assert [v.direction() for v in found] == [0.0, 0.0, 90.0]  # (the curve leaves along its first handle)
    turn = vertices((("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 10.0, 10.0)))
    assert turn[1].direction() == pytest.approx(45.0)  # the bisector of in and out
    closed = vertices((("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 10.0, 10.0), ("Z",)))
    assert [v.at for v in closed] == [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 0.0)]
    # the start comes in along the closing line (up and left) and leaves along the first (right)
    assert closed[0].into == (-10.0, -10.0) and closed[-1].out == (10.0, 0.0)
    assert closed[0].direction() == pytest.approx(-67.5) and closed[-1].direction() == pytest.approx(-67.5)
    assert vertices((("M", 3.0, 4.0),)) == [Vertex((3.0, 4.0))] and Vertex((3.0, 4.0)).direction() == 0.0
