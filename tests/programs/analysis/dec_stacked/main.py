# Stacked decorators apply bottom-up: inner_layer wraps fetch, outer_layer wraps that.
def outer_layer(fn):
    def outer_wrapper():
        return fn()
    return outer_wrapper


def inner_layer(fn):
    def inner_wrapper():
        return fn()
    return inner_wrapper


@outer_layer
@inner_layer
def fetch():
    return "data"


fetch()
