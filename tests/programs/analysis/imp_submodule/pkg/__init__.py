# The package's own compute, which pkg.sub.compute must not be confused with.
def compute(x):
    return -x


NAME = "pkg"
