# Two typed except clauses: the second clause's test runs when the first does not match.
def parse(value):
    if value == "key":
        raise KeyError(value)
    if value == "bad":
        raise ValueError(value)
    if value == "type":
        raise TypeError(value)
    return value


def on_key():
    return "key"


def on_value():
    return "value"


def done():
    return "done"


def run(value):
    try:
        parse(value)
    except KeyError:
        on_key()
    except ValueError:
        on_value()
    return done()


run("ok")
run("key")
run("bad")
try:
    run("type")
except TypeError:
    pass
