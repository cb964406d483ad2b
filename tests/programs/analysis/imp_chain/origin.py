def helper():
    return "origin"


def unrelated():
    return "no"
