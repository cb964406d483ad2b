# A base's __init_subclass__ (an implicit classmethod) runs for each subclass its class statement defines.
REGISTRY = {}


class Plugin:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        REGISTRY[cls.__name__] = cls

    def run(self):
        return "base"


class Upper(Plugin):
    def run(self):
        return "upper"


class Lower(Plugin):
    def run(self):
        return "lower"


class Unrelated:
    def run(self):
        return "unrelated"


def launch(name):
    plugin = REGISTRY[name]()
    return plugin.run()


launch("Upper")
launch("Lower")
Unrelated().run()
