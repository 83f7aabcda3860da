#!/usr/bin/env python3
"""catmouse census --json against docs/census-record.schema.json (ctest census_json_schema).

Runs real censuses (cops, Cat and Mouse under both stuck rules, the floor, one resumed and one a
sample of parts) in a temporary folder, validates each record against the schema with Debian's
python3-jsonschema, checks what the schema cannot (the totals add up, the records are the summary's),
and checks that the schema refuses records with a member missing, added or of the wrong type, so
that a schema that accepts anything fails here.

Usage: json_schema_test.py CATMOUSE SCHEMA. Exit 0 passed, 1 failed, 77 skipped (no jsonschema
module, or no nauty-geng).
"""
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

try:
    import jsonschema
except ImportError:
    print("no jsonschema module (Debian: python3-jsonschema): skipped")
    sys.exit(77)


def main():
    catmouse, schema_path = os.path.abspath(sys.argv[1]), sys.argv[2]
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failures = []
    folder = tempfile.mkdtemp(prefix="catmouse_census_schema_")
    try:
        def census(*args):
            run = subprocess.run([catmouse, "census", *args, "--quiet", "--json"], cwd=folder,
                                 capture_output=True, text=True, check=False)
            if run.returncode != 0:
                failures.append(f"census {' '.join(args)}: exit {run.returncode}: {run.stderr}")
                return None
            if run.stdout.count("\n") != 1:
                failures.append(f"census {' '.join(args)}: not one line: {run.stdout!r}")
            return json.loads(run.stdout)

        records = {
            "cops 7": census("cops", "--nodes", "7", "--keep-from", "2", "--graphs", "top7.g6"),
            "cops 5 above max": census("cops", "--nodes", "5", "--max", "1"),
            "mouse 6": census("mouse", "--nodes", "6"),
            "mouse 6 draw": census("mouse", "--nodes", "6", "--stuck", "draw"),
            "floor 7": census("floor", "--nodes", "7"),
            "cops 7 again": census("cops", "--nodes", "7", "--keep-from", "2", "--graphs",
                                   "top7.g6"),
            "mouse 5 sample": census("mouse", "--nodes", "5", "--parts", "4", "--only-parts",
                                     "0,2", "--state", "sample.json"),
        }
        for name, record in records.items():
            if record is None:
                continue
            for error in validator.iter_errors(record):
                failures.append(f"{name}: {error.message} at {list(error.path)}")
        cops = records["cops 7"]
        if cops:
            counts = cops["totals"]["cop_numbers"]
            if sum(c["graphs"] for c in counts) != cops["totals"]["graphs"] != 853:
                failures.append(f"cops 7: counts {counts} do not add up to 853")
            if cops["graphs_file"] != {"path": "top7.g6", "cop_number": 2, "graphs": 450}:
                failures.append(f"cops 7: graphs file {cops['graphs_file']}")
            if cops["parts"] != {"done": 8, "total": 8, "this_run": 8}:
                failures.append(f"cops 7: parts {cops['parts']}")
        again = records["cops 7 again"]
        if again and (again["parts"]["this_run"] != 0 or again["totals"] != cops["totals"]):
            failures.append(f"cops 7 again: {again['parts']}, {again['totals']}")
        mouse = records["mouse 6"]
        if mouse:
            t = mouse["totals"]
            if t["mouse_wins"] + t["cat_wins"] + t["draws"] != t["placements"] != 112 * 6 * 5 * 4:
                failures.append(f"mouse 6: {t}")
            if [r["winner"] for r in mouse["records"]] != ["mouse", "cat"]:
                failures.append(f"mouse 6: records {mouse['records']}")
        sample = records["mouse 5 sample"]
        if sample and sample["parts"] != {"done": 2, "total": 4, "this_run": 2}:
            failures.append(f"mouse 5 sample: parts {sample['parts']}")

        # The schema must refuse what a record is not.
        if cops and mouse:
            broken = []
            for record in (cops, mouse):
                missing = copy.deepcopy(record)
                del missing["generator"]["nauty"]
                broken.append(("a member missing", missing))
                added = copy.deepcopy(record)
                added["totals"]["surprise"] = 1
                broken.append(("a member added", added))
                negative = copy.deepcopy(record)
                negative["totals"]["graphs"] = -1
                broken.append(("a negative count", negative))
                escape = copy.deepcopy(record)
                escape["records"][0]["graph6"] = "F\x1b[2J"
                broken.append(("an escape in a graph6", escape))
            for what, record in broken:
                if validator.is_valid(record):
                    failures.append(f"the schema accepts a record with {what}")
    finally:
        shutil.rmtree(folder)
    for failure in failures:
        print(failure, file=sys.stderr)
    print("ok: census records" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    if shutil.which("nauty-geng") is None:
        print("no nauty-geng: skipped")
        sys.exit(77)
    sys.exit(main())
