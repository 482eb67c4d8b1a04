"""`deckgen report --pdf`: the PDF Chromium prints shows the report, with its text as text.

Page 1 is rendered to PNG with poppler's pdftoppm and must not be blank; pdftotext must find the report's words.
Skipped where Chromium or poppler-utils is missing (scripts/install-deps.sh test installs both).
"""
import json
import os
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

import diary_generator

ROOT = Path(__file__).resolve().parents[2]
DECKGEN = os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen"))
DIARY = ROOT / "content" / "diary" / "headache-diary.csv"
CHROMIUM = next((name for name in ("chromium", "chromium-browser", "google-chrome") if shutil.which(name)), None)

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (apt-get install chromium)"),
    pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (apt-get install poppler-utils)"),
]


def png_rows(data: bytes):
    """The rows of an 8-bit, non-interlaced greyscale or RGB PNG, as lists of grey levels (0 black, 255 white)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (0, 2) and interlace == 0, f"unexpected PNG format {header}"
    channels = 1 if colour == 0 else 3
    stride = width * channels
    raw = zlib.decompress(b"".join(chunks))
    previous = bytearray(stride)
    rows = []
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        kind, current = line[0], bytearray(line[1:])
        for x in range(stride):
            left = current[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                current[x] = (current[x] + left) & 0xFF
            elif kind == 2:
                current[x] = (current[x] + up) & 0xFF
            elif kind == 3:
                current[x] = (current[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                current[x] = (current[x] + predictor) & 0xFF
        rows.append(list(current) if channels == 1 else [sum(current[i:i + 3]) // 3 for i in range(0, stride, 3)])
        previous = current
    return rows


@pytest.fixture(scope="module")
def pdf(tmp_path_factory):
    folder = tmp_path_factory.mktemp("report-pdf")
    output = folder / "report.pdf"
    result = subprocess.run([DECKGEN, "report", str(DIARY), "--pdf", str(output), "--paper", "a4"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert "as a PDF (A4, " in result.stderr
    return output


def test_first_page_is_not_blank(pdf, tmp_path):
    subprocess.run(["pdftoppm", "-png", "-gray", "-r", "40", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
                   check=True, timeout=60)
    pages = sorted(tmp_path.glob("page*.png"))
    assert len(pages) == 1
    rows = png_rows(pages[0].read_bytes())
    height, width = len(rows), len(rows[0])
    # A4 at 40 dpi: about 331 × 468 pixels, portrait.
    assert abs(width - 331) <= 3 and abs(height - 468) <= 3, (width, height)
    pixels = [value for row in rows for value in row]
    inked = sum(1 for value in pixels if value < 200)
    dark = sum(1 for value in pixels if value < 80)
    assert inked / len(pixels) > 0.01, "page 1 is (nearly) blank"
    assert dark > 100, "page 1 has no dark text"
    # The header sits at the top of the page, not in the middle of a blank one.
    top = [value for row in rows[: height // 5] for value in row]
    assert sum(1 for value in top if value < 200) > 50


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_text_is_text(pdf):
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True, timeout=60).stdout
    assert "Headache diary" in text
    assert "Month by month" in text
    assert "Definitions used" in text


def page_text(pdf: Path, first: int, last: int) -> str:
    return subprocess.run(["pdftotext", "-layout", "-f", str(first), "-l", str(last), str(pdf), "-"],
                          capture_output=True, text=True, check=True, timeout=60).stdout


MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December"]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
@pytest.mark.parametrize("years", [8, 0.42])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_one_is_the_last_three_months(tmp_path, years, paper):
    """On A4 and on Letter, an 8-year and a 5-month diary: page 1 holds the last three months' table, their flags and
    their chart, and nothing of the long-term view; the long-term view starts page 2; the definitions come last."""
    diary = diary_generator.write(diary_generator.generate(8, years=years, style="buddy", attacks_per_month=25),
                                  tmp_path / "diary.csv")
    pdf = tmp_path / "report.pdf"
    done = subprocess.run([DECKGEN, "report", str(diary), "--pdf", str(pdf), "--paper", paper],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    months = json.loads(subprocess.run([DECKGEN, "report", str(diary), "--format", "json"], capture_output=True, text=True,
                                       check=True, timeout=120).stdout)["months"]
    first = page_text(pdf, 1, 1)
    assert "The last 3 months" in first
    for month in months[-3:]:
        year, number = month["month"].split("-")
        assert f"{MONTH_NAMES[int(number) - 1]} {year}" in first, month["month"]
    earlier = months[-4]["month"].split("-")
    assert f"{MONTH_NAMES[int(earlier[1]) - 1]} {earlier[0]}" not in first
    assert "Per 30 days" in first
    assert "For discussion with your doctor" in first
    assert "Migraine day" in first and "Intensity" in first, "the chart's legend and axis are not on page 1"
    assert "The whole period" not in first and "Definitions used" not in first
    assert page_text(pdf, 2, 2).lstrip().startswith("The whole period")
    assert "Definitions used" in page_text(pdf, 3, 1000).split("Rows not read")[-1]
