"""The sample site in a real browser: self-contained, no errors, readable on a phone and a desktop."""
from pathlib import Path

import pytest

from conftest import ROOT, SCREENSHOTS, build_site


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("sample") / "site"
    result = build_site(ROOT / "content", out)
    assert result.returncode == 0, result.stderr
    return out


def pages(site: Path):
    return sorted(site.rglob("*.html"))


def test_every_page_loads_nothing_from_the_network_and_logs_no_error(site, watch):
    assert len(pages(site)) >= 4
    for path in pages(site):
        seen = watch().open(path.as_uri())
        assert seen.console_errors == [], path
        assert seen.violations == [], path
        outside = [url for url in seen.requests if not url.startswith(site.as_uri())]
        assert outside == [], path


def test_images_load_from_the_site_folder(site, watch):
    seen = watch().open((site / "decks" / "biology-photosynthesis.html").as_uri())
    widths = seen.page.eval_on_selector_all(".note img", "images => images.map(i => i.naturalWidth)")
    assert widths and all(width > 0 for width in widths)


def test_index_links_reach_every_deck(site, watch):
    seen = watch().open((site / "index.html").as_uri())
    links = seen.page.eval_on_selector_all(".deck-list a", "links => links.map(a => a.href)")
    assert len(links) == len(list((site / "decks").glob("*.html")))
    for link in links:
        assert Path(link.removeprefix("file://")).exists(), link


@pytest.mark.parametrize("width", [1280, 375, 320])
def test_screenshots_fit_the_width(site, watch, width):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for path in pages(site):
        seen = watch(viewport={"width": width, "height": 900}).open(path.as_uri())
        # Nothing wider than the screen: no sideways scrolling of the page itself.
        assert seen.page.evaluate("document.documentElement.scrollWidth") <= width, path
        name = path.relative_to(site).as_posix().replace("/", "_").removesuffix(".html")
        seen.page.screenshot(path=str(SCREENSHOTS / f"{name}-{width}.png"), full_page=True)
