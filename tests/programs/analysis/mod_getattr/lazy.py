# A module-level __getattr__ answers the names the module does not define.
class Parser:
    def parse(self, text):
        return text.split()


def present():
    return "present"


def _load_parser():
    return Parser()


def __getattr__(name):
    if name == "load_parser":
        return _load_parser
    if name == "Engine":
        return Parser
    raise AttributeError(name)
