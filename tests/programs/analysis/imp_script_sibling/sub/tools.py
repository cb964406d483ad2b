from .helpers import prepare


def run():
    prepare()
