# The package holding mod; its own func is never the one loaded.
def func():
    return "pkg"
