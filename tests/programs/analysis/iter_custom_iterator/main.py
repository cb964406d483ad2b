# `for x in obj`: __iter__ on the iterable, __next__ on the iterator it returns.
def step_a():
    return "a"


def step_b():
    return "b"


class Steps:
    def __iter__(self):
        return StepIterator([step_a, step_b])


class StepIterator:
    def __init__(self, items):
        self.items = items

    def __next__(self):
        if not self.items:
            raise StopIteration
        return self.items.pop(0)


def run():
    for step in Steps():
        step()


run()
