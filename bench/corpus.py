#!/usr/bin/env python3
"""Runs `cpyg analyze` over a pinned corpus of PyPI packages and prints one row per
package and the medians per size band.

usage: python3 bench/corpus.py [--corpus DIR] [--cache DIR] [--cpyg BIN] [--python python3.12]
                               [--timeout 300] [--max-memory 8G] [--threads N] [--only NAME,...]
                               [--tsv FILE] [--fetch] [--rules NAME] [--policy FILE | --propose]

  --corpus   the folder with packages.txt (pins, "# band" comment lines) and fetch_corpus.sh
             (default: ../shared/corpus beside the repository)
  --cache    where fetch_corpus.sh unpacked the packages (default: ~/.cache/cpyg-corpus);
             --fetch runs it first
  --only     a comma-separated list of package names
  --rules    the rule set (`cpyg rules`; default insensitive); --policy its policy file,
             or --propose: each package's own (`cpyg policy --propose`, run first and not
             counted in cpu_s)

Columns: band, package, instructions (the facts' Insn rows), facts, cpu_s (cpyg and the
interpreter it ran), wall_s, peak_mib (cpyg's highest resident memory, from its profile),
pts (points-to tuples), edges (call edges), rounds, floor_cpu_s (the interpreter compiling
every module in one process: what any tool that reads bytecode pays), ratio (cpu_s over
the floor), status (ok, timeout, memory, error), and the three slowest profile steps.
The analysed code is compiled, never imported.
"""
import argparse
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

FLOOR = r"""
import os, resource, sys
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime
def sources(root):
    if os.path.isfile(root):
        yield root
    for d, dirs, files in os.walk(root):
        dirs.sort()
        yield from (os.path.join(d, f) for f in sorted(files) if f.endswith('.py'))
start = cpu()
for root in sys.argv[1:]:
    for path in sources(root):
        try:
            with open(path, 'rb') as h:
                compile(h.read(), path, 'exec', dont_inherit=True)
        except (SyntaxError, ValueError):
            pass
print(cpu() - start)
"""

SUMMARY = re.compile(r"(\d+) facts; (\d+) points-to tuples, (\d+) call edges .*?(\d+) rounds?;")


def pins(path):
    """(band, name) in file order; a "# band (...)" comment starts a band."""
    band, out = "?", []
    for line in open(path):
        line = line.strip()
        if line.startswith("#"):
            band = line[1:].split("(")[0].strip() or band
            continue
        if line:
            out.append((band, line.split("==")[0].strip()))
    return out


def inputs_of(cache, name):
    src = os.path.join(cache, "src", name)
    if not os.path.isdir(src):
        return []
    return [os.path.join(src, entry) for entry in sorted(os.listdir(src))]


def floor_cpu(python, inputs):
    out = subprocess.run([python, "-I", "-S", "-c", FLOOR, *inputs], capture_output=True, text=True)
    try:
        return float(out.stdout.strip())
    except ValueError:
        return float("nan")


