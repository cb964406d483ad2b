# Cooperative super() in a diamond: in Left.save, super() means "after Left in
# the receiver's MRO", which for a Both instance is Right, not Root.
class Root:
    def save(self):
        return ["root"]


class Left(Root):
    def save(self):
        return ["left"] + super().save()


class Right(Root):
    def save(self):
        return ["right"] + super().save()


class Both(Left, Right):
    def save(self):
        return ["both"] + super().save()


def run():
    return Both().save()


run()
