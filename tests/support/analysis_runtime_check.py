"""Checks the analysis test programs' expectations against what an interpreter does.

    python3.X tests/support/analysis_runtime_check.py [CASE_SUBSTRING ...]
    python3.X tests/support/analysis_runtime_check.py --dump CASE    (what a run shows)

Runs every case of tests/programs/analysis in turn (`main` is imported first, then
every other module of the case, since every module body is a root) while recording
call edges (sys.setprofile, and sys.monitoring from 3.12 for the calls creating
generators and coroutines) and the values of every local and global at each line
(sys.settrace). Then each expect.txt assertion is compared with what was observed:
  edge / calls   the edge was taken (an external callee only when called directly
                 from the package's code); calls: exactly those callees were seen
  !edge          the edge was never taken
  pts            the value was seen in that variable (containers by kind only)
  !pts           it never was
  cfg / cdg      not checked here: cfg_trace_check.py checks the whole CFG against a run
  roots / entry  where the analysis starts; a case whose functions are called from
                 outside (anything but `roots modules`) has only its `!` assertions
                 compared with the run, which has no outside caller
  rules          the rule set the assertions below it are about: the run checks them all
  ~edge / ~pts   a spurious fact a rule set reports: checked as `!edge` / `!pts`
A run only shows what one execution does, so `!` assertions are checked weakly; the
point is to catch expectations that contradict CPython. Bodies of modules and classes
are never callees (imports and class statements are not call edges).
Exits 1 when a program fails to run or an assertion contradicts the run.
"""

import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "..", "programs", "analysis")
COMPREHENSIONS = {"<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>"}
# CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR
GENERATOR_FLAGS = 0x20 | 0x80 | 0x200
# Where an external function is defined versus the name a program reaches it by.
EXTERNAL_ALIASES = {"posixpath.": "os.path."}


def pycg_names(module_name, code):
    """Code object -> PyCG-style name; comprehensions fold into their enclosing scope."""
    names = {code: module_name}

    def walk(parent, parent_name):
        lambdas = 0
        for const in parent.co_consts:
            if not isinstance(const, types.CodeType):
                continue
            if const.co_name == "<lambda>":
                lambdas += 1
                name = "%s.<lambda%d>" % (parent_name, lambdas)
            elif const.co_name in COMPREHENSIONS:
                name = parent_name
            else:
                name = "%s.%s" % (parent_name, const.co_name)
            names[const] = name
            walk(const, name)

    walk(code, module_name)
    return names


