# A global first created inside a function through `global`, then used at
# module level and from another function.
def quick():
    return "quick"


def configure():
    global callback
    callback = quick


def trigger():
    return callback()


configure()
callback()
trigger()
