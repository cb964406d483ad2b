# What __import__("pkg.mod", fromlist=[...]) returns.
def func():
    return "mod"
