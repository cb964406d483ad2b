# A raised instance reaches the matching `except E as e` name only.
class NotFound(Exception):
    def describe(self):
        return "not found"


class Denied(Exception):
    def describe(self):
        return "denied"


def lookup(key):
    if key == "secret":
        raise Denied(key)
    raise NotFound(key)


def run(key):
    try:
        lookup(key)
    except NotFound as missing:
        return missing.describe()
    except Denied as refused:
        return refused.describe()


run("x")
run("secret")
