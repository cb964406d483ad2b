# Writes the hostile .pyc files of tests/hardening.rs, each a reproducer of one
# way a file can attack a bytecode reader. Run with the interpreter each file
# names (python3.12 for most, python3.10 for the 3.10 ones), from this folder:
#   python3.12 make.py && python3.10 make.py
# Nothing here is executed beyond compiling source text.
import importlib.util
import marshal
import os
import sys

MINOR = sys.version_info[1]


def pyc(name, code_bytes):
    # Unchecked hash-based header: the same bytes on every run.
    header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + bytes(8)
    os.makedirs(f"cpython3{MINOR}", exist_ok=True)
    with open(f"cpython3{MINOR}/{name}.pyc", "wb") as f:
        f.write(header + code_bytes)


def patched(code, **fields):
    """marshal data of `code` with leading int fields of the top code object overwritten."""
    order = ["argcount", "posonlyargcount", "kwonlyargcount"]
    if MINOR <= 10:
        order += ["nlocals"]
    order += ["stacksize", "flags"]
    data = bytearray(marshal.dumps(code))
    assert data[0] & 0x7F == ord("c")
    for name, value in fields.items():
        at = 1 + 4 * order.index(name)
        data[at : at + 4] = value.to_bytes(4, "little", signed=False)
    return bytes(data)


module = compile("def f(a, b):\n    return a\n", "plain.py", "exec")

if MINOR == 12:
    # A parameter count no code object can have: CPython refuses it ("co_varnames is too small").
    pyc("huge_argcount", patched(module, argcount=2**31 - 1))
    pyc("args_beyond_locals", patched(module, argcount=1))
    pyc("posonly_beyond_args", patched(module, argcount=0, posonlyargcount=1))
    # Code objects shared through back-references: 255**3 code objects in a few kilobytes.
    leaf = compile("x = 1", "leaf.py", "exec")
    level = leaf
    for _ in range(3):
        level = level.replace(co_consts=(level,) * 255)
    pyc("code_object_bomb", marshal.dumps(level))
    # An integer of 300,000 hexadecimal digits, as an ordinary source file can hold.
    pyc("huge_integer", marshal.dumps(compile("x = 0x" + "f" * 300_000, "big.py", "exec")))
    # Two different lone surrogates.
    pyc("lone_surrogates", marshal.dumps(compile('a = "\\ud800"\nb = "\\udc00"\nc = "\\\\ud800"\n', "s.py", "exec")))

if MINOR == 10:
    # argcount + kwonlyargcount + *args + **kwargs overflows 32 bits.
    pyc("argcount_overflow", patched(module, argcount=2**31 - 1, kwonlyargcount=2**31 - 1, flags=0x0C))
