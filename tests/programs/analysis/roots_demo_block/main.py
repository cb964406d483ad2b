"""A library module with a demo block: the block runs only when the file is
run as a script, which a library's user does not do."""


def run():
    setup()


def setup():
    return 1


def _demo():
    return run()


if __name__ == "__main__":
    _demo()
