"""Checks cpyg's control-flow graphs against the instructions an interpreter runs.

    python3.X tests/support/cfg_trace_check.py --cpyg PATH [CASE_SUBSTRING ...]

For every case of tests/programs/analysis (cases needing a newer release are
skipped), asks cpyg for the CFG of every code object as this very interpreter
compiles them (`cpyg graph cfg CASE --python THIS --scope all --format json`), then
runs the case's modules in-process as analysis_runtime_check.py does (main first,
then every other module) while recording every instruction the case's own frames
run: sys.settrace 'opcode' events up to 3.11, sys.monitoring INSTRUCTION events from
3.12 (settrace there instruments a code object only for its next run, so module
bodies and first calls would go unseen). Each step of a frame from one instruction
to the next (a generator's resumption continues from where it suspended) is checked:
  - inside a block, it goes to the block's next instruction;
  - otherwise it lands on the first instruction of a block, and the CFG has an edge
    (of any kind but `synthetic`) from the block it left to that block.
Some instructions run without an event of their own (`silent` below): 3.12's FOR_ITER
jumps past the END_FOR it targets and 3.13's past END_FOR and POP_TOP, a resumed
frame's RESUME is not reported, nor the instruction an EXTENDED_ARG prefixes. A step
may pass over them, inside a block, at a block's start, or through blocks holding
nothing else. Up to 3.10 a resumed YIELD_FROM runs again (its delegation loop is
inside the instruction): a step from it to itself stays in its block.
Each traced code object is matched to a cpyg function by file, first line and
sequence of opnames. Prints one line per problem, then a summary line with the
steps checked (and those between blocks, by the kinds of the edges they took).
Exits 1 when a program fails to run, cpyg fails, or a step has no edge in the CFG.
"""

import argparse
import bisect
import collections
import contextlib
import dis
import importlib
import io
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import analysis_runtime_check as runtime  # noqa: E402

KINDS = ("normal", "true", "false", "exception", "resume")
# Instructions that run without an event (see the docstring; `silent` adds the rest).
SILENT = {"END_FOR", "RESUME", "NOT_TAKEN"}
# CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR: frames suspended and resumed later.
GENERATOR_FLAGS = 0x20 | 0x80 | 0x200


class Graph:
    """One cpyg function: its blocks, its instructions by offset and its edges."""

    def __init__(self, function):
        self.name = function["name"]
        self.file = function["file"]
        self.first_line = function["first_line"]
        self.insn = {}  # offset -> instruction
        self.where = {}  # offset -> (block id, index in the block)
        self.first = {}  # block id -> first offset
        self.size = {}  # block id -> number of instructions
        for block in function["blocks"]:
            self.size[block["id"]] = len(block["instructions"])
            for index, insn in enumerate(block["instructions"]):
                self.insn[insn["offset"]] = insn
                self.where[insn["offset"]] = (block["id"], index)
            if block["instructions"]:
                self.first[block["id"]] = block["instructions"][0]["offset"]
        self.offsets = sorted(self.insn)
        # cpyg lists EXTENDED_ARG entries as instructions of their own, like dis does
        # (inline CACHE entries are left out by both), so the sequences compare as they are.
        self.opnames = [self.insn[o]["opname"] for o in self.offsets]
        position = {offset: at for at, offset in enumerate(self.offsets)}
        self.start = {block: position[offset] for block, offset in self.first.items()}  # block id -> index
        self.edges = collections.defaultdict(set)  # block id -> {(to, kind)}
        for edge in function.get("edges", []):
            self.edges[edge["from"]].add((edge["to"], edge["kind"]))

    def locate(self, offset):
        """(block, index) of the instruction at `offset`. f_lasti should always name a
        listed instruction; should it ever name one cpyg leaves out (an inline entry),
        that belongs to the nearest listed instruction before it."""
        if offset not in self.where:
            at = bisect.bisect_right(self.offsets, offset) - 1
            if at < 0:
                return None
            offset = self.offsets[at]
        return self.where[offset]

    def silent(self, at):
        """Whether the instruction at index `at` of `self.offsets` runs without an event."""
        name = self.opnames[at]
        before = self.opnames[at - 1] if at > 0 else None
        return (name in SILENT or before == "EXTENDED_ARG"
                or (sys.version_info[:2] == (3, 13) and name == "POP_TOP" and before == "END_FOR"))

    def silent_between(self, block, start, end):
        """Whether only silent instructions stand at indices `start`..`end` (exclusive)
        of `block`."""
        at = self.start[block]
        return all(self.silent(i) for i in range(at + start, at + end))

    def silent_block(self, block):
        return self.silent_between(block, 0, self.size[block])

    def kinds_to(self, start, target):
        """Kinds of the edges by which control may go from block `start` to block
        `target`, directly or through blocks of silent instructions only (the kind of
        the first edge). `synthetic` edges are no run's."""
        kinds, seen, todo = set(), {start}, [(start, None)]
        while todo:
            block, first_kind = todo.pop()
            for to, kind in self.edges[block]:
                if kind == "synthetic":
                    continue
                kind = first_kind or kind
                if to == target:
                    kinds.add(kind)
                elif to not in seen and to in self.first and self.silent_block(to):
                    seen.add(to)
                    todo.append((to, kind))
        return kinds

    def describe(self, offset):
        at = bisect.bisect_right(self.offsets, offset) - 1
        insn = self.insn[self.offsets[at]] if at >= 0 else {"line": None, "opname": "?"}
        return "offset %d (line %s, %s)" % (offset, insn["line"], insn["opname"])


