# Functions rebinding a module-level name through `global`, read by another function and by the body; one function has a same-named local.
mode = "a"
hits = 0


def set_mode(m):
    global mode
    mode = m


def get_mode():
    return mode


def bump():
    global hits
    hits += 1


def local_mode():
    mode = "c"
    return mode


set_mode("b")
bump()
bump()
current = get_mode()
seen = mode + local_mode()
count = hits
