# enumerate and zip hand out tuples of their arguments' elements.
class Left:
    def run(self):
        return "left"


class Right:
    def run(self):
        return "right"


def numbered(items):
    for index, item in enumerate(items):
        item.run()
    return index


def paired(lefts, rights):
    for left, right in zip(lefts, rights):
        left.run()
        right.run()


def rebound(item):
    for _, item in enumerate([Right()]):
        item.run()


numbered([Left()])
paired([Left()], [Right()])
rebound(Left())
