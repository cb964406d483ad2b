# A generator's body runs where it is stepped: what it raises reaches the handler around
# the loop that steps it (or the `yield from` that delegates to it), in whatever function
# it was passed to.
class Boom(Exception):
    def tell(self):
        return 1


class Bang(Exception):
    def tell(self):
        return 2


def numbers():
    yield 1
    raise Boom()


def relay():
    yield 2
    raise Bang()


def forward():
    yield from relay()


def consume(items):
    try:
        for _ in items:
            pass
    except Boom as e:
        return e.tell()


def drain(gen):
    try:
        for _ in gen:
            pass
    except Bang as b:
        return b.tell()


consume(numbers())
drain(forward())
