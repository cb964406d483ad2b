def default_hook():
    return "nothing"


hook = default_hook


def fire():
    return hook()


def other():
    return "other"
