# @property getter and @x.setter: reading and assigning the attribute call them.
# Both functions are named Temperature.celsius; the getter is defined first.
class Reading:
    def value(self):
        return 21


class Temperature:
    def __init__(self):
        self._c = Reading()

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, reading):
        self._c = reading


def read(t):
    current = t.celsius
    return current.value()


def write(t):
    t.celsius = Reading()


t = Temperature()
read(t)
write(t)