def run_one(args, band, name, workdir):
    inputs = inputs_of(args.cache, name)
    row = {"band": band, "package": name, "status": "missing"}
    if not inputs:
        return row
    db = os.path.join(workdir, name + ".sqlite")
    command = [args.cpyg, "analyze", *inputs, "--python", args.python, "--db", db, "--force", "--quiet",
               "--timeout", str(args.timeout), "--max-memory", args.max_memory]
    if args.threads:
        command += ["--threads", str(args.threads)]
    policy = args.policy
    if args.propose:
        policy = os.path.join(workdir, name + ".policy.json")
        proposed = subprocess.run([args.cpyg, "policy", "--propose", *inputs, "--python", args.python, "-o", policy,
                                   "--quiet", "--timeout", str(args.timeout), "--max-memory", args.max_memory],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if not os.path.isfile(policy):
            row["status"] = "error"
            last = proposed.stderr.strip().splitlines()[-1:] or [f"exit {proposed.returncode}"]
            row["error"] = "no policy proposed: " + last[0]
            return row
    command += ["--rules", args.rules] + (["--policy", policy] if policy else [])
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    row["wall_s"] = time.monotonic() - started
    row["cpu_s"] = usage.ru_utime + usage.ru_stime
    row["floor_cpu_s"] = floor_cpu(args.python, inputs)
    if process.returncode == 4:
        row["status"] = "memory" if "--max-memory" in stderr else "timeout"
        return row
    if process.returncode != 0:
        row["status"] = "error"
        row["error"] = stderr.strip().splitlines()[-1] if stderr.strip() else f"exit {process.returncode}"
        return row
    summary = SUMMARY.search(stderr)
    if summary:
        row["facts"], row["pts"], row["edges"], row["rounds"] = map(int, summary.groups())
    with sqlite3.connect(db) as connection:
        row["instructions"] = connection.execute("SELECT COUNT(*) FROM Insn").fetchone()[0]
        profile = connection.execute("SELECT phase, depth, cpu_seconds, rss_peak_bytes FROM profile").fetchall()
    row["peak_mib"] = max((p[3] for p in profile), default=0) / (1 << 20)
    steps = sorted((p for p in profile if p[1] == 1), key=lambda p: -p[2])[:3]
    row["slowest"] = "; ".join(f"{p[0]} {p[2]:.1f}s" for p in steps)
    row["status"] = "ok"
    os.remove(db)
    return row


COLUMNS = ["band", "package", "instructions", "facts", "cpu_s", "wall_s", "peak_mib", "pts", "edges", "rounds",
           "floor_cpu_s", "ratio", "status", "slowest"]


def cell(row, column):
    value = row.get(column, "")
    if column == "ratio" and row.get("floor_cpu_s") and row.get("cpu_s") is not None:
        value = row["cpu_s"] / row["floor_cpu_s"] if row["floor_cpu_s"] > 0 else float("nan")
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(REPO), "shared", "corpus"))
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/cpyg-corpus"))
    parser.add_argument("--cpyg", default=None)
    parser.add_argument("--python", default="python3.12")
    parser.add_argument("--timeout", type=int, default=300)
    parser.add_argument("--max-memory", default="8G")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--only", default="")
    parser.add_argument("--tsv", default="")
    parser.add_argument("--fetch", action="store_true")
    parser.add_argument("--rules", default="insensitive")
    parser.add_argument("--policy", default="")
    parser.add_argument("--propose", action="store_true")
    args = parser.parse_args()
    if args.cpyg is None:
        target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
        args.cpyg = os.path.join(target, "release", "cpyg")
    if not os.access(args.cpyg, os.X_OK):
        sys.exit(f"{args.cpyg}: no cpyg binary (cargo build --release, or --cpyg)")
    pin_file = os.path.join(args.corpus, "packages.txt")
    if not os.path.isfile(pin_file):
        sys.exit(f"{pin_file}: no pinned corpus (--corpus)")
    if args.fetch:
        subprocess.run(["bash", os.path.join(args.corpus, "fetch_corpus.sh"), pin_file, args.cache], check=True)
    wanted = {n for n in args.only.split(",") if n}
    packages = [(b, n) for b, n in pins(pin_file) if not wanted or n in wanted]
    rows = []
    workdir = tempfile.mkdtemp(prefix="cpyg-corpus-")
    tsv = open(args.tsv, "w") if args.tsv else None
    print("\t".join(COLUMNS), flush=True)
    if tsv:
        print("\t".join(COLUMNS), file=tsv, flush=True)
    try:
        for band, name in packages:
            row = run_one(args, band, name, workdir)
            rows.append(row)
            line = "\t".join(cell(row, c) for c in COLUMNS)
            if row.get("error"):
                line += "\t" + row["error"]
            print(line, flush=True)
            if tsv:
                print(line, file=tsv, flush=True)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print()
    print("band\tpackages\tcompleted\tmedian_cpu_s\tmedian_peak_mib\tmax_cpu_s\tmax_peak_mib")
    for band in dict.fromkeys(r["band"] for r in rows):
        done = [r for r in rows if r["band"] == band and r["status"] == "ok"]
        in_band = [r for r in rows if r["band"] == band]
        cpu = [r["cpu_s"] for r in done]
        peak = [r["peak_mib"] for r in done]
        median = lambda xs: f"{statistics.median(xs):.2f}" if xs else "-"
        biggest = lambda xs: f"{max(xs):.2f}" if xs else "-"
        print(f"{band}\t{len(in_band)}\t{len(done)}\t{median(cpu)}\t{median(peak)}\t{biggest(cpu)}\t{biggest(peak)}")


if __name__ == "__main__":
    main()
