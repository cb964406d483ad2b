# pkg.sub is a regular package; its modules import from the parent package.
SUBPACKAGE = True


def describe():
    return "pkg.sub"
