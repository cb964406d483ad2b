# bool(x) calls __bool__; for a class with __len__ and no __bool__, bool(x) calls __len__.
class Switch:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on

    def __len__(self):
        return 1


class Stack:
    def __init__(self):
        self.items = []

    def __len__(self):
        return len(self.items)


def truth(s):
    return bool(s)


def nonempty(st):
    return bool(st)


on = truth(Switch(True))
empty = nonempty(Stack())
