# Stores and loads through an instance's __dict__ are the same fields as its attribute stores and loads.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


class Holder:
    pass


def greet():
    return "hi"


def spare():
    return "spare"


def install(obj):
    obj.__dict__["handler"] = greet
    obj.__dict__["fallback"] = spare


def run(obj):
    return obj.handler()


def peek(obj):
    obj.item = A()
    obj.other = B()
    item = obj.__dict__["item"]
    return item.m()


h = Holder()
install(h)
run(h)
peek(Holder())
