# getattr(obj, "run", None) gives the bound method, or None when obj has no run.
class Worker:
    def run(self):
        return "work"


class Sleeper:
    def rest(self):
        return "rest"


class Runner:
    def run(self):
        return "runner"


def maybe_run(obj):
    fn = getattr(obj, "run", None)
    if fn:
        return fn()
    return None


maybe_run(Worker())
maybe_run(Sleeper())
Runner().run()
