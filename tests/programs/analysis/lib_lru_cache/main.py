# functools.lru_cache, with arguments and bare: the cache's wrapper calls the function on a miss.
import functools


class Shape:
    def area(self):
        return 4


class Grid:
    @functools.lru_cache(maxsize=None)
    def cell(self, i):
        return Shape()


@functools.lru_cache(maxsize=None)
def make(n):
    return Shape()


@functools.lru_cache
def square(n):
    return n * n


def not_cached(n):
    return n


def run():
    s = make(1)
    return s.area() + square(3)


def run_method(g):
    c = g.cell(0)
    return c.area()


run()
run_method(Grid())
not_cached(2)
