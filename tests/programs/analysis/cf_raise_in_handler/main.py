# Raising a new exception in an except handler (out of the function, or to an outer handler), and a bare re-raise.
class Wrapped(Exception):
    pass


def fetch(value):
    if value < 0:
        raise KeyError(value)
    return value


def log():
    return None


def fallback():
    return 0


def translate(value):
    try:
        fetch(value)
    except KeyError:
        log()
        raise Wrapped(value)
    return value


def reraise(value):
    try:
        fetch(value)
    except KeyError:
        log()
        raise
    return value


def guarded(value):
    try:
        try:
            fetch(value)
        except KeyError:
            if value < -5:
                raise Wrapped(value)
            log()
    except Wrapped:
        fallback()
    return value


translate(1)
reraise(1)
guarded(1)
guarded(-1)
guarded(-10)
try:
    reraise(-1)
except KeyError:
    pass
try:
    translate(-1)
except Wrapped:
    pass
