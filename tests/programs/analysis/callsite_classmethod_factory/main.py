# Base.create is a classmethod returning cls(); make(cls) returns cls.create(): use_a makes an A, use_b a B.
class Base:
    @classmethod
    def create(cls):
        return cls()


class A(Base):
    def m(self):
        return "a"


class B(Base):
    def m(self):
        return "b"


def make(cls):
    return cls.create()


def use_a():
    r = make(A)
    return r.m()


def use_b():
    r = make(B)
    return r.m()


use_a()
use_b()