def cpyg_graphs(cpyg, case_dir, python):
    command = [cpyg, "graph", "cfg", case_dir, "--python", python, "--scope", "all", "--format", "json", "-q"]
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    if proc.returncode != 0:
        raise RuntimeError("cpyg exited with %d: %s" % (proc.returncode, proc.stderr.strip()))
    data = json.loads(proc.stdout)
    if data.get("format") != "cpyg-control/1":
        raise RuntimeError("cpyg printed format %r" % data.get("format"))
    graphs = collections.defaultdict(list)  # (file, first line) -> graphs
    for function in data["functions"]:
        graph = Graph(function)
        graphs[graph.file, graph.first_line].append(graph)
    return graphs


def this_interpreter():
    """A path cpyg can run as this interpreter. Some builds (the relocated Debian
    3.14 and 3.15 of shared/tools/python-env) only start through a wrapper script,
    which sys.executable does not name; then python3.X from PATH, if it is the same
    release."""
    probe = "import sys; print(sys.version)"
    for candidate in (sys.executable, shutil.which("python3.%d" % sys.version_info[1])):
        if not candidate:
            continue
        try:
            proc = subprocess.run([candidate, "-c", probe], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, universal_newlines=True)
        except OSError:
            continue
        if proc.returncode == 0 and proc.stdout.strip() == sys.version:
            return candidate
    raise SystemExit("no runnable path to this interpreter (%s)" % sys.executable)


class Tracer:
    def __init__(self, case_dir):
        self.root = os.path.realpath(case_dir) + os.sep
        self.ours = {}  # co_filename -> whether it is a file of the case
        self.last = {}  # frame -> offset of the last instruction it ran
        self.steps = set()  # (code, from offset, to offset)

    def in_case(self, code):
        ours = self.ours.get(code.co_filename)
        if ours is None:
            ours = self.ours[code.co_filename] = os.path.realpath(code.co_filename).startswith(self.root)
        return ours

    def step(self, frame, offset):
        last = self.last.get(frame)
        if last is not None:
            self.steps.add((frame.f_code, last, offset))
        self.last[frame] = offset

    def done(self, frame):
        """The frame finished for good (a generator's frame also "returns" at each
        yield, and is kept until the case ends); forgetting it lets its locals go."""
        if not frame.f_code.co_flags & GENERATOR_FLAGS:
            self.last.pop(frame, None)

    # sys.settrace, up to 3.11.
    def trace(self, frame, event, arg):
        if not self.in_case(frame.f_code):
            return None
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return self.local

    def local(self, frame, event, arg):
        if event == "opcode":
            self.step(frame, frame.f_lasti)
        elif event == "return":
            self.done(frame)
        return self.local

    # sys.monitoring, from 3.12: the callbacks run in the monitored frame's stead, so
    # that frame is the caller of the callback.
    def instruction(self, code, offset):
        if not self.in_case(code):
            return sys.monitoring.DISABLE
        self.step(sys._getframe(1), offset)
        return None

    def frame_left(self, code, offset, value):
        if self.in_case(code):
            self.done(sys._getframe(1))

    @contextlib.contextmanager
    def recording(self):
        if sys.version_info < (3, 12):
            sys.settrace(self.trace)
            try:
                yield
            finally:
                sys.settrace(None)
            return
        monitoring = sys.monitoring
        tool = monitoring.DEBUGGER_ID
        events = monitoring.events
        monitoring.use_tool_id(tool, "cfg_trace_check")
        try:
            monitoring.register_callback(tool, events.INSTRUCTION, self.instruction)
            monitoring.register_callback(tool, events.PY_RETURN, self.frame_left)
            monitoring.register_callback(tool, events.PY_UNWIND, self.frame_left)
            monitoring.set_events(tool, events.INSTRUCTION | events.PY_RETURN | events.PY_UNWIND)
            yield
        finally:
            monitoring.set_events(tool, 0)
            for event in (events.INSTRUCTION, events.PY_RETURN, events.PY_UNWIND):
                monitoring.register_callback(tool, event, None)
            monitoring.free_tool_id(tool)
            monitoring.restart_events()


