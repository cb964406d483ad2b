# x += y calls __iadd__ when the class has it, and falls back to __add__
# for a class without it.
class Log:
    def __init__(self):
        self.lines = []

    def __iadd__(self, line):
        self.lines.append(line)
        return self

    def __add__(self, line):
        return Log()


class Plain:
    def __add__(self, other):
        return Plain()


def append(log):
    log += "x"
    return log


def grow(p):
    p += Plain()
    return p


append(Log())
grow(Plain())
