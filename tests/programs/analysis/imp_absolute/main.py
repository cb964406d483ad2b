# Absolute import of a sibling module; its functions called as attributes.
import util


def run():
    return util.double(util.base())


run()
