# process(obj) calls begin() on the Opener it is given, then rebinds obj to a Closer for end().
class Opener:
    def begin(self):
        return "opener"

    def end(self):
        return "opener"


class Closer:
    def begin(self):
        return "closer"

    def end(self):
        return "closer"


def process(obj):
    obj.begin()
    obj = Closer()
    obj.end()


process(Opener())
