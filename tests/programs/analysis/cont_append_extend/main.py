# Functions entering a list through append and extend, then called.
def one():
    return 1


def two():
    return 2


def three():
    return 3


def four():
    return 4


def run():
    pipeline = []
    pipeline.append(one)
    pipeline.extend([two, three])
    for stage in pipeline:
        stage()


run()
