# getattr with a constant name loads that attribute; a default is returned as it is.
class Proxy:
    def __init__(self, target):
        self.proxied = target


class Stream:
    def write(self, text):
        return len(text)


class Plain:
    def write(self, text):
        return text


def unwrap(file):
    file = getattr(file, "proxied", file)
    return file.write("x")


def method_by_name(obj):
    handler = getattr(obj, "write")
    return handler("y")


unwrap(Proxy(Stream()))
unwrap(Plain())
method_by_name(Plain())
