# A module is an object: its globals are its fields, read and written from outside.
import config


def loud():
    return "LOUD"


def run():
    mod = config
    before = mod.formatter()
    config.formatter = loud
    after = config.formatter()
    return before, after


run()
