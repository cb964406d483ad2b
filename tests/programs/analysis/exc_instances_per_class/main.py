"""Instances of exception classes are one object per class: what a handler catches is
the class's instance, with every field any raise site stored on one."""


class Failure(Exception):
    pass


def on_disk():
    return "disk"


def on_net():
    return "net"


def read_disk():
    err = Failure("disk")
    err.handler = on_disk
    raise err


def read_net():
    err = Failure("net")
    err.handler = on_net
    raise err


def use_disk():
    try:
        read_disk()
    except Failure as e:
        return e.handler()


def use_net():
    try:
        read_net()
    except Failure as e:
        return e.handler()


def check():
    # `raise Failure` raises the class's one instance too.
    try:
        raise Failure
    except Failure as e:
        return e


use_disk()
use_net()
check()
