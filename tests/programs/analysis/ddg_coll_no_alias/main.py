# Two lists made on different lines (in two factories) never alias: each store reaches the element loads of its own list only.
class Red:
    pass


class Blue:
    pass


def make_red():
    return [Red()]


def make_blue():
    box = []
    box.append(Blue())
    return box


def use():
    reds = make_red()
    blues = make_blue()
    reds.append(Red())
    blues.append(Blue())
    r = reds[0]
    b = blues.pop()
    return r, b


use()
