# Reference dump for `cpyg conformance`: what this interpreter's own `dis` says
# about each module, next to the marshalled code cpyg decodes independently.
#
# Input (argv): files to compile; with none, every .py of this interpreter's
# standard library. Output: one JSON object per line and module:
#   {"path", "marshal" (base64), "codes": [per code object in preorder of
#    co_consts: {"qualname", "stacksize", "instructions": [[offset, opname,
#    arg, jump_target, line, effect, jump_effect, [col, end_line, end_col]]],
#    "exception_table": [[start, end, handler, depth, lasti]]}]}
# or {"path", "error"} when the file does not compile. Sources are compiled,
# never imported or executed.
import base64
import dis
import json
import marshal
import os
import sys
import sysconfig
import types
import warnings

MINOR = sys.version_info[1]
HAS_JUMP = set(dis.hasjrel) | set(dis.hasjabs)


def stdlib_files():
    root = sysconfig.get_paths()["stdlib"]
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in ("site-packages", "__pycache__"))
        for f in sorted(files):
            if f.endswith(".py"):
                yield os.path.join(d, f)


def preorder(code):
    yield code
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield from preorder(c)


def line_of_offsets(code):
    """3.8-3.10 have no per-instruction positions in dis. 3.10's co_lines() gives
    the line of each range; before, each instruction has the line of the last
    line start (dis.findlinestarts) at or before it."""
    lines = {}
    if MINOR >= 10:
        for start, end, line in code.co_lines():
            for off in range(start, end, 2):
                lines[off] = line
        return lines
    starts = dict(dis.findlinestarts(code))
    line = None
    for off in range(0, len(code.co_code), 2):
        line = starts.get(off, line)
        lines[off] = line
    return lines


def effect(ins, jump):
    arg = ins.arg if ins.opcode >= dis.HAVE_ARGUMENT or (hasattr(dis, "hasarg") and ins.opcode in dis.hasarg) else None
    try:
        return dis.stack_effect(ins.opcode, arg, jump=jump)
    except ValueError:
        return None


def jump_target(ins):
    target = getattr(ins, "jump_target", None)
    if target is not None or MINOR >= 13:
        return target
    return ins.argval if ins.opcode in HAS_JUMP else None


def describe(code):
    lines = line_of_offsets(code) if MINOR <= 10 else None
    rows = []
    for ins in dis.get_instructions(code):
        if MINOR <= 10:
            line, extra = lines.get(ins.offset), None
        else:
            p = ins.positions
            line, extra = p.lineno, [p.col_offset, p.end_lineno, p.end_col_offset]
        rows.append([ins.offset, ins.opname, ins.arg, jump_target(ins), line,
                     effect(ins, False), effect(ins, True), extra])
    table = []
    if MINOR >= 11:
        for e in dis._parse_exception_table(code):
            table.append([e.start, e.end, e.target, e.depth, e.lasti])
    return {
        "qualname": getattr(code, "co_qualname", code.co_name),
        "stacksize": code.co_stacksize,
        "instructions": rows,
        "exception_table": table,
    }


def main():
    warnings.simplefilter("ignore")
    sys.setrecursionlimit(10000)
    files = sys.argv[1:] or stdlib_files()
    out = sys.stdout
    for path in files:
        try:
            # A file that cannot be read (e.g. a dangling sitecustomize.py symlink
            # some distributions ship) is reported like one that does not compile.
            with open(path, "rb") as fh:
                source = fh.read()
            code = compile(source, path, "exec", dont_inherit=True)
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError, RecursionError, MemoryError) as e:
            out.write(json.dumps({"path": path, "error": "%s: %s" % (type(e).__name__, e)}) + "\n")
            continue
        record = {
            "path": path,
            "marshal": base64.b64encode(marshal.dumps(code)).decode("ascii"),
            "codes": [describe(c) for c in preorder(code)],
        }
        out.write(json.dumps(record, separators=(",", ":")) + "\n")
    out.flush()


main()
