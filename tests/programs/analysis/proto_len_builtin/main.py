# len(x) is a call to the builtin len (which then asks x.__len__).
class Bag:
    def __init__(self, *items):
        self.items = items

    def __len__(self):
        return len(self.items)


def size(bag):
    return len(bag)


measure = len
size(Bag(1, 2))
print(size(Bag()), measure([]))
