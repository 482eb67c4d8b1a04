"""A diary report in a real browser: offline, no errors, its tables agree with its charts, and it prints on A4 and Letter."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import DECKGEN, ROOT, SCREENSHOTS

sys.path.insert(0, str(ROOT / "Tests" / "EndToEnd"))
import diary_generator  # noqa: E402

SAMPLE = ROOT / "content" / "diary" / "headache-diary.csv"


def report(diary: Path, out: Path, *extra: str) -> Path:
    """Runs `deckgen report DIARY -o OUT` and returns OUT."""
    result = subprocess.run([DECKGEN, "report", str(diary), "-o", str(out), *extra],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory):
    return report(SAMPLE, tmp_path_factory.mktemp("report") / "report.html", "--name", "Alex <Example>")


@pytest.fixture(scope="module")
def long_report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("long")
    rows = diary_generator.generate(seed=3, years=2, style="buddy", attacks_per_month=10)
    return report(diary_generator.write(rows, folder / "diary.csv"), folder / "report.html")


def open_offline(watch, path: Path, **options):
    """Opens the page with every request routed: anything but the page's own file fails the test."""
    seen = watch(**options)
    outside = []

    def route(request_route):
        url = request_route.request.url
        if url == path.as_uri():
            request_route.continue_()
        else:
            outside.append(url)
            request_route.abort()

    seen.page.route("**/*", route)
    seen.open(path.as_uri())
    seen.outside = outside
    return seen


def test_the_report_requests_nothing_and_logs_no_error(sample_report, watch):
    seen = open_offline(watch, sample_report)
    assert seen.outside == []
    assert seen.requests == [sample_report.as_uri()]
    assert seen.console_errors == []
    assert seen.violations == []
    # The stylesheet the policy allows by hash was applied: the flags box has its border.
    border = seen.page.eval_on_selector(".flags", "e => getComputedStyle(e).borderTopWidth")
    assert border == "2px"
    assert seen.page.eval_on_selector_all("script", "s => s.length") == 0


def test_diary_text_shows_as_text(sample_report, watch):
    seen = open_offline(watch, sample_report)
    assert seen.page.inner_text("h1") == "Headache diary: Alex <Example>"
    assert seen.dialogs == []


def month_table(page):
    """Month → (headache, migraine, any acute medication) from the monthly table; a month cut short by the period is
    labelled `2024-01 (28 of 31 days)`, and keyed by its first word."""
    rows = page.eval_on_selector_all(
        "#month-table tbody tr",
        "rows => rows.map(r => Array.from(r.children).map(c => c.textContent.trim()))")
    header = page.eval_on_selector_all("#month-table thead th", "h => h.map(c => c.textContent.trim())")
    any_column = header.index("Any acute medication")
    return {row[0].split()[0]: (int(row[1]), int(row[2]), int(row[any_column])) for row in rows}


def chart_values(page, series):
    """Month → data-value of the monthly chart's marks in `series` (`.bar.headache`): on the mark or a group around it."""
    marks = page.eval_on_selector_all(
        "#month-chart svg [data-month][data-value]",
        f"marks => marks.filter(m => m.closest('{series}')).map(m => [m.getAttribute('data-month'), m.getAttribute('data-value')])")
    values = {}
    for month, value in marks:
        assert month not in values, f"two {series} marks for {month}"
        values[month] = float(value)
    return values


@pytest.mark.parametrize("which", ["sample_report", "long_report"])
def test_monthly_table_equals_the_chart(which, request, watch):
    path = request.getfixturevalue(which)
    seen = open_offline(watch, path)
    table = month_table(seen.page)
    assert len(table) >= 3
    headache = chart_values(seen.page, ".bar.headache")
    migraine = chart_values(seen.page, ".bar.migraine")
    medication = chart_values(seen.page, ".point.medication")
    for month, (headache_days, migraine_days, medication_days) in table.items():
        assert headache.get(month, 0) == headache_days, month
        assert migraine.get(month, 0) == migraine_days, month
        assert medication.get(month, 0) == medication_days, month
    assert headache and medication


@pytest.mark.parametrize("width", [1280, 375])
def test_screenshot_fits_the_width(sample_report, watch, width):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    seen = open_offline(watch, sample_report, viewport={"width": width, "height": 900})
    assert seen.page.evaluate("document.documentElement.scrollWidth") <= width
    shot = SCREENSHOTS / f"report-{width}.png"
    seen.page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 0


def page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_prints_on_paper(long_report, sample_report, watch, paper):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name, path in [("sample", sample_report), ("long", long_report)]:
        seen = open_offline(watch, path)
        seen.page.emulate_media(media="print")
        pdf = seen.page.pdf(format=paper, print_background=True)
        (SCREENSHOTS / f"report-{name}-{paper}.pdf").write_bytes(pdf)
        assert len(pdf) > 0
        assert page_count(pdf) >= 2, name
        assert seen.console_errors == [] and seen.violations == [] and seen.outside == []
    # Nothing is cut at the right edge of the paper: the page's content fits the printable width.
    assert seen.page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_daily_tables_equal_the_daily_charts(sample_report, watch):
    seen = open_offline(watch, sample_report)
    months = seen.page.eval_on_selector_all("section.daily", """sections => sections.map(s => [
        Array.from(s.querySelectorAll('tbody tr')).map(r => [r.children[0].textContent.split(' ')[1], r.children[1].textContent]),
        Array.from(s.querySelectorAll('svg [data-day][data-value]')).filter(b => b.closest('.bar')).map(b => [b.getAttribute('data-day'), b.getAttribute('data-value')])])""")
    assert len(months) == 3
    for rows, bars in months:
        table = {int(day): float(value) for day, value in rows if value}
        chart = {int(day[-2:]): float(value) for day, value in bars}
        assert table == chart
