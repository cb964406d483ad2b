# `if obj:` and `not obj` call the class's __bool__.
class Flag:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on

    def __len__(self):
        return 1


def check(flag):
    if flag:
        return "on"
    return "off" if not flag else "?"


check(Flag(True))
check(Flag(False))
