# h = Start() is rebound in both arms of an if: after it, h is a Left or a Right, never the Start.
class Start:
    def m(self):
        return "start"


class Left:
    def m(self):
        return "left"


class Right:
    def m(self):
        return "right"


def use(flag):
    h = Start()
    if flag:
        h = Left()
    else:
        h = Right()
    h.m()


use(True)
use(False)
