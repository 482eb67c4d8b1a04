"""Independent reference for `deckgen report`: migraine-diary day counts, written from the specification only.

The Swift implementation and this module are meant to be cross-checked against each other, so this file
follows the written specification literally and says, beside the code, where the specification leaves a
choice open and which way this reference goes ("CHOICE:"). Standard library only.

    rows = read_diary(path)                    # CSV or JSON, rows keep their physical line numbers
    report = compute(rows, date_format=None, date_from=None, date_to=None)

`compute` returns the JSON shape of `deckgen report --format json`. `analyse` returns the same report plus the
parsed attacks, which the cross-check test uses to show the rows behind a mismatch.
"""
from __future__ import annotations

import calendar
import collections
import csv
import datetime as dt
import functools
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------------------------------------
# Columns

CLASSES = ["triptan", "ergot", "opioid", "combination", "simple", "gepant_ditan"]
DAY_KEYS = CLASSES + ["any"]

# Normalised column name -> field. `date` and `time` are handled apart: they combine into a start.
SYNONYMS = {
    "start": ["start", "started", "start time", "onset", "began", "begin"],
    "end": ["end", "ended", "end time", "finish", "stop"],
    "intensity": ["intensity", "pain", "severity", "pain level", "peak intensity"],
    "type": ["type", "headache type", "kind", "diagnosis"],
    "medication": ["medication", "medications", "drugs", "medicine", "meds", "treatment", "acute medication"],
    "triggers": ["triggers", "trigger"],
    "symptoms": ["symptoms", "symptom"],
    "relief": ["relief", "effect", "medication relief"],
    "note": ["note", "notes", "comment", "comments"],
    "location": ["location"],
    "aura": ["aura"],
    "place": ["place"],
    "date": ["date"],
    "time": ["time"],
}
FIELD_OF = {name: key for key, names in SYNONYMS.items() for name in names}


def normalise_column(name: str) -> str:
    """Case-insensitive, trimmed, and spaces, underscores and hyphens all alike ("Pain_Level" == "pain level")."""
    return re.sub(r"[\s_\-]+", " ", str(name).strip().lower()).strip()


# ---------------------------------------------------------------------------------------------------------
# Drug table

TABLE = {
    "triptan": "sumatriptan, rizatriptan, zolmitriptan, eletriptan, naratriptan, almotriptan, frovatriptan, imitrex, "
               "imigran, maxalt, zomig, relpax, naramig, amerge, axert, almogran, frova, migard, treximet",
    "ergot": "ergotamine, dihydroergotamine, dhe, migranal, trudhesa, cafergot",
    "opioid": "codeine, dihydrocodeine, tramadol, tapentadol, oxycodone, hydrocodone, morphine, hydromorphone, fentanyl, "
              "buprenorphine, pethidine, meperidine, butorphanol",
    "simple": "paracetamol, acetaminophen, tylenol, panadol, ibuprofen, advil, nurofen, motrin, naproxen, aleve, naprosyn, "
              "aspirin, acetylsalicylic acid, asa, diclofenac, voltaren, ketoprofen, dexketoprofen, metamizole, dipyrone, "
              "celecoxib, etoricoxib, ketorolac, mefenamic acid, indomethacin, tolfenamic acid, flurbiprofen",
    "gepant_ditan": "rimegepant, ubrogepant, zavegepant, nurtec, ubrelvy, zavzpret, lasmiditan, reyvow",
}
TABLE = {cls: [n.strip() for n in names.split(",")] for cls, names in TABLE.items()}
COMBINATION_PRODUCTS = ["excedrin", "co-codamol", "co-dydramol", "solpadeine", "migraleve", "fioricet", "fiorinal",
                        "panadol extra", "anadin extra", "syndol", "tylenol with codeine", "butalbital", "tylenol 2",
                        "tylenol 3", "tylenol 4", "nurofen plus", "solpadol", "dafalgan codeine", "efferalgan codeine",
                        "co-codaprin"]
NO_CLASS = ["metoclopramide", "domperidone", "prochlorperazine", "ondansetron", "promethazine", "cyclizine", "magnesium",
            "riboflavin", "coenzyme q10", "coq10", "feverfew", "butterbur", "melatonin", "topiramate", "propranolol",
            "metoprolol", "amitriptyline", "nortriptyline", "candesartan", "valproate", "flunarizine", "venlafaxine",
            "erenumab", "fremanezumab", "galcanezumab", "eptinezumab", "atogepant", "onabotulinumtoxina", "botox",
            "caffeine"]


