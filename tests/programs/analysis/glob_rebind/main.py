# `global` rebinding inside a function changes what another function calls.
def default_handler():
    return "default"


def custom_handler():
    return "custom"


def unused_handler():
    return "unused"


handler = default_handler


def install():
    global handler
    handler = custom_handler


def dispatch():
    return handler()


dispatch()
install()
dispatch()
