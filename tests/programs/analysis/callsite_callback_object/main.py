# job(cb) returns Job(cb), whose __init__ stores cb and whose run() calls it: use_a runs a job of make_a, use_b one of make_b.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Job:
    def __init__(self, cb):
        self.cb = cb

    def run(self):
        return self.cb()


def make_a():
    return A()


def make_b():
    return B()


def job(cb):
    return Job(cb)


def use_a():
    j = job(make_a)
    r = j.run()
    return r.m()


def use_b():
    j = job(make_b)
    r = j.run()
    return r.m()


use_a()
use_b()
