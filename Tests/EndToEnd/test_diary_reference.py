"""`deckgen report --format json` agrees with the independent Python reference (diary_reference) on generated diaries.

Two kinds of test:
- tiny hand-written diaries with hand-computed numbers, asserted against the reference itself (so the reference is
  tested too; these run even without deckgen);
- generated diaries (diary_generator) run through `$DECKGEN report FILE --format json` and compared with the
  reference on the REQUIRED keys; skipped rows are compared by line number only. A mismatch prints, per month,
  the key, both values and the rows touching that month.

Run: `python3 -m pytest Tests/EndToEnd/test_diary_reference.py -q` (DECKGEN=path/to/deckgen, default
.build/release/deckgen). The cross-check tests skip when the binary has no working `report` subcommand.
"""
import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import diary_generator as gen  # noqa: E402
import diary_reference as ref  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DECKGEN = os.environ.get("DECKGEN", str(ROOT / ".build" / "release" / "deckgen"))


# ---------------------------------------------------------------------------------------------------------
# Hand-computed tiny diaries, checked against the reference


def run_ref(text, **options):
    return ref.compute(ref.read_diary(None, text=text), **options)


def month(report, name):
    return next(m for m in report["months"] if m["month"] == name)


def meds(entry, **expected):
    days = dict.fromkeys(ref.DAY_KEYS, 0)
    days.update(expected)
    return entry["acute_medication_days"] == days


def test_midnight_crossing():
    r = run_ref("start,end,intensity,type\n2024-03-05 22:00,2024-03-06 03:00,6,\n")
    m = month(r, "2024-03")
    # 5 hours, intensity 6, no type: a migraine attack touching the 5th and the 6th.
    assert (m["headache_days"], m["migraine_days"], m["attacks"]) == (2, 2, 1)
    assert [x["month"] for x in r["months"]] == ["2024-03"]


def test_end_exactly_midnight():
    r = run_ref("start,end,intensity,type\n"
                "2024-03-05 20:00,2024-03-06 00:00,5,tension\n"  # touches the 5th only
                "2024-03-10,2024-03-10,3,\n"                     # a date alone ends at the next day's 00:00
                "2024-03-12 00:00,2024-03-12 00:00,2,\n")        # end == start at 00:00 still touches its day
    m = month(r, "2024-03")
    assert (m["headache_days"], m["migraine_days"], m["attacks"]) == (3, 0, 3)


ONGOING = ("start,end,intensity,medication\n"
           "2024-01-30 10:00,2024-01-30 12:00,3,\n"
           "2024-02-27 08:00,,7,ibuprofen 400 mg @ 2024-03-02T09:00\n")


def test_ongoing_without_to_runs_to_latest_start_or_end():
    # The latest start or end written is its own start: a medication's time (2 March) stretches nothing.
    r = run_ref(ONGOING)
    assert [(m["month"], m["headache_days"], m["migraine_days"]) for m in r["months"]] == \
        [("2024-01", 1, 0), ("2024-02", 1, 0), ("2024-03", 0, 0)]
    assert meds(month(r, "2024-03"), simple=1, any=1)
    assert r["overall"]["headache_days"] == 2 and r["overall"]["attacks"] == 2


def test_ongoing_before_a_later_attack_counts_its_start_day_alone():
    r = run_ref(ONGOING + "2024-03-10 08:00,2024-03-10 09:00,2,\n")
    assert [(m["month"], m["headache_days"], m["migraine_days"]) for m in r["months"]] == \
        [("2024-01", 1, 0), ("2024-02", 1, 0), ("2024-03", 1, 0)]


def test_date_alone_is_that_day_with_no_duration():
    r = run_ref("date,pain,medication\n2024-03-02,6,ibuprofen\n2024-03-09,7,sumatriptan\n2024-03-20,4,\n")
    m = month(r, "2024-03")
    assert (m["headache_days"], m["migraine_days"], m["attacks"]) == (3, 1, 3)


