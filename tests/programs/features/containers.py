def build(a, b, *rest, **extra):
    t = (a, b, *rest)
    l = [a, *rest, b]
    s = {a, b, *rest}
    d = {"a": a, **extra, "b": b}
    first, *middle, last = l
    x, (y, z) = a, (b, a)
    l[1:3] = [0]
    del l[0]
    d["k"] += 1
    text = f"{a!r:>10} {b!s} {t!a} {a:{b}} {{literal}}"
    return t[::-1], l[-1], s, d, first, middle, last, x, y, z, text, b"\x00\xff"
