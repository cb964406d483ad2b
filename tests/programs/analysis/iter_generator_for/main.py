# A generator function iterated with for: the yielded functions reach the target.
def load():
    return "load"


def save():
    return "save"


def quit_app():
    return "quit"


def actions():
    yield load
    yield save


def run():
    for action in actions():
        action()


run()
