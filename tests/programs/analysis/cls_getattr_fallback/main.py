# __getattr__ runs only when normal lookup fails.
def fallback_action():
    return "fallback"


class Proxy:
    def __getattr__(self, name):
        return fallback_action

    def known(self):
        return "known"


def use_missing(p):
    return p.anything()


def use_known(p):
    return p.known()


use_missing(Proxy())
use_known(Proxy())
