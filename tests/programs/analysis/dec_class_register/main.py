# A class decorator records the class in a dict and returns it, so the name stays bound to the class.
HANDLERS = {}


def handler(cls):
    HANDLERS[cls.__name__] = cls
    return cls


@handler
class JsonHandler:
    def __init__(self, text):
        self.text = text

    def parse(self):
        return [self.text]


@handler
class XmlHandler:
    def __init__(self, text):
        self.text = text

    def parse(self):
        return (self.text,)


class TextHandler:
    def parse(self):
        return "text"


def parse_as(kind, text):
    cls = HANDLERS[kind]
    return cls(text).parse()


def direct():
    h = JsonHandler("{}")
    return h.parse()


parse_as("JsonHandler", "{}")
parse_as("XmlHandler", "<a/>")
direct()
TextHandler().parse()
