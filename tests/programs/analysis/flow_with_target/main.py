# r = Local() calls ping(); `with Opener() as r` rebinds r to the Session __enter__ returns,
# which calls pong().
class Local:
    def ping(self):
        return "local"

    def pong(self):
        return "local"


class Session:
    def ping(self):
        return "session"

    def pong(self):
        return "session"


class Opener:
    def __enter__(self):
        return Session()

    def __exit__(self, *exc):
        return False


def use():
    r = Local()
    r.ping()
    with Opener() as r:
        r.pong()


use()
