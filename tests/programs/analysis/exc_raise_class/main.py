# `raise Cls` (no call) still instantiates: the handler gets an instance and
# the class's __init__ runs.
class Timeout(Exception):
    def __init__(self, *args):
        super().__init__(*args)
        self.retry = True

    def should_retry(self):
        return self.retry


def wait():
    raise Timeout


def run():
    try:
        wait()
    except Timeout as t:
        return t.should_retry()


run()
