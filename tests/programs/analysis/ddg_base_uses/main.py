# What finds a value (the object read from, the key, the function called) is a base use,
# not the value: thin slices leave those edges out.
class Box:
    def __init__(self, item):
        self.item = item

    def get(self):
        return self.item


def unwrap(box, table, key):
    value = box.item
    entry = table[key]
    other = box.get()
    return value, entry, other


def run():
    return unwrap(Box(1), {"k": 2}, "k")


run()
