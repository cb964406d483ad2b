# @prop.setter and @prop.deleter: assigning the attribute calls the setter, `del obj.prop` the deleter.
class Money:
    def check(self):
        return True


class Audit:
    def record(self, what):
        return what


class Account:
    def __init__(self):
        self._money = None
        self._audit = Audit()

    @property
    def balance(self):
        return self._money

    @balance.setter
    def balance(self, value):
        value.check()
        self._money = value

    @balance.deleter
    def balance(self):
        self._audit.record("closed")
        self._money = None


class Ledger:
    @property
    def balance(self):
        return 0


def deposit(acc):
    acc.balance = Money()


def close(acc):
    del acc.balance


acc = Account()
deposit(acc)
close(acc)
Ledger().balance
