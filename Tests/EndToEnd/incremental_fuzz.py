#!/usr/bin/env python3
"""Differential fuzzer for deckgen's incremental rebuilds.

Claim under test: after any sequence of edits, `deckgen build CONTENT -o SITE --offline` into the existing
site gives exactly the files a clean build of the same content gives in a never-used folder (ignoring
.deckgen-manifest.json), prints the same warnings, exits the same way and leaves the same question store.

For each step:
  1. apply one seeded random edit to CONTENT
  2. snapshot CONTENT (so the clean build sees exactly what the incremental build saw, question store included)
  3. incremental build CONTENT -> SITE, then a no-op rebuild (must say "Site is up to date", same warnings)
  4. put the snapshot in CONTENT's place, clean build CONTENT -> clean-N (a brand-new folder)
  5. compare: exit codes, warning lines, summary line (timing and "N written, M unchanged" removed),
     every site file but .deckgen-manifest.json, and the question store each build left in CONTENT
  6. put the incremental build's CONTENT back and go on

With `serve`, the incremental builds are a running `deckgen serve CONTENT -o SITE --offline`'s rebuilds: after
each edit the fuzzer waits for the preview's build generation to move and then stay put, and compares SITE and the
question store with a clean build of a copy of CONTENT (warnings and exit codes are not compared: serve prints
them as a preview does). The copy is taken once the preview has rebuilt, so a store file the preview wrote is the
clean build's input too; pages made from it must still be the same. The deck records (.deckgen-decks.json) are not
compared: they record a store file the build rewrote as the build read it.

As a module: `run_fuzz(root, binary, steps, seed)` returns the mismatch descriptions (empty when every step
matched). As a script:
    python3 incremental_fuzz.py --binary PATH [--root DIR] [--steps N] [--seed S] [--only KIND,KIND] [--quiet]
Everything lives under the root folder: content/, site/, clean-N/, snap/, content.inc/.
"""
import argparse
import difflib
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import zlib
from pathlib import Path

# Set by run_fuzz. Builds run with cwd=ROOT and the relative CONTENT, so warnings read "content/..." in both
# builds and can be compared as text.
ROOT = ""
BINARY = ""
CONTENT = "content"
SITE = "site"
BUILD_TIMEOUT = 300

FOLDERS = ["biology", "chemistry", "history", "physics"]
IMAGE = "biology/images/cell.png"

SYLL = ["ka", "lo", "mi", "ra", "ten", "vor", "zu", "pel", "dan", "qui", "sor", "bel", "nix", "tor", "ga", "fen",
        "lum", "ost", "ari", "cel", "dro", "mon", "pha", "ryl"]
NOUNS = ["organelle", "process", "force", "treaty", "compound", "reaction", "dynasty", "wave", "enzyme", "particle",
         "council", "crystal", "field", "tissue", "reform", "orbit"]
VERBS = ["stores", "moves", "binds", "splits", "governs", "measures", "carries", "absorbs", "releases", "builds",
         "shields", "converts"]
OBJS = ["energy", "water", "light", "proteins", "land taxes", "electric charge", "heat", "oxygen", "salt",
        "trade routes", "sound", "momentum", "sugar", "ions"]


def path_in_root(*parts):
    return os.path.join(ROOT, *parts)


def cpath(rel):
    return path_in_root(CONTENT, rel)


def png_bytes(rgb):
    """A valid 4x4 PNG of one colour."""
    w = h = 4
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


# ---------------------------------------------------------------- reading and writing content

def read_bytes(rel):
    with open(cpath(rel), "rb") as f:
        return f.read()


def write_bytes(rel, data):
    os.makedirs(os.path.dirname(cpath(rel)) or ".", exist_ok=True)
    with open(cpath(rel), "wb") as f:
        f.write(data)


def read_text(rel):
    """The text with LF line endings, and whether the file used CRLF (so an edit can keep its endings)."""
    text = read_bytes(rel).decode("utf-8", "replace")
    crlf = "\r\n" in text
    return text.replace("\r\n", "\n"), crlf


def write_text(rel, text, crlf=False):
    if crlf:
        text = text.replace("\n", "\r\n")
    write_bytes(rel, text.encode("utf-8"))


def split_front_matter(text):
    m = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not m:
        return None, text
    fm = {}
    for line in m.group(1).split("\n"):
        if ":" in line:
            k, v = line.split(":", 1)
            fm[k.strip()] = v.strip()
    return fm, text[m.end():]


def join_front_matter(fm, body):
    if not fm:
        return body
    return "---\n" + "".join(f"{k}: {v}\n" for k, v in fm.items()) + "---\n" + body