def test_ongoing_with_to_runs_through_to():
    r = run_ref(ONGOING, date_to="2024-03-05")
    assert [(m["month"], m["headache_days"], m["migraine_days"]) for m in r["months"]] == \
        [("2024-01", 1, 0), ("2024-02", 3, 3), ("2024-03", 5, 5)]


def test_range_limits_days_attacks_and_medication():
    r = run_ref(ONGOING, date_from="2024-02-01", date_to="2024-02-28")
    assert [m["month"] for m in r["months"]] == ["2024-02"]
    m = r["months"][0]
    assert (m["headache_days"], m["attacks"]) == (2, 1)  # the 27th and 28th; the January attack is outside
    assert meds(m)  # the ibuprofen (2 March) is outside


def test_empty_range_still_lists_months():
    r = run_ref(ONGOING, date_from="2023-11-15", date_to="2023-12-02")
    assert [(m["month"], m["headache_days"], m["attacks"]) for m in r["months"]] == [("2023-11", 0, 0), ("2023-12", 0, 0)]


def test_two_attacks_same_day():
    r = run_ref("start,end,intensity,type\n2024-05-01 08:00,2024-05-01 09:00,5,tension\n"
                "2024-05-01 18:00,2024-05-01 23:00,6,Migraine\n")
    m = month(r, "2024-05")
    assert (m["headache_days"], m["migraine_days"], m["attacks"]) == (1, 1, 2)


def test_several_drugs_same_day():
    r = run_ref('start,end,intensity,medication\n'
                '2024-06-01 08:00,2024-06-01 10:00,5,"sumatriptan 50 mg; ibuprofen 400mg @ 2024-06-01T09:00; metoclopramide 10 mg"\n'
                '2024-06-01 15:00,2024-06-01 16:00,4,"Imigran 50 @ 2024-06-02T01:00; paracetamol"\n')
    m = month(r, "2024-06")
    assert meds(m, triptan=2, simple=1, any=2)  # triptan on the 1st and (own time) the 2nd
    assert (m["headache_days"], m["migraine_days"], m["attacks"]) == (1, 1, 2)  # triptans make both migraine


def test_plus_joins_and_combination_products():
    r = run_ref("start,end,intensity,medication\n"
                "2024-07-01 08:00,2024-07-01 09:00,5,paracetamol + caffeine\n"      # combination only
                "2024-07-02 08:00,2024-07-02 09:00,5,metoclopramide + domperidone\n"  # no acute part: no class
                "2024-07-03 08:00,2024-07-03 09:00,5,co-codamol 30/500\n"          # product: combination
                "2024-07-04 08:00,2024-07-04 09:00,5,Panadol Extra\n"              # product, not simple
                "2024-07-05 08:00,2024-07-05 09:00,5,butalbital + caffeine\n"      # butalbital is only sold in combinations
                "2024-07-06 08:00,2024-07-06 09:00,5,Sumatriptan succinate 100mg\n"  # whole words
                "2024-07-07 08:00,2024-07-07 09:00,5,dihydrocodeine\n"            # not 'codeine' as a word, but listed
                "2024-07-08 08:00,2024-07-08 09:00,5,Mystery pill; caffeine\n")   # unknown and no-class
    m = month(r, "2024-07")
    assert meds(m, combination=4, triptan=1, opioid=1, any=6)
    assert (m["headache_days"], m["migraine_days"]) == (8, 1)


