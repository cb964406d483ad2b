# Module level: handler = first, then handler = second, then handler(); Box.__init__ stores an
# attribute also named handler (on an instance, not on the module).
def first():
    return 1


def second():
    return 2


class Box:
    def __init__(self, handler):
        self.handler = handler


handler = first
handler = second
handler()
Box(handler)
