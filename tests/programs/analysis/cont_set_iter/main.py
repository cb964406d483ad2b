# Functions in a set literal, called while iterating it.
def alpha():
    return 1


def beta():
    return 2


def gamma():
    return 3


def run():
    pending = {alpha, beta}
    for task in pending:
        task()
    return pending


run()
