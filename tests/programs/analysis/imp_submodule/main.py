# `import pkg.sub` binds pkg; the submodule is reached as an attribute of it.
import pkg.sub


def run():
    return pkg.sub.compute(2)


run()
