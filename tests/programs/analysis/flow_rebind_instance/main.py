# x holds an A while it calls run_a(), then is rebound to a B, which calls run_b().
class A:
    def run_a(self):
        return "a"

    def run_b(self):
        return "a"


class B:
    def run_a(self):
        return "b"

    def run_b(self):
        return "b"


def use():
    x = A()
    x.run_a()
    x = B()
    x.run_b()


use()