def test_dst_offsets():
    r = run_ref("start,end,intensity,type\n"
                "2024-03-31T00:30+01:00,2024-03-31T04:45+02:00,6,\n"  # elapsed 3h15: not a migraine
                "2024-10-27T00:15+02:00,2024-10-27T03:45+01:00,6,\n"  # elapsed 4h30: migraine
                "2024-03-10T00:30-05:00,2024-03-10T04:40,6,\n"        # one offset: written clock 4h10: migraine
                "2024-11-03T23:00+0100,2024-11-04T00:00+0100,5,\n")   # ends 00:00: the 3rd only
    assert [m["month"] for m in r["months"]] == [f"2024-{n:02d}" for n in range(3, 12)]
    assert (month(r, "2024-03")["headache_days"], month(r, "2024-03")["migraine_days"]) == (2, 1)
    assert (month(r, "2024-10")["headache_days"], month(r, "2024-10")["migraine_days"]) == (1, 1)
    assert (month(r, "2024-11")["headache_days"], month(r, "2024-11")["migraine_days"]) == (1, 0)
    assert month(r, "2024-06")["headache_days"] == 0


def test_offsets_stay_on_written_day():
    r = run_ref("start,end,intensity\n2024-04-30T23:30Z,2024-04-30T23:50Z,5\n2024-05-01T00:30+05:00,2024-05-01T01:00+05:00,5\n")
    assert [(m["month"], m["headache_days"]) for m in r["months"]] == [("2024-04", 1), ("2024-05", 1)]


def test_flags_and_sustained_runs():
    lines = ["start,end,intensity,medication"]
    for mo, days in [(1, 15), (2, 15), (3, 15), (4, 9), (5, 15)]:
        lines += [f"2024-{mo:02d}-{d:02d} 08:00,2024-{mo:02d}-{d:02d} 09:00,5,ibuprofen" for d in range(1, days + 1)]
    r = run_ref("\n".join(lines) + "\n")
    # Simple analgesics alone: their own threshold, not the several-classes one (ICHD-3 8.2.6).
    assert [m["flags"] for m in r["months"]] == [["simple", "headache_days"]] * 3 + [[]] + [["simple", "headache_days"]]
    assert r["sustained_flags"] == [{"flag": f, "from": "2024-01", "to": "2024-03", "months": 3}
                                    for f in ["simple", "headache_days"]]


BAD = ("\ufeffStart,End,Intensity,Notes\n"
       '2024-01-01 10:00,2024-01-01 11:00,5,"two\nlines"\n'       # lines 2-3
       "2024-13-01 10:00,,5,bad month\n"                            # 4
       "2024-01-02 10:00,,11,too strong\n"                          # 5
       ",2024-01-03 10:00,5,no start\n"                             # 6
       "2024-01-04 10:00,2024-01-04 09:00,5,end before start\n"     # 7
       "04/01/2024 10:00,2024-04-01 11:00,5,slash date both <= 12\n"  # 8
       "13/01/2024 10:00,2024-01-13 12:00,5,proved by itself\n")    # 9


def test_bad_rows_and_line_numbers():
    r = run_ref(BAD)
    # Line 9 (13/01) settles the file's order as day first, so line 8 is 4 January, lasting to 1 April.
    assert sorted(s["line"] for s in r["skipped_rows"]) == [4, 5, 6, 7]
    assert r["overall"]["attacks"] == 3 and r["overall"]["headache_days"] == 1 + 89


def test_date_format_reads_slash_dates():
    r = run_ref(BAD, date_format="mm/dd/yyyy")  # line 8 is 1 April; line 9 (month 13) is now bad
    assert sorted(s["line"] for s in r["skipped_rows"]) == [4, 5, 6, 7, 9]
    assert [(m["month"], m["attacks"]) for m in r["months"]] == [("2024-01", 1), ("2024-02", 0), ("2024-03", 0), ("2024-04", 1)]


def test_date_and_time_columns_with_bare_end_time():
    r = run_ref("Date,Time,End,Pain_Level\n2024-02-10,22:30,01:15,5\n2024-02-12,09:00,10:00,5\n")
    m = month(r, "2024-02")
    assert (m["headache_days"], m["migraine_days"], m["attacks"]) == (3, 0, 2)  # the 10th, 11th and 12th


