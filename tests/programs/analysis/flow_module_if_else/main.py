# Module level: handler starts as fallback, and each iteration rebinds it in both arms of an if.
def fallback():
    return "fallback"


def on_yes():
    return "yes"


def on_no():
    return "no"


handler = fallback
for flag in (True, False):
    if flag:
        handler = on_yes
    else:
        handler = on_no
    handler()
