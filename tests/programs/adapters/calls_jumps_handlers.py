import os
from sys import path as p


def loops(a, b, *args, **kw):
    for x in a:
        if x is None:
            continue
        b.append(x, key=len)
    while a and not b:
        a = a[1:]
    return [i * 2 for i in b if i], {k: v for k, v in kw.items()}


def handlers(a, b):
    try:
        g(*a, **b)
    except ValueError as e:
        raise RuntimeError(e) from None
    finally:
        b.close()
    with open(a) as fh:
        return fh.read()


def groups(a):
    try:
        a()
    except* OSError as eg:
        print(eg)


def matching(a):
    match a:
        case {"k": v, **rest}:
            return v
        case P(x=0, y=w):
            return w
    return a.b.c if a else a.d(1, 2, k=3)


def closures(n, step=1, *, flag=False) -> int:
    total = 0

    def add(v: int = step):
        nonlocal total
        total += v
        return total
    return add


async def co(x):
    async for q in x:
        await q
    async with x as y:
        return y


async def agen(x):
    yield x


def gen(a):
    yield from a
    x = yield 1
    return x


class C(Base):
    def m(self):
        return super().m(self.attr)


both = p and os or None
cond = (os.sep if p
        else os.name)
print(f"{cond!r:>10}", -cond, cond[1:2], a < b < c)
