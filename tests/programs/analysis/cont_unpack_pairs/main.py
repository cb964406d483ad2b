# `for a, b in pairs`: each position of the tuples flows to its own target.
def check_a():
    return True


def check_b():
    return True


def fix_a():
    return "a"


def fix_b():
    return "b"


def run():
    pairs = [(check_a, fix_a), (check_b, fix_b)]
    for check, fix in pairs:
        if check():
            fix()


run()
