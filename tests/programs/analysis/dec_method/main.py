# A decorated method: the instance calls the wrapper, which calls the method with self.
def checked(method):
    def check(self, *args):
        return method(self, *args)
    return check


class Account:
    def __init__(self):
        self.balance = 0

    @checked
    def deposit(self, amount):
        self.balance += amount


def run():
    acct = Account()
    acct.deposit(5)


run()