@functools.lru_cache(maxsize=None)
def _word_pattern(word: str):
    return re.compile(r"(?<![a-z0-9])" + re.escape(word) + r"(?![a-z0-9])")


def _has_word(name: str, word: str) -> bool:
    """Whole-word match: "sumatriptan succinate" holds "sumatriptan", "dihydrocodeine" does not hold "codeine"."""
    return _word_pattern(word).search(name) is not None


def drug_name(text: str) -> str:
    """The entry text before the first digit or `@`, lowercased and trimmed."""
    return re.split(r"[0-9@]", text, maxsplit=1)[0].strip().lower()


@functools.lru_cache(maxsize=None)
def _classes_of_name(name: str) -> frozenset:
    if not name:
        return frozenset()
    if any(_has_word(name, product) for product in COMBINATION_PRODUCTS):
        return frozenset({"combination"})
    return frozenset(cls for cls, names in TABLE.items() if any(_has_word(name, n) for n in names))


def classes_of_name(name: str) -> set:
    """Classes of one drug name (no `+`). A combination product counts as combination only.

    CHOICE: a name that holds words of several classes without being a listed combination product (not in the
    table, e.g. "sumatriptan/naproxen") counts in each of those classes; the generator does not produce such names.
    """
    return set(_classes_of_name(name))


def classify_entry(text: str) -> set:
    """Classes of one medication entry (its `@ time` already removed).

    CHOICE: a `+` join is split on `+` first and each part's name is taken before that part's first digit, so
    "paracetamol 500 mg + codeine 8 mg" is a join of paracetamol and codeine. Read literally ("the name is the text
    before the first digit") the name would be just "paracetamol"; the generator only writes doses inside a
    `+` join in its `ambiguous` mode.
    """
    parts = [drug_name(p) for p in text.split("+")]
    parts = [p for p in parts if p]
    if len(parts) > 1:
        part_classes = [classes_of_name(p) for p in parts]
        # SPEC (ICHD-3 8.2.1, 8.2.2): a triptan or an ergot counts in its class in any formulation, so a join holding
        # one is its parts, each in its own class.
        if any({"triptan", "ergot"} & c for c in part_classes):
            return set().union(*part_classes)
        # A join is a combination analgesic when at least one part is an acute drug (caffeine + magnesium is not).
        acute = any(part_classes)
        return {"combination"} if acute else set()
    return classes_of_name(parts[0]) if parts else set()


# ---------------------------------------------------------------------------------------------------------
# Dates and times

ISO = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?)?$")
SLASH = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})(?: (\d{1,2}):(\d{2}))?$")
TIME_ONLY = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?$")


class BadValue(ValueError):
    pass


@dataclass(frozen=True)
class Moment:
    """A clock time as written. `offset` (minutes) is kept only for durations; days never move with it."""
    clock: dt.datetime
    offset: int | None = None
    date_only: bool = False

    @property
    def day(self) -> dt.date:
        return self.clock.date()


def _offset_minutes(text: str | None) -> int | None:
    if text is None:
        return None
    if text == "Z":
        return 0
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:])
    if hours > 23 or minutes > 59:
        raise BadValue(f"bad offset {text}")
    return sign * (hours * 60 + minutes)


def _clock(y, mo, d, h=0, mi=0, s=0) -> dt.datetime:
    try:
        return dt.datetime(int(y), int(mo), int(d), int(h), int(mi), int(s))
    except ValueError as error:
        raise BadValue(str(error)) from None


def parse_moment(text: str, date_format: str | None) -> Moment:
    """ISO 8601 (with T or a space, optional Z / ±HH:MM / ±HHMM) or a slash date `a/b/yyyy [HH:MM]`."""
    text = text.strip()
    m = ISO.match(text)
    if m:
        y, mo, d, h, mi, s, off = m.groups()
        if h is None:
            return Moment(_clock(y, mo, d), None, date_only=True)
        return Moment(_clock(y, mo, d, h, mi, s or 0), _offset_minutes(off))
    m = SLASH.match(text)
    if m:
        a, b, y, h, mi = m.groups()
        a, b = int(a), int(b)
        if date_format == "dd/mm/yyyy":
            d, mo = a, b
        elif date_format == "mm/dd/yyyy":
            mo, d = a, b
        elif a > 12 and b <= 12:
            d, mo = a, b
        elif b > 12 and a <= 12:
            mo, d = a, b
        else:
            # Unreachable after file_date_order: a file whose slash dates never settle their order is refused whole.
            raise BadValue(f"ambiguous date {text}; give --date-format")
        if h is None:
            return Moment(_clock(y, mo, d), None, date_only=True)
        return Moment(_clock(y, mo, d, h, mi))
    raise BadValue(f"not a date: {text!r}")


