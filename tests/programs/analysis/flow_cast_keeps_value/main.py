# `x = cast(T, x)` and `y = copy.copy(x)` hand back the object they are given.
import copy
import typing
from typing import cast


class Widget:
    def render(self):
        return "widget"


class Panel:
    def render(self):
        return "panel"


def show(obj):
    obj = cast(Widget, obj)
    return obj.render()


def show_qualified(obj):
    obj = typing.cast("Panel", obj)
    return obj.render()


def clone_and_render(obj):
    dup = copy.copy(obj)
    deep = copy.deepcopy(obj)
    return dup.render(), deep.render()


show(Widget())
show_qualified(Panel())
clone_and_render(Widget())