def content_files(suffix):
    """Files ending in suffix, relative to CONTENT, outside hidden folders (deckgen skips those)."""
    base = path_in_root(CONTENT)
    out = []
    for dirpath, _, filenames in os.walk(base):
        rel = os.path.relpath(dirpath, base)
        if any(part.startswith(".") and part != "." for part in rel.split(os.sep)):
            continue
        out += [os.path.normpath(os.path.join(rel, n)) for n in filenames if n.endswith(suffix)]
    return sorted(out)


def notes():
    return content_files(".md")


def store_files():
    base = cpath(".deckgen/questions")
    out = []
    for dirpath, _, filenames in os.walk(base):
        out += [os.path.relpath(os.path.join(dirpath, n), path_in_root(CONTENT)) for n in filenames]
    return sorted(out)


def links_to(target_rel):
    """Notes that link to target_rel (by the ../folder/name.md form this script writes)."""
    def links(text):
        return f"](../{target_rel})" in text or f"](../{target_rel}#" in text
    return [n for n in notes() if links(read_text(n)[0])]


# ---------------------------------------------------------------- random text

class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.counter = 0

    def word(self, n=None):
        n = n or self.rng.randint(2, 3)
        return "".join(self.rng.choice(SYLL) for _ in range(n))

    def term(self):
        # Numbered, so every defined term is new and shows up in the glossary and the question store.
        self.counter += 1
        return self.word().capitalize() + str(self.counter)

    def definition(self):
        return (f"**{self.term()}** is the {self.rng.choice(NOUNS)} that {self.rng.choice(VERBS)} "
                f"{self.rng.choice(OBJS)}.")

    def title(self):
        return " ".join(self.word().capitalize() for _ in range(self.rng.randint(1, 3)))

    def note_body(self, title, link_targets=(), image=False, broken=False, quiz=False):
        r = self.rng
        lines = [f"# {title}", "", f"This note is about {title.lower()}.", ""]
        for _ in range(r.randint(4, 7)):
            lines.append(self.definition())
        lines += ["", f"## {self.title()}", "", "| Name | Role |", "|---|---|"]
        for _ in range(r.randint(2, 4)):
            lines.append(f"| {self.word().capitalize()} | {r.choice(VERBS)} {r.choice(OBJS)} |")
        lines.append("")
        for t in link_targets:
            lines.append(f"See also [{os.path.basename(t)[:-3]}](../{t}).")
        if image:
            lines += ["", f"![cell diagram](../{IMAGE})"]
        if broken:
            lines += ["", "A [broken link](../nowhere/missing.md)."]
        if quiz:
            lines += ["", "```quiz", f"Q: Which word names the {r.choice(NOUNS)} in {title}?",
                      "- [x] Right answer", "- [ ] Wrong answer", "- [ ] Also wrong",
                      "> Because the note says so.", "```"]
        return "\n".join(lines) + "\n"

    def front_matter(self, title=None):
        r = self.rng
        fm = {}
        if title:
            fm["title"] = title
        fm["tags"] = "[" + ", ".join(r.sample(["a", "b", "cells", "war", "atoms", "light"], r.randint(1, 2))) + "]"
        if r.random() < 0.7:
            fm["order"] = str(r.randint(1, 5))
        if r.random() < 0.6:
            fm["questions"] = str(r.randint(2, 6))
        return fm


def make_content(gen):
    """30 cross-linked notes in four folders, one image, one broken link (a warning) and one quiz block."""
    base = path_in_root(CONTENT)
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    r = gen.rng
    counts = {"biology": 8, "chemistry": 8, "history": 7, "physics": 7}
    names = {}
    for folder, n in counts.items():
        names[folder] = []
        while len(names[folder]) < n:
            nm = gen.word(3)
            if nm not in names[folder]:
                names[folder].append(nm)
    all_paths = [f"{f}/{n}.md" for f in FOLDERS for n in names[f]]
    write_bytes(IMAGE, png_bytes((200, 30, 30)))
    for i, path in enumerate(all_paths):
        title = gen.title()
        targets = r.sample([p for p in all_paths if p != path], r.randint(0, 3))
        body = gen.note_body(title, targets, image=(i % 5 == 0), broken=(i == 3), quiz=(i == 1))
        fm = gen.front_matter(title=gen.title() if r.random() < 0.3 else None) if r.random() < 0.4 else None
        write_text(path, join_front_matter(fm, body))


# ---------------------------------------------------------------- edits

