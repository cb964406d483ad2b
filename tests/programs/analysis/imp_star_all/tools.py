__all__ = ("tool", "spare", "other")


def tool():
    return "tool"


def spare():
    return "spare"


def other():
    return "other"


def hidden():
    return "tools"
