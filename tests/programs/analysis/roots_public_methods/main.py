"""Methods called from outside: `self` is an instance of the class, or of a
package subclass that inherits the method."""


class Store:
    def __init__(self):
        self.items = []
        self.sink = Sink()

    def add(self, item):
        self._check(item)
        self.sink.write(item)

    def _check(self, item):
        return item

    def size(self):
        return self.count()

    def count(self):
        return len(self.items)

    @classmethod
    def empty(cls):
        return cls.label()

    @classmethod
    def label(cls):
        return "store"


class Cached(Store):
    def count(self):
        return 0

    @classmethod
    def label(cls):
        return "cached"


class Sink:
    def write(self, item):
        return item
