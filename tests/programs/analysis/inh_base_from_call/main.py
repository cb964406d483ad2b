# A base class made by a function call: its methods reach the subclass only once
# the call is followed, so the class order found without calls is not final.
def make_base():
    class Base:
        def hello(self):
            return "hello"

        def bye(self):
            return "bye"

    return Base


Base = make_base()


class Child(Base):
    def bye(self):
        return "see you"


def run():
    c = Child()
    return c.hello(), c.bye()


run()
