def activate():
    return 1


def deactivate():
    return 0
