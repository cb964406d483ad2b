# run(cb) overwrites its parameter before calling it: the function passed is never called.
def default_cb():
    return "default"


def other_cb():
    return "other"


def run(cb):
    cb = default_cb
    return cb()


run(other_cb)
