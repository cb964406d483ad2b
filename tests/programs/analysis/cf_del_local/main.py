# `del x` then a later possible use, and a for-loop variable read after the loop (unbound if nothing was iterated).
def make(value):
    return value


def handle():
    return None


def drop(flag):
    x = make(flag)
    y = x
    if flag:
        del x
    try:
        y = x
    except UnboundLocalError:
        handle()
    return y


def last(values):
    found = None
    for item in values:
        make(item)
    try:
        found = item
    except UnboundLocalError:
        handle()
    return found


def kept(values):
    item = None
    for item in values:
        make(item)
    found = item
    return found


drop(True)
drop(False)
last([1, 2])
last([])
kept([])