class Edits:
    """Each edit changes CONTENT and returns a description. Some leave an undo in `pending`, run as a later step,
    because going back to bytes seen before is where a stale cache would show."""

    DECKGEN_FILE = ".deckgen/extra.txt"

    KINDS = ["append_sentence", "change_title", "change_front_matter", "add_note_edit", "delete_note", "move_note",
             "link_to_new_note", "delete_linked_note", "delete_image", "change_image_bytes", "edit_store_choice",
             "delete_store", "pin_store", "deckgen_yml", "touch", "edit_then_revert", "trailing_spaces",
             "toggle_crlf", "empty_note", "break_front_matter", "edit_quiz_block", "fragment_link",
             "link_to_txt_note", "empty_txt_note", "link_to_deckgen_file", "toggle_deckgen_file", "add_alias",
             "retarget_alias"]
    WEIGHTS = {"append_sentence": 4, "change_title": 3, "change_front_matter": 4, "edit_store_choice": 2}

    def __init__(self, gen):
        self.gen = gen
        self.r = gen.rng
        self.pending = []          # callables that undo an earlier edit and return a description

    def apply(self, kind):
        return getattr(self, kind)()

    def pick_note(self):
        ns = notes()
        return self.r.choice(ns) if ns else None

    def modify(self, rel, fn):
        text, crlf = read_text(rel)
        write_text(rel, fn(text), crlf)

    def restore_later(self, rel, original, description, first=False, only_if_folder_exists=False):
        """Queue an undo that puts back the original bytes of rel."""
        def undo():
            if not only_if_folder_exists or os.path.isdir(os.path.dirname(cpath(rel))):
                write_bytes(rel, original)
            return description
        if first:
            self.pending.insert(0, undo)
        else:
            self.pending.append(undo)

    # --- notes

    def append_sentence(self):
        n = self.pick_note()
        s = self.gen.definition() if self.r.random() < 0.6 else f"Some more words about {self.gen.word()}."
        self.modify(n, lambda t: t + "\n" + s + "\n")
        return f"append sentence to {n}: {s!r}"

    def change_title(self):
        n = self.pick_note()
        new = self.gen.title()

        def f(t):
            if re.search(r"^# .*$", t, re.M):
                return re.sub(r"^# .*$", f"# {new}", t, count=1, flags=re.M)
            fm, body = split_front_matter(t)
            return join_front_matter(fm, f"# {new}\n\n" + body)
        self.modify(n, f)
        return f"change title line of {n} to '# {new}'"

    def change_front_matter(self):
        n = self.pick_note()
        key = self.r.choice(["title", "tags", "order", "questions", "questions_false"])
        desc = {}

        def f(t):
            fm, body = split_front_matter(t)
            fm = fm or {}
            if key == "title":
                fm["title"] = self.gen.title()
            elif key == "tags":
                fm["tags"] = "[" + ", ".join(self.r.sample(["a", "b", "c", "cells", "war"], self.r.randint(0, 3))) + "]"
            elif key == "order":
                fm["order"] = str(self.r.randint(0, 9))
            elif key == "questions":
                fm["questions"] = str(self.r.randint(1, 7))
            else:
                fm["questions"] = self.r.choice(["false", "0"])
            desc["fm"] = dict(fm)
            return join_front_matter(fm, body)
        self.modify(n, f)
        return f"front matter of {n} ({key}) -> {desc['fm']}"

    def add_note(self):
        folder = self.r.choice(FOLDERS)
        rel = f"{folder}/new-{self.gen.word(2)}{self.r.randint(0, 999)}.md"
        ns = notes()
        targets = self.r.sample(ns, min(len(ns), self.r.randint(0, 2)))
        body = self.gen.note_body(self.gen.title(), targets, image=self.r.random() < 0.3)
        fm = self.gen.front_matter() if self.r.random() < 0.5 else None
        write_text(rel, join_front_matter(fm, body))
        return rel

    def add_note_edit(self):
        return f"add note {self.add_note()}"

    def delete_note(self):
        n = self.pick_note()
        os.remove(cpath(n))
        return f"delete note {n} (linked from {len(links_to(n))} notes)"

    def move_note(self):
        n = self.pick_note()
        folder = self.r.choice([f for f in FOLDERS if not n.startswith(f + "/")])
        dest = f"{folder}/{os.path.basename(n)}"
        if os.path.exists(cpath(dest)):
            dest = f"{folder}/moved-{os.path.basename(n)}"
        os.makedirs(os.path.dirname(cpath(dest)), exist_ok=True)
        os.rename(cpath(n), cpath(dest))
        return f"move {n} -> {dest}"

    def link_to_new_note(self):
        src = self.pick_note()
        rel = self.add_note()
        self.modify(src, lambda t: t + f"\nNew link: [the new note](../{rel}).\n")
        return f"add note {rel} and link to it from {src}"

    def delete_linked_note(self):
        candidates = [n for n in notes() if links_to(n)]
        if not candidates:
            return self.delete_note()
        n = self.r.choice(candidates)
        linked = links_to(n)
        os.remove(cpath(n))
        return f"delete linked note {n} (linked from {', '.join(linked)})"

    def touch(self):
        n = self.pick_note()
        os.utime(cpath(n), None)
        return f"touch {n} (bytes unchanged)"

    def edit_then_revert(self):
        n = self.pick_note()
        self.restore_later(n, read_bytes(n), f"revert {n} to its bytes before the earlier edit")
        self.modify(n, lambda t: t + "\n" + self.gen.definition() + "\n")
        return f"edit {n} (appended a definition; reverted in a later step)"

    def trailing_spaces(self):
        n = self.pick_note()

        def f(t):
            lines = t.split("\n")
            i = self.r.randrange(max(1, len(lines) - 1))
            lines[i] += "   "
            return "\n".join(lines)
        self.modify(n, f)
        return f"trailing spaces on a line of {n}"

    def toggle_crlf(self):
        n = self.pick_note()
        text, crlf = read_text(n)
        write_text(n, text, not crlf)
        return f"line endings of {n} -> {'LF' if crlf else 'CRLF'}"

    def empty_note(self):
        """Blank a note that other notes link to (whitespace only: "empty note; skipped"), restore it later."""
        n = self.r.choice([n for n in notes() if links_to(n)] or notes())
        self.restore_later(n, read_bytes(n), f"restore the text of emptied note {n}", only_if_folder_exists=True)
        write_bytes(n, b"\n  \n")
        return f"empty note {n} (whitespace only; linked from {', '.join(links_to(n)) or 'nobody'})"

    def break_front_matter(self):
        """Invalid YAML makes the build fail; both builds must fail the same way and keep the store alike."""
        n = self.pick_note()
        # First in the queue, so the content does not stay broken for long.
        self.restore_later(n, read_bytes(n), f"fix the front matter of {n}", first=True)
        self.modify(n, lambda t: "---\ntitle: [unclosed\n---\n" + split_front_matter(t)[1])
        return f"break the front matter of {n} (invalid YAML, build should fail)"

    def edit_quiz_block(self):
        cands = [n for n in notes() if "```quiz" in read_text(n)[0]]
        if not cands:
            return self.append_sentence()
        n = self.r.choice(cands)
        w = self.gen.word()
        self.modify(n, lambda t: t.replace("- [ ] Also wrong", f"- [ ] Also wrong {w}", 1)
                    if "- [ ] Also wrong" in t else t.replace("> Because", f"> {w}. Because", 1))
        return f"edit the hand-written quiz block in {n}"

    def fragment_link(self):
        src = self.pick_note()
        dst = self.pick_note()
        self.modify(src, lambda t: t + f"\nSee [a section](../{dst}#{self.gen.word()}).\n")
        return f"add a fragment link from {src} to {dst}"

    # --- text notes (.txt files are decks too, read as scanned text)

    def link_to_txt_note(self):
        folder = self.r.choice(FOLDERS)
        rel = f"{folder}/text-{self.gen.word(2)}.txt"
        write_text(rel, f"{self.gen.title()}\n\n" + " ".join(self.gen.definition() for _ in range(4)) + "\n")
        src = self.pick_note()
        self.modify(src, lambda t: t + f"\nThe [text page](../{rel}).\n")
        return f"add text note {rel} and link to it from {src}"

    def empty_txt_note(self):
        """Blank a .txt note ("empty file; skipped"), restore it later."""
        txts = content_files(".txt")
        if not txts:
            return self.link_to_txt_note()
        n = self.r.choice(txts)
        self.restore_later(n, read_bytes(n), f"restore the text of emptied text note {n}", only_if_folder_exists=True)
        write_bytes(n, b"")
        return f"empty text note {n} (linked from {', '.join(links_to(n)) or 'nobody'})"

    # --- the image

    def delete_image(self):
        if os.path.exists(cpath(IMAGE)):
            os.remove(cpath(IMAGE))
            return f"delete image {IMAGE}"
        write_bytes(IMAGE, png_bytes((10, 200, 10)))
        return f"image {IMAGE} was gone: re-create it"

    def change_image_bytes(self):
        rgb = tuple(self.r.randint(0, 255) for _ in range(3))
        write_bytes(IMAGE, png_bytes(rgb))
        return f"rewrite image {IMAGE} with colour {rgb} (same name)"

    # --- the question store, which users may edit by hand

    def edit_store_choice(self):
        sfs = [s for s in store_files() if "- [ ] " in read_text(s)[0]]
        if not sfs:
            return self.append_sentence()
        s = self.r.choice(sfs)
        lines = read_text(s)[0].split("\n")
        idx = self.r.choice([i for i, l in enumerate(lines) if l.startswith("- [ ] ")])
        lines[idx] = lines[idx] + " " + self.gen.word()
        write_text(s, "\n".join(lines))
        return f"hand-edit a wrong choice in store {s}: {lines[idx]!r}"

    def delete_store(self):
        sfs = store_files()
        if not sfs:
            return self.append_sentence()
        s = self.r.choice(sfs)
        os.remove(cpath(s))
        return f"delete store file {s}"

    def pin_store(self):
        sfs = [s for s in store_files() if "pinned: false" in read_text(s)[0]]
        if not sfs:
            return self.append_sentence()
        s = self.r.choice(sfs)
        write_text(s, read_text(s)[0].replace("pinned: false", "pinned: true", 1))
        return f"set pinned: true in store {s}"

    def link_to_deckgen_file(self):
        """Link from a note to a file under .deckgen/ (an extra file, or another note's stored questions)."""
        src = self.pick_note()
        others = [s for s in store_files() if s != ".deckgen/questions/" + src]
        target = self.DECKGEN_FILE if (self.r.random() < 0.6 or not others) else self.r.choice(others)
        self.modify(src, lambda t: t + f"\nStored: [see]({'../' * src.count('/')}{target}).\n")
        return f"add a link from {src} to {target} ({'exists' if os.path.exists(cpath(target)) else 'missing'})"

    def toggle_deckgen_file(self):
        if os.path.exists(cpath(self.DECKGEN_FILE)):
            os.remove(cpath(self.DECKGEN_FILE))
            return f"delete {self.DECKGEN_FILE}"
        write_text(self.DECKGEN_FILE, "extra notes kept beside the question store\n")
        return f"create {self.DECKGEN_FILE}"

    # --- site settings

    def deckgen_yml(self):
        title = "My site " + self.gen.word()
        extra = self.r.choice(["", "lang: en\n"])
        write_text("deckgen.yml", f"title: {title}\n{extra}")
        return f"write deckgen.yml: title: {title} {extra.strip()}"

    # --- symlinked notes: the name a build sees stays the same while the bytes behind it change

    def add_alias(self):
        """folder/alias-x.md -> a note in the same folder, linked from another note."""
        n = self.pick_note()
        alias = f"{os.path.dirname(n)}/alias-{self.gen.word(2)}.md"
        if os.path.lexists(cpath(alias)):
            return self.touch()
        os.symlink(os.path.basename(n), cpath(alias))
        src = self.pick_note()
        self.modify(src, lambda t: t + f"\nAlias: [alias](../{alias}).\n")
        return f"symlink {alias} -> {os.path.basename(n)} and link to it from {src}"

    def retarget_alias(self):
        """Point an existing symlinked note at a fresh file under .hidden/ (names outside .hidden unchanged)."""
        base = path_in_root(CONTENT)
        aliases = sorted(os.path.relpath(os.path.join(d, n), base) for d, _, fs in os.walk(base)
                         for n in fs if os.path.islink(os.path.join(d, n)))
        if not aliases:
            return self.add_alias()
        a = self.r.choice(aliases)
        real = f".hidden/real-{self.gen.word(2)}{self.r.randint(0, 999)}.md"
        write_text(real, self.gen.note_body(self.gen.title()))
        os.remove(cpath(a))
        os.symlink("../" + real, cpath(a))
        return f"retarget symlink {a} -> ../{real} (linked from {', '.join(links_to(a)) or 'nobody'})"


