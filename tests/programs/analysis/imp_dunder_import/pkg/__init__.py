# What __import__("pkg.mod") returns: the top package, whose own func runs.
def func():
    return "pkg"
