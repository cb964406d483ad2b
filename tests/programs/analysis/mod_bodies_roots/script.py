# Imported by nobody in the package: still a root.
def entry():
    return "entry"


def unused():
    return "never called"


entry()
