# Globals of another module, read through `from helper import LIMIT` and `helper.LIMIT`; each module's NAME is its own.
import helper
from helper import LIMIT

NAME = "main"


def show():
    return helper.LIMIT


def own_name():
    return NAME


helper.set_limit(20)
first = LIMIT
second = show()
third = helper.get_limit()
fourth = own_name() + helper.get_name()