# ---------------------------------------------------------------- builds and what they print

TIME_RE = re.compile(r"\b\d+\.\d+ s\b")
WRITTEN_RE = re.compile(r"; \d+ written, \d+ unchanged")


def build(site):
    p = subprocess.run([BINARY, "build", CONTENT, "-o", site, "--offline"], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=BUILD_TIMEOUT)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def diag_lines(stderr):
    return [l for l in stderr.splitlines() if re.search(r": (warning|error): ", l)]


def summary_line(stderr, site_name):
    """The last summary line, with what legitimately differs between an incremental and a clean build removed."""
    lines = [l for l in stderr.splitlines() if l.startswith(("Built ", "Site is up to date", "Build failed"))]
    if not lines:
        return None
    l = TIME_RE.sub("T s", lines[-1])
    l = WRITTEN_RE.sub("", l)  # how many files were rewritten is the point of an incremental build
    l = l.replace("→ " + site_name, "→ SITE")
    # An up-to-date build is a legitimate outcome of an incremental build: compare what it reports as built.
    l = re.sub(r"^Site is up to date: (.*), nothing changed since the last build, checked in (T s) → ",
               r"Built \1 in \2 → ", l)
    # "the previous site is unchanged" / "no site was written" depends only on whether a site existed.
    l = re.sub(r"^(Build failed with .*? in T s);.*$", r"\1", l)
    return l


