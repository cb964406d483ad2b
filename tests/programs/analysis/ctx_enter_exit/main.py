# `with A() as x`: x is what __enter__ returns, not the manager itself.
class Session:
    def query(self):
        return "rows"


class Connection:
    def __enter__(self):
        return Session()

    def __exit__(self, exc_type, exc, tb):
        return False


def run():
    with Connection() as s:
        return s.query()


run()
