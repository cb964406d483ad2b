# A module with a global LIMIT that set_limit rebinds, and a global NAME that main also defines for itself.
LIMIT = 10
NAME = "helper"


def get_limit():
    return LIMIT


def set_limit(v):
    global LIMIT
    LIMIT = v


def get_name():
    return NAME
