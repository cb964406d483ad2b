# Compiles Python source files and streams their marshalled code objects.
#
# Run as `python -I -S -c <this text>`. It reads and compiles source text only:
# the compiled code is never executed and nothing of the package is imported.
#
# Integers are 4-byte little-endian; a blob is an integer length and that many bytes.
# stdin:  count, then per module: name (blob, UTF-8), path (blob, file-system bytes)
# stdout: b"CPYGC2", then per module, in input order:
#   name (blob), status byte, then
#   0 (compiled):     marshal.dumps(code) (blob), then the count of constant strings the
#                     module passes to `eval` or `exec`, and per string its text (blob,
#                     UTF-8) and marshal.dumps of it compiled as `eval` or `exec` would (blob)
#   1 (syntax error): line (integer, 0 if unknown), message (blob, UTF-8)
#   2 (other error):  line (0), message (blob, UTF-8)
# Each record is flushed as soon as it is written, so the reader can decode one
# module while the next compiles, and only one module is held here at a time.

import ast
import marshal
import os
import sys
import warnings

# Warnings about the compiled code (invalid escapes, `is` with a literal...) are
# not errors, and the reader keeps stderr only to explain a crash.
warnings.simplefilter("ignore")

OK, SYNTAX_ERROR, OTHER_ERROR = 0, 1, 2
U32_MAX = 2**32 - 1


def read_exact(stream, n):
    data = stream.read(n)
    if data is None or len(data) != n:
        raise EOFError("the module list ended early")
    return data


def read_blob(stream):
    return read_exact(stream, int.from_bytes(read_exact(stream, 4), "little"))


def u32(n):
    return max(0, min(n, U32_MAX)).to_bytes(4, "little")


def blob(data):
    return u32(len(data)) + data


def text(message):
    return message.encode("utf-8", "backslashreplace")


def compile_source(source, path):
    # dont_inherit: no future flags leak in from this script; optimize=0 keeps
    # asserts and docstrings, as a plain `python` would compile them.
    return compile(source, path, "exec", dont_inherit=True, optimize=0)


def compiled_strings(source, path):
    """`eval("...")` and `exec("...")` with a constant string as first argument: each
    string compiled (never run) the way that call compiles it, once, in `ast.walk` order."""
    if b"eval" not in source and b"exec" not in source:
        return []
    try:
        tree = ast.parse(source, path)
    except Exception:
        # compile() took it, so this is the parser's own limit (nesting depth): the module
        # keeps its code, only its eval/exec strings stay unknown.
        return []
    found = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
            continue
        mode, text = node.func.id, node.args[0]
        if mode not in ("eval", "exec") or not isinstance(text, ast.Constant) or not isinstance(text.value, str):
            continue
        if (text.value, mode) in found:
            continue
        try:
            code = compile(text.value, "<string>", mode, dont_inherit=True, optimize=0)
            encoded = text.value.encode("utf-8")
        except (SyntaxError, ValueError, UnicodeError, RecursionError, MemoryError):
            continue  # the call raises when run: it runs no code
        found[(text.value, mode)] = blob(encoded) + blob(marshal.dumps(code))
    return list(found.values())


def compile_record(name, path):
    try:
        # Read once: the module and its strings come from the same text.
        with open(path, "rb") as f:
            source = f.read()
        code = compile_source(source, path)
        strings = compiled_strings(source, path)
    except SyntaxError as e:
        return name + bytes([SYNTAX_ERROR]) + u32(e.lineno or 0) + blob(text(str(e.msg)))
    except Exception as e:
        # Unreadable file, null bytes (ValueError before 3.12), recursion limit...
        return name + bytes([OTHER_ERROR]) + u32(0) + blob(text(type(e).__name__ + ": " + str(e)))
    return name + bytes([OK]) + blob(marshal.dumps(code)) + u32(len(strings)) + b"".join(strings)


def main():
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    count = int.from_bytes(read_exact(stdin, 4), "little")
    jobs = [(read_blob(stdin), read_blob(stdin)) for _ in range(count)]
    stdout.write(b"CPYGC2")
    stdout.flush()
    for name, path in jobs:
        stdout.write(compile_record(blob(name), os.fsdecode(path)))
        stdout.flush()


main()
