# setattr with a constant name stores the value under that attribute, like obj.name = value.
class Widget:
    pass


class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def on_click():
    return "click"


def on_hover():
    return "hover"


def wire(obj, f):
    setattr(obj, "handler", f)


def fire(obj):
    return obj.handler()


def attach(obj):
    setattr(obj, "x", A())
    setattr(obj, "y", B())
    return obj.x.m()


w = Widget()
wire(w, on_click)
setattr(w, "backup", on_hover)
fire(w)
attach(Widget())
