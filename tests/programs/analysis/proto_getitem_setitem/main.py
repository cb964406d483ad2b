# Subscript reads and writes call __getitem__ and __setitem__.
def missing():
    return "missing"


class Registry:
    def __init__(self):
        self.data = {}

    def __getitem__(self, key):
        return self.data.get(key, missing)

    def __setitem__(self, key, value):
        self.data[key] = value

    def __delitem__(self, key):
        del self.data[key]


def put(reg):
    reg["k"] = missing


def get(reg):
    fn = reg["k"]
    return fn()


reg = Registry()
put(reg)
get(reg)
