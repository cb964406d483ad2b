# Zero-argument super() in __init__ and in an overriding method.
class Widget:
    def __init__(self, name):
        self.name = name

    def draw(self):
        return "widget"


class Button(Widget):
    def __init__(self, name, action):
        super().__init__(name)
        self.action = action

    def draw(self):
        return "[" + super().draw() + "]"


def run():
    return Button("ok", None).draw()


run()
