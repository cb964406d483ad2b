# A class's own __getattribute__ runs on every attribute load from its instances, before normal lookup.
class Logged:
    def __init__(self):
        self.value = 1

    def __getattribute__(self, name):
        return object.__getattribute__(self, name)

    def ping(self):
        return "pong"


class Plain:
    def __init__(self):
        self.value = 2

    def ping(self):
        return "plain"


def read(obj):
    return obj.value


def call(obj):
    return obj.ping()


def store(obj):
    obj.value = 3


read(Logged())
call(Logged())
call(Plain())
store(Logged())
