# A subclass without __init__ is initialised by its base's __init__.
class Base:
    def __init__(self, tag):
        self.tag = tag


class Child(Base):
    def label(self):
        return self.tag


class Other:
    def __init__(self, tag):
        self.tag = tag


def run():
    return Child("c").label()


run()
