# Diamond: Top <- Left, Right <- Bottom. C3 gives Bottom, Left, Right, Top,
# so Right's override wins over Top's even though Left comes first.
class Top:
    def render(self):
        return "top"


class Left(Top):
    pass


class Right(Top):
    def render(self):
        return "right"


class Bottom(Left, Right):
    pass


def run():
    return Bottom().render()


run()
