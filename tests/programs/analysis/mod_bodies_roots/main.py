# Every module body is a root: main's and helpers' bodies run on import,
# script.py's body runs when it is executed on its own.
import helpers


def start():
    return helpers.setup()


start()
