#!/usr/bin/env python3
"""Compare the edges callgraph.dl derives with those of `cpyg callgraph --format pycg`.

Usage: python3 compare.py SOUFFLE_OUT_DIR CPYG_PYCG_JSON

SOUFFLE_OUT_DIR holds CallEdgeNamed.csv (caller, site_insn, callee; tab-separated,
names `module.qualname`). CPYG_PYCG_JSON is {"caller": ["callee", ...]} with
PyCG names: a module body is the module name, a function `module.outer.inner`.
Only edges between nodes of the package (the keys of the JSON) are compared,
so `<builtin>.*` and other external callees are left out.

Prints both edge counts and every edge only one side has; exits 0 when the
sets are equal, 1 when they differ, 2 on bad usage or unreadable input.
"""
import json
import os
import sys


def pycg_name(name):
    """`main.<module>` -> `main`; `main.outer.<locals>.inner` -> `main.outer.inner`."""
    if name.endswith(".<module>"):
        name = name[: -len(".<module>")]
    return name.replace(".<locals>.", ".")


def souffle_edges(out_dir):
    edges = set()
    with open(os.path.join(out_dir, "CallEdgeNamed.csv"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            caller, _site, callee = line.split("\t")
            edges.add((pycg_name(caller), pycg_name(callee)))
    return edges


def cpyg_edges(json_path):
    with open(json_path, encoding="utf-8") as f:
        graph = json.load(f)
    nodes = set(graph)
    return {(caller, callee) for caller, callees in graph.items() for callee in callees if callee in nodes}


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: python3 compare.py SOUFFLE_OUT_DIR CPYG_PYCG_JSON\n")
        return 2
    try:
        souffle, cpyg = souffle_edges(argv[1]), cpyg_edges(argv[2])
    except (OSError, ValueError) as error:
        sys.stderr.write("compare.py: %s\n" % error)
        return 2
    print("souffle: %d edges, cpyg: %d edges" % (len(souffle), len(cpyg)))
    for label, edges in (("only souffle", souffle - cpyg), ("only cpyg", cpyg - souffle)):
        for caller, callee in sorted(edges):
            print("%s: %s -> %s" % (label, caller, callee))
    if souffle != cpyg:
        print("differ")
        return 1
    print("equal")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
