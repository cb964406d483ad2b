# Two managers in one with statement, and one used without `as`.
class Lock:
    def __enter__(self):
        return "lock"

    def __exit__(self, *exc):
        return None


class Transaction:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None

    def commit(self):
        return "ok"


def run():
    with Lock() as token, Transaction() as tx:
        tx.commit()
    with Lock():
        pass
    return token


run()