class Recorder:
    def __init__(self, root):
        self.root = os.path.realpath(root) + os.sep
        self.names = {}  # code -> name, filled module by module
        self.compiled = set()
        self.edges = set()
        self.resumed = set()
        self.started = []  # generator frames seen running
        self.pts = set()

    def in_package(self, code):
        return os.path.realpath(code.co_filename).startswith(self.root)

    def name_of(self, frame):
        code = frame.f_code
        if code not in self.names and code.co_filename not in self.compiled:
            self.compiled.add(code.co_filename)
            module = frame.f_globals["__name__"]
            with open(code.co_filename) as f:
                tree = compile(f.read(), code.co_filename, "exec")
            self.names.update(pycg_names(module, tree))
        return self.names.get(code, "?%s:%d" % (code.co_name, code.co_firstlineno))

    def package_caller(self, frame):
        while frame is not None and not self.in_package(frame.f_code):
            frame = frame.f_back
        return None if frame is None else self.name_of(frame)

    def profile(self, frame, event, arg):
        if event == "call":
            code = frame.f_code
            if self.in_package(code):
                callee = self.name_of(frame)
                if not code.co_flags & 0x2 or code.co_name in COMPREHENSIONS:
                    return  # a module or class body (no CO_NEWLOCALS), or part of its caller
                caller = self.package_caller(frame.f_back)
                if caller is None:
                    return
                if code.co_flags & GENERATOR_FLAGS:
                    # A resumption; the creating call is seen by on_call. The first one
                    # (by an `await` or `for`) still counts as evidence for an edge.
                    if frame not in self.started:
                        self.started.append(frame)
                        self.resumed.add((caller, callee))
                    return
                self.edges.add((caller, callee))
            elif frame.f_back is not None and self.in_package(frame.f_back.f_code):
                module = frame.f_globals.get("__name__", "?")
                if module.startswith("importlib"):
                    return  # the import system running an import statement
                qualname = getattr(code, "co_qualname", code.co_name)
                self.edges.add((self.name_of(frame.f_back), external(module + "." + qualname)))
        elif event == "c_call" and self.in_package(frame.f_code):
            self.edges.add((self.name_of(frame), builtin_name(arg)))

    def on_call(self, code, offset, callable, arg0):
        """sys.monitoring CALL (3.12+): calls of generator and coroutine functions,
        whose bodies only start later, when something resumes them."""
        if (isinstance(callable, types.FunctionType) and callable.__code__.co_flags & GENERATOR_FLAGS
                and self.in_package(callable.__code__) and code in self.names):
            self.edges.add((self.names[code], self.names.get(callable.__code__, "?")))

    def trace(self, frame, event, arg):
        if not self.in_package(frame.f_code):
            return None
        return self.trace_locals

    def trace_locals(self, frame, event, arg):
        if event in ("line", "return"):
            scope = self.name_of(frame)
            for var, value in list(frame.f_locals.items()):
                if not var.startswith("__"):
                    self.pts.add((scope, var, self.describe(value)))
        return self.trace_locals

    def describe(self, value):
        if value is None:
            return "const None"
        if isinstance(value, (bool, int, float, str, bytes)):
            return "const " + type(value).__name__
        if isinstance(value, types.FunctionType):
            if self.in_package(value.__code__):
                return "function " + self.names.get(value.__code__, "?" + value.__qualname__)
            return "external " + external("%s.%s" % (value.__module__, value.__qualname__))
        if isinstance(value, types.MethodType) and isinstance(value.__func__, types.FunctionType):
            if self.in_package(value.__func__.__code__):
                return "bound " + self.names.get(value.__func__.__code__, "?")
        if isinstance(value, types.ModuleType):
            kind = "module" if self.in_package_file(value) else "external"
            return "%s %s" % (kind, external(value.__name__))
        if isinstance(value, types.BuiltinFunctionType):
            return "external " + builtin_name(value)
        if type(value) in (list, tuple, dict, set):
            return type(value).__name__ + " *"
        if isinstance(value, type):
            if self.in_package_file(sys.modules.get(value.__module__)):
                return "class %s.%s" % (value.__module__, value.__qualname__.replace("<locals>.", ""))
            return "external %s" % builtin_name(value)
        cls = type(value)
        if self.in_package_file(sys.modules.get(cls.__module__)):
            return "instance %s.%s" % (cls.__module__, cls.__qualname__.replace("<locals>.", ""))
        return "other %s" % cls.__qualname__

    def in_package_file(self, module):
        path = getattr(module, "__file__", None)
        return path is not None and os.path.realpath(path).startswith(self.root)


def external(name):
    for prefix, alias in EXTERNAL_ALIASES.items():
        if name == prefix[:-1]:
            return alias[:-1]
        if name.startswith(prefix):
            return alias + name[len(prefix):]
    return name


def builtin_name(fn):
    owner = getattr(fn, "__self__", None)
    module = owner.__name__ if isinstance(owner, types.ModuleType) else getattr(fn, "__module__", None)
    if module == "builtins":
        return "<builtin>." + fn.__name__
    if owner is not None and type(owner).__module__ == "builtins":
        # A method of a builtin value (`" ".join`): named after the value's type.
        return "<builtin>.%s.%s" % (type(owner).__name__, fn.__name__)
    if module:
        return external(module + "." + fn.__qualname__)
    return "<method>." + getattr(fn, "__qualname__", "?")


MONITORING_TOOL = 3


def run_case(case_dir):
    """Runs one case in this interpreter and returns what was observed; afterwards
    its modules are forgotten, so the next case may reuse their names."""
    import contextlib
    import importlib
    import io

    sys.path.insert(0, case_dir)
    recorder = Recorder(case_dir)
    modules = sorted(module_names(case_dir), key=lambda m: (m != "main", m))
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is not None:
        monitoring.use_tool_id(MONITORING_TOOL, "analysis_runtime_check")
        monitoring.register_callback(MONITORING_TOOL, monitoring.events.CALL, recorder.on_call)
        monitoring.set_events(MONITORING_TOOL, monitoring.events.CALL)
    sys.setprofile(recorder.profile)
    sys.settrace(recorder.trace)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for module in modules:
                importlib.import_module(module)
    finally:
        sys.settrace(None)
        sys.setprofile(None)
        if monitoring is not None:
            monitoring.set_events(MONITORING_TOOL, 0)
            monitoring.free_tool_id(MONITORING_TOOL)
        sys.path.remove(case_dir)
        loaded = [m for m in sys.modules.values() if recorder.in_package_file(m)]
        for module in loaded:
            # Globals as they are at the end: other modules may have written them.
            for var, value in vars(module).items():
                if not var.startswith("__"):
                    recorder.pts.add((module.__name__, var, recorder.describe(value)))
            del sys.modules[module.__name__]
    generators = {name for code, name in recorder.names.items() if code.co_flags & GENERATOR_FLAGS}
    return {"edges": recorder.edges, "resumed": recorder.resumed, "pts": recorder.pts,
            "unseen": set() if monitoring is not None else generators}


