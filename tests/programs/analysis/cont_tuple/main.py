# A tuple of functions returned, indexed, and unpacked without a tuple at all.
def open_file():
    return "open"


def close_file():
    return "close"


def pair():
    return (open_file, close_file)


def run():
    ops = pair()
    ops[1]()
    opener, closer = open_file, close_file
    opener()
    return closer


run()
