# c += 1 rebinds c to what Counter.__iadd__ returns, a Total; report() is then the Total's.
class Total:
    def __iadd__(self, other):
        return self

    def report(self):
        return "total"


class Counter:
    def __iadd__(self, other):
        return Total()

    def report(self):
        return "counter"


def use():
    c = Counter()
    c += 1
    c.report()


use()
