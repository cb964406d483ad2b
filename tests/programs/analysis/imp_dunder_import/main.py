# __import__ with a constant name: the top package without a fromlist, the named module with one.
def use():
    mod = __import__("helper")
    return mod.run()


def leaf():
    m = __import__("pkg.mod", fromlist=["func"])
    return m.func()


def top():
    m = __import__("pkg.mod")
    return m.func()


use()
leaf()
top()
