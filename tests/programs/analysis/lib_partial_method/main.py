# functools.partial of a bound method, and a partial with a keyword argument.
import functools


class Item:
    def label(self):
        return "item"


class Other:
    def label(self):
        return "other"


class Printer:
    def show(self, n, item):
        return item.label() * n


class Plotter:
    def show(self, n, item):
        return n


def place(x, item=None, scale=1):
    return item.label()


def run_method(p):
    show = functools.partial(p.show, 2)
    return show(Item())


def run_keyword():
    put = functools.partial(place, scale=3, item=Item())
    return put(0)


run_method(Printer())
run_keyword()
Plotter().show(1, Other())
