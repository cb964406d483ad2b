class K(B):
    def f(self, o, xs):
        with o as c:
            c.m(1, k=2)
        for x in xs:
            if x < 3 and not x:
                h(*xs)
        try:
            return super().m
        except E as e:
            o(*xs, **e)
        finally:
            a, b = b, a
            del a
async def g(it):
    async for x in it:
        await x
    return f"{it!r:>{x}}", not it
