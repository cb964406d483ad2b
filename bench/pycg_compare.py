#!/usr/bin/env python3
"""Compare cpyg's call graph of a package with PyCG's, edge by edge.

    python3 bench/pycg_compare.py --cpyg target/release/cpyg --pycg "python3.10 -m pycg" \
        [--python python3.12] [--roots modules public] [--sample 30] [--pycg-json CACHE] PACKAGE_DIR

PyCG runs once on every `.py` file under PACKAGE_DIR with `--package PACKAGE_DIR`, so both
tools name functions relative to the package (`app.Flask.wsgi_app`), as `cpyg callgraph
--format pycg` does. For each `--roots` mode the script prints cpyg's edge count, PyCG's,
and how many of PyCG's edges cpyg also reports; `--sample N` lists N of PyCG's edges cpyg
does not report (evenly spaced over the sorted list, so the sample is the same on every
run), to be classified by hand. Neither tool imports the package.
"""

import argparse
import json
import os
import shlex
import subprocess
import sys
import time


def edges(graph):
    return {(caller, callee) for caller, callees in graph.items() for callee in callees}


def run_pycg(command, package, timeout):
    files = sorted(
        os.path.join(root, name)
        for root, dirs, names in os.walk(package)
        for name in names
        if name.endswith(".py")
    )
    out = os.path.abspath("pycg-out.json")
    start = time.monotonic()
    proc = subprocess.run(
        shlex.split(command) + ["--package", package, *files, "-o", out],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if proc.returncode != 0:
        sys.exit(f"PyCG failed ({proc.returncode}) on {package}:\n{proc.stderr[-2000:]}")
    with open(out) as f:
        graph = json.load(f)
    os.remove(out)
    return graph, time.monotonic() - start


def run_cpyg(binary, package, roots, python, timeout):
    command = [binary, "callgraph", package, "--format", "pycg", "--roots", roots]
    if python:
        command += ["--python", python]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        sys.exit(f"cpyg failed ({proc.returncode}) on {package} with --roots {roots}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("package", help="the package folder (the one holding its __init__.py)")
    parser.add_argument("--cpyg", default="target/release/cpyg")
    parser.add_argument("--pycg", default="pycg", help="how to run PyCG (default: pycg)")
    parser.add_argument("--python", help="interpreter cpyg compiles with")
    parser.add_argument("--roots", nargs="+", default=["modules", "public"])
    parser.add_argument("--sample", type=int, default=0, help="list this many PyCG edges cpyg misses")
    parser.add_argument("--pycg-json", help="read PyCG's graph from this file, or write it there if missing")
    parser.add_argument("--timeout", type=float, default=3600)
    args = parser.parse_args()
    package = os.path.abspath(args.package)

    if args.pycg_json and os.path.exists(args.pycg_json):
        with open(args.pycg_json) as f:
            pycg = json.load(f)
        print(f"PyCG: read {args.pycg_json}")
    else:
        pycg, seconds = run_pycg(args.pycg, package, args.timeout)
        print(f"PyCG: {seconds:.1f} s wall")
        if args.pycg_json:
            with open(args.pycg_json, "w") as f:
                json.dump(pycg, f, sort_keys=True)
    reference = edges(pycg)
    print(f"PyCG: {len(reference)} edges")
    for roots in args.roots:
        found = edges(run_cpyg(args.cpyg, package, roots, args.python, args.timeout))
        common = reference & found
        print(f"cpyg --roots {roots}: {len(found)} edges; PyCG's edges found: {len(common)} of {len(reference)}")
        missed = sorted(reference - found)
        if args.sample and missed:
            step = len(missed) / min(args.sample, len(missed))
            for i in range(min(args.sample, len(missed))):
                caller, callee = missed[int(i * step)]
                print(f"  missed: {caller} -> {callee}")


if __name__ == "__main__":
    main()
