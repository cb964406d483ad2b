# Every way into and out of a `finally` body (3.8 shares one body between them).
def returns_a_value(f):
    try:
        return f()
    finally:
        f()


def leaves_a_loop(fs):
    for f in fs:
        try:
            if f:
                break
            continue
        finally:
            f()


def returns_from_a_handler(f):
    try:
        f()
    except ValueError as e:
        return e


def returns_from_a_with(m):
    with m as v:
        return v


def returns_from_finally(f):
    try:
        f()
    finally:
        return f()


def nested(f):
    try:
        try:
            return f()
        finally:
            f()
    finally:
        f()


def iterate(xs):
    return [x for x in xs], (y for y in xs)
