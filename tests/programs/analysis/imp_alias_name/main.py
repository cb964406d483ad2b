from store import save as persist
from store import load


def save():
    return "local save"


def run():
    persist("a")
    return load("a")


run()
