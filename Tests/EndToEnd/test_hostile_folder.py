"""A content folder written by someone else, built by a student who cloned it: it must not send a secret anywhere,
publish or write a file outside itself, or crash deckgen. Each attack ends with exit 0 and a warning, or exit 1 and an
error naming the path, and a later clean build is the same as one that never saw the attack."""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECKGEN = os.path.abspath(os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen")))
SECRET = "hunter2-OUTSIDE-SECRET-7f3a"
# Every variable a builder's environment may hold, each with a value no test file contains.
ENVIRONMENT = {
    "OPENAI_API_KEY": "sk-openai-SENTINEL-1111", "GEMINI_API_KEY": "AIza-gemini-SENTINEL-2222",
    "AWS_SECRET_ACCESS_KEY": "aws-SENTINEL-3333", "GITHUB_TOKEN": "ghp_SENTINEL-4444", "DECKGEN_LLM_KEY": "deckgen-SENTINEL-5555",
}
NOTE = "# Cells\n\n- **Nucleus**: holds the cell's DNA.\n- **Ribosome**: joins amino acids into proteins.\n" \
       "- **Mitochondrion**: releases energy from glucose.\n- **Vacuole**: stores water and salts.\n"


def run(*arguments, cwd=None, env_extra=None, user=None):
    environment = {**os.environ, **ENVIRONMENT, **(env_extra or {})}
    environment.pop("DECKGEN_LLM", None)
    environment.pop("DECKGEN_LLM_URL", None)
    command = [DECKGEN, *map(str, arguments)]
    if user is not None:
        command = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", *command]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=cwd, env=environment)
    # Never a signal (a crash, a trap): a negative return code is one.
    assert result.returncode >= 0, f"deckgen died with signal {-result.returncode}: {result.stderr[-2000:]}"
    return result


def snapshot(folder: Path):
    """Every path under `folder` with its bytes (links as their targets), to show nothing there changed."""
    state = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        state[key] = ("link", os.readlink(path)) if path.is_symlink() else (
            ("file", path.read_bytes()) if path.is_file() else ("folder",))
    return state


def published_bytes(site: Path):
    return b"".join(path.read_bytes() for path in site.rglob("*") if path.is_file() and not path.is_symlink())


class Recorder:
    """The fake model server, recording every request's headers."""

    def __init__(self, host="127.0.0.1"):
        self.process = subprocess.Popen([sys.executable, str(ROOT / "Tests" / "Support" / "fake_llm_server.py"), "--port", "0",
                                         "--host", host], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def log(self):
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/_log", timeout=10) as response:
            return json.loads(response.read())

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


@pytest.fixture
def recorder():
    server = Recorder(host="0.0.0.0")
    yield server
    server.stop()


@pytest.fixture
def home(tmp_path):
    """A student's folder: a secret beside the cloned notes, which hold one ordinary note."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.txt").write_text(f"token={SECRET}\n")
    (tmp_path / "outside" / "config").write_text(f"[remote]\n\turl = https://x:{SECRET}@example.org/repo\n")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "cells.md").write_text(NOTE)
    return tmp_path


def assert_no_secret_left(home: Path, result, site: Path):
    for value in [SECRET, *ENVIRONMENT.values()]:
        assert value not in result.stdout + result.stderr
        if site.exists():
            assert value.encode() not in published_bytes(site)


# MARK: - Settings that pick a server or a secret


@pytest.mark.parametrize("provider", ["openai", "gemini"])
@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"], ids=["loopback", "other-address"])
def test_deckgen_yml_alone_sends_nothing(home, recorder, provider, host):
    key_env = "OPENAI_API_KEY" if provider == "openai" else "GEMINI_API_KEY"
    (home / "content" / "deckgen.yml").write_text(
        f"llm:\n  provider: {provider}\n  url: http://{host}:{recorder.port}/v1\n  key_env: {key_env}\n")
    result = run("build", home / "content", "-o", home / "site")
    assert result.returncode == 0, result.stderr
    assert recorder.log() == []
    assert f"deckgen.yml:2: warning: `provider: {provider}` is not used" in result.stderr
    assert_no_secret_left(home, result, home / "site")


@pytest.mark.parametrize("provider", ["openai", "gemini"])
def test_a_server_named_by_the_folder_never_gets_a_key(home, recorder, provider):
    """Even asked to use a model, a URL from deckgen.yml (a server on this machine) is sent no key of any kind."""
    (home / "content" / "deckgen.yml").write_text(
        f"llm:\n  provider: {provider}\n  model: m\n  url: http://127.0.0.1:{recorder.port}/v1\n  key_env: DECKGEN_LLM_KEY\n")
    result = run("build", home / "content", "-o", home / "site", "--llm", provider, "--concurrency", "1")
    assert result.returncode == 0, result.stderr
    requests = recorder.log()
    assert requests, "the local server named in deckgen.yml was asked"
    for request in requests:
        for name, value in request["headers"].items():
            assert not any(secret in value for secret in ENVIRONMENT.values()), f"{name} carries a secret"
        assert "authorization" not in request["headers"] and "x-goog-api-key" not in request["headers"]
    assert_no_secret_left(home, result, home / "site")


def test_a_folder_cannot_name_another_secret(home):
    (home / "content" / "deckgen.yml").write_text("llm:\n  provider: openai\n  key_env: AWS_SECRET_ACCESS_KEY\n")
    result = run("build", home / "content", "-o", home / "site", "--llm", "openai")
    assert result.returncode == 1
    assert "deckgen.yml:3: error: `key_env: AWS_SECRET_ACCESS_KEY` does not name a model's API key" in result.stderr
    assert not (home / "site").exists()
    assert_no_secret_left(home, result, home / "site")


# MARK: - Links out of the folder


def test_links_out_of_the_folder_are_not_followed(home):
    content = home / "content"
    (content / "templates").mkdir()
    os.symlink("../../outside/config", content / "templates" / "style.css")
    os.symlink("/etc/passwd", content / "templates" / "base.mustache")
    os.symlink("../outside/secret.txt", content / "linked.md")
    (content / "scans").mkdir()
    (content / "scans" / "page.png").write_bytes(b"\x89PNG with settings beside it")
    os.symlink("../../outside/secret.txt", content / "scans" / "page.png.yml")
    image = b"\x89PNG not really an image"
    (content / "scans" / "cached.png").write_bytes(image)
    (content / ".deckgen" / "ocr").mkdir(parents=True)
    os.symlink("../../../outside/secret.txt", content / ".deckgen" / "ocr" / (hashlib.sha256(image).hexdigest() + "-eng.txt"))
    (content / "links.md").write_text("# Links\n\n[up](../outside/secret.txt) and [in](linked.md).\n\n" + NOTE.split("\n", 2)[2])
    outside = snapshot(home / "outside")
    result = run("build", content, "-o", home / "site")
    assert result.returncode == 0, result.stderr
    for warning in ["templates/style.css: warning: links to", "templates/base.mustache: warning: links to /etc/passwd",
                    "linked.md: warning: links to", "scans/page.png.yml: warning: links to",
                    ".deckgen/ocr/" + hashlib.sha256(image).hexdigest() + "-eng.txt: warning: is a link"]:
        assert warning in result.stderr
    site = published_bytes(home / "site")
    assert b"root:x:0:0" not in site
    assert_no_secret_left(home, result, home / "site")
    assert snapshot(home / "outside") == outside


@pytest.mark.parametrize("linked", [".deckgen", ".deckgen/questions", ".deckgen/ocr"])
def test_a_linked_store_folder_is_refused(home, linked):
    content = home / "content"
    assert run("build", content, "-o", home / "site").returncode == 0
    previous = snapshot(home / "site")
    (content / linked).parent.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(content / linked, ignore_errors=True)
    (home / "outside" / "store").mkdir()
    os.symlink(home / "outside" / "store", content / linked)
    outside = snapshot(home / "outside")
    result = run("build", content, "-o", home / "site")
    assert result.returncode == 1
    assert f"{linked}: error: leads outside the content folder through a link" in result.stderr
    assert snapshot(home / "outside") == outside and snapshot(home / "site") == previous
    for command in (["check", content], ["export", "json", content, "-o", home / "export.json"]):
        assert run(*command).returncode == 1


def test_a_linked_store_file_is_not_read(home):
    content = home / "content"
    (content / ".deckgen" / "questions").mkdir(parents=True)
    os.symlink("../../../outside/secret.txt", content / ".deckgen" / "questions" / "cells.md")
    result = run("build", content, "-o", home / "site")
    assert result.returncode == 1
    assert ".deckgen/questions/cells.md: error: is a link" in result.stderr
    assert_no_secret_left(home, result, home / "site")
    assert (home / "outside" / "secret.txt").read_text() == f"token={SECRET}\n"


# MARK: - Names


def hostile_names(content: Path):
    """Names that crashed deckgen or were lost: canonically equal spellings, control characters, bytes that are not
    UTF-8, names at the length limit, and a note whose store file another's used to take."""
    nfc, nfd = unicodedata.normalize("NFC", "café"), unicodedata.normalize("NFD", "café")
    (content / f"{nfc}.md").write_text("# NFC\n\n" + NOTE.split("\n", 2)[2])
    (content / f"{nfd}.md").write_text("# NFD\n\n" + NOTE.split("\n", 2)[2])
    for spelling in (nfc, nfd):
        (content / spelling.upper()).mkdir()
        (content / spelling.upper() / "a.md").write_text(f"# In {spelling!a}\n\n" + NOTE.split("\n", 2)[2])
    (content / "line\nbreak.md").write_text(NOTE)
    (content / "escape\x1b[2J.md").write_text(NOTE)
    os.close(os.open(os.path.join(os.fsencode(content), b"latin1-\xe9.md"), os.O_CREAT | os.O_WRONLY, 0o644))
    (content / ("n" * 250 + ".md")).write_text(NOTE)
    (content / ("t" * 251 + ".txt")).write_text("Cells hold a nucleus. The nucleus holds the DNA of the cell.\n")
    (content / ("한" * 84 + ".md")).write_text(NOTE)
    (content / "a.txt").write_text("The ribosome joins amino acids into proteins in every cell.\n")
    (content / "a.txt.md").write_text(NOTE)


def test_names_never_crash_and_every_command_agrees(home):
    content = home / "content"
    hostile_names(content)
    result = run("build", content, "-o", home / "site")
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stderr and "line\nbreak" not in result.stderr
    assert "line\\u{A}break.md: warning: the name holds a control character" in result.stderr
    assert "latin1-\\xE9.md: warning: the name is not UTF-8" in result.stderr
    assert "warning: the name reads the same as" in result.stderr
    assert len(list((home / "site" / "decks").glob("*.html"))) >= 8
    # What the build stored, check finds in order; export sees the same decks.
    checked = run("check", content)
    assert checked.returncode == 0, checked.stderr
    for command in (["export", "json", content, "-o", home / "e.json"], ["export", "anki", content, "-o", home / "e.txt"]):
        assert run(*command).returncode == 0
    # A second build is a no-op that finds nothing new to say.
    assert run("build", content, "-o", home / "site").returncode == 0


def test_a_clean_build_after_the_attack_is_as_if_it_never_happened(home):
    """Build the hostile folder, remove what was hostile, build again clean: the same bytes as a folder that never
    held it."""
    untouched = home / "untouched"
    shutil.copytree(home / "content", untouched)
    content = home / "content"
    hostile_names(content)
    (content / "templates").mkdir()
    os.symlink("../../outside/config", content / "templates" / "style.css")
    assert run("build", content, "-o", home / "hostile-site").returncode == 0
    for path in list(content.iterdir()):
        if path.name not in ("cells.md", ".deckgen"):
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
    assert run("build", content, "-o", home / "after").returncode == 0
    assert run("build", untouched, "-o", home / "never").returncode == 0
    assert snapshot(home / "after") == snapshot(home / "never")


# MARK: - The site folder


def test_a_site_folder_that_cannot_be_listed_is_not_replaced():
    # A folder of its own under /tmp: pytest's are private to root, and root lists any folder, so the build runs as
    # nobody, who may write beside the site but not list it.
    home = Path(tempfile.mkdtemp(prefix="deckgen-unlisted-"))
    try:
        os.chmod(home, 0o777)
        (home / "content").mkdir()
        os.chmod(home / "content", 0o777)
        (home / "content" / "cells.md").write_text(NOTE)
        site = home / "site"
        site.mkdir()
        (site / "thesis.docx").write_bytes(b"years of work")
        os.chmod(site, 0o333)
        try:
            result = run("build", home / "content", "-o", site, user=65534 if os.geteuid() == 0 else None)
        finally:
            os.chmod(site, 0o755)
        assert result.returncode == 1, result.stderr
        assert "site: error: cannot be listed (Permission denied)" in result.stderr
        assert (site / "thesis.docx").read_bytes() == b"years of work"
    finally:
        shutil.rmtree(home)
