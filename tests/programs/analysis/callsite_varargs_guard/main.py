# A decorator usable bare or with options tests its *args: each call gets only the returns its
# arguments can reach, and one passing *args on gets back its own argument.
class A:
    def m(self):
        return "a"


class B:
    def m(self):
        return "b"


def deconstructible(*args, path=None):
    def decorator(klass):
        klass.path = path
        return klass

    if not args:
        return decorator
    return decorator(*args)


@deconstructible
class F:
    def resolve(self):
        return "f"


@deconstructible
class H:
    def resolve(self):
        return "h"


@deconstructible(path="main.G")
class G:
    def resolve(self):
        return "g"


def use_f():
    return F().resolve()


def use_g():
    return G().resolve()


def pick(*args):
    if args:
        return A()
    return B()


def with_args():
    return pick(1).m()


def without_args():
    return pick().m()


def spread(xs):
    # A star call may pass any number of arguments: both returns can run.
    return pick(*xs).m()


class Box:
    def pick(self, *args):
        if not args:
            return A()
        return B()


def bound_without():
    # The receiver fills self, not *args.
    return Box().pick().m()


def bound_with():
    return Box().pick(0).m()


use_f()
use_g()
with_args()
without_args()
spread([1])
spread([])
bound_without()
bound_with()