# ---------------------------------------------------------------- comparing folders

def tree(root, skip=(".deckgen-manifest.json",)):
    out = {}
    if not os.path.isdir(root):
        return out
    for dirpath, _, filenames in os.walk(root):
        for n in filenames:
            full = os.path.join(dirpath, n)
            rel = os.path.relpath(full, root)
            if rel not in skip:
                with open(full, "rb") as f:
                    out[rel] = f.read()
    return out


def short_diff(a, b, name_a, name_b, limit=14):
    """A short diff of the first difference; HTML and JSON are split at tags/commas so lines stay readable."""
    def split(data):
        return re.sub(r"(>|,\"|\},)", r"\1\n", data.decode("utf-8", "replace")).split("\n")
    d = list(difflib.unified_diff(split(a), split(b), name_a, name_b, n=1, lineterm=""))
    out = [l[:220] for l in d[:limit]]
    if len(d) > limit:
        out.append(f"   ... ({len(d) - limit} more diff lines)")
    return out


def compare_trees(a_root, b_root, label_a, label_b, skip=(".deckgen-manifest.json",)):
    a, b = tree(a_root, skip), tree(b_root, skip)
    problems = []
    for rel in sorted(set(a) | set(b)):
        if rel not in b:
            problems.append(f"only in {label_a}: {rel}")
        elif rel not in a:
            problems.append(f"only in {label_b}: {rel}")
        elif a[rel] != b[rel]:
            problems.append(f"differs: {rel}")
            problems += ["    " + l for l in short_diff(a[rel], b[rel], f"{label_a}/{rel}", f"{label_b}/{rel}")]
    return problems


