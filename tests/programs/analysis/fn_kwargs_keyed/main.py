# A value passed at a constant key keeps its key through `**kwargs`, dict displays, merges,
# updates, item stores and `setdefault`: spreading the dict binds it to the parameter of
# that name only. A dict written at other keys (a comprehension) spreads every value to
# every keyword, and still reaches the parameters it fills.
import functools


class Label:
    def text(self):
        return "label"


class Widget:
    def render(self):
        return "widget"


class Field:
    def __init__(self, label=None, widget=None):
        self.label = label
        self.widget = widget


class CharField(Field):
    def __init__(self, *args, max_length=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.max_length = max_length


def formfield(**kwargs):
    defaults = {"label": Label()}
    defaults.update(kwargs)
    return CharField(**defaults)


def merged(**kwargs):
    return Field(**{"label": Label(), **kwargs})


def stored(widget):
    options = {}
    options["widget"] = widget
    options.setdefault("label", Label())
    return Field(**options)


def popped(**kwargs):
    widget = kwargs.pop("widget")
    label = kwargs.get("label")
    return widget.render(), label.text()


def configure(label=None, **options):
    chosen = options["widget"]
    return chosen.render()


class Box:
    def __init__(self, first=None, second=None):
        self.first = first
        self.second = second


def unkeyed(pairs):
    options = {name: value for name, value in pairs}
    return Box(**options)


formfield(widget=Widget()).widget.render()
merged(widget=Widget()).label.text()
stored(Widget()).widget.render()
popped(widget=Widget(), label=Label())
functools.partial(configure, widget=Widget())(label=Label())
unkeyed([("first", Label()), ("second", Widget())])