def test_intensity_zero_is_an_attack_only_with_something_recorded():
    r = run_ref("start,end,pain,type\n2024-08-01 10:00,2024-08-01 12:00,0,aura\n2024-08-02 10:00,2024-08-02 12:00,4,\n"
                "2024-08-03 10:00,2024-08-03 12:00,0,\n")
    m = month(r, "2024-08")
    assert (m["headache_days"], m["attacks"]) == (1, 2)  # the aura alone is an attack; the plain 0 a day without pain


def test_json_container_and_medication_array():
    items = [
        {"Onset": "2024-09-01T10:00", "Finish": "2024-09-01T15:00", "Peak_Intensity": 4.5, "Drugs": ["Maxalt 10 mg", "Aleve"]},
        {"Onset": "2024-09-03T10:00", "Finish": None, "Peak_Intensity": "3", "Drugs": "Nurtec ODT 75 mg @ 2024-09-04T08:00"},
        {"Onset": "2024-09-05", "Peak_Intensity": 12},
    ]
    text = '{"entries": [\n' + ",\n".join(json.dumps(item) for item in items) + "\n]}"
    r = run_ref(text)
    m = month(r, "2024-09")
    assert [s["line"] for s in r["skipped_rows"]] == [4]  # the file line the third object begins on
    # The attack still going is the last one read: it runs to the latest start or end, its own start (the Nurtec's
    # time stretches nothing), so it counts on the 3rd alone.
    assert (m["headache_days"], m["migraine_days"], m["attacks"]) == (2, 1, 2)
    assert meds(m, triptan=1, simple=1, gepant_ditan=1, any=2)


# ---------------------------------------------------------------------------------------------------------
# Cross-check against deckgen


