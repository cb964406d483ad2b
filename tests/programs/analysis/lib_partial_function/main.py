# functools.partial(f, A()) stores f and its argument; calling the partial calls f with them.
import functools


class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def handle(item, n):
    return item.m() * n


def other(item, n):
    return n


def bind():
    return functools.partial(handle, A())


def run(job):
    return job(2)


job = bind()
run(job)
other(B(), 1)