def parse_time_only(text: str) -> dt.time | None:
    m = TIME_ONLY.match(text.strip())
    if not m:
        return None
    h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if h > 23 or mi > 59 or s > 59:
        raise BadValue(f"bad time {text}")
    return dt.time(h, mi, s)


# ---------------------------------------------------------------------------------------------------------
# Rows -> attacks


@dataclass
class Medication:
    text: str
    classes: set
    moment: Moment | None  # its own `@ time`, if any


@dataclass
class Attack:
    line: int
    start: Moment
    end: Moment | None  # None: ongoing
    intensity: float
    type: str
    medications: list = field(default_factory=list)
    raw: dict = field(default_factory=dict)


class BadRow(Exception):
    def __init__(self, column, problem):
        super().__init__(problem)
        self.column, self.problem = column, problem


def _fields(row: dict) -> dict:
    """Raw row -> {field: value}; the first column of a field wins. Keys starting with "__" are bookkeeping."""
    out = {}
    for key, value in row.items():
        if str(key).startswith("__"):
            continue
        name = FIELD_OF.get(normalise_column(key))
        if name and name not in out:
            out[name] = value
    return out


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


def parse_row(row: dict, line: int, date_format: str | None) -> Attack:
    f = _fields(row)
    date_text = _text(f.get("date"))
    start_text = _text(f.get("start")) if "start" in f else _text(f.get("time"))

    # Start: a full date-time, or a time joined to the `date` column, or (no start column) the date alone.
    # CHOICE: an empty start/time cell beside a filled `date` cell falls back to the date alone (00:00).
    try:
        if start_text:
            clock = parse_time_only(start_text)
            if clock is not None:
                if not date_text:
                    raise BadRow("start", "a time without a date")
                day = parse_moment(date_text, date_format).day
                start = Moment(dt.datetime.combine(day, clock))
            else:
                start = parse_moment(start_text, date_format)
        elif date_text:
            start = Moment(dt.datetime.combine(parse_moment(date_text, date_format).day, dt.time()), date_only=True)
        else:
            raise BadRow("start", "missing start")
    except BadValue as error:
        raise BadRow("start" if start_text else "date", str(error))

    raw_intensity = f.get("intensity")
    intensity_text = _text(raw_intensity)
    if isinstance(raw_intensity, (int, float)) and not isinstance(raw_intensity, bool):
        intensity = float(raw_intensity)
    elif NUMBER.match(intensity_text):
        intensity = float(intensity_text)
    else:
        raise BadRow("intensity", f"not a number: {intensity_text!r}")
    if not 0 <= intensity <= 10:
        raise BadRow("intensity", f"outside 0-10: {intensity_text}")

    end_text = _text(f.get("end"))
    end = None
    if end_text:
        try:
            clock = parse_time_only(end_text)
            if clock is not None:
                # A bare time: the `date` column's day, or the next day when it is earlier than the start's clock
                # time. CHOICE: without a date (no `date` column or an empty cell) a bare end time is not a date:
                # a bad row (deckgen agrees).
                if not date_text:
                    raise BadRow("end", f"a time without a date: {end_text!r}")
                day = parse_moment(date_text, date_format).day
                if clock < start.clock.time():
                    day += dt.timedelta(days=1)
                end = Moment(dt.datetime.combine(day, clock))
            else:
                end = parse_moment(end_text, date_format)
                if end.date_only:  # a date alone ends at the end of that day
                    end = Moment(end.clock + dt.timedelta(days=1), None, date_only=True)
        except BadValue as error:
            raise BadRow("end", str(error))
        # CHOICE: "before the start" is judged on the duration as defined (elapsed when both carry offsets).
        if duration(start, end) < dt.timedelta(0):
            raise BadRow("end", "end before start")

    medications = []
    raw_meds = f.get("medication")
    entries = raw_meds if isinstance(raw_meds, list) else _text(raw_meds).split(";")
    for entry in entries:
        entry = _text(entry)
        if not entry:
            continue
        name_part, at, time_part = entry.partition("@")
        moment = None
        if at:
            try:
                moment = parse_moment(time_part, date_format)
            except BadValue as error:
                raise BadRow("medication", str(error))
        medications.append(Medication(entry, classify_entry(name_part), moment))

    return Attack(line, start, end, intensity, _text(f.get("type")), medications, row)


