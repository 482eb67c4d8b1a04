"""Incremental `deckgen build`, and a running `deckgen serve`, equal a clean build after seeded random edits (see incremental_fuzz for the claim
and the edits).

Run: `python3 -m pytest Tests/EndToEnd/test_incremental_fuzz.py -q` (DECKGEN=path/to/deckgen, default
.build/release/deckgen). To explore further seeds by hand:
`python3 Tests/EndToEnd/incremental_fuzz.py --binary PATH --steps 80 --seed S`.
"""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import incremental_fuzz  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# Absolute: the fuzzer runs builds from its working folder, and the Makefile passes a path relative to the project.
DECKGEN = os.path.abspath(os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen")))
STEPS = 30


@pytest.fixture(scope="module")
def deckgen():
    if not Path(DECKGEN).exists():
        pytest.skip(f"no deckgen binary at {DECKGEN} (set DECKGEN or build it)")
    return DECKGEN


@pytest.mark.parametrize("seed", [1, 2])
def test_incremental_build_matches_clean_build(deckgen, tmp_path, seed):
    """After each of 30 seeded edits, the incremental build gives the clean build's files, warnings, exit code
    and question store, and a second build with nothing changed is a no-op."""
    mismatches = incremental_fuzz.run_fuzz(tmp_path, deckgen, steps=STEPS, seed=seed)
    assert mismatches == [], f"{len(mismatches)} of {STEPS} steps mismatched (seed {seed}):\n" + "\n".join(mismatches)


def test_preview_rebuilds_match_clean_build(deckgen, tmp_path):
    """After each of 30 seeded edits, the pages a running `deckgen serve` rebuilt are a clean build's, and so is the
    question store it left."""
    mismatches = incremental_fuzz.run_fuzz(tmp_path, deckgen, steps=STEPS, seed=3, serve=True)
    assert mismatches == [], f"{len(mismatches)} of {STEPS} preview steps mismatched (seed 3):\n" + "\n".join(mismatches)
