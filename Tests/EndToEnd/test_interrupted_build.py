"""Killing deckgen at any moment of a build leaves the previous site whole, and the next build cleans up."""
import hashlib
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECKGEN = os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen"))


def snapshot(site: Path) -> dict:
    return {p.relative_to(site).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(site.rglob("*")) if p.is_file()}


def write_notes(content: Path, count: int, edition: str):
    for number in range(count):
        folder = content / f"topic-{number % 20}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"note-{number}.md").write_text(
            f"# Note {number} ({edition})\n\n**Term {number}** is defined here.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n" * 20)


def build(content: Path, site: Path):
    return subprocess.run([DECKGEN, "build", str(content), "-o", str(site)], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("interrupted")
    content, site = root / "content", root / "site"
    write_notes(content, 1500, "first")
    assert build(content, site).returncode == 0
    before = snapshot(site)
    write_notes(content, 1500, "second")
    return root, content, site, before


OUTCOMES = []


@pytest.mark.parametrize("delay", [0.005, 0.02, 0.05, 0.1, 0.2, 0.4, 0.8, 1.2])
def test_kill_leaves_previous_site(folders, delay):
    root, content, site, before = folders
    process = subprocess.Popen([DECKGEN, "build", str(content), "-o", str(site)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait()
    after = snapshot(site)
    OUTCOMES.append("kept" if after == before else "replaced")
    if after != before:
        # The build won the race and finished: then the whole new site is there, never a mix.
        assert all("second" in (site / path).read_text() for path in after if path.startswith("decks/"))
        assert len(after) == len(before)


def test_some_kills_landed_mid_build():
    # Otherwise the test above proved nothing: every build had finished before its kill.
    assert "kept" in OUTCOMES


def test_next_build_cleans_up_after_a_killed_one(folders):
    root, content, site, _ = folders
    result = build(content, site)
    assert result.returncode == 0, result.stderr
    leftovers = [p.name for p in root.iterdir() if p.name.startswith(".site.deckgen-")]
    assert leftovers == []
