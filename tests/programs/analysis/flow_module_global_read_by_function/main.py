# Module level: action = first, action(), run(); then action = second and run() again.
# run() reads the global when it runs: first the first time, second the second time.
def first():
    return 1


def second():
    return 2


def run():
    return action()


action = first
action()
run()
action = second
run()
