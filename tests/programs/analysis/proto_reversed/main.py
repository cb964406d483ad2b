# reversed(x) calls __reversed__; without it, reversed uses __len__ and __getitem__.
class Deck:
    def __init__(self):
        self.cards = [1, 2, 3]

    def __reversed__(self):
        return iter(self.cards[::-1])

    def __len__(self):
        return len(self.cards)

    def __getitem__(self, i):
        return self.cards[i]


class Row:
    def __init__(self):
        self.cells = ["a", "b"]

    def __len__(self):
        return len(self.cells)

    def __getitem__(self, i):
        return self.cells[i]


def backwards(d):
    return list(reversed(d))


def backwards_seq(r):
    out = []
    for cell in reversed(r):
        out.append(cell)
    return out


backwards(Deck())
backwards_seq(Row())
