# while ... else: the else clause runs when the test fails, never after a break.
def hit(i):
    return i


def miss(target):
    return target


def done(i):
    return i


def search(items, target):
    i = 0
    while i < len(items):
        if items[i] == target:
            hit(i)
            break
        i += 1
    else:
        miss(target)
    done(i)
    return i


search([1, 2, 3], 2)
search([1, 2, 3], 9)
