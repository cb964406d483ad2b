# functools.partial of a class, a partial made with **options, and a partial of a function
# that returns its parameter (a decorator usable as @register and @register(...)).
import functools


class Quick:
    def go(self):
        return "quick"


class Slow:
    def go(self):
        return "slow"


class Label:
    def text(self):
        return "label"


class Job:
    def __init__(self, task, retries=0, name=None):
        self.task = task
        self.name = name

    def run(self):
        return self.task.go()


class Token:
    def __new__(cls, kind):
        token = object.__new__(cls)
        token.kind = kind
        return token

    def use(self):
        return self.kind.go()


def make_job():
    factory = functools.partial(Job, Quick(), name=Label())
    return factory(retries=2)


def run_job():
    return make_job().run()


def make_token():
    return functools.partial(Token, Slow())()


def use_token():
    return make_token().use()


def place(item, label=None):
    return label.text()


def spread(**options):
    put = functools.partial(place, **options)
    return put(Quick())


def register(func=None, **options):
    if func is None:
        return functools.partial(register, **options)
    return func


@register(tag="first")
def first():
    return Quick()


@register(tag="second")
def second():
    return Slow()


def call_first():
    return first().go()


run_job()
use_token()
spread(label=Label())
call_first()
second()
