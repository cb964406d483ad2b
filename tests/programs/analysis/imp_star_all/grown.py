# `__all__` changed after it is bound: what it lists is not known statically.
__all__ = ["start"]
__all__ += ["late"]


def start():
    return "start"


def late():
    return "late"
