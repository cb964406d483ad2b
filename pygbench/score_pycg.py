"""Scores `cpyg callgraph` against PyCG's micro-benchmark ground truth.

    python3 pygbench/score_pycg.py --cpyg target/release/cpyg \
        --bench /path/to/micro-benchmark/snippets [--python python3.12] [--verbose] [--json OUT]

The benchmark folder holds `<category>/<case>/` folders, each with the case's
sources (`main.py` and any modules or packages beside it) and the expected call
graph `callgraph.json`, `{"caller": ["callee", ...]}`. For every case cpyg runs
as `CPYG callgraph CASE_DIR --format pycg [--python PY]` and must print a graph
of the same shape on stdout. Both graphs are compared as sets of
(caller, callee) edges, PyCG's own measure:

- complete: cpyg reports no edge that the ground truth lacks;
- sound:    cpyg misses no edge of the ground truth.

A case whose run fails (non-zero exit, timeout, output that is not such a
graph) is neither. Nodes without edges do not count either way. Only the Python
standard library is used, so the script runs on any CPython 3.10+.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
from dataclasses import asdict, dataclass, field

GROUND_TRUTH = "callgraph.json"
ENTRY_POINT = "main.py"


@dataclass
class CaseResult:
    case: str  # "<category>/<case>"
    category: str
    status: str  # "ok", "error" (cpyg or its output failed) or "skipped"
    complete: bool = False
    sound: bool = False
    missing: list = field(default_factory=list)  # ground-truth edges cpyg lacks
    extra: list = field(default_factory=list)  # cpyg edges the ground truth lacks
    exit_code: int | None = None
    error: str = ""  # why the case failed or was skipped
    stderr: str = ""


class GraphError(ValueError):
    """A call graph that is not a JSON object of string lists."""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Score `cpyg callgraph` on PyCG's micro-benchmark.")
    parser.add_argument("--cpyg", required=True, help="path to the cpyg binary")
    parser.add_argument("--bench", required=True,
                        help="folder of <category>/<case>/ folders (PyCG's micro-benchmark/snippets)")
    parser.add_argument("--python", help="interpreter passed on to cpyg (path or name, e.g. python3.12)")
    parser.add_argument("--rules", help="the rule set passed on to cpyg (`cpyg rules`; default insensitive)")
    parser.add_argument("--timeout", type=float, default=120.0,
                        help="seconds allowed per case (default 120)")
    parser.add_argument("--verbose", action="store_true",
                        help="print the missing and extra edges of every case that is not complete and sound")
    parser.add_argument("--json", metavar="OUT", help="write the per-case results to OUT")
    return parser.parse_args(argv)


def discover_cases(bench):
    """Case folders `<category>/<case>` that carry a ground truth, sorted."""
    cases = []
    for category in sorted(os.listdir(bench)):
        category_dir = os.path.join(bench, category)
        if not os.path.isdir(category_dir):
            continue
        for name in sorted(os.listdir(category_dir)):
            if os.path.isfile(os.path.join(category_dir, name, GROUND_TRUTH)):
                cases.append((category, name))
    return cases


def edges_of(graph):
    """The (caller, callee) edge set of a `{"caller": ["callee", ...]}` graph."""
    if not isinstance(graph, dict):
        raise GraphError("expected a JSON object mapping callers to lists of callees")
    edges = set()
    for caller, callees in graph.items():
        if not isinstance(callees, list) or not all(isinstance(c, str) for c in callees):
            raise GraphError("callees of %r are not a list of strings" % caller)
        edges.update((caller, callee) for callee in callees)
    return edges


def load_ground_truth(case_dir):
    with open(os.path.join(case_dir, GROUND_TRUTH), encoding="utf-8") as f:
        return edges_of(json.load(f))


def cpyg_command(cpyg, case_dir, python, rules=None):
    command = [cpyg, "callgraph", case_dir, "--format", "pycg"]
    if python:
        command += ["--python", python]
    if rules:
        command += ["--rules", rules]
    return command


def run_cpyg(command, timeout):
    """Runs cpyg; returns (exit code, stdout, stderr). Exit code None means timed out."""
    try:
        # errors="replace": a stray non-UTF-8 byte must fail the case, not the whole run.
        done = subprocess.run(command, capture_output=True, encoding="utf-8", errors="replace",
                              timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return None, "", _text(e.stderr)
    return done.returncode, done.stdout, done.stderr


def _text(data):
    if data is None:
        return ""
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def score_case(bench, category, name, args):
    case_id = "%s/%s" % (category, name)
    case_dir = os.path.join(bench, category, name)
    result = CaseResult(case=case_id, category=category, status="ok")
    if not os.path.isfile(os.path.join(case_dir, ENTRY_POINT)):
        # Ground truth without the program (a partially fetched case): nothing to run.
        result.status, result.error = "skipped", "no %s" % ENTRY_POINT
        return result
    try:
        truth = load_ground_truth(case_dir)
    except (OSError, ValueError) as e:
        result.status, result.error = "skipped", "unreadable ground truth: %s" % e
        return result

    code, stdout, stderr = run_cpyg(cpyg_command(args.cpyg, case_dir, args.python, args.rules), args.timeout)
    result.exit_code, result.stderr = code, stderr
    if code is None:
        result.status, result.error = "error", "timed out after %gs" % args.timeout
        return result
    if code != 0:
        result.status, result.error = "error", "exit code %d" % code
        return result
    try:
        found = edges_of(json.loads(stdout))
    except ValueError as e:  # json.JSONDecodeError and GraphError alike
        result.status, result.error = "error", "output is not a pycg call graph: %s" % e
        return result

    result.missing = sorted(truth - found)
    result.extra = sorted(found - truth)
    result.complete = not result.extra
    result.sound = not result.missing
    return result


def category_rows(results):
    """Per category: cases run, complete, sound, both, failed."""
    rows = {}
    for r in results:
        if r.status == "skipped":
            continue
        row = rows.setdefault(r.category, [0, 0, 0, 0, 0])
        row[0] += 1
        row[1] += r.complete
        row[2] += r.sound
        row[3] += r.complete and r.sound
        row[4] += r.status == "error"
    return rows


def print_table(results, out):
    rows = category_rows(results)
    header = ("category", "cases", "complete", "sound", "both", "failed")
    width = max([len(header[0]), len("total")] + [len(c) for c in rows])
    line = "%-*s" + " %9s" * (len(header) - 1)
    print(line % ((width,) + header), file=out)
    totals = [0] * 5
    for category in sorted(rows):
        print(line % ((width, category) + tuple(rows[category])), file=out)
        totals = [t + v for t, v in zip(totals, rows[category])]
    print("-" * (width + 10 * (len(header) - 1)), file=out)
    print(line % ((width, "total") + tuple(totals)), file=out)
    skipped = [r for r in results if r.status == "skipped"]
    if skipped:
        print("skipped: " + ", ".join("%s (%s)" % (r.case, r.error) for r in skipped), file=out)


def print_failures(results, out):
    for r in results:
        if r.status == "skipped" or (r.complete and r.sound):
            continue
        print("\n== %s: %s" % (r.case, r.error or _verdict(r)), file=out)
        if r.status == "error":
            if r.stderr.strip():
                print("   stderr:\n" + _indent(r.stderr.rstrip(), "     "), file=out)
            continue
        for caller, callee in r.missing:
            print("   missing  %s -> %s" % (caller, callee), file=out)
        for caller, callee in r.extra:
            print("   extra    %s -> %s" % (caller, callee), file=out)


def _verdict(r):
    return ", ".join(word for word, bad in (("unsound", not r.sound), ("incomplete", not r.complete)) if bad)


def _indent(text, prefix):
    return "\n".join(prefix + line for line in text.splitlines())


def write_json(results, path):
    rows = category_rows(results)
    report = {
        "cases": [asdict(r) for r in results],
        "categories": {c: dict(zip(("cases", "complete", "sound", "both", "failed"), v))
                       for c, v in sorted(rows.items())},
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
        f.write("\n")


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if not os.path.isdir(args.bench):
        sys.exit("score_pycg: benchmark folder %s does not exist" % args.bench)
    cpyg = shutil.which(args.cpyg)  # a path, or a name found on PATH
    if cpyg is None:
        sys.exit("score_pycg: %s is not an executable file" % args.cpyg)
    args.cpyg = os.path.abspath(cpyg)
    cases = discover_cases(args.bench)
    if not cases:
        sys.exit("score_pycg: no <category>/<case>/%s under %s" % (GROUND_TRUTH, args.bench))

    results = [score_case(args.bench, category, name, args) for category, name in cases]
    print_table(results, sys.stdout)
    if args.verbose:
        print_failures(results, sys.stdout)
    if args.json:
        write_json(results, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