def duration(start: Moment, end: Moment) -> dt.timedelta:
    """Written clock difference, or the elapsed time when both ends carry an offset."""
    span = end.clock - start.clock
    if start.offset is not None and end.offset is not None:
        span -= dt.timedelta(minutes=end.offset - start.offset)
    return span


def touched_days(start: dt.datetime, end: dt.datetime) -> list:
    """Calendar days from the start's to the end's; an end at exactly 00:00 leaves its own day out (unless end == start)."""
    last = end.date()
    if end.time() == dt.time() and end != start:
        last -= dt.timedelta(days=1)
    days, day = [], start.date()
    while day <= last:
        days.append(day)
        day += dt.timedelta(days=1)
    return days


def is_migraine(attack: Attack, effective_end: dt.datetime) -> bool:
    kind = attack.type.lower()
    if kind:
        return "migraine" in kind
    if any({"triptan", "ergot"} & m.classes for m in attack.medications):
        # A join holding a triptan or an ergot counts in their class (see classify_entry), so it makes a migraine.
        return True
    # SPEC: a row whose start or end is a date alone has no duration, so the four-hour rule cannot hold.
    if attack.start.date_only or (attack.end is not None and attack.end.date_only):
        return False
    if attack.end is not None:
        span = duration(attack.start, attack.end)
    else:  # ongoing: the effective end carries no offset, so this is a written-clock difference
        span = effective_end - attack.start.clock
    return attack.intensity >= 4 and span >= dt.timedelta(hours=4)


# ---------------------------------------------------------------------------------------------------------
# Reading files


def read_diary(path, text: str | None = None):
    """CSV or JSON -> list of raw row dicts, each with "__line__". JSON if the file starts with `[` or `{`."""
    if text is None:
        text = Path(path).read_bytes().decode("utf-8-sig")
    elif text.startswith("\ufeff"):
        text = text[1:]
    if text.lstrip()[:1] in ("[", "{"):
        return read_json(text)
    return read_csv(text)


def read_json(text: str) -> list:
    """Each item with "__line__", the file line its value begins on (found by decoding the list item by item)."""
    data = json.loads(text)
    start = text.index("[")
    if isinstance(data, dict):
        for key in ("attacks", "entries", "records"):
            if isinstance(data.get(key), list):
                data = data[key]
                start = re.search(r'"' + key + r'"\s*:\s*\[', text).end() - 1
                break
        else:
            raise ValueError("no attacks/entries/records array")
    decoder, position, rows = json.JSONDecoder(), start + 1, []
    for _ in data:
        while text[position] in " \t\r\n,":
            position += 1
        item, end = decoder.raw_decode(text, position)
        row = dict(item) if isinstance(item, dict) else {}
        row["__line__"] = text.count("\n", 0, position) + 1
        rows.append(row)
        position = end
    return rows


