# A store inside try, before a call that may raise, reaches the handler; the store after the call reaches only the code after the try.
def risky(flag):
    if flag:
        raise ValueError("bad")


def guarded(flag):
    x = 0
    try:
        x = 1
        risky(flag)
        x = 2
    except ValueError:
        return x
    return x


guarded(True)
guarded(False)
