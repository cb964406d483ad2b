# Calling a generator function is an edge to it (its body runs later, on
# next()); next() returns the yielded value.
class Task:
    def run(self):
        return "ran"


def producer():
    yield Task()
    yield "done"


def consume():
    gen = producer()
    task = next(gen)
    task.run()
    return list(gen)


consume()
