# A handler receives what its own `try` body raises, what inner handlers and `finally`
# bodies re-raise into it, and what a generator its function made raises; not what the
# function raises before or after the `try`.
class First(Exception):
    def which(self):
        return 1


class Second(Exception):
    def which(self):
        return 2


class Third(Exception):
    def which(self):
        return 3


def first():
    raise First()


def second():
    raise Second()


def third():
    raise Third()


def cleanup():
    return None


def numbers():
    yield 1
    third()


def run(n):
    try:
        first()
    except Exception as a:
        a.which()
    try:
        second()
    except Exception as b:
        b.which()
    if n:
        third()


def nested():
    try:
        try:
            second()
        finally:
            cleanup()
    except Exception as c:
        return c.which()


def translate():
    try:
        try:
            first()
        except First:
            third()
    except Third as d:
        return d.which()


def iterate():
    made = numbers()
    try:
        for _ in made:
            pass
    except Third as e:
        return e.which()


def outer():
    try:
        run(1)
    except Third as t:
        return t.which()


run(0)
nested()
translate()
iterate()
outer()