def run_traced(case_dir, tracer):
    """Runs the case as analysis_runtime_check.run_case does, recording instructions."""
    modules = sorted(runtime.module_names(case_dir), key=lambda m: (m != "main", m))
    sys.path.insert(0, case_dir)
    try:
        with tracer.recording(), contextlib.redirect_stdout(io.StringIO()):
            for module in modules:
                importlib.import_module(module)
    finally:
        sys.path.remove(case_dir)
        tracer.last.clear()
        for name, module in list(sys.modules.items()):
            path = getattr(module, "__file__", None)
            if path is not None and os.path.realpath(path).startswith(tracer.root):
                del sys.modules[name]


def match(code, graphs, case_dir):
    """The cpyg function compiled from `code` (any of several identical ones), or None."""
    case_dir = os.path.realpath(case_dir)
    opnames = [insn.opname for insn in dis.get_instructions(code)]
    # cpyg names files below the input folder, or below its parent when the folder is
    # itself a package (it has an __init__.py).
    for root in (case_dir, os.path.dirname(case_dir)):
        path = os.path.relpath(os.path.realpath(code.co_filename), root).replace(os.sep, "/")
        for graph in graphs.get((path, code.co_firstlineno), []):
            if graph.opnames == opnames:
                return graph
    return None


def check_case(case, case_dir, graphs, steps, counts, release):
    problems = []
    functions = {}  # code -> graph
    for code, last, offset in sorted(steps, key=lambda s: (s[0].co_filename, s[0].co_firstlineno, s[0].co_name, s[1], s[2])):
        if code not in functions:
            functions[code] = match(code, graphs, case_dir)
            if functions[code] is None:
                problems.append("%s %s: no cpyg function matches code %s (%s, first line %d)"
                                % (release, case, code.co_name, code.co_filename, code.co_firstlineno))
        graph = functions[code]
        if graph is None:
            continue
        counts["steps"] += 1
        here, there = graph.locate(last), graph.locate(offset)
        head = "%s %s: %s %s -> %s" % (release, case, graph.name, graph.describe(last), graph.describe(offset))
        if here is None or there is None:
            problems.append(head + ": offset outside every block")
            continue
        if here[0] == there[0] and there[1] > here[1] and graph.silent_between(there[0], here[1] + 1, there[1]):
            continue  # straight on inside a block
        if last == offset and graph.insn[last]["opname"] == "YIELD_FROM":
            continue  # resumed inside the instruction
        counts["between"] += 1
        if not graph.silent_between(there[0], 0, there[1]):
            problems.append(head + ": lands inside block %d (first offset %d)" % (there[0], graph.first[there[0]]))
            continue
        kinds = graph.kinds_to(here[0], there[0])
        if not kinds:
            out = ", ".join("%s->%d" % (kind, to) for to, kind in sorted(graph.edges[here[0]], key=lambda e: (e[1], e[0])))
            problems.append(head + ": no CFG edge from block %d to block %d (edges of %d: %s)"
                            % (here[0], there[0], here[0], out or "none"))
            continue
        for kind in kinds:
            counts[kind] += 1
    return problems


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--cpyg", required=True, help="the cpyg binary")
    parser.add_argument("cases", nargs="*", help="only the cases whose names contain one of these")
    args = parser.parse_args(argv)
    sys.dont_write_bytecode = True
    minor = sys.version_info[1]
    release = "3.%d" % minor
    python = this_interpreter()
    cases = sorted(d for d in os.listdir(runtime.CASES) if os.path.isdir(os.path.join(runtime.CASES, d)))
    if args.cases:
        cases = [c for c in cases if any(a in c for a in args.cases)]
    counts = collections.Counter()
    problems = []
    for case in cases:
        case_dir = os.path.join(runtime.CASES, case)
        if runtime.skipped_here(case_dir, minor):
            print("%s %s: skipped (needs a newer release)" % (release, case))
            continue
        try:
            graphs = cpyg_graphs(args.cpyg, case_dir, python)
        except Exception as error:
            problems.append("%s %s: cpyg failed: %s" % (release, case, error))
            continue
        tracer = Tracer(case_dir)
        try:
            run_traced(case_dir, tracer)
        except Exception as error:
            # What ran before the failure is still checked.
            problems.append("%s %s: program failed: %r" % (release, case, error))
        problems.extend(check_case(case, case_dir, graphs, tracer.steps, counts, release))
    seen = set()
    for problem in problems:
        if problem not in seen:
            seen.add(problem)
            print(problem)
    by_kind = ", ".join("%s %d" % (kind, counts[kind]) for kind in KINDS)
    print("%s: %d cases, %d transitions (%d between blocks: %s), %d problems"
          % (release, len(cases), counts["steps"], counts["between"], by_kind, len(seen)))
    return 1 if seen else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
