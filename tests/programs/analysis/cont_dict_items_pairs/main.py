# Iterating `d.items()` gives (key, value) pairs: unpacking one gives a key or a value,
# never what the value itself would give when unpacked or iterated.
class Hook:
    def start(self):
        return "hook"


class Plugin:
    def __iter__(self):
        return iter([Hook(), Hook()])

    def start(self):
        return "plugin"


registry = {"a": Plugin()}


def start_all():
    for key, plugin in registry.items():
        key.upper()
        plugin.start()


def start_sorted():
    for key, plugin in sorted(registry.items()):
        plugin.start()


def by_index():
    for pair in registry.items():
        pair[1].start()


def merged():
    into = {}
    into.update(registry.items())
    return into["a"].start()


start_all()
start_sorted()
by_index()
merged()
