"""The gallery on every screen: each game's gallery opened in headless Chromium as a 390 px
phone and a 1280 px desktop reads without scrolling sideways, its captions at least 12 px,
every picture loaded, and it links the other languages' kits built beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser import Browser, require_chromium

MEASURE = """(function () {
  var captions = Array.prototype.map.call(document.querySelectorAll("figcaption"), function (c) {
    return parseFloat(getComputedStyle(c).fontSize); });
  var texts = Array.prototype.map.call(document.querySelectorAll("td, li, summary, p"), function (c) {
    return parseFloat(getComputedStyle(c).fontSize); });
  var wide = Array.prototype.filter.call(document.querySelectorAll("body *"), function (e) {
    var box = e.getBoundingClientRect();
    return box.width > 0 && box.right > window.innerWidth + 0.5 && !e.closest(".scroll") && !e.closest("details:not([open])");
  }).map(function (e) { return e.tagName + "." + e.className; });
  return {width: window.innerWidth, scroll: document.documentElement.scrollWidth, captions: captions.length,
          smallest: Math.min.apply(null, captions.concat(texts)), wide: wide.slice(0, 5),
          images: Number(document.body.getAttribute("data-images")),
          broken: Number(document.body.getAttribute("data-broken")), viewport: !!document.querySelector(
            "meta[name=viewport]")};
})()"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    require_chromium()
    opened = Browser(tmp_path_factory.mktemp("profile"))
    yield opened
    opened.close()


@pytest.mark.parametrize("width, height, mobile", [(390, 844, True), (1280, 800, False)])
def test_the_gallery_reads_on_a_phone_and_a_desktop(browser: Browser, game_kit: tuple[Path, Path], width: int,
                                                    height: int, mobile: bool) -> None:
    _, kit = game_kit
    browser.call("Emulation.setDeviceMetricsOverride", browser.session, width=width, height=height,
                 deviceScaleFactor=2 if mobile else 1, mobile=mobile)
    browser.open((kit / "index.html").resolve().as_uri())
    browser.wait_for("document.readyState === 'complete' && document.body.hasAttribute('data-broken')")
    found = browser.evaluate(MEASURE)
    assert found["viewport"] and found["width"] == width  # (laid out at the phone's width, not 980 px)
    assert found["scroll"] <= width, found["wide"]  # nothing sideways
    assert found["captions"] > 10 and found["smallest"] >= 12
    assert found["images"] > 10 and found["broken"] == 0
