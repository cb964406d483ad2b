# A name passed along three modules: main <- middle <- origin.
from middle import helper as h


def run():
    return h()


run()