def compare_output(rc_i, err_i, rc_c, err_c, clean, expect_fail):
    """Exit codes, warnings and summary lines of the incremental and the clean build."""
    problems = []
    if rc_i != rc_c:
        problems.append(f"exit codes differ: incremental {rc_i}, clean {rc_c}")
    if rc_i != (1 if expect_fail else 0):
        problems.append(f"unexpected exit code {rc_i} (expected {1 if expect_fail else 0})")
        problems += ["    " + l for l in diag_lines(err_i) if ": error: " in l]
    di, dc = diag_lines(err_i), diag_lines(err_c)
    if di != dc:
        if sorted(di) == sorted(dc):
            problems.append("warnings are the same but in another order")
        else:
            problems += ["  warnings " + l for l in difflib.unified_diff(dc, di, "clean", "incremental", n=0, lineterm="")
                         if not l.startswith("@@")]
    si, sc = summary_line(err_i, SITE), summary_line(err_c, clean)
    if si != sc:
        problems.append(f"summary lines differ:\n    incremental: {si}\n    clean:       {sc}")
    return problems


# ---------------------------------------------------------------- one step

def incremental_builds():
    """Build into SITE, then again with nothing changed: the second must be a no-op with the same warnings."""
    rc, err = build(SITE)
    problems = []
    if rc == 0:
        _, err_noop = build(SITE)
        if "Site is up to date" not in err_noop:
            problems.append("no-op rebuild did not say 'Site is up to date': " + str(summary_line(err_noop, SITE)))
        if diag_lines(err_noop) != diag_lines(err):
            problems.append("no-op rebuild printed other warnings than the build before it")
    return rc, err, problems


def check_step(step):
    """Incremental and clean build of the current CONTENT; returns (exit codes, problems)."""
    # Invalid YAML on purpose (break_front_matter): the build is expected to fail until it is fixed.
    expect_fail = any("title: [unclosed" in read_text(n)[0] for n in notes())
    content, snap, inc_content = path_in_root(CONTENT), path_in_root("snap"), path_in_root("content.inc")
    clean = f"clean-{step}"

    # Snapshot first: the incremental build writes the question store, and the clean build must start from the
    # store as it was, not from what the incremental build left.
    shutil.rmtree(snap, ignore_errors=True)
    shutil.copytree(content, snap, symlinks=True)
    rc_i, err_i, problems = incremental_builds()

    # The clean build reads the snapshot under the same name, so warnings name the same paths.
    shutil.rmtree(inc_content, ignore_errors=True)
    os.rename(content, inc_content)
    shutil.copytree(snap, content, symlinks=True)
    shutil.rmtree(path_in_root(clean), ignore_errors=True)
    rc_c, err_c = build(clean)

    problems += compare_output(rc_i, err_i, rc_c, err_c, clean, expect_fail)
    if rc_i == 0 and rc_c == 0:
        problems += compare_trees(path_in_root(SITE), path_in_root(clean), "site", clean)
    problems += ["store: " + p for p in compare_trees(os.path.join(inc_content, ".deckgen"),
                                                      os.path.join(content, ".deckgen"),
                                                      "inc-store", "clean-store", skip=())]

    # Go on from the incremental build's content.
    shutil.rmtree(content)
    os.rename(inc_content, content)
    shutil.rmtree(snap, ignore_errors=True)
    return (rc_i, rc_c), problems


