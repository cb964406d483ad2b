# Module level: action = first, action(), action = second, action(); then switch() binds the
# global action to third through `global`, and nothing calls it afterwards.
def first():
    return 1


def second():
    return 2


def third():
    return 3


def switch():
    global action
    action = third


action = first
action()
action = second
action()
switch()
