# Two-argument super(C, obj) starts the lookup after C in obj's MRO,
# so super(Middle, self) skips Middle's own override.
class Base:
    def greet(self):
        return "base"


class Middle(Base):
    def greet(self):
        return "middle"


class Leaf(Middle):
    def greet(self):
        return super(Middle, self).greet()

    def parent_greet(self):
        return super(Leaf, self).greet()


def run():
    leaf = Leaf()
    return leaf.greet(), leaf.parent_greet()


run()
