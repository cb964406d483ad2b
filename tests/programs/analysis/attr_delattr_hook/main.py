# `del obj.x` and delattr(obj, "x") call the class's own __delattr__.
class Record:
    def __init__(self):
        self.tmp = 1

    def __delattr__(self, name):
        object.__delattr__(self, name)


class Other:
    def __delattr__(self, name):
        super().__delattr__(name)


def clear(r):
    del r.tmp


def drop(r):
    delattr(r, "tmp")


def touch(r):
    r.tmp = 2


clear(Record())
drop(Record())
o = Other()
o.tmp = 3
touch(o)
clear(o)
