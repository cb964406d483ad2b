# Definite assignment: a local assigned on every path never raises on load; one assigned in one branch may be unbound.
def source(value):
    return value


def handle():
    return None


def guarded(flag):
    z = source(flag)
    if flag:
        x = source(flag)
    try:
        y = z
    except UnboundLocalError:
        handle()
    try:
        y = x
    except UnboundLocalError:
        handle()
    return y


def both(flag):
    if flag:
        x = 1
    else:
        x = 2
    y = x
    return y


def one(flag):
    if flag:
        x = 1
    y = x
    return y


guarded(True)
guarded(False)
both(True)
both(False)
one(True)
try:
    one(False)
except UnboundLocalError:
    pass