def read_csv(text: str) -> list:
    """RFC 4180; each row remembers the physical line its record starts on (quoted newlines count as lines)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    header, rows, previous_end = None, [], 0
    for record in reader:
        first_line, previous_end = previous_end + 1, reader.line_num
        if not record or all(not cell.strip() for cell in record):
            continue  # blank line: neither an attack nor a bad row
        if header is None:
            header = record
            continue
        row = {name: (record[i] if i < len(record) else "") for i, name in enumerate(header)}
        row["__line__"] = first_line
        rows.append(row)
    return rows


# ---------------------------------------------------------------------------------------------------------
# The report


def _month(day: dt.date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def _months_between(first: dt.date, last: dt.date) -> list:
    out, y, m = [], first.year, first.month
    while (y, m) <= (last.year, last.month):
        out.append(f"{y:04d}-{m:02d}")
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    return out


def _as_date(value) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(value)


FLAG_LIMITS = [("triptan", 10), ("ergot", 10), ("opioid", 10), ("combination", 10), ("simple", 15), ("any", 10),
               ("headache_days", 15)]


def file_date_order(rows) -> str | None:
    """The spec: without --date-format, one slash date anywhere in the file with a first part over 12 (day first)
    or a second part over 12 (month first) settles every row; both orders, or none settled while a slash date with
    two different parts up to 12 is written, make the whole file an error."""
    day_first = month_first = undecided = False
    for row in rows:
        for key, value in row.items():
            if key == "__line__" or not isinstance(value, str):
                continue
            m = re.match(r"^\s*(\d{1,2})[/.](\d{1,2})[/.](\d{2}|\d{4})", value)
            if not m:
                continue
            a, b = int(m.group(1)), int(m.group(2))
            day_first |= a > 12 and b <= 12
            month_first |= b > 12 and a <= 12
            undecided |= a <= 12 and b <= 12 and a != b
    if day_first and month_first:
        raise ValueError("both date orders in one file")
    if day_first:
        return "dd/mm/yyyy"
    if month_first:
        return "mm/dd/yyyy"
    if undecided:
        raise ValueError("slash dates whose order nothing settles")
    return None


def analyse(rows, date_format=None, date_from=None, date_to=None):
    """-> (report dict, list of Attack, {Attack line: (effective end, touched days)})."""
    date_from, date_to = _as_date(date_from), _as_date(date_to)
    date_format = date_format or file_date_order(rows)
    attacks, skipped, pain_free = [], [], []
    for index, row in enumerate(rows):
        line = row.get("__line__", index + 1)
        try:
            attack = parse_row(row, line, date_format)
        except BadRow as bad:
            skipped.append({"line": line, "column": bad.column, "problem": bad.problem})
            continue
        fields = _fields(row)
        # SPEC: intensity 0 with no type, aura, symptom or drug is a day without pain (a daily diary's row): no attack,
        # though the diary was kept that day.
        if attack.intensity == 0 and not attack.type and not attack.medications \
                and not _text(fields.get("aura")) and not _text(fields.get("symptoms")):
            pain_free.append(attack.start.day)
            continue
        attacks.append(attack)

    # SPEC: a date alone with no end is that day, not an attack still going.
    for a in attacks:
        if a.end is None and a.start.date_only:
            a.end = Moment(a.start.clock + dt.timedelta(days=1), None, date_only=True)
    # The latest start or end recorded anywhere (valid rows only: bad rows are not counted at all); medication
    # times are left out, since a slip in one would stretch an attack still going.
    moments = [a.start.clock for a in attacks] + [a.end.clock for a in attacks if a.end]
    latest = max(moments) if moments else None
    last_start = max((a.start.clock for a in attacks), default=None)

    def inside(day):
        return (date_from is None or day >= date_from) and (date_to is None or day <= date_to)

    headache, migraine = set(), set()
    med_days = {key: set() for key in DAY_KEYS}
    attack_months = {}
    all_days = list(pain_free)  # every day touched by an attack or a medication, or kept without pain: bounds the months
    detail = {}
    for a in attacks:
        if a.end is not None:
            effective_end = a.end.clock
        elif a.start.clock < last_start:
            # SPEC: an attack with no end and a later attack after it counts on its start day alone.
            effective_end = a.start.clock
        elif date_to is not None:
            effective_end = dt.datetime.combine(date_to + dt.timedelta(days=1), dt.time())
        else:
            effective_end = latest
        # An ongoing attack that starts after --to touches nothing (its effective end is before its start). An
        # ended attack always touches its days: its written end may be earlier on the clock than its start when
        # the offsets show it ended later (02:40+02:00 to 02:20+01:00 on a clock-change night).
        if a.end is not None or effective_end >= a.start.clock:
            days = touched_days(a.start.clock, effective_end) or [a.start.day]
        else:
            days = []
        detail[a.line] = (effective_end, days)
        all_days += days
        migr = is_migraine(a, effective_end)
        for day in filter(inside, days):
            if a.intensity > 0:
                headache.add(day)
            if migr and a.intensity > 0:  # SPEC: a migraine day is a headache day (an aura alone makes neither)
                migraine.add(day)
        if inside(a.start.day):
            attack_months.setdefault(_month(a.start.day), []).append(a)
        for med in a.medications:
            day = med.moment.day if med.moment else a.start.day
            all_days.append(day)
            if not inside(day) or not med.classes:
                continue
            for cls in med.classes:
                med_days[cls].add(day)
            med_days["any"].add(day)

    if all_days or date_from or date_to:
        first = date_from or (min(all_days) if all_days else date_to)
        last = date_to or (max(all_days) if all_days else date_from)
        month_names = _months_between(first, last) if first <= last else []
    else:
        month_names = []

    per_month = {}  # id(day set) -> Counter of months, so each month's count is a lookup

    def count(days, month):
        if id(days) not in per_month:
            per_month[id(days)] = collections.Counter(_month(d) for d in days)
        return per_month[id(days)][month]

    months = []
    for name in month_names:
        year, number = map(int, name.split("-"))
        month_days = [dt.date(year, number, d) for d in range(1, calendar.monthrange(year, number)[1] + 1)]
        entry = {
            "month": name,
            # The month's days inside the period: fewer for a first or last month cut short.
            "days": sum(1 for d in month_days if first <= d <= last),
            "headache_days": count(headache, name),
            "migraine_days": count(migraine, name),
            "attacks": len(attack_months.get(name, [])),
            "acute_medication_days": {key: count(med_days[key], name) for key in DAY_KEYS},
        }
        counts = dict(entry["acute_medication_days"], headache_days=entry["headache_days"])
        entry["flags"] = [flag for flag, limit in FLAG_LIMITS if counts[flag] >= limit]
        # SPEC (ICHD-3 8.2.6): the any-class flag needs two classes or more used in the month.
        if "any" in entry["flags"] and sum(1 for key in DAY_KEYS if key != "any" and counts[key] > 0) < 2:
            entry["flags"].remove("any")
        months.append(entry)

    counted = [a for name in month_names for a in attack_months.get(name, [])]
    with_end = [a for a in counted if a.end is not None]
    overall = {
        "headache_days": sum(m["headache_days"] for m in months),
        "migraine_days": sum(m["migraine_days"] for m in months),
        "attacks": len(counted),
        "acute_medication_days": {key: sum(m["acute_medication_days"][key] for m in months) for key in DAY_KEYS},
        "mean_intensity": sum(a.intensity for a in counted) / len(counted) if counted else None,
        "max_intensity": max((a.intensity for a in counted), default=None),
        "mean_duration_hours": (sum(duration(a.start, a.end).total_seconds() for a in with_end) / 3600 / len(with_end)
                                if with_end else None),
    }

    sustained = []
    for flag, _ in FLAG_LIMITS:
        run = []
        for entry in months + [None]:  # None closes the last run
            if entry is not None and flag in entry["flags"]:
                run.append(entry["month"])
                continue
            if len(run) >= 3:
                sustained.append({"flag": flag, "from": run[0], "to": run[-1], "months": len(run)})
            run = []

    report = {"months": months, "overall": overall, "sustained_flags": sustained, "skipped_rows": skipped}
    return report, attacks, detail


def compute(rows, date_format=None, date_from=None, date_to=None) -> dict:
    return analyse(rows, date_format, date_from, date_to)[0]


REQUIRED_MONTH_KEYS = ["month", "days", "headache_days", "migraine_days", "attacks", "acute_medication_days", "flags"]
REQUIRED_OVERALL_KEYS = ["headache_days", "migraine_days", "attacks", "acute_medication_days"]


def required_part(report: dict) -> dict:
    """The part of a report the cross-check compares: REQUIRED keys, and skipped rows by line number only."""
    return {
        "months": [{k: m.get(k) for k in REQUIRED_MONTH_KEYS} for m in report.get("months", [])],
        "overall": {k: report.get("overall", {}).get(k) for k in REQUIRED_OVERALL_KEYS},
        "sustained_flags": report.get("sustained_flags"),
        "skipped_lines": sorted({s.get("line") for s in report.get("skipped_rows", [])}),
    }


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("diary")
    parser.add_argument("--from", dest="date_from")
    parser.add_argument("--to", dest="date_to")
    parser.add_argument("--date-format", choices=["dd/mm/yyyy", "mm/dd/yyyy"])
    args = parser.parse_args()
    print(json.dumps(compute(read_diary(args.diary), args.date_format, args.date_from, args.date_to), indent=2))
