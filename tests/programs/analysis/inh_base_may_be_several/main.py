# A registering class decorator returns the class it is given, so an analysis that merges
# its calls has every decorated class behind each decorated name. At run time `Stream`'s
# base is `Wrapper` alone: its MRO is Stream, Wrapper, Payload and `super().__init__`
# reaches Payload's. One MRO built from all the candidates (Stream, Other, Wrapper,
# Payload) would find Other's `__init__` first and never Payload's.
registry = []


class Registrar:
    def __call__(self, cls):
        registry.append(cls)
        return cls


register = Registrar()


class Payload:
    def __init__(self, value):
        self.value = value


@register
class Other:
    def __init__(self, value):
        self.other = value


@register
class Wrapper(Payload):
    def read(self):
        return self.value


@register
class Stream(Wrapper):
    def __init__(self, value):
        super().__init__(value)


def run():
    return Stream(1).read()


run()
