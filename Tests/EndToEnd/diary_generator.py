"""Generates migraine diaries shaped like real app exports, to cross-check `deckgen report` with diary_reference.

    rows = generate(seed=3, years=2)               # a list of row dicts, keys are the file's own column names
    write(rows, path)                              # CSV or JSON, as rows.kind says
    rows.style, rows.kind, rows.date_format        # what was made, and the --date-format it needs (or None)

Styles (picked from the seed unless given): "buddy" (Migraine Buddy-like: start/end date-times, offsets on some),
"bearable" (Bearable-like: date + time columns, end often a bare HH:MM), "spreadsheet" (slash dates read with
--date-format), "spreadsheet_auto" (dd/mm slash dates without --date-format: a date with a day > 12 settles the
order for the whole file), "daily" (a date column and date-only ends), "app_json" (JSON).

`ambiguous=True` adds constructs whose reading the specification leaves open (see diary_reference "CHOICE:"),
so a clean run is not drowned by them. Standard library only.
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
from pathlib import Path

STYLES = ["buddy", "bearable", "spreadsheet", "spreadsheet_auto", "daily", "app_json"]
DIARY_END = dt.date(2024, 12, 31)  # diaries end here so the 2024 DST dates are inside

DRUGS = {  # weight, names as people type them (doses and brands included)
    "triptan": (12, ["Sumatriptan 50 mg", "sumatriptan succinate 100mg", "Imigran 50", "Maxalt 10 mg", "rizatriptan",
                     "Zomig", "eletriptan 40mg", "Relpax", "naratriptan 2.5 mg", "Frova", "Imitrex nasal spray"]),
    "ergot": (2, ["Ergotamine", "DHE nasal spray", "Migranal", "Cafergot", "dihydroergotamine 1 mg"]),
    "opioid": (3, ["Codeine 30 mg", "tramadol 50mg", "Oxycodone 5 mg", "dihydrocodeine", "Morphine"]),
    "simple": (18, ["Ibuprofen 400 mg", "paracetamol 1000mg", "Tylenol", "Advil", "Aspirin 900 mg", "naproxen 500mg",
                    "Aleve", "diclofenac 50 mg", "Voltaren", "acetylsalicylic acid 500 mg", "Nurofen Express",
                    "ketorolac", "Metamizole 500 mg", "Advil Migraine"]),
    "gepant_ditan": (3, ["Nurtec ODT 75 mg", "rimegepant 75mg", "Ubrelvy", "lasmiditan 100 mg", "Reyvow"]),
    "combination": (6, ["Excedrin Migraine", "co-codamol 30/500", "Panadol Extra", "Solpadeine", "Fioricet",
                        "Migraleve", "Syndol", "Tylenol with codeine", "co-dydramol"]),
    "join": (5, ["paracetamol + caffeine", "aspirin+caffeine", "ibuprofen + codeine", "butalbital + caffeine",
                 "aspirin + metoclopramide 10 mg", "paracetamol + caffeine 65 mg"]),
    "join_no_class": (1, ["metoclopramide + domperidone", "magnesium + riboflavin"]),
    "no_class": (8, ["Metoclopramide 10 mg", "domperidone", "Ondansetron 4mg", "Magnesium 400 mg", "riboflavin",
                     "CoQ10", "Propranolol 40 mg", "amitriptyline 10mg", "Botox", "Caffeine 100 mg", "feverfew",
                     "Melatonin 3 mg", "topiramate 25 mg", "prochlorperazine", "Cyclizine 50 mg"]),
    "unknown": (3, ["Migrastop", "Herbal tea", "Vitamin B2", "Mystery pill", "Anadin", "Aimovig"]),
}
AMBIGUOUS_DRUGS = ["paracetamol 500 mg + codeine 8 mg", "Treximet", "sumatriptan + naproxen",
                   "ibuprofen 200mg + caffeine"]
TYPES = ["", "", "", "", "Migraine", "migraine with aura", "Migraine without aura", "Probable migraine", "Tension",
         "tension-type headache", "Headache", "Cluster", "Menstrual migraine"]
NOTES = ["", "", "", "Woke up with it, took meds late", "Bad one.\nHad to leave work, lay down in the dark",
         'Said "never again", then again', "Long day; screen all day", "ok"]
TRIGGERS = ["", "stress", "sleep, stress", "red wine; cheese", "weather change", "skipped meal, dehydration"]


class Diary(list):
    """A list of row dicts plus what the files and the command need to know about them."""
    style = "buddy"
    kind = "csv"  # or "json"
    date_format = None  # the --date-format the diary needs
    notes: list  # what was injected, for people reading a failure


# ---------------------------------------------------------------------------------------------------------
# Attacks in a neutral form: clock times as written, with optional offsets


def _pick_drug(rng: random.Random, ambiguous: bool) -> str:
    if ambiguous and rng.random() < 0.08:
        return rng.choice(AMBIGUOUS_DRUGS)
    groups = list(DRUGS)
    group = rng.choices(groups, weights=[DRUGS[g][0] for g in groups])[0]
    return rng.choice(DRUGS[group][1])


def _duration(rng: random.Random) -> dt.timedelta:
    roll = rng.random()
    if roll < 0.3:
        minutes = rng.randint(20, 180)
    elif roll < 0.55:
        minutes = rng.randint(180, 300)  # around the 4-hour line
    elif roll < 0.85:
        minutes = rng.randint(300, 24 * 60)
    else:
        minutes = rng.randint(24 * 60, 72 * 60)
    return dt.timedelta(minutes=minutes)


def _attack(rng, start, ambiguous, offsets):
    end = start + _duration(rng)
    if rng.random() < 0.06:  # ends exactly at midnight
        end = dt.datetime.combine(start.date() + dt.timedelta(days=rng.choice([1, 1, 2])), dt.time())
    intensity = rng.choice([2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 10])
    if rng.random() < 0.15:
        intensity = intensity - 0.5
    kind = rng.choice(TYPES)
    if rng.random() < 0.03:
        intensity = 0  # an aura or prodrome without pain: an attack but no headache day
        kind = rng.choice(["", "Tension", "Aura"] + (["migraine aura without headache"] if ambiguous else []))
    meds = []
    for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3])):
        at = None
        if rng.random() < 0.45:
            at = start + dt.timedelta(minutes=rng.randint(0, 8 * 60))  # may well be after midnight
        meds.append((_pick_drug(rng, ambiguous), at))
    offset = None
    if offsets and rng.random() < 0.25:
        offset = rng.choice(["+01:00", "+02:00", "Z", "+0100", "-05:00", "-0400"])
    return {"start": start, "end": end, "intensity": intensity, "type": kind, "meds": meds,
            "start_offset": offset, "end_offset": offset if rng.random() < 0.8 else None,
            "note": rng.choice(NOTES), "triggers": rng.choice(TRIGGERS)}


def _dst_attacks():
    """Attacks over the 2024 clock changes; the written clock and the elapsed time sit on either side of 4 hours."""
    def a(start, so, end, eo, **extra):
        row = {"start": dt.datetime.fromisoformat(start), "end": dt.datetime.fromisoformat(end), "intensity": 6,
               "type": "", "meds": [], "start_offset": so, "end_offset": eo, "note": "clock change", "triggers": ""}
        row.update(extra)
        return row
    return [
        a("2024-03-31T00:30", "+01:00", "2024-03-31T04:45", "+02:00"),  # EU spring: clock 4h15, elapsed 3h15
        a("2024-03-30T22:00", "+01:00", "2024-03-31T03:30", "+02:00"),  # crosses midnight: 5h30 / 4h30
        a("2024-10-27T00:15", "+02:00", "2024-10-27T03:45", "+01:00"),  # EU autumn: clock 3h30, elapsed 4h30
        a("2024-03-10T00:30", "-05:00", "2024-03-10T04:40", "-04:00"),  # US spring: clock 4h10, elapsed 3h10
        a("2024-11-03T00:10", "-0400", "2024-11-03T03:50", "-0500"),    # US autumn: clock 3h40, elapsed 4h40
        a("2024-10-26T21:00", "+02:00", "2024-10-27T00:00", "+01:00",   # ends at 00:00 written, elapsed 4h
          meds=[("Sumatriptan 50 mg", dt.datetime(2024, 10, 27, 1, 20))]),
        a("2024-03-31T01:00", "Z", "2024-03-31T04:30", None),           # one offset only: written clock 3h30
    ]


def _attacks(rng, years, attacks_per_month, ambiguous, offsets):
    first = DIARY_END - dt.timedelta(days=round(365.25 * years) - 1)
    chance = attacks_per_month / 30.4
    out, day = [], first
    while day <= DIARY_END:
        count = 0
        while rng.random() < (chance if count == 0 else 0.25 * chance) and count < 3:
            count += 1
        starts = sorted(rng.sample(range(0, 24 * 60, 5), count))
        for minute in starts:  # several attacks on one day
            out.append(_attack(rng, dt.datetime.combine(day, dt.time()) + dt.timedelta(minutes=minute), ambiguous, offsets))
        day += dt.timedelta(days=1)
    if offsets:
        out += [x for x in _dst_attacks() if first <= x["start"].date() <= DIARY_END]
    out.sort(key=lambda x: x["start"])
    if out and rng.random() < 0.7:
        out[-1]["end"] = None  # still going at export time
    if len(out) > 40 and rng.random() < 0.3:
        out[rng.randrange(len(out) // 2, len(out) - 5)]["end"] = None  # forgotten in the middle: runs to the end
    return out


# ---------------------------------------------------------------------------------------------------------
# Rendering, per style


def _iso(moment, sep=" ", seconds=False, offset=None, date_only=False):
    if moment is None:
        return ""
    if date_only:
        return moment.date().isoformat()
    text = moment.strftime("%Y-%m-%d" + sep + ("%H:%M:%S" if seconds else "%H:%M"))
    return text + (offset or "")


def _slash_date(day, fmt):
    return day.strftime("%d/%m/%Y" if fmt == "dd/mm/yyyy" else "%m/%d/%Y")


def _slash(moment, fmt):
    return _slash_date(moment.date(), fmt) + moment.strftime(" %H:%M")


def _meds(attack, when, joiner="; "):
    return joiner.join(text + (f" @ {when(at)}" if at else "") for text, at in attack["meds"])


def _headers(rng, names):
    """The same columns as different apps spell them: case and separators vary."""
    case = rng.choice([str.lower, str.title, str.upper, lambda s: s])
    sep = rng.choice([" ", "_", "-"])
    return {name: case(name.replace(" ", sep)) for name in names}


def _render(rng, style, attacks, date_format, ambiguous):
    rows = []
    if style == "buddy":
        sep, seconds = rng.choice([" ", "T"]), rng.random() < 0.3
        h = _headers(rng, ["start time", "end time", "pain level", "type", "medication", "medication relief",
                           "triggers", "symptoms", "location", "notes"])
        for a in attacks:
            rows.append({h["start time"]: _iso(a["start"], sep, seconds, a["start_offset"]),
                         h["end time"]: _iso(a["end"], sep, seconds, a["end_offset"]),
                         h["pain level"]: str(a["intensity"]), h["type"]: a["type"],
                         h["medication"]: _meds(a, lambda t: _iso(t, sep, False, a["start_offset"])),
                         h["medication relief"]: rng.choice(["", "helpful", "somewhat helpful", "unsure"]),
                         h["triggers"]: a["triggers"], h["symptoms"]: rng.choice(["", "nausea, light sensitivity", "aura"]),
                         h["location"]: rng.choice(["", "left temple", "behind eyes, both sides"]), h["notes"]: a["note"]})
    elif style == "bearable":
        h = _headers(rng, ["date", "time", "end", "severity", "kind", "meds", "symptom", "note"])
        for a in attacks:
            start, end = a["start"], a["end"]
            if end is None:
                end_text = ""
            elif (end.date() == start.date() and end.time() > start.time()) or \
                    (end.date() == start.date() + dt.timedelta(days=1) and end.time() < start.time()):
                end_text = end.strftime("%H:%M")  # a bare time: that day, or the next if earlier than the start
            else:
                end_text = _iso(end)
            rows.append({h["date"]: start.date().isoformat(), h["time"]: start.strftime("%H:%M"), h["end"]: end_text,
                         h["severity"]: str(a["intensity"]), h["kind"]: a["type"], h["meds"]: _meds(a, _iso, ";"),
                         h["symptom"]: rng.choice(["", "nausea", "photophobia; phonophobia"]), h["note"]: a["note"]})
        if ambiguous and rows:  # an empty time beside a date: the reference reads the date alone (00:00)
            rows[len(rows) // 3][h["time"]] = ""
    elif style in ("spreadsheet", "spreadsheet_auto"):
        fmt = date_format or "dd/mm/yyyy"
        h = _headers(rng, ["date", "start", "end", "pain", "headache type", "drugs", "comments"])

        def day_text(day):
            # Without --date-format a dd/mm date with equal parts (05/05) is a reading the spec leaves open:
            # in clean mode such days are written in ISO.
            if style == "spreadsheet_auto" and day.day == day.month and not ambiguous:
                return day.isoformat()
            return _slash_date(day, fmt)

        def moment_text(moment):
            return day_text(moment.date()) + moment.strftime(" %H:%M")

        for a in attacks:
            start, end = a["start"], a["end"]
            if end is None:
                end_text = ""
            elif end.date() == start.date() and end.time() > start.time():
                end_text = end.strftime("%H:%M")
            else:
                end_text = moment_text(end)
            rows.append({h["date"]: day_text(start.date()), h["start"]: start.strftime("%H:%M"), h["end"]: end_text,
                         h["pain"]: str(a["intensity"]), h["headache type"]: a["type"],
                         h["drugs"]: _meds(a, moment_text), h["comments"]: a["note"]})
    elif style == "daily":
        h = _headers(rng, ["date", "pain level", "medicine", "diagnosis", "ended", "weather"])
        for a in attacks:
            end = a["end"]
            if end is None:
                end_text = ""
            elif rng.random() < 0.6:
                end_text = _iso(end, date_only=True)  # a date alone: the end of that day
            else:
                end_text = _iso(end, "T")
            rows.append({h["date"]: a["start"].date().isoformat(), h["pain level"]: str(a["intensity"]),
                         h["medicine"]: _meds(a, lambda t: _iso(t, "T"), " ; "), h["diagnosis"]: a["type"],
                         h["ended"]: end_text, h["weather"]: rng.choice(["", "rain", "hot, humid"])})
    elif style == "app_json":
        for a in attacks:
            meds = [text + (f" @ {_iso(at, 'T', True, a['start_offset'])}" if at else "") for text, at in a["meds"]]
            intensity = a["intensity"]
            row = {"onset": _iso(a["start"], "T", True, a["start_offset"]),
                   "finish": _iso(a["end"], "T", True, a["end_offset"]) if a["end"] else None,
                   "intensity": intensity if rng.random() < 0.8 else str(intensity),
                   "medications": meds if rng.random() < 0.7 else "; ".join(meds),
                   "triggers": [t.strip() for t in a["triggers"].split(",") if t.strip()], "notes": a["note"]}
            if a["type"] or rng.random() < 0.5:
                row["diagnosis"] = a["type"]  # rows with and without a type
            rows.append(row)
    return rows


def _break_some(rng, rows, style, date_format):
    """Deliberately bad rows: a bad date, intensity 11 or a word, a missing start, an end before the start."""
    if not rows:
        return []
    keys = list(rows[0])
    start_key = keys[0]  # every style puts the start (or the date) first
    intensity_key = next(k for k in keys if k.lower().replace("_", " ").replace("-", " ") in
                         ("pain level", "severity", "pain", "intensity"))
    made = []
    for _ in range(max(1, len(rows) // 150)):
        index = rng.randrange(len(rows))
        row = rows[index]
        what = rng.choice(["date", "intensity", "missing", "words", "before"])
        if what == "date":
            row[start_key] = {"spreadsheet": "31/31/2024", "spreadsheet_auto": "31/31/2024"}.get(
                style, rng.choice(["2024-02-30 10:00", "yesterday", "2024-13-01"]))
        elif what == "intensity":
            row[intensity_key] = 11 if style == "app_json" else "11"
        elif what == "words":
            row[intensity_key] = "high"
        elif what == "missing":
            for k in keys[:2] if style in ("bearable", "spreadsheet", "spreadsheet_auto") else keys[:1]:
                row[k] = ""
            if style == "daily":
                row[start_key] = ""
        elif what == "before" and style in ("buddy", "app_json"):
            end_key = keys[1]
            row[end_key] = "2000-01-01T00:00" if style == "app_json" else "2000-01-01 00:00"
        made.append((index, what))
    return made


def generate(seed, years=1.0, style=None, attacks_per_month=8.0, bad_rows=True, ambiguous=False):
    """A diary of about `years` years ending 2024-12-31, as a list of row dicts (a Diary)."""
    rng = random.Random(seed)
    style = style or STYLES[seed % len(STYLES)]
    date_format = None
    if style == "spreadsheet":
        date_format = rng.choice(["dd/mm/yyyy", "mm/dd/yyyy"])
    attacks = _attacks(rng, years, attacks_per_month, ambiguous, offsets=style in ("buddy", "app_json"))
    diary = Diary(_render(rng, style, attacks, date_format, ambiguous))
    diary.style, diary.date_format = style, date_format
    diary.kind = "json" if style == "app_json" else "csv"
    diary.notes = _break_some(rng, diary, style, date_format) if bad_rows else []
    diary.seed = seed
    return diary


# ---------------------------------------------------------------------------------------------------------
# Writers


def csv_text(rows, seed=0) -> str:
    """RFC 4180 text; quoting (commas, quotes, newlines) is left to the csv module; line ends vary with the seed."""
    rng = random.Random(seed)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=rng.choice(["\r\n", "\n"]))
    header = list(rows[0]) if rows else ["start", "intensity"]
    writer.writerow(header)
    for row in rows:
        writer.writerow([row.get(k, "") for k in header])
    return out.getvalue()


def write_csv(rows, path, bom=None, seed=0):
    bom = random.Random(seed + 1).random() < 0.3 if bom is None else bom
    Path(path).write_bytes((b"\xef\xbb\xbf" if bom else b"") + csv_text(rows, seed).encode("utf-8"))


def write_json(rows, path, container=None, seed=0):
    container = container or random.Random(seed).choice([None, "attacks", "entries", "records"])
    data = list(rows) if container is None else {"app": "generated", "version": 3, container: list(rows)}
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")


def write(rows, path):
    """Writes the diary in its own kind; returns the path."""
    seed = getattr(rows, "seed", 0)
    (write_json if getattr(rows, "kind", "csv") == "json" else write_csv)(rows, path, seed=seed)
    return Path(path)


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seed", type=int)
    parser.add_argument("out")
    parser.add_argument("--years", type=float, default=1.0)
    parser.add_argument("--style", choices=STYLES)
    parser.add_argument("--ambiguous", action="store_true")
    args = parser.parse_args()
    diary = generate(args.seed, args.years, args.style, ambiguous=args.ambiguous)
    write(diary, args.out)
    print(f"{len(diary)} rows, style {diary.style}, --date-format {diary.date_format}, injected {diary.notes}")
