# Creating a class calls __set_name__ on the descriptors in its body; loads through an instance call __get__.
class Field:
    def __set_name__(self, owner, name):
        self.slot = "_" + name

    def __get__(self, obj, owner):
        return obj.__dict__[self.slot]


class Counter:
    def __set_name__(self, owner, name):
        self.slot = name

    def __get__(self, obj, owner):
        return 0


class Record:
    title = Field()

    def __init__(self, title):
        self._title = title


def make_model():
    class Model:
        hits = Counter()

    return Model


def read(r):
    return r.title


read(Record("x"))
make_model()