class Preview:
    """A running `deckgen serve CONTENT -o SITE --offline`, whose rebuilds stand in for the incremental builds."""

    def __init__(self):
        self.process = subprocess.Popen([BINARY, "serve", CONTENT, "-o", SITE, "--offline", "--port", "0"], cwd=ROOT,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.base = None
        deadline = time.monotonic() + BUILD_TIMEOUT
        while self.base is None and time.monotonic() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            found = re.search(r"at (http://127\.0\.0\.1:\d+)/", line)
            if found:
                self.base = found.group(1)
        if self.base is None:
            self.close()
            raise RuntimeError("deckgen serve did not say where it serves")
        # Its output is drained, so a rebuild never blocks on a full pipe.
        threading.Thread(target=self.process.stderr.read, daemon=True).start()

    def generation(self):
        with urllib.request.urlopen(self.base + "/_deckgen/generation", timeout=10) as response:
            return response.read().decode()

    def settle(self, before, wait_for_change=15.0, quiet=0.8):
        """Waits for the generation to move from `before`, then to stay put for `quiet` seconds."""
        deadline = time.monotonic() + wait_for_change
        while self.generation() == before and time.monotonic() < deadline:
            time.sleep(0.02)
        current, since = self.generation(), time.monotonic()
        while time.monotonic() - since < quiet:
            time.sleep(0.05)
            now = self.generation()
            if now != current:
                current, since = now, time.monotonic()
        return current

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def check_preview_step(step, preview, before):
    """The preview's site after its rebuild against a clean build of a copy of CONTENT; returns the problems."""
    preview.settle(before)
    if any("title: [unclosed" in read_text(n)[0] for n in notes()):
        return []  # the preview keeps its last good site while the build fails
    copy_root = path_in_root(f"copy-{step}")
    shutil.rmtree(copy_root, ignore_errors=True)
    shutil.copytree(path_in_root(CONTENT), os.path.join(copy_root, CONTENT), symlinks=True)
    clean = os.path.join(copy_root, "clean")
    p = subprocess.run([BINARY, "build", CONTENT, "-o", "clean", "--offline"], cwd=copy_root,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=BUILD_TIMEOUT)
    if p.returncode != 0:
        return [f"the clean build failed where the preview built (exit {p.returncode}): " + p.stderr.decode()[-1500:]]
    # The deck records are left out: a store file the preview's build rewrote is recorded there as that build read
    # it (so the next build looks at it again), while the clean build, copied later, read it as rewritten.
    problems = compare_trees(path_in_root(SITE), clean, "preview", "clean", skip=(".deckgen-manifest.json", ".deckgen-decks.json"))
    problems += ["store: " + q for q in compare_trees(path_in_root(CONTENT, ".deckgen"), os.path.join(copy_root, CONTENT, ".deckgen"),
                                                      "preview-store", "clean-store", skip=())]
    if not problems:
        shutil.rmtree(copy_root, ignore_errors=True)
    return problems


def carried_key(problems, step):
    """Which files, warnings and exit codes differ (not how), to tell a new mismatch from one carried over."""
    return [p.replace(f"clean-{step}", "clean-N") for p in problems
            if p.startswith(("differs:", "only in", "exit codes", "  warnings "))]


# ---------------------------------------------------------------- the run

def prepare_root(root, binary):
    global ROOT, BINARY
    ROOT = str(Path(root).resolve())
    # Absolute: builds run with cwd=ROOT, and callers (the Makefile) may pass a path relative to the project.
    BINARY = os.path.abspath(binary)
    os.makedirs(ROOT, exist_ok=True)
    # Leftovers of an earlier run in the same root.
    for name in os.listdir(ROOT):
        if re.fullmatch(r"(clean|copy)-\d+", name) or name in (SITE, "snap", "content.inc"):
            shutil.rmtree(path_in_root(name), ignore_errors=True)


def run_fuzz(root, binary, steps, seed, only=(), verbose=False, keep_clean=False, log=print, serve=False):
    """Runs `steps` seeded edits under root with the deckgen at binary; returns one description per
    mismatching step (empty when every step matched). Mismatching steps are logged with their details;
    verbose logs every step."""
    prepare_root(root, binary)
    kinds = list(only) or Edits.KINDS
    unknown = [k for k in kinds if k not in Edits.KINDS]
    if unknown:
        raise ValueError(f"unknown edit kinds {unknown}; known: {', '.join(Edits.KINDS)}")

    rng = random.Random(seed)
    gen = Gen(rng)
    make_content(gen)
    edits = Edits(gen)

    if serve:
        return run_preview_fuzz(edits, rng, kinds, steps, seed, verbose, log)
    rc, err = build(SITE)
    log(f"initial build: exit {rc}, {len(notes())} notes; {summary_line(err, SITE)}")
    if rc != 0:
        return [f"seed {seed}: the initial build failed (exit {rc}):\n" + err[-3000:]]
    mismatches = []
    if "Site is up to date" not in build(SITE)[1]:
        mismatches.append(f"seed {seed}: the no-op rebuild after the initial build did not say 'Site is up to date'")

    previous_key = None
    for step, kind, desc in edit_steps(edits, rng, kinds, steps):
        (rc_i, rc_c), problems = check_step(step)

        key = carried_key(problems, step)
        carried = bool(key) and key == previous_key
        previous_key = key
        status = "ok" if not problems else "MISMATCH (carried over from the step before)" if carried else "MISMATCH"
        if problems or verbose:
            log(f"step {step:3d} [{kind}] {desc}: exit {rc_i}/{rc_c} {status}")
        if problems:
            log("\n".join("    " + p for p in problems))
            mismatches.append(f"seed {seed} step {step} [{kind}] {desc}{' [carried over]' if carried else ''}:\n"
                              + "\n".join("    " + p for p in problems))
        elif not keep_clean:
            shutil.rmtree(path_in_root(f"clean-{step}"), ignore_errors=True)

    log(f"seed {seed}: {steps} steps run, {len(mismatches)} mismatches")
    return mismatches


def edit_steps(edits, rng, kinds, steps):
    """Applies `steps` edits, yielding (step, kind, description) after each: an undo of an earlier edit 70% of the time
    one is pending, else a new edit; the first pass draws every kind once (shuffled), then by weight."""
    schedule = kinds[:]
    rng.shuffle(schedule)
    for step in range(1, steps + 1):
        if edits.pending and rng.random() < 0.7:
            kind, desc = "undo", edits.pending.pop(0)()
        else:
            kind = schedule.pop(0) if schedule else rng.choices(kinds, [Edits.WEIGHTS.get(k, 1) for k in kinds])[0]
            desc = edits.apply(kind)
        yield step, kind, desc


def run_preview_fuzz(edits, rng, kinds, steps, seed, verbose, log):
    """`run_fuzz` with a running preview's rebuilds in place of incremental builds."""
    preview = Preview()
    mismatches = []
    try:
        generation = preview.settle("0")
        log(f"preview's first build: generation {generation}, {len(notes())} notes")
        for step, kind, desc in edit_steps(edits, rng, kinds, steps):
            problems = check_preview_step(step, preview, generation)
            generation = preview.generation()
            if problems or verbose:
                log(f"step {step:3d} [{kind}] {desc}: {'MISMATCH' if problems else 'ok'}")
            if problems:
                log("\n".join("    " + p for p in problems))
                mismatches.append(f"seed {seed} step {step} [{kind}] {desc} (preview):\n" + "\n".join("    " + p for p in problems))
    finally:
        preview.close()
    log(f"seed {seed}: {steps} preview steps run, {len(mismatches)} mismatches")
    return mismatches


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", help="working folder (default: a fresh temporary folder)")
    ap.add_argument("--binary", default=os.environ.get("DECKGEN"),
                    help="the deckgen binary (default: $DECKGEN)")
    ap.add_argument("--steps", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated edit kinds to draw from")
    ap.add_argument("--keep-clean", action="store_true", help="keep clean-N folders that matched too")
    ap.add_argument("--quiet", action="store_true", help="print only mismatching steps and the summary")
    ap.add_argument("--serve", action="store_true", help="a running deckgen serve makes the incremental builds")
    args = ap.parse_args()
    if not args.binary:
        ap.error("--binary is required (or set DECKGEN)")
    root = args.root or tempfile.mkdtemp(prefix="deckgen-fuzz-")
    print(f"working folder: {root}")
    only = [k for k in args.only.split(",") if k]
    mismatches = run_fuzz(root, args.binary, args.steps, args.seed, only, verbose=not args.quiet,
                          keep_clean=args.keep_clean, serve=args.serve)
    if mismatches:
        print("\nmismatching steps:")
        for m in mismatches:
            print("  " + m.split("\n")[0])
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
