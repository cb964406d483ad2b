# Fields stored on self in __init__ and in a method, read in other methods and through the instance in the body.
class Account:
    def __init__(self, owner):
        self.owner = owner
        self.balance = 0

    def deposit(self, amount):
        self.balance = self.balance + amount

    def describe(self):
        return self.owner


acct = Account("ann")
acct.deposit(5)
name = acct.describe()
total = acct.balance
