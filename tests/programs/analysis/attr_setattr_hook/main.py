# A class's own __setattr__ runs on every attribute store on its instances; delegating to object's stores the field.
class Child:
    def m(self):
        return "child"


class Tracked:
    def __init__(self):
        self.changes = 0

    def __setattr__(self, name, value):
        super().__setattr__(name, value)


class Audited:
    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)


def update(obj):
    obj.child = Child()


def read(obj):
    return obj.child.m()


def audit(obj):
    obj.level = 2


t = Tracked()
update(t)
read(t)
audit(Audited())
