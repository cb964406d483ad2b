# `..` is the parent package pkg: both its modules and its __init__'s names.
from ..common import log
from .. import version


def log_local(msg):
    return msg


def work():
    return log("v%d" % version())
