# The module main loads by name.
def func():
    return "mod"