def module_names(case_dir):
    for folder, dirs, files in os.walk(case_dir):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        relative = os.path.relpath(folder, case_dir)
        parts = [] if relative == "." else relative.split(os.sep)
        for file in files:
            if file.endswith(".py"):
                stem = file[:-3]
                name = ".".join(parts + ([] if stem == "__init__" else [stem]))
                # A case folder that is itself a package runs its modules as scripts
                # beside each other; its own __init__ has no name from inside it.
                if name:
                    yield name


def parse_expectations(path):
    assertions = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            keyword, rest = line.split(None, 1)
            left, _, right = rest.partition("->")
            assertions.append((number, keyword, left.split(), right.strip(), line))
    return assertions


def check_case(case, observed):
    edges, pts, unseen = observed["edges"], observed["pts"], observed["unseen"]
    problems = []
    assertions = parse_expectations(os.path.join(CASES, case, "expect.txt"))
    # Functions that code outside the package calls (`roots public|all|auto`, `entry`) are
    # not called by this run: only what must never happen is compared with it.
    open_world = any(k == "entry" or (k == "roots" and left != ["modules"]) for _, k, left, _, _ in assertions)
    for number, keyword, left, right, line in assertions:
        if keyword in ("roots", "entry", "rules"):
            continue
        if keyword in ("~edge", "~pts"):
            keyword = "!" + keyword[1:]
        if open_world and not keyword.startswith("!"):
            continue
        if keyword == "edge" and (left[0], right) in observed["resumed"]:
            continue
        if keyword in ("edge", "!edge") and right in unseen:
            continue  # before 3.12 the call creating a generator cannot be observed
        if keyword in ("edge", "!edge"):
            seen = (left[0], right) in edges
            if seen != (keyword == "edge"):
                problems.append((number, line, "seen" if seen else "not seen"))
        elif keyword == "calls":
            callees = {callee for caller, callee in edges if caller == left[0]}
            if callees - unseen != set(right.split()) - unseen:
                problems.append((number, line, "seen: " + " ".join(sorted(callees))))
        elif keyword in ("pts", "!pts"):
            scope, name = left
            kind = right.split(" ", 1)[0]
            if kind in ("list", "tuple", "dict", "set"):
                right = kind + " *"
            values = {value for s, n, value in pts if (s, n) == (scope, name)}
            seen = right in values
            if keyword == "pts" and not seen or keyword == "!pts" and seen:
                problems.append((number, line, "values seen: " + ", ".join(sorted(values))))
        elif keyword in ("cfg", "!cfg", "cdg", "!cdg"):
            continue  # control flow is cfg_trace_check.py's to check against a run
        elif keyword in ("ddg", "!ddg", "slice", "!slice"):
            continue  # data dependences are checked by tests/analysis_programs.rs alone
        else:
            problems.append((number, line, "unknown keyword"))
    return problems


def main(argv):
    sys.dont_write_bytecode = True
    if len(argv) == 2 and argv[0] == "--dump":
        observed = run_case(os.path.join(CASES, argv[1]))
        for caller, callee in sorted(observed["edges"]):
            print("edge %s -> %s" % (caller, callee))
        for caller, callee in sorted(observed["resumed"] - observed["edges"]):
            print("edge %s -> %s    (resumed there)" % (caller, callee))
        for scope, name, value in sorted(observed["pts"]):
            print("pts %s %s -> %s" % (scope, name, value))
        return 0
    minor = sys.version_info[1]
    cases = sorted(d for d in os.listdir(CASES) if os.path.isdir(os.path.join(CASES, d)))
    if argv:
        cases = [c for c in cases if any(a in c for a in argv)]
    failures = 0
    for case in cases:
        case_dir = os.path.join(CASES, case)
        if skipped_here(case_dir, minor):
            print("3.%d %s: skipped (needs a newer release)" % (minor, case))
            continue
        try:
            observed = run_case(case_dir)
        except Exception as error:
            print("3.%d %s: program failed: %r" % (minor, case, error))
            failures += 1
            continue
        for number, line, found in check_case(case, observed):
            print("3.%d %s/expect.txt:%d: %s  [%s]" % (minor, case, number, line, found))
            failures += 1
    print("3.%d: %d cases, %d problems" % (minor, len(cases), failures))
    return 1 if failures else 0


def skipped_here(case_dir, minor):
    """A case whose main.py starts with `# requires: 3.N` runs only from 3.N on."""
    with open(os.path.join(case_dir, "main.py")) as f:
        first = f.readline()
    return first.startswith("# requires: 3.") and minor < int(first.split("3.", 1)[1])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
