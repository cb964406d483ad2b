# **kwargs: packing keyword arguments into a dict, and spreading one into a call.
def on_start():
    return "start"


def on_stop():
    return "stop"


def on_error():
    return "error"


def register(**handlers):
    return handlers["start"]()


def connect(stop, error):
    return stop(), error()


register(start=on_start)
options = {"stop": on_stop, "error": on_error}
connect(**options)
