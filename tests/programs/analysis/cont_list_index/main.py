# Functions held in a list literal, called after indexing and iteration.
def red():
    return "red"


def green():
    return "green"


def blue():
    return "blue"


def run():
    palette = [red, green]
    first = palette[0]
    first()
    for paint in palette:
        paint()


run()
