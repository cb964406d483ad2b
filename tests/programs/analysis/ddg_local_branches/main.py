# Locals stored on both branches of an if, on one branch only, and on both after a store before the if.
def pick(flag):
    y = 0
    z = 0
    if flag:
        x = 1
        y = 3
        z = 5
    else:
        x = 2
        z = 6
    return x + y + z


pick(True)
pick(False)
