# Lambdas inside a function are named after it; one is passed to sorted as key.
class Item:
    def __init__(self, weight):
        self.weight = weight

    def get_weight(self):
        return self.weight


def order(items):
    by_weight = sorted(items, key=lambda item: item.get_weight())
    pick = lambda seq: seq[0]
    return pick(by_weight)


order([Item(2), Item(1)])
