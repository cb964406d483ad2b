import util


def run():
    return util.double(util.base())


run()
