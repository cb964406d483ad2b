# __exit__ runs when the body raises; returning True swallows the exception.
class Suppress:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.seen = exc
        return exc_type is not None and issubclass(exc_type, KeyError)


def fail():
    raise KeyError("gone")


def after():
    return "after"


def run():
    with Suppress() as guard:
        fail()
    return after(), guard.seen


run()
