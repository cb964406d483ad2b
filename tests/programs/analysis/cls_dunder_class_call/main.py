# self.__class__(...) in a method builds a new object of the receiver's own class.
class Money:
    def __init__(self, amount):
        self.amount = amount

    def plus(self, n):
        return self.__class__(self.amount + n)


class Euro(Money):
    def __init__(self, amount):
        self.amount = amount

    def code(self):
        return "EUR"


class Dollar(Money):
    def __init__(self, amount):
        self.amount = amount

    def plus(self, n):
        return self.__class__(self.amount + n + 0)

    def code(self):
        return "USD"


def euro_code():
    m = Euro(1).plus(2)
    return m.code()


def dollar_code():
    m = Dollar(1).plus(2)
    return m.code()


euro_code()
dollar_code()