@pytest.fixture(scope="module")
def deckgen():
    if not Path(DECKGEN).exists():
        pytest.skip(f"no deckgen binary at {DECKGEN} (set DECKGEN or build it)")
    done = subprocess.run([DECKGEN, "report", "--help"], capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        pytest.skip(f"{DECKGEN} has no `report` subcommand yet (`deckgen report --help` exited {done.returncode})")
    return DECKGEN


def run_deckgen(binary, path, date_format=None, date_from=None, date_to=None):
    command = [binary, "report", str(path), "--format", "json"]
    for flag, value in (("--date-format", date_format), ("--from", date_from), ("--to", date_to)):
        if value:
            command += [flag, value]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    try:
        return json.loads(done.stdout), command
    except json.JSONDecodeError:
        pytest.fail(f"{' '.join(command)} exited {done.returncode} without JSON on stdout:\n"
                    f"stdout: {done.stdout[:2000]}\nstderr: {done.stderr[:2000]}")


def _brief(row):
    return {k: v for k, v in row.items() if v not in ("", None, [])}


def explain(mine, theirs, rows, attacks, detail, limit=6):
    """A focused diff: per month, each differing key with both values and the rows touching that month."""
    a, b = ref.required_part(mine), ref.required_part(theirs)
    out = []
    by_line = {row.get("__line__"): row for row in rows}
    ref_months = {m["month"]: m for m in a["months"]}
    their_months = {m["month"]: m for m in b["months"]}
    if list(ref_months) != list(their_months):
        out.append(f"months differ: reference {list(ref_months)[:3]}..{list(ref_months)[-3:]} ({len(ref_months)}), "
                   f"deckgen {list(their_months)[:3]}..{list(their_months)[-3:]} ({len(their_months)})")
    shown = 0
    for name in sorted(set(ref_months) | set(their_months)):
        x, y = ref_months.get(name, {}), their_months.get(name, {})
        keys = [k for k in ref.REQUIRED_MONTH_KEYS if x.get(k) != y.get(k)]
        if not keys:
            continue
        shown += 1
        if shown > limit:
            out.append("... more months differ")
            break
        for key in keys:
            if key == "acute_medication_days" and x.get(key) and y.get(key):
                for cls in ref.DAY_KEYS:
                    if x[key].get(cls) != y[key].get(cls):
                        out.append(f"{name} {key}.{cls}: reference {x[key].get(cls)}, deckgen {y[key].get(cls)}")
            else:
                out.append(f"{name} {key}: reference {x.get(key)}, deckgen {y.get(key)}")
        for attack in attacks:
            end, days = detail[attack.line]
            med_days = [m.moment.day if m.moment else attack.start.day for m in attack.medications]
            if any(ref._month(d) == name for d in days + med_days):
                out.append(f"    line {attack.line} (effective end {end}, migraine {ref.is_migraine(attack, end)}, "
                           f"classes {[sorted(m.classes) for m in attack.medications]}): {_brief(attack.raw)}")
    if a["overall"] != b["overall"]:
        out.append(f"overall: reference {a['overall']}\n         deckgen   {b['overall']}")
    if a["sustained_flags"] != b["sustained_flags"]:
        out.append(f"sustained_flags: reference {a['sustained_flags']}\n                 deckgen   {b['sustained_flags']}")
    if a["skipped_lines"] != b["skipped_lines"]:
        only_ref = sorted(set(a["skipped_lines"]) - set(b["skipped_lines"]))
        only_them = sorted(set(b["skipped_lines"]) - set(a["skipped_lines"]))
        out.append(f"skipped lines only in reference: {only_ref}; only in deckgen: {only_them}")
        for line in (only_ref + only_them)[:limit]:
            reason = [s for s in mine["skipped_rows"] + theirs.get("skipped_rows", []) if s.get("line") == line]
            out.append(f"    line {line}: {_brief(by_line.get(line, {}))}  reasons: {reason}")
    return "\n".join(out)


def cross_check(binary, tmp_path, diary, **options):
    path = gen.write(diary, tmp_path / f"diary-{diary.seed}.{diary.kind}")
    rows = ref.read_diary(path)
    mine, attacks, detail = ref.analyse(rows, diary.date_format, options.get("date_from"), options.get("date_to"))
    theirs, command = run_deckgen(binary, path, diary.date_format, options.get("date_from"), options.get("date_to"))
    if ref.required_part(mine) != ref.required_part(theirs):
        pytest.fail(f"{' '.join(command)}\nstyle {diary.style}, injected {diary.notes}\n"
                    + explain(mine, theirs, rows, attacks, detail), pytrace=False)


@pytest.mark.parametrize("seed", range(12))  # every style twice
def test_generated_diary_matches_reference(deckgen, tmp_path, seed):
    cross_check(deckgen, tmp_path, gen.generate(seed, years=1.5))


@pytest.mark.parametrize("seed,date_from,date_to", [(20, "2024-02-10", "2024-09-20"), (21, None, "2024-06-30"),
                                                    (22, "2024-03-01", None), (23, "2024-01-01", "2024-12-31"),
                                                    (24, "2023-12-15", "2024-02-14"), (25, None, "2024-10-27")])
def test_generated_diary_with_range_matches_reference(deckgen, tmp_path, seed, date_from, date_to):
    cross_check(deckgen, tmp_path, gen.generate(seed, years=1.5), date_from=date_from, date_to=date_to)


@pytest.mark.parametrize("seed", [40, 41])
def test_generated_diary_with_busy_years_matches_reference(deckgen, tmp_path, seed):
    cross_check(deckgen, tmp_path, gen.generate(seed, years=3, attacks_per_month=20))


@pytest.mark.parametrize("seed", range(30, 36))
def test_ambiguous_constructs_match_reference(deckgen, tmp_path, seed):
    """Readings the spec leaves open (diary_reference CHOICE comments); a failure here is a question, not a bug."""
    cross_check(deckgen, tmp_path, gen.generate(seed, years=1, ambiguous=True))
