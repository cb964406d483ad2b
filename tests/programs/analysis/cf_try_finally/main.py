# try/finally: the finally body runs on the normal path and on the exception path, which re-raises.
def prepare(value):
    return value


def work(value):
    if value < 0:
        raise ValueError(value)
    return value


def cleanup():
    return None


def after():
    return "after"


def run(value):
    prepare(value)
    try:
        if value:
            work(value)
    finally:
        cleanup()
    done = after()
    return done, value


run(0)
run(1)
try:
    run(-1)
except ValueError:
    pass
